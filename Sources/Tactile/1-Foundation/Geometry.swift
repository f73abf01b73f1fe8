/// A location in a two-dimensional coordinate system, in points.
///
/// Coordinates follow UIKit: the origin is the top-left corner and y grows downward.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The x-coordinate, in points.
    public var x: Double
    /// The y-coordinate, in points.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The Euclidean distance from this point to `other`.
    @inlinable
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The component-wise sum: `lhs` moved by the vector `rhs`.
    ///
    /// The four operators are disfavoured overloads: an app's own `CGPoint` operators (TactileUIKit's `CGPoint` is
    /// this type), global or static, are chosen over them instead of being ambiguous.
    @inlinable @_disfavoredOverload
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// The component-wise difference: the vector from `rhs` to `lhs`.
    @inlinable @_disfavoredOverload
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    /// Both coordinates multiplied by `rhs`.
    @inlinable @_disfavoredOverload
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    /// Both coordinates divided by `rhs`.
    @inlinable @_disfavoredOverload
    public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }

    /// The point as `(x, y)`, integers without a fraction and others with up to two decimals.
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// Creates a size from its dimensions.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size with zero width and height.
    public static let zero = Size(width: 0, height: 0)

    /// The size as `width×height`.
    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }
}

/// An axis-aligned rectangle: an origin and a size, in points.
///
/// As with `CGRect`, containment is half-open: a point is inside when
/// `minX <= x < maxX` and `minY <= y < maxY` (spec §3.2).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner for a rectangle with a non-negative size.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates and dimensions.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The width (may be negative for a non-standardized rectangle).
    @inlinable public var width: Double { size.width }
    /// The height (may be negative for a non-standardized rectangle).
    @inlinable public var height: Double { size.height }
    /// The smallest x-coordinate of the rectangle.
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    /// The largest x-coordinate of the rectangle.
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    /// The smallest y-coordinate of the rectangle.
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    /// The largest y-coordinate of the rectangle.
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    /// The x-coordinate of the center.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y-coordinate of the center.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The center point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle has zero width or zero height (as `CGRect.isEmpty`; a negative size is not
    /// empty, it describes the same area as its ``standardized`` form).
    @inlinable public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same area with a non-negative width and height (as `CGRect.standardized`).
    @inlinable
    public var standardized: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

    /// Whether `point` lies inside the rectangle, with the half-open rule of `CGRect.contains(_:)`:
    /// `minX <= x < maxX` and `minY <= y < maxY`, so an empty rectangle contains no point and a point with a
    /// NaN coordinate is never inside.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values shrink it), as `CGRect.insetBy(dx: -dx, dy: -dy)`.
    @inlinable
    public func outset(dx: Double, dy: Double) -> Rect {
        Rect(x: minX - dx, y: minY - dy, width: (maxX - minX) + 2 * dx, height: (maxY - minY) + 2 * dy)
    }

    /// The smallest axis-aligned rectangle that contains every point of `points`.
    public static func bounding(_ points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle as `(x, y, width×height)`.
    public var description: String { "(\(formatPoints(origin.x)), \(formatPoints(origin.y)), \(size))" }
}

/// A 2-D affine transform with the layout and conventions of `CGAffineTransform`.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. Rotation angles are in radians;
/// in y-down screen coordinates a positive angle turns clockwise, as in UIKit.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The coefficient that scales x into x (row 1, column 1 of `CGAffineTransform`'s matrix).
    public var a: Double
    /// The coefficient that shears x into y (row 1, column 2).
    public var b: Double
    /// The coefficient that shears y into x (row 2, column 1).
    public var c: Double
    /// The coefficient that scales y into y (row 2, column 2).
    public var d: Double
    /// The translation along x, in points.
    public var tx: Double
    /// The translation along y, in points.
    public var ty: Double

    /// Creates a transform from its six coefficients.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    @inlinable
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// A scale by `sx` horizontally and `sy` vertically.
    @inlinable
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians (clockwise on screen for a positive angle).
    public init(rotationAngle angle: Double) {
        let cosine = _cos(angle), sine = _sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is the identity transform.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// The transform that applies `self` first and then `other` (as `CGAffineTransform.concatenating`).
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// `self` preceded by a translation (as `CGAffineTransform.translatedBy(x:y:)`).
    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// `self` preceded by a scale (as `CGAffineTransform.scaledBy(x:y:)`).
    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// `self` preceded by a rotation (as `CGAffineTransform.rotated(by:)`).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant of the linear part; zero for a transform that cannot be inverted.
    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the transform is singular or its inverse is not finite
    /// (spec §3.5: a view with such a transform is not hittable).
    ///
    /// Unlike `CGAffineTransform.inverted()`, which returns a singular transform unchanged, a singular transform
    /// has no inverse here, so callers must decide what that means.
    @inlinable
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det
        )
        guard inverse.isFinite else { return nil }
        return inverse
    }

    /// Whether all six coefficients are finite (neither infinite nor NaN).
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Applies the transform to a point.
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Applies only the linear part (no translation): for vectors such as translations and velocities.
    @inlinable
    public func applyLinear(to v: Point) -> Point {
        Point(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    /// The six coefficients as `[a, b, c, d, tx, ty]`.
    public var description: String {
        "[\(a), \(b), \(c), \(d), \(tx), \(ty)]"
    }
}

extension Point {
    /// The point transformed by `t` (as `CGPoint.applying(_:)`).
    @inlinable
    public func applying(_ t: AffineTransform) -> Point { t.apply(to: self) }
}

extension Rect {
    /// The axis-aligned bounding box of the rectangle transformed by `t` (as `CGRect.applying(_:)`).
    public func applying(_ t: AffineTransform) -> Rect {
        Rect.bounding([
            t.apply(to: Point(x: minX, y: minY)), t.apply(to: Point(x: maxX, y: minY)),
            t.apply(to: Point(x: minX, y: maxY)), t.apply(to: Point(x: maxX, y: maxY)),
        ])
    }
}

/// Formats a coordinate for logs: rounded to two decimals, then printed without a fraction when that is whole
/// (so 11.999999 reads "12", as 12 does, not "12.0"), else with its one or two decimals. A value whose hundredths
/// reach 2⁵³ (≈ 9.0e13 and up, where rounding would not be exact) is printed as it is (`1e+308`), never as `inf`.
@usableFromInline
func formatPoints(_ value: Double) -> String {
    let hundredths = value * 100
    let scaled = hundredths.magnitude < 9_007_199_254_740_992 ? hundredths.rounded() / 100 : value
    if scaled == scaled.rounded(), abs(scaled) < 1e12 { return String(Int64(scaled)) }
    return String(scaled)
}
