extension Delivery {
    /// A recognizer's state as the delivery log names it (spec §5.1).
    ///
    /// UIKit's `ended` and `recognized` are one value; the log says ``recognized`` when a recognizer went
    /// straight from `possible` to it (a discrete gesture, or a continuous one that recognized without
    /// beginning) and ``ended`` when it went through `began`.
    public enum RecognizerState: Hashable, Sendable, CustomStringConvertible {
        /// Evaluating touches (also while waiting for failure requirements).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A gesture went straight from `possible` to UIKit's `ended`/`recognized` (a discrete gesture).
        case recognized
        /// A continuous gesture that began has ended.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// Not this gesture.
        case failed

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .recognized: "recognized"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    /// Why a recognizer's state changed.
    public enum RecognizerReason: Hashable, Sendable, CustomStringConvertible {
        /// A built-in recognizer's recognition machine decided, for this reason.
        case recognition(RecognitionReason)
        /// The recognizer set its state itself (a custom subclass, or a `changed` update); no reason given.
        case requested
        /// A pending recognizer committed: the last recognizer it required to fail failed (spec §5.12 rule 4).
        case requirementFailed(String)
        /// A recognizer it requires to fail recognized (spec §5.12 rule 2).
        case requiredRecognized(String)
        /// A recognizer that shares a touch and can prevent it recognized first or is active (spec §5.11).
        case excluded(by: String)
        /// Its delegate's `gestureRecognizerShouldBegin(_:)` returned `false` (spec §5.10 rule 1).
        case delegateDeclined
        /// A view between a touch's view and the recognizer's view declined in `gestureRecognizerShouldBegin(_:)`
        /// (spec §4.5, §5.10 rule 2).
        case viewDeclined(String)
        /// A scroll view may not cancel the content touches it would take (spec §4.6).
        case contentTouchesNotCancellable(String)
        /// The recognizer was disabled (spec §5.5).
        case disabled
        /// The recognizer was removed from its view, or its view left the window (spec §5.5).
        case removed
        /// The runtime reset it after a final state (spec §5.4).
        case reset

        public var description: String {
            switch self {
            case .recognition(let reason): "\(reason)"
            case .requested: "requested"
            case .requirementFailed(let other): "\(other) failed"
            case .requiredRecognized(let other): "\(other) recognized"
            case .excluded(let other): "excluded by \(other)"
            case .delegateDeclined: "the delegate declined to begin"
            case .viewDeclined(let view): "\(view) declined to let it begin"
            case .contentTouchesNotCancellable(let view): "the touches in \(view) cannot be cancelled"
            case .disabled: "disabled"
            case .removed: "removed from its view or window"
            case .reset: "reset"
            }
        }

        /// " (reason)" for a log line, or nothing for ``requested``.
        var parenthesized: String {
            switch self {
            case .requested: ""
            case .recognition, .requirementFailed, .requiredRecognized, .excluded, .delegateDeclined, .viewDeclined,
                .contentTouchesNotCancellable, .disabled, .removed, .reset:
                " (\(self))"
            }
        }
    }

    /// A decision of the gesture arena that is not itself a state change.
    public enum ArenaDecision: Hashable, Sendable, CustomStringConvertible {
        /// A recognizer tried to recognize but waits for others to fail; its state reads `possible` meanwhile
        /// (spec §5.12 rule 3). `reason` is why it tried.
        case waits(recognizer: String, for: [String], reason: RecognizerReason)
        /// A phase of touches is held back from their view while the named recognizers are still deciding
        /// (`delaysTouchesBegan`, `delaysTouchesEnded`, a scroll view's content delay; spec §5.8, §5.9, §4.6).
        case withheld(TouchPhase, view: String, touches: [TouchContact.ID], by: [String])
        /// Touches whose began phase was withheld are dropped: a recognizer took them, so their view never
        /// hears of them (spec §5.8).
        case discarded(view: String, touches: [TouchContact.ID], by: String)
        /// A touch joined a recognizer that already recognized and cancels touches in views, so its view never
        /// hears of it (spec §5.7 rule 4).
        case joinedRecognized(view: String, touches: [TouchContact.ID], by: String)
        /// A scroll view's `touchesShouldBegin(_:with:in:)` returned `false`: the content view never hears of the
        /// touches (spec §4.6).
        case contentTouchesRefused(view: String, touches: [TouchContact.ID], by: String)
        /// A recognizer stops receiving touches (`ignore(_:for:)`, spec §5.6).
        case ignored(recognizer: String, touches: [TouchContact.ID], reason: RecognizerReason)
        /// A recognizer asked for an illegal state change (spec §5.2); `applied` is what was done instead, `nil`
        /// when the request was dropped.
        case coerced(recognizer: String, requested: RecognizerState, from: RecognizerState, applied: RecognizerState?)
        /// A failure requirement would close a cycle; the edge `dependent` requires `required` to fail is
        /// ignored (spec §5.12 rule 7). `cycle` lists the recognizers around it, starting and ending with
        /// `dependent`.
        case requirementCycleIgnored(dependent: String, required: String, cycle: [String])

        public var description: String {
            switch self {
            case .waits(let recognizer, let others, let reason):
                "\(recognizer) waits for \(Delivery.list(others)) to fail\(reason.parenthesized)"
            case .withheld(let phase, let view, let touches, let recognizers):
                "\(view): \(phase)\(Delivery.format(touches)) withheld while \(Delivery.list(recognizers)) "
                    + (recognizers.count == 1 ? "decides" : "decide")
            case .discarded(let view, let touches, let recognizer):
                "\(view): withheld \(Delivery.format(touches)) discarded, \(recognizer) took them"
            case .joinedRecognized(let view, let touches, let recognizer):
                "\(view): \(Delivery.format(touches)) not delivered, \(recognizer) took them"
            case .contentTouchesRefused(let view, let touches, let scrollView):
                "\(view): \(Delivery.format(touches)) not delivered, \(scrollView) refused them (touchesShouldBegin)"
            case .ignored(let recognizer, let touches, let reason):
                "\(recognizer) ignores \(Delivery.format(touches))\(reason.parenthesized)"
            case .coerced(let recognizer, let requested, let from, let applied):
                "\(recognizer): illegal \(from) → \(requested) requested, "
                    + (applied.map { "treated as \($0)" } ?? "ignored")
            case .requirementCycleIgnored(let dependent, let required, let cycle):
                "\(dependent) requiring \(required) to fail would close the cycle "
                    + cycle.joined(separator: " → ") + "; ignored"
            }
        }
    }

    /// Names joined for a sentence: "a", "a and b", "a, b and c".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
