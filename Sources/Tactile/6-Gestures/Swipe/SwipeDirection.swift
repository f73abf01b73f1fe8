/// A set of swipe directions, as `UISwipeGestureRecognizer.Direction` (same raw values).
///
/// Directions are on screen, with y growing downward: ``down`` is toward larger y.
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    /// Creates a set from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Toward larger x.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Toward smaller x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Toward smaller y.
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Toward larger y.
    public static let down = SwipeDirection(rawValue: 1 << 3)

    /// The direction of the dominant axis of a displacement: horizontal when `|dx| >= |dy|`.
    public init(dominantAxisOf displacement: Point) {
        if abs(displacement.x) >= abs(displacement.y) {
            self = displacement.x >= 0 ? .right : .left
        } else {
            self = displacement.y >= 0 ? .down : .up
        }
    }

    /// The single directions of the set, in the order right, left, up, down.
    public var directions: [SwipeDirection] { [SwipeDirection.right, .left, .up, .down].filter { contains($0) } }

    /// "right", or "[right, left]" for several directions, or "[]" for none.
    public var description: String {
        switch rawValue {
        case SwipeDirection.right.rawValue: return "right"
        case SwipeDirection.left.rawValue: return "left"
        case SwipeDirection.up.rawValue: return "up"
        case SwipeDirection.down.rawValue: return "down"
        default: return "[" + directions.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
