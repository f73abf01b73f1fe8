/// Distances inward from the edges of a rectangle, in points, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset from the top edge, in points.
    public var top: Double
    /// The inset from the left edge, in points.
    public var left: Double
    /// The inset from the bottom edge, in points.
    public var bottom: Double
    /// The inset from the right edge, in points.
    public var right: Double

    /// Creates insets from the four distances.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The insets as `{top, left, bottom, right}`.
    public var description: String {
        "{\(formatPoints(top)), \(formatPoints(left)), \(formatPoints(bottom)), \(formatPoints(right))}"
    }
}
