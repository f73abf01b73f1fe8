// TactileUIKit: UIKit's spelling over Tactile, so touch code written for UIKit compiles with its one import changed
// (`import UIKit` → `import TactileUIKit`). A thin face: every class is the core's class under UIKit's name (a
// typealias, so a `UIView` is a `View` and goes wherever the core takes one); where UIKit's signature differs from
// the core's (time as `TimeInterval`, the scroll delegate's pointer, optional delegate methods, CoreGraphics'
// names and API), the face adds UIKit's. The article `UIKitFace` (beside `PortingFromUIKit`) lists it all.
//
// Import TactileUIKit alone in a file: the face's members named like the core's (`timestamp`) shadow the core's
// only in a file that does not also import `Tactile` or `Foundation` itself (Swift's rule: a module's
// declarations shadow those of the modules it imports; a module the file imports directly is not shadowed).

@_exported import Foundation
@_exported import Tactile
internal import TactileUIKitBridge

// MARK: Responders and views

/// UIKit's `UIResponder`: `Responder`.
public typealias UIResponder = Responder
/// UIKit's `UIView`: `View`.
public typealias UIView = View
/// UIKit's `UIWindow`: `Window`.
public typealias UIWindow = Window
/// UIKit's `UIViewController`: `ViewController`.
public typealias UIViewController = ViewController
/// UIKit's `UIControl`: `Control`.
public typealias UIControl = Control
/// UIKit's `UIScrollView`: `ScrollView`.
public typealias UIScrollView = ScrollView
/// UIKit's `UIApplication`: `Application`.
public typealias UIApplication = Application
/// UIKit's `UIApplicationDelegate`: `ApplicationDelegate`.
public typealias UIApplicationDelegate = ApplicationDelegate
/// UIKit's `UIEdgeInsets`: `EdgeInsets`.
public typealias UIEdgeInsets = EdgeInsets
/// UIKit's `UIRectEdge`: `RectEdge`.
public typealias UIRectEdge = RectEdge

extension Control {
    /// UIKit's `UIControl.Event`: `Control/Events` (the core's name keeps `Event` for the touch event inside a
    /// `Control` subclass; code written for UIKit spells that one `UIEvent`).
    public typealias Event = Events
}

// MARK: Touches and events

/// UIKit's `UITouch`: `Touch`.
public typealias UITouch = Touch
/// UIKit's `UIEvent`: `Event`.
public typealias UIEvent = Tactile.Event

extension Touch {
    /// UIKit's `UITouch.Phase`: `TouchPhase`.
    public typealias Phase = TouchPhase
}

// MARK: Gesture recognizers

/// UIKit's `UIGestureRecognizer`: `GestureRecognizer`.
public typealias UIGestureRecognizer = GestureRecognizer
/// UIKit's `UIGestureRecognizerDelegate`: `GestureRecognizerDelegate`.
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
/// UIKit's `UITapGestureRecognizer`: `TapGestureRecognizer`.
public typealias UITapGestureRecognizer = TapGestureRecognizer
/// UIKit's `UILongPressGestureRecognizer`: `LongPressGestureRecognizer`.
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
/// UIKit's `UIPanGestureRecognizer`: `PanGestureRecognizer`.
public typealias UIPanGestureRecognizer = PanGestureRecognizer
/// UIKit's `UIScreenEdgePanGestureRecognizer`: `ScreenEdgePanGestureRecognizer`.
public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
/// UIKit's `UIPinchGestureRecognizer`: `PinchGestureRecognizer`.
public typealias UIPinchGestureRecognizer = PinchGestureRecognizer
/// UIKit's `UIRotationGestureRecognizer`: `RotationGestureRecognizer`.
public typealias UIRotationGestureRecognizer = RotationGestureRecognizer
/// UIKit's `UISwipeGestureRecognizer`: `SwipeGestureRecognizer`.
public typealias UISwipeGestureRecognizer = SwipeGestureRecognizer

extension SwipeGestureRecognizer {
    /// UIKit's `UISwipeGestureRecognizer.Direction`: `SwipeDirection`.
    public typealias Direction = SwipeDirection
}

extension View {
    /// The recognizers attached to the view, as `UIView.gestureRecognizers` (optional in UIKit; here `nil` when there
    /// are none). Attach and detach them with `addGestureRecognizer(_:)` and `removeGestureRecognizer(_:)`.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        let recognizers = coreGestureRecognizers
        return recognizers.isEmpty ? nil : recognizers
    }
}
