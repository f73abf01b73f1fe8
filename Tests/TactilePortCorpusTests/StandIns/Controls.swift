import Synchronization
import TactileUIKit

// STAND-INS, NOT TOUCH CODE. UIKit's button, label, font and layer, as GMStepper draws with them (Tactile does
// not render; `tactile port` names each: "Tactile does not render"). The button's touch tracking is TactileUIKit's
// own `UIControl` (touch down, up inside, up outside, cancel): only its titles are stood in for. Nothing here is
// ported code.

/// Stands in for UIKit's `UIFont`: a name and a size.
public struct UIFont: Equatable, Sendable {
    let name: String
    let size: CGFloat

    /// Stands in for `UIFont(name:size:)` (every name is found).
    public init?(name: String, size: CGFloat) {
        (self.name, self.size) = (name, size)
    }
}

/// Stands in for `NSTextAlignment`.
public enum NSTextAlignment: Sendable { case left, center, right }

/// Stands in for UIKit's `UILabel`: its text and its look. As on iOS, a label does not take touches unless told
/// to (`isUserInteractionEnabled` is `false` by default).
open class UILabel: UIView {
    open var text: String?
    open var textColor: UIColor?
    open var font: UIFont?
    open var textAlignment: NSTextAlignment = .left

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        fatalError("a stand-in; not decoded")
    }
}

extension UIControl {
    /// Stands in for UIKit's `UIControl.State`, as the titles of a button are keyed by it.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
    }
}

/// Stands in for UIKit's `UIButton`: TactileUIKit's `UIControl` (its touch tracking and target-action) with
/// titles and title colours by state, and a title label.
open class UIButton: UIControl {
    private var titles: [UIControl.State: String] = [:]
    private var titleColors: [UIControl.State: UIColor] = [:]
    /// Stands in for `titleLabel`.
    public let titleLabel: UILabel? = UILabel()

    /// Stands in for `setTitle(_:for:)`.
    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state] = title }
    /// Stands in for `title(for:)`.
    open func title(for state: UIControl.State) -> String? { titles[state] ?? titles[.normal] }
    /// Stands in for `setTitleColor(_:for:)`.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) { titleColors[state] = color }
}

/// Stands in for Core Animation's `CALayer`: the border and corner values a view's layer keeps.
public final class CALayer {
    public var cornerRadius: CGFloat = 0
    public var borderWidth: CGFloat = 0
    public var borderColor: UIColor?
    public var masksToBounds = false
}

/// The layers of the stand-in `layer`, by view.
private let layers = Mutex<[ObjectIdentifier: CALayer]>([:])

extension UIView {
    /// Stands in for UIKit's `layer` (kept beside the view: Tactile's views have no layer).
    public var layer: CALayer {
        layers.withLock { table in
            if let layer = table[ObjectIdentifier(self)] { return layer }
            let layer = CALayer()
            table[ObjectIdentifier(self)] = layer
            return layer
        }
    }
}

extension UIApplication {
    /// Stands in for `UIApplication.willResignActiveNotification` (Tactile has no application life cycle; a test
    /// posts it).
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
}
