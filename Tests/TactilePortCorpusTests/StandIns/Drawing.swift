import Synchronization
import TactileUIKit

// STAND-INS, NOT TOUCH CODE. UIKit's and Core Graphics' drawing, which Tactile does not have (it does not render;
// `tactile port` names each use: "Tactile does not render"). Just enough for the corpus's drawing views to compile
// and keep their geometry: a path records its elements and bounds, colours are values, and the image contexts,
// images and PDF contexts record nothing (a signature view's image is checked by the path it would draw, not by
// pixels). Nothing here is ported code.

/// Stands in for UIKit's `UIColor`: its components only.
public struct UIColor: Equatable, Sendable {
    var redComponent: CGFloat, greenComponent: CGFloat, blueComponent: CGFloat, alphaComponent: CGFloat

    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (redComponent, greenComponent, blueComponent, alphaComponent) = (red, green, blue, alpha)
    }

    static let black = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let white = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let clear = UIColor(red: 0, green: 0, blue: 0, alpha: 0)
    static let gray = UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let groupTableViewBackground = UIColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)

    /// Stands in for `setStroke()`: there is no context to set it in.
    func setStroke() {}
    /// Stands in for `setFill()`.
    func setFill() {}
    /// Stands in for `cgColor`.
    var cgColor: UIColor { self }

    /// Stands in for `withAlphaComponent(_:)`.
    func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: redComponent, green: greenComponent, blue: blueComponent, alpha: alpha)
    }
}

/// Stands in for Core Graphics' `CGLineJoin`.
enum CGLineJoin { case miter, round, bevel }
/// Stands in for Core Graphics' `CGLineCap`.
enum CGLineCap { case butt, round, square }

/// Stands in for UIKit's `UIBezierPath`: the points it was given, in order, and their bounds.
public final class UIBezierPath {
    enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        case quadCurve(CGPoint, CGPoint)
    }

    private(set) var elements: [Element] = []
    var lineWidth: CGFloat = 1
    var lineJoinStyle = CGLineJoin.miter
    var lineCapStyle = CGLineCap.butt

    var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point of the path (control points included, as UIKit's `bounds`
    /// is not: close enough for a stand-in), `.null` when empty.
    var bounds: CGRect {
        var rect = CGRect.null
        for element in elements {
            let points: [CGPoint] = switch element {
            case .move(let p), .line(let p): [p]
            case .curve(let p, let c1, let c2): [p, c1, c2]
            case .quadCurve(let p, let c): [p, c]
            }
            for point in points { rect = rect.union(CGRect(origin: point, size: .zero)) }
        }
        return rect
    }

    var cgPath: UIBezierPath { self }

    func move(to point: CGPoint) { elements.append(.move(point)) }
    func addLine(to point: CGPoint) { elements.append(.line(point)) }
    func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.append(.curve(point, controlPoint1, controlPoint2))
    }
    func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) { elements.append(.quadCurve(point, controlPoint)) }
    /// Stands in for `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`: a full circle's bounding points
    /// (the only arc the corpus draws is a dot's full circle).
    func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        for (dx, dy) in [(radius, 0.0), (0.0, radius), (-radius, 0.0), (0.0, -radius)] {
            elements.append(.line(CGPoint(x: center.x + dx, y: center.y + dy)))
        }
    }
    func removeAllPoints() { elements.removeAll() }
    /// Stands in for `stroke()`: nothing is drawn.
    func stroke() {}
    /// Stands in for `fill()`: nothing is drawn.
    func fill() {}

    /// Stands in for NSObject's `copy()`: a path with the same elements and style.
    func copy() -> Any {
        let copy = UIBezierPath()
        copy.elements = elements
        (copy.lineWidth, copy.lineJoinStyle, copy.lineCapStyle) = (lineWidth, lineJoinStyle, lineCapStyle)
        return copy
    }
}

/// Stands in for Core Graphics' `CGImage`: its size in pixels.
public final class CGImage {
    let size: CGSize

    init(size: CGSize) {
        self.size = size
    }

    /// The part of the image in `rect` (pixels), as Core Graphics crops: `nil` when nothing is left.
    func cropping(to rect: CGRect) -> CGImage? {
        let part = rect.intersection(CGRect(origin: .zero, size: size))
        return part.isNull || part.isEmpty ? nil : CGImage(size: part.size)
    }
}

extension UIImage {
    /// Stands in for `UIImage(cgImage:)`: one point per pixel.
    convenience init(cgImage: CGImage) {
        self.init(size: cgImage.size)
    }

    /// Stands in for `cgImage`: the image in pixels.
    var cgImage: CGImage? { CGImage(size: CGSize(width: size.width * scale, height: size.height * scale)) }

    /// Stands in for `draw(in:)`: nothing is drawn.
    func draw(in rect: CGRect) {}
}

/// The image context stack (size in points, scale) of the stand-ins of `UIGraphicsBeginImageContextWithOptions`
/// and the others.
private let imageContexts = Mutex<[(size: CGSize, scale: CGFloat)]>([])

/// Stands in for `UIGraphicsBeginImageContextWithOptions(_:_:_:)`.
func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    imageContexts.withLock { $0.append((size, scale)) }
}

/// Stands in for `UIGraphicsGetImageFromCurrentImageContext()`: an image of the context's size and scale.
func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    imageContexts.withLock { $0.last }.map { UIImage(size: $0.size, scale: $0.scale) }
}

/// Stands in for `UIGraphicsEndImageContext()`.
func UIGraphicsEndImageContext() {
    _ = imageContexts.withLock { $0.popLast() }
}

/// Stands in for Core Foundation's `CFDataCreateMutable`: the PDF stand-ins write nothing into it.
func CFDataCreateMutable(_ allocator: Void?, _ capacity: Int) -> Data? { Data() }

/// Stands in for Core Graphics' `CGDataConsumer`.
final class CGDataConsumer {
    init?(data: Data) {}
}

/// Stands in for Core Graphics' `CGContext`, as a PDF context that records nothing.
final class CGContext {
    init?(consumer: CGDataConsumer, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: [String: Any]?) {}

    func beginPDFPage(_ pageInfo: [String: Any]?) {}
    func endPDFPage() {}
    func closePDF() {}
    func translateBy(x: CGFloat, y: CGFloat) {}
    func scaleBy(x: CGFloat, y: CGFloat) {}
    func addPath(_ path: UIBezierPath) {}
    func setStrokeColor(_ color: UIColor) {}
    func strokePath() {}
    func saveGState() {}
    func beginPath() {}
    func setLineWidth(_ width: CGFloat) {}
    func setLineCap(_ cap: CGLineCap) {}
    func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {}
    func move(to point: CGPoint) {}
    func addLine(to point: CGPoint) {}
    func drawPath(using mode: CGPathDrawingMode) {}
}

/// Stands in for Core Graphics' `CGPathDrawingMode`.
enum CGPathDrawingMode { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// Stands in for `UIGraphicsGetCurrentContext()`: there is never a context (Tactile does not call `draw(_:)`).
func UIGraphicsGetCurrentContext() -> CGContext? { nil }
/// Stands in for `UIGraphicsPushContext(_:)`.
func UIGraphicsPushContext(_ context: CGContext) {}
/// Stands in for `UIGraphicsPopContext()`.
func UIGraphicsPopContext() {}

/// The background colours of the stand-in `backgroundColor`, by view.
private let backgroundColors = Mutex<[ObjectIdentifier: UIColor]>([:])

/// Stands in for UIKit's `UIScreen`: the main screen's scale.
final class UIScreen: Sendable {
    static let main = UIScreen()
    let scale: CGFloat = 2
}

/// Stands in for the Objective-C runtime's `autoreleasepool(invoking:)`: runs `body`.
func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { try body() }

/// The content modes of the stand-in `contentMode`, by view.
private let contentModes = Mutex<[ObjectIdentifier: UIView.ContentMode]>([:])

extension UIView {
    /// Stands in for UIKit's `UIView.ContentMode`.
    enum ContentMode: Sendable { case scaleToFill, center, redraw }

    /// Stands in for UIKit's `contentMode` (kept beside the view: it is about drawing).
    var contentMode: ContentMode {
        get { contentModes.withLock { $0[ObjectIdentifier(self)] } ?? .scaleToFill }
        set { contentModes.withLock { $0[ObjectIdentifier(self)] = newValue } }
    }

    /// Stands in for UIKit's `tintColor`: the system blue, as a view without a tinted ancestor has.
    var tintColor: UIColor { UIColor(red: 0, green: 0.478, blue: 1, alpha: 1) }

    /// Stands in for UIKit's `backgroundColor` (kept beside the view: Tactile's views have no colour).
    var backgroundColor: UIColor? {
        get { backgroundColors.withLock { $0[ObjectIdentifier(self)] } }
        set { backgroundColors.withLock { $0[ObjectIdentifier(self)] = newValue } }
    }
}
