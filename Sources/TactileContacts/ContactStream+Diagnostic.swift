import Tactile

extension ContactStream {
    /// Something the stream noticed in a source's events and handled, for logs and tests. Diagnostics never
    /// stop the stream, and none of them leaves a touch stranded or delivered twice.
    public enum Diagnostic: Hashable, Sendable, CustomStringConvertible {
        /// An event's time was earlier than one already seen; the event counts at the latest time, so frame
        /// times never go backwards.
        case timeWentBackwards(from: Timestamp, to: Timestamp)
        /// A `motion`, `up` or `cancel` named a contact that is not down; the event was ignored. `event` is
        /// `"motion"`, `"up"` or `"cancel"`.
        case unknownContact(id: Int64, event: String)
        /// A `down` named a contact that is already down: the old contact ended (at its last location) and a
        /// new one began, as in evdev when a slot's tracking id changes without a lift.
        case contactAlreadyDown(id: Int64)
        /// A contact's identifier went down again within the frame in which it lifted: the first contact ends
        /// and the second begins in that frame, as two touches.
        case identifierReusedInFrame(id: Int64)
        /// A location that is not a finite number; the event was ignored (a `down`: the contact never began).
        case nonFiniteLocation(id: Int64)
        /// An event after ``ContactStream/end(at:)``; it and every later one are ignored. Reported once.
        case inputAfterEnd(Event)

        public var description: String {
            switch self {
            case .timeWentBackwards(let from, let to): "time went backwards from \(from) to \(to)"
            case .unknownContact(let id, let event): "\(event) for contact \(id), which is not down: ignored"
            case .contactAlreadyDown(let id):
                "contact \(id) went down again without a lift: the first touch ended, a new one began"
            case .identifierReusedInFrame(let id):
                "contact \(id) lifted and went down again in one frame: two touches"
            case .nonFiniteLocation(let id): "contact \(id) has a location that is not a finite number: ignored"
            case .inputAfterEnd(let event): "\(event) after the stream ended: ignored, with everything after it"
            }
        }
    }

    /// What one event produced: frames for the core (usually none or one; two when a contact began and ended
    /// within one frame) and diagnostics.
    public struct Output: Hashable, Sendable {
        /// The frames, in order; later frames never have an earlier timestamp.
        public var frames: [TouchFrame]
        /// What the stream noticed while handling the event.
        public var diagnostics: [Diagnostic]

        /// Creates an output.
        public init(frames: [TouchFrame] = [], diagnostics: [Diagnostic] = []) {
            self.frames = frames
            self.diagnostics = diagnostics
        }

        /// Appends another output's frames and diagnostics.
        public mutating func append(_ other: Output) {
            frames += other.frames
            diagnostics += other.diagnostics
        }

        /// Both outputs' frames and diagnostics, `lhs`'s first.
        public static func + (lhs: Output, rhs: Output) -> Output {
            var sum = lhs
            sum.append(rhs)
            return sum
        }
    }
}
