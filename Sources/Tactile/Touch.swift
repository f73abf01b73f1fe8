/// The phase of a touch, as `UITouch.Phase` (spec §2.2).
public enum TouchPhase: Hashable, Sendable, CustomStringConvertible {
    case began, moved, stationary, ended, cancelled

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

/// One finger on the screen for the whole of its contact, as `UITouch` (spec §2).
///
/// STUB: the dispatcher issue fills this in.
public final class Touch: Hashable {
    /// The contact this touch follows.
    public let id: TouchContact.ID
    /// The current phase.
    public internal(set) var phase: TouchPhase = .began

    init(id: TouchContact.ID) { self.id = id }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The identifiers of `touches`, sorted, for the delivery log.
    static func sortedIDs(_ touches: Set<Touch>) -> [TouchContact.ID] { touches.map(\.id).sorted() }
}

@available(*, unavailable)
extension Touch: Sendable {}
