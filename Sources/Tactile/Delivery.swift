/// One entry of the delivery log: a responder call, a control event, or a decision the dispatcher made,
/// as a value.
///
/// The application appends an entry for everything it does with a touch, in order, so tests and the
/// replay tool can read exactly what happened ("V: began{#1}") and why a touch went nowhere. Entries name
/// responders by ``Responder/logName`` and touches by their contact identifier; they hold no references,
/// so a log can cross threads and be compared with a stored expectation.
public struct Delivery: Hashable, Sendable, CustomStringConvertible {
    /// When it happened: the timestamp of the dispatch (an input frame's time, or a deadline's).
    public var time: Timestamp
    /// What happened.
    public var kind: Kind

    /// Creates an entry.
    public init(time: Timestamp, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// What a log entry records.
    public enum Kind: Hashable, Sendable {
        /// The dispatcher called `touchesBegan/Moved/Ended/Cancelled` on the touches' first responder
        /// (their hit-test view).
        case touches(TouchPhase, responder: String, touches: [TouchContact.ID])
        /// A responder's default touch method passed the call on to its ``Responder/next``.
        case forwarded(phase: TouchPhase, from: String, to: String, touches: [TouchContact.ID])
        /// The call reached the end of the responder chain and was dropped (spec §4.8).
        case dropped(phase: TouchPhase, responder: String, touches: [TouchContact.ID])
        /// A control sent the actions of a control event.
        case controlEvent(control: String, event: String)
        /// A touch that began will never be delivered to a view, and why.
        case touchIgnored(TouchContact.ID, reason: IgnoreReason)
    }

    /// Why a touch is not delivered to any view.
    public enum IgnoreReason: Hashable, Sendable, CustomStringConvertible {
        /// Hit-testing found no view in any window (spec §3.4).
        case noView
        /// The application was ignoring interaction events when the touch began (spec §4.2 step 0).
        case ignoringInteractionEvents
        /// An exclusive-touch view was involved (spec §4.3): the named view is tracking a touch.
        case exclusiveTouch(blockedBy: String)
        /// The view does not accept multiple touches and already tracks one (spec §4.3).
        case multipleTouchDisabled(view: String)

        public var description: String {
            switch self {
            case .noView: "no view was hit"
            case .ignoringInteractionEvents: "the application ignores interaction events"
            case .exclusiveTouch(let view): "exclusive touch: \(view) is tracking a touch"
            case .multipleTouchDisabled(let view): "\(view) is not multiple-touch enabled and tracks a touch"
            }
        }
    }

    /// One line for logs: time, target, what.
    public var description: String {
        switch kind {
        case .touches(let phase, let responder, let touches):
            "\(time) \(responder): \(phase)\(Delivery.format(touches))"
        case .forwarded(let phase, let from, let to, let touches):
            "\(time) \(from) → \(to): \(phase)\(Delivery.format(touches)) (forwarded)"
        case .dropped(let phase, let responder, let touches):
            "\(time) \(responder): \(phase)\(Delivery.format(touches)) dropped at the end of the responder chain"
        case .controlEvent(let control, let event):
            "\(time) \(control): \(event)"
        case .touchIgnored(let touch, let reason):
            "\(time) \(touch) ignored: \(reason)"
        }
    }

    static func format(_ touches: [TouchContact.ID]) -> String {
        "{" + touches.map(\.description).joined(separator: ",") + "}"
    }
}
