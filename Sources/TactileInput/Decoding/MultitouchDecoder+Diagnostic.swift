import Tactile

extension MultitouchDecoder {
    /// Something the decoder noticed in the input and handled, for logs and tests. Diagnostics never stop
    /// decoding.
    public enum Diagnostic: Hashable, Sendable, CustomStringConvertible {
        /// A report's timestamp was earlier than the previous report's; the frame keeps the previous time so
        /// that frame times never go backwards.
        case timeWentBackwards(from: Timestamp, to: Timestamp)
        /// The device sent a code its description does not advertise; the kernel would drop it, and so does
        /// the decoder. Reported once per code.
        case unadvertisedCode(type: EventType, code: UInt16)
        /// `ABS_MT_SLOT` selected a slot outside `0..<slotCount`; events for it are ignored until the next
        /// valid slot.
        case slotOutOfRange(slot: Int32, slotCount: Int)
        /// A slot's tracking id changed without −1 in between: the old contact ended and a new one began.
        case trackingIDChangedWithoutLift(slot: Int, from: Int32, to: Int32)
        /// A contact turned into a palm (`MT_TOOL_PALM`) and was cancelled (or never reported).
        case palmRejected(slot: Int)
        /// `BTN_TOOL_*TAP` reported more fingers than the device has slots; the extra fingers have no position
        /// and produce no touches.
        case contactsBeyondSlots(fingers: Int, slots: Int)
        /// A protocol-A frame had more contacts than libmtdev can track; the extra ones were dropped.
        case tooManyAnonymousContacts(count: Int, limit: Int)
        /// `SYN_DROPPED` in the stream: events up to the next `SYN_REPORT` were discarded and every active touch
        /// was cancelled.
        case eventsDropped(at: Timestamp)
        /// The trace ended with these contacts down (a recording cut off mid-gesture); they were cancelled at
        /// its last event. `tactile replay` exits with status 2 after one (unless `--allow-touches-down`).
        case traceEndedWithTouchesDown([TouchContact.ID])

        public var description: String {
            switch self {
            case .timeWentBackwards(let from, let to): "time went backwards from \(from) to \(to)"
            case .unadvertisedCode(let type, let code):
                "ignored \(type) code 0x\(String(code, radix: 16)) that the device does not advertise"
            case .slotOutOfRange(let slot, let count): "slot \(slot) is outside the device's \(count) slots"
            case .trackingIDChangedWithoutLift(let slot, let from, let to):
                "slot \(slot) changed tracking id \(from) to \(to) without a lift"
            case .palmRejected(let slot): "palm in slot \(slot) rejected"
            case .contactsBeyondSlots(let fingers, let slots): "\(fingers) fingers down but only \(slots) slots"
            case .tooManyAnonymousContacts(let count, let limit):
                "\(count) protocol-A contacts in one frame; kept the first \(limit)"
            case .eventsDropped(let time): "SYN_DROPPED at \(time): touches cancelled"
            case .traceEndedWithTouchesDown(let contacts):
                "the trace ends with \(contacts.map(\.description).joined(separator: ", ")) down: "
                    + "cancelled \(contacts.count == 1 ? "it" : "them") (a recording cut off mid-gesture?)"
            }
        }
    }

    /// What one input produced: frames for the core (usually none or one; two when a contact began and ended
    /// within one report) and diagnostics.
    public struct Output: Hashable, Sendable {
        /// The frames, in order; later frames never have an earlier timestamp.
        public var frames: [TouchFrame]
        /// What the decoder noticed while handling the input.
        public var diagnostics: [Diagnostic]

        /// Creates an output.
        @inlinable
        public init(frames: [TouchFrame] = [], diagnostics: [Diagnostic] = []) {
            self.frames = frames
            self.diagnostics = diagnostics
        }

        /// Appends another output's frames and diagnostics.
        @inlinable
        public mutating func append(_ other: Output) {
            frames += other.frames
            diagnostics += other.diagnostics
        }
    }
}
