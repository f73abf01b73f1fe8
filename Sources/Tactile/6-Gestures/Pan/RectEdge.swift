/// A set of rectangle edges, as `UIRectEdge`: which screen edges a screen-edge pan starts from.
public struct RectEdge: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    /// Creates a set from its raw bits (`UIRectEdge` raw values).
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]

    /// The single edges of the set, in the order top, left, bottom, right.
    public var edges: [RectEdge] { [RectEdge.top, .left, .bottom, .right].filter { contains($0) } }

    /// "left", or "[top, left]" for several edges, or "[]" for none.
    public var description: String {
        switch rawValue {
        case RectEdge.top.rawValue: return "top"
        case RectEdge.left.rawValue: return "left"
        case RectEdge.bottom.rawValue: return "bottom"
        case RectEdge.right.rawValue: return "right"
        default: return "[" + edges.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

extension RectEdge {
    /// One edge of a rectangle, so decisions per edge can be exhaustive switches.
    enum Side: CaseIterable, Hashable, Sendable {
        case top, left, bottom, right

        /// The edge as a one-element set.
        var edge: RectEdge {
            switch self {
            case .top: .top
            case .left: .left
            case .bottom: .bottom
            case .right: .right
            }
        }
    }

    /// The sides in the set, in the order top, left, bottom, right.
    var sides: [Side] { Side.allCases.filter { contains($0.edge) } }
}
