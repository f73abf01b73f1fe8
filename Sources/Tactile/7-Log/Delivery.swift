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
        /// A control sent the actions of one control event (spec §4.9); logged before the actions run,
        /// whether or not any action is registered for it.
        case controlEvent(control: String, event: Control.Events)
        /// A touch that began will never be delivered to a view, and why.
        case touchIgnored(TouchContact.ID, reason: IgnoreReason)
        /// A deadline passed and started a timer dispatch for its owner (spec §5.14).
        case deadline(owner: String)
        /// The input was inconsistent; the dispatcher handled it as the diagnostic says.
        case inputDiagnostic(InputDiagnostic)
        /// A gesture recognizer's state changed (spec §5.1–§5.5), and why; logged before the touches are
        /// cancelled in views and before the action is sent.
        case recognizerState(recognizer: String, from: RecognizerState, to: RecognizerState, reason: RecognizerReason)
        /// A gesture recognizer sent its actions for `state` (spec §5.3); logged before they run, whether or not
        /// any action is registered.
        case action(recognizer: String, state: RecognizerState)
        /// The gesture arena decided something that is not a state change (spec §5.6–§5.13).
        case arena(ArenaDecision)
        /// A scroll view began or ended a drag, a deceleration, an animation or a zoom (the offsets in between
        /// are not logged: one entry at each begin and end).
        case scroll(scrollView: String, event: ScrollEvent)
    }

    /// Something wrong with the input, and what the dispatcher did about it. Device data and traces can be
    /// wrong; none of these stops the application.
    public enum InputDiagnostic: Hashable, Sendable, CustomStringConvertible {
        /// A contact that is not down was reported with a phase other than began; the contact is skipped.
        case unknownContact(TouchContact.ID, phase: TouchContact.Phase)
        /// A contact that is already down was reported as beginning again; it is treated as a move (or as
        /// stationary when its position did not change).
        case duplicateBegan(TouchContact.ID)
        /// A contact appeared more than once in one frame; only its first entry is used.
        case repeatedContact(TouchContact.ID)
        /// A contact's position was not finite; a new contact is skipped, a known one keeps its last position.
        case nonFiniteLocation(TouchContact.ID)
        /// A frame's time was earlier than the application's clock; it is dispatched at the clock's time so
        /// that time never runs backwards.
        case timeWentBackwards(frame: Timestamp, clock: Timestamp)

        public var description: String {
            switch self {
            case .unknownContact(let id, let phase): "\(id) \(phase) for a contact that is not down (skipped)"
            case .duplicateBegan(let id): "\(id) began again while down (treated as a move)"
            case .repeatedContact(let id): "\(id) listed twice in one frame (later entry skipped)"
            case .nonFiniteLocation(let id): "\(id) has a non-finite position (position skipped)"
            case .timeWentBackwards(let frame, let clock):
                "frame at \(frame) is before the clock (dispatched at \(clock))"
            }
        }
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
        /// The window the touch began in dropped the event in which it began: its `sendEvent(_:)` did not call
        /// `super` (spec §4.1). The touch stays in the event, but no recognizer or view ever gets it.
        case eventDropped(window: String)

        public var description: String {
            switch self {
            case .noView: "no view was hit"
            case .ignoringInteractionEvents: "the application ignores interaction events"
            case .exclusiveTouch(let view): "exclusive touch: \(view) is tracking a touch"
            case .multipleTouchDisabled(let view): "\(view) is not multiple-touch enabled and tracks a touch"
            case .eventDropped(let window): "\(window) dropped the event it began in"
            }
        }
    }

    /// One line for logs: time, target, what (``write(to:touchList:)`` into a string).
    public var description: String {
        var line = ""
        write(to: &line)
        return line
    }

    /// Writes the entry's log line (its ``description``) into `output`, piece by piece: the one place the log's
    /// text format is written, for `description`, ``logLines(_:)`` and `tactile replay`'s printer alike.
    ///
    /// - Parameters:
    ///   - output: The text the line is appended to (a `String`, or a reused log buffer); no newline is added.
    ///   - touchList: Writes a list of touches — its identifiers and the responder it was delivered to — in place
    ///     of the default `{#1,#2}` (`tactile replay --positions` adds each touch's position).
    public func write<Output: DeliveryTextOutput>(
        to output: inout Output, touchList: ((inout Output, [TouchContact.ID], String) -> Void)? = nil
    ) {
        func head(_ name: String) {
            output.write(time)
            output.write(" ")
            output.write(name)
            output.write(": ")
        }
        func list(_ touches: [TouchContact.ID], _ responder: String) {
            if let touchList { touchList(&output, touches, responder) } else { output.write(touches: touches) }
        }
        switch kind {
        case .touches(let phase, let responder, let touches):
            head(responder)
            output.write(phase.description)
            list(touches, responder)
        case .forwarded(let phase, let from, let to, let touches):
            output.write(time)
            output.write(" ")
            output.write(from)
            output.write(" → ")
            output.write(to)
            output.write(": ")
            output.write(phase.description)
            list(touches, from)
            output.write(" (forwarded)")
        case .dropped(let phase, let responder, let touches):
            head(responder)
            output.write(phase.description)
            list(touches, responder)
            output.write(" dropped at the end of the responder chain")
        case .recognizerState(let recognizer, let from, let to, let reason):
            head(recognizer)
            output.write(from.description)
            output.write(" → ")
            output.write(to.description)
            output.write(reason.parenthesized)
        case .action(let recognizer, let state):
            head(recognizer)
            output.write("action(")
            output.write(state.description)
            output.write(")")
        case .controlEvent(let control, let event):
            output.write(time)
            output.write(" \(control): \(event)")
        case .touchIgnored(let touch, let reason):
            output.write(time)
            output.write(" \(touch) ignored: \(reason)")
        case .deadline(let owner):
            output.write(time)
            output.write(" deadline: \(owner)")
        case .inputDiagnostic(let diagnostic):
            output.write(time)
            output.write(" input: \(diagnostic)")
        case .arena(let decision):
            output.write(time)
            output.write(" \(decision)")
        case .scroll(let scrollView, let event):
            output.write(time)
            output.write(" \(scrollView): \(event)")
        }
    }

    /// Writes the end of a responder chain's line (``logLines(_:)``): ` → NEXT` for each responder the touches
    /// were forwarded to, and ` (dropped at the end of the responder chain)` when the last one dropped them.
    public static func writeChain<Output: TextOutputStream>(
        forwardedTo responders: [String], dropped: Bool, to output: inout Output
    ) {
        for next in responders {
            output.write(" → ")
            output.write(next)
        }
        if dropped { output.write(" (dropped at the end of the responder chain)") }
    }

    /// `{#1,#2}`: the default list of touches of a log line.
    static func format(_ touches: [TouchContact.ID]) -> String {
        "{" + touches.map(\.description).joined(separator: ",") + "}"
    }
}

extension Delivery {
    /// The log as text, one line per entry, each responder chain merged into the entry that started it — the
    /// text `tactile replay` prints (without `--positions`), so a line copied from the tool matches here:
    /// `0.000s photo: began{#1} → window → application (dropped at the end of the responder chain)`. Other
    /// entries are their ``description``.
    ///
    /// A chain is a `touches` entry followed, at the same time, by the `forwarded` hops of the same call (same
    /// phase and touches, each from the previous hop's responder) and the `dropped` at its end, if any.
    public static func logLines(_ deliveries: [Delivery]) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(deliveries.count)
        var index = 0
        while index < deliveries.count {
            let delivery = deliveries[index]
            index += 1
            guard case .touches(let phase, let responder, let touches) = delivery.kind else {
                lines.append(delivery.description)
                continue
            }
            var line = delivery.description
            var last = responder
            var forwardedTo: [String] = []
            var dropped = false
            while index < deliveries.count, deliveries[index].time == delivery.time {
                let next = deliveries[index]
                if case .forwarded(phase, last, let to, touches) = next.kind {
                    forwardedTo.append(to)
                    last = to
                    index += 1
                } else if case .dropped(phase, last, touches) = next.kind {
                    dropped = true
                    index += 1
                    break
                } else {
                    break
                }
            }
            Delivery.writeChain(forwardedTo: forwardedTo, dropped: dropped, to: &line)
            lines.append(line)
        }
        return lines
    }
}
