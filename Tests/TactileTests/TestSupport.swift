import Testing
@testable import Tactile

/// Whether two numbers agree within `tolerance`, relative to their magnitude (absolute below 1).
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * Swift.max(1, abs(a), abs(b))
}

/// Whether two points agree coordinate by coordinate within `tolerance` (see ``isClose(_:_:tolerance:)``).
func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

/// Whether two rectangles agree field by field within `tolerance`.
func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance: tolerance)
        && isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

/// Whether two transforms agree coefficient by coefficient within `tolerance`.
func isClose(_ a: AffineTransform, _ b: AffineTransform, tolerance: Double = 1e-9) -> Bool {
    isClose(a.a, b.a, tolerance: tolerance) && isClose(a.b, b.b, tolerance: tolerance)
        && isClose(a.c, b.c, tolerance: tolerance) && isClose(a.d, b.d, tolerance: tolerance)
        && isClose(a.tx, b.tx, tolerance: tolerance) && isClose(a.ty, b.ty, tolerance: tolerance)
}

/// π, without Foundation.
nonisolated let pi = Double.pi
