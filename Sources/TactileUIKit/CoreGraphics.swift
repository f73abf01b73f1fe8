// CoreGraphics' value types as UIKit code names them: the core's geometry under CoreGraphics' names, and the
// members UIKit code reaches for that the core does not spell (`CGPoint()`, `equalTo`, `insetBy`, `offsetBy`,
// `intersects`, `inverted()`…). swift-corelibs-foundation declares its own `CGFloat`/`CGPoint`/`CGSize`/`CGRect`;
// these shadow them in a file that imports TactileUIKit alone, so a `CGPoint` is the core's `Point` that
// `touch.location(in:)` returns and `view.center` takes. No operators are declared here: an app's own
// `static func + (lhs: CGPoint, rhs: CGPoint)` is the only one of its kind.

/// CoreGraphics' `CGFloat`: the core measures in `Double` (CGFloat's width on every 64-bit platform).
public typealias CGFloat = Double
/// CoreGraphics' `CGPoint`: `Point`.
public typealias CGPoint = Point
/// CoreGraphics' `CGSize`: `Size`.
public typealias CGSize = Size
/// CoreGraphics' `CGRect`: `Rect`.
public typealias CGRect = Rect
/// CoreGraphics' `CGAffineTransform`: `AffineTransform`.
public typealias CGAffineTransform = Tactile.AffineTransform

/// CoreGraphics' `CGVector`: a two-dimensional vector (a velocity, a push), `dx` and `dy` in points.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector from integer components.
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

    /// The zero vector.
    public init() { self.init(dx: 0, dy: 0) }

    /// The zero vector.
    public static let zero = CGVector()

    /// The vector as `(dx, dy)`.
    public var description: String { "(\(dx), \(dy))" }
}

extension Point {
    /// The point at (0, 0), as `CGPoint()`.
    public init() { self.init(x: 0, y: 0) }

    /// A point from integer coordinates, as `CGPoint(x:y:)` with `Int`.
    public init(x: Int, y: Int) { self.init(x: CGFloat(x), y: CGFloat(y)) }

    /// Whether the two points are equal, as `CGPoint.equalTo(_:)`.
    public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

extension Size {
    /// The size with zero width and height, as `CGSize()`.
    public init() { self.init(width: 0, height: 0) }

    /// A size from integer dimensions, as `CGSize(width:height:)` with `Int`.
    public init(width: Int, height: Int) { self.init(width: CGFloat(width), height: CGFloat(height)) }

    /// Whether the two sizes are equal, as `CGSize.equalTo(_:)`.
    public func equalTo(_ size: CGSize) -> Bool { self == size }

    /// The size transformed by the linear part of `t`, as `CGSize.applying(_:)` (the result may be negative).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Rect {
    /// The rectangle at the origin with zero size, as `CGRect()`.
    public init() { self.init(x: 0, y: 0, width: 0, height: 0) }

    /// A rectangle from integer coordinates and dimensions, as `CGRect(x:y:width:height:)` with `Int`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }

    /// The null rectangle, as `CGRect.null`: what `intersection(_:)` returns for rectangles that do not meet.
    public static let null = CGRect(x: CGFloat.infinity, y: CGFloat.infinity, width: 0, height: 0)

    /// Whether this is the null rectangle, as `CGRect.isNull`.
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the two rectangles are equal, as `CGRect.equalTo(_:)`.
    public func equalTo(_ rect: CGRect) -> Bool { self == rect }

    /// The standardized rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown for
    /// negative values), as `CGRect.insetBy(dx:dy:)`; the null rectangle when the result would have a negative
    /// width or height.
    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        guard !isNull else { return self }
        let s = standardized
        let width = s.width - 2 * dx, height = s.height - 2 * dy
        guard width >= 0, height >= 0 else { return .null }
        return CGRect(x: s.minX + dx, y: s.minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` on each side, as `CGRect.inset(by:)` (UIKit's `UIEdgeInsetsInsetRect`);
    /// the null rectangle when the result would have a negative width or height.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        guard !isNull else { return self }
        let s = standardized
        let width = s.width - insets.left - insets.right, height = s.height - insets.top - insets.bottom
        guard width >= 0, height >= 0 else { return .null }
        return CGRect(x: s.minX + insets.left, y: s.minY + insets.top, width: width, height: height)
    }

    /// The standardized rectangle moved by `dx` and `dy`, as `CGRect.offsetBy(dx:dy:)`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        guard !isNull else { return self }
        let s = standardized
        return CGRect(x: s.minX + dx, y: s.minY + dy, width: s.width, height: s.height)
    }

    /// The area both rectangles cover, as `CGRect.intersection(_:)`: the null rectangle when they do not
    /// meet (rectangles that only touch along an edge meet in an empty rectangle).
    public func intersection(_ other: CGRect) -> CGRect {
        guard !isNull, !other.isNull else { return .null }
        let minX = Swift.max(self.minX, other.minX), maxX = Swift.min(self.maxX, other.maxX)
        let minY = Swift.max(self.minY, other.minY), maxY = Swift.min(self.maxY, other.maxY)
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether the rectangles overlap, as `CGRect.intersects(_:)`: their intersection is not null and not empty
    /// (rectangles that only share an edge do not intersect).
    public func intersects(_ other: CGRect) -> Bool {
        let common = intersection(other)
        return !common.isNull && !common.isEmpty
    }

    /// The smallest rectangle that contains both, as `CGRect.union(_:)` (the null rectangle is ignored).
    public func union(_ other: CGRect) -> CGRect {
        if isNull { return other }
        if other.isNull { return self }
        let minX = Swift.min(self.minX, other.minX), maxX = Swift.max(self.maxX, other.maxX)
        let minY = Swift.min(self.minY, other.minY), maxY = Swift.max(self.maxY, other.maxY)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `rect` lies entirely inside this rectangle, as `CGRect.contains(_:)` with a rectangle: the
    /// union of the two is this rectangle. A null rectangle contains nothing and is in nothing.
    public func contains(_ rect: CGRect) -> Bool {
        guard !isNull, !rect.isNull else { return false }
        return rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY && rect.maxY <= maxY
    }

    /// The smallest rectangle with integer coordinates that contains this one, as `CGRect.integral`.
    public var integral: CGRect {
        guard !isNull else { return self }
        let minX = self.minX.rounded(.down), minY = self.minY.rounded(.down)
        return CGRect(x: minX, y: minY, width: maxX.rounded(.up) - minX, height: maxY.rounded(.up) - minY)
    }
}

extension Tactile.AffineTransform {
    /// The transform with all six coefficients zero, as `CGAffineTransform()` (a singular transform, not the
    /// identity: use `AffineTransform/identity` for that).
    public init() { self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }

    /// The inverse transform, as `CGAffineTransform.inverted()`: a transform that cannot be inverted is
    /// returned unchanged (the core's `AffineTransform/inverted` property returns `nil` instead).
    public func inverted() -> CGAffineTransform { coreInverse ?? self }

    /// Whether the two transforms are equal, as `CGAffineTransform.equalTo(_:)`.
    public func equalTo(_ transform: CGAffineTransform) -> Bool { self == transform }
}
