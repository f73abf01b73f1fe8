import Tactile

extension Delivery {
    /// Why the entry happened, in one sentence citing the section of the UIKit semantics reference it follows
    /// ("spec §5.7"), for `tactile replay --explain`. A `cancelled` entry is explained by its cause where the
    /// printer knows it (``ReplayLogPrinter``: the recognizer that committed, or the input); alone, it says
    /// what a cancellation is.
    ///
    /// Every kind of entry has an explanation; when the delivery log gains kinds (recognizer state changes,
    /// actions, the arena's decisions), this switch stops compiling until they are explained.
    public var explanation: String {
        switch kind {
        case .touches(let phase, let responder, _):
            switch phase {
            case .began:
                "hit-testing chose \(responder): the front-most view that contains the point and takes interaction (spec §3.1)"
            case .moved, .stationary, .ended:
                "a touch is delivered to the view it began in for its whole life, even outside its bounds (spec §2.3)"
            case .cancelled:
                "the touch ends without a lift: a recognizer took it, or the input or the session ended it (spec §2.2, §5.7)"
            }
        case .forwarded(_, let from, let to, _):
            "\(from) does not handle the touch itself, so its default method passes it to its next responder, \(to) (spec §4.7)"
        case .dropped(_, let responder, _):
            "no responder handled the call: \(responder) is the end of the responder chain (spec §4.8)"
        case .controlEvent(let control, let event):
            "\(control) \(Self.explainControlEvent(event)) (spec §4.9)"
        case .touchIgnored(_, .eventDropped(let window)):
            "the touch reaches no recognizer and no view: \(window)'s sendEvent did not call super for the event it began in (spec §4.1)"
        case .touchIgnored(_, let reason):
            "the touch reaches no view: \(reason) (spec §3.4, §4.3)"
        case .deadline(let owner):
            "a timer that \(owner) asked for came due on the input's clock (spec §5.14)"
        case .inputDiagnostic(let diagnostic):
            "the input was inconsistent and the dispatcher repaired it: \(diagnostic) (spec §1.2)"
        case .recognizerState(_, let from, let to, let reason):
            Self.explainStateChange(from: from, to: to, reason: reason)
        case .action(let recognizer, let state):
            "\(recognizer) sends its actions in the dispatch that committed \(state), after touches in views were cancelled (spec §5.3)"
        case .arena(let decision):
            Self.explainDecision(decision)
        case .scroll(let scrollView, let event):
            Self.explainScroll(scrollView, event)
        }
    }

    /// What a scroll view's entry means, with its rule.
    private static func explainScroll(_ scrollView: String, _ event: Delivery.ScrollEvent) -> String {
        switch event {
        case .draggingBegan:
            "\(scrollView)'s pan began, so the content follows the finger (rubber-banding past its edges) (§4.6)"
        case .draggingEnded(let offset, _, let target):
            offset == target
                ? "the finger lifted with no velocity and the content inside its limits: it stays (§4.6)"
                : "the finger lifted: the content decelerates by decelerationRate per millisecond, springs back or settles on a page (§4.6)"
        case .stopped(_, let byTouch):
            byTouch
                ? "a finger landed while the content moved on its own: it stops there and the content never gets the touch (§4.6)"
                : "the deceleration (or spring, or page) ended (§4.6)"
        case .animationEnded:
            "setContentOffset(_:animated:) finished its 0.3 s animation (§4.6)"
        case .zoomingBegan:
            "\(scrollView)'s pinch began zooming its viewForZooming (§4.6, §6.6)"
        case .zoomingEnded:
            "the pinch ended and the scale is within its limits (after a bounce when it went past them) (§4.6)"
        }
    }

    /// Why a recognizer's state changed: the arena's reason, worded for its new state.
    private static func explainStateChange(
        from: Delivery.RecognizerState, to: Delivery.RecognizerState, reason: Delivery.RecognizerReason
    ) -> String {
        switch reason {
        case .recognition(let why):
            switch to {
            case .began: "its touches did what the gesture needs to start: \(why) (spec §5.1)"
            case .recognized: "its touches completed the gesture: \(why) (spec §5.1)"
            case .changed: "its touches moved: \(why) (spec §5.3)"
            case .ended: "the gesture finished: \(why) (spec §5.1)"
            case .cancelled: "the gesture was interrupted: \(why) (spec §5.2)"
            case .failed: "its touches can no longer make the gesture: \(why) (spec §5.1)"
            case .possible: "it starts over: \(why) (spec §5.4)"
            }
        case .requested:
            switch to {
            case .changed: "a continuous gesture reports every movement of its touches as changed (spec §5.3)"
            case .began, .recognized, .ended, .cancelled, .failed, .possible:
                "the recognizer set its state from \(from) to \(to) itself (spec §5.2)"
            }
        case .requirementFailed(let other):
            "it had recognized but waited for \(other) to fail; \(other) failed, so it commits now (spec §5.12)"
        case .requiredRecognized(let other):
            "it requires \(other) to fail, and \(other) recognized instead (spec §5.12)"
        case .excluded(let other):
            "excluded by \(other): \(other) recognized on a shared touch first and the pair may not recognize "
                + "simultaneously (spec §5.11)"
        case .delegateDeclined:
            "its delegate's gestureRecognizerShouldBegin(_:) returned false (spec §5.10)"
        case .viewDeclined(let view):
            "\(view), a view the touch passed through, returned false from gestureRecognizerShouldBegin(_:) (spec §4.5, §5.10)"
        case .contentTouchesNotCancellable(let view):
            "scrolling would take touches \(view) already tracks, and the scroll view may not cancel them "
                + "(canCancelContentTouches or touchesShouldCancel(in:)) (spec §4.6)"
        case .disabled:
            "isEnabled was set to false, which ends its gesture (spec §5.5)"
        case .removed:
            "it was removed from its view, or its view left the window (spec §5.5)"
        case .reset:
            "after a final state the runtime resets it to possible, ready for the next gesture (spec §5.4)"
        }
    }

    /// Why the arena made a decision that is not a state change.
    private static func explainDecision(_ decision: Delivery.ArenaDecision) -> String {
        switch decision {
        case .waits(_, let others, let reason):
            "it would recognize (\(reason)) but requires \(Self.names(others)) to fail first, so it stays possible "
                + "until \(others.count == 1 ? "that one fails" : "they fail") (spec §5.12)"
        case .withheld(let phase, _, _, let recognizers):
            "\(Self.names(recognizers)) \(recognizers.count == 1 ? "has" : "have") not decided yet and "
                + (recognizers.count == 1 ? "delays " : "delay ")
                + (phase == .began ? "touchesBegan (spec §5.8, §4.6)" : "touchesEnded (spec §5.9)")
        case .discarded(_, _, let recognizer):
            "\(recognizer) recognized while their began phase was held back, so the view never hears of them (spec §5.8)"
        case .joinedRecognized(_, _, let recognizer):
            "\(recognizer) had already recognized and cancels touches in views, so new touches go to it only (spec §5.7)"
        case .contentTouchesRefused(_, _, let scrollView):
            "\(scrollView)'s touchesShouldBegin(_:with:in:) returned false for them (spec §4.6)"
        case .ignored(_, _, let reason):
            "the recognizer stops receiving these touches: \(reason) (spec §5.6)"
        case .coerced(_, let requested, let from, let applied):
            "\(from) → \(requested) is not a legal transition; "
                + (applied.map { "the nearest legal one, \($0), was applied" } ?? "the request was dropped") + " (spec §5.2)"
        case .requirementCycleIgnored:
            "failure requirements must not form a cycle, or no recognizer of it could ever recognize (spec §5.12)"
        }
    }

    private static func explainControlEvent(_ event: Control.Events) -> String {
        switch event {
        case .touchDown: "began tracking its touch"
        case .touchDownRepeat: "began tracking a touch whose tap count is above 1"
        case .touchDragInside: "tracks a touch that moved within its bounds grown by the 70 pt tracking slop"
        case .touchDragOutside: "tracks a touch that moved beyond its bounds grown by the 70 pt tracking slop"
        case .touchUpInside: "saw its touch lift within its bounds grown by the 70 pt tracking slop"
        case .touchUpOutside: "saw its touch lift beyond its bounds grown by the 70 pt tracking slop"
        case .touchCancel: "lost its touch to a cancellation"
        default:
            if event.contains(.touchDragEnter) { "tracks a touch that came back within its tracking area" }
            else if event.contains(.touchDragExit) { "tracks a touch that left its tracking area" }
            else { "sent \(event)" }
        }
    }

    /// Names joined for a sentence: "a", "a and b", "a, b and c".
    private static func names(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
