/// Where the phases of one touch go: the per-touch route of the dispatcher towards views (spec §4.2, §5.7–§5.9).
///
/// Decided when the touch is bound (step 2), then moved along by the gesture arena (step 4: a recognizer claims
/// the touch) and by view delivery (step 5: a phase is delivered, withheld or released). The cases carry the
/// data valid in them; the exhaustive switches over this enum mark every place that decides about them.
enum TouchRoute {
    /// The touch began in this dispatch and has not been bound yet.
    ///
    /// Can transition to: ``discarded(_:)``, ``bound(view:)``, ``rejected(view:reason:)``.
    case unbound
    /// The touch is not part of any event and is never delivered: it began while the application ignored
    /// interaction events, or hit no view. The dispatcher follows it only to swallow its later phases.
    ///
    /// Terminal.
    case discarded(Delivery.IgnoreReason)
    /// The touch was hit-tested to `view` in this dispatch; its began phase is not delivered yet.
    ///
    /// Can transition to: ``delivering(to:)`` (began delivered), ``withholdingBegan(view:)``, ``claimed(view:)``
    /// (a recognizer took it before the view heard of it).
    case bound(view: View)
    /// `view` received the touch's began phase and gets its later phases as they happen. The view "tracks" the
    /// touch for spec §4.3 until the touch ends.
    ///
    /// Can transition to: ``withholdingEnded(view:)``, ``finished(view:)``, ``claimed(view:)`` (the view got
    /// `touchesCancelled`).
    case delivering(to: View)
    /// A recognizer with `delaysTouchesBegan` (or a scroll view's content delay) may still recognize: `view`
    /// has heard nothing of the touch yet (spec §5.8).
    ///
    /// Can transition to: ``delivering(to:)``, ``withholdingEnded(view:)`` or ``finished(view:)`` (flushed),
    /// ``claimed(view:)`` (discarded), ``finished(view:)`` (cancelled by the system: dropped).
    case withholdingBegan(view: View)
    /// The touch lifted but a recognizer with `delaysTouchesEnded` may still recognize: `view` saw began (and
    /// moves) but not the end yet (spec §5.9).
    ///
    /// Can transition to: ``finished(view:)`` (ended released), ``claimed(view:)`` (the view got
    /// `touchesCancelled`).
    case withholdingEnded(view: View)
    /// A recognizer recognized with the touch and took it: `view` got `touchesCancelled` if it had seen the
    /// touch, and gets nothing more; ``Touch/view`` is `nil` (spec §2.3, §5.7).
    ///
    /// Terminal.
    case claimed(view: View)
    /// `view` received the touch's final phase (ended or cancelled), or will never hear of it.
    ///
    /// Terminal.
    case finished(view: View)
    /// The touch is part of the event and names `view` as its view, but spec §4.3 keeps it from the view for
    /// its whole life (`isMultipleTouchEnabled`, `isExclusiveTouch`). Recognizers may still take it.
    ///
    /// Can transition to: ``claimed(view:)``.
    case rejected(view: View, reason: Delivery.IgnoreReason)

    /// The touch's ``Touch/view``: its hit-test view, until a recognizer claims it.
    var view: View? {
        switch self {
        case .unbound, .discarded, .claimed: nil
        case .bound(let view), .delivering(let view), .withholdingBegan(let view), .withholdingEnded(let view),
            .finished(let view), .rejected(let view, _):
            view
        }
    }

    /// The view the touch was hit-tested to, also after a recognizer claimed it.
    var hitView: View? {
        switch self {
        case .unbound, .discarded: nil
        case .bound(let view), .delivering(let view), .withholdingBegan(let view), .withholdingEnded(let view),
            .claimed(let view), .finished(let view), .rejected(let view, _):
            view
        }
    }

    /// The view that tracks the touch for spec §4.3 (exclusive and multiple touch), if any: the view that has,
    /// or will have, the touch's phases.
    var trackingView: View? {
        switch self {
        case .bound(let view), .delivering(let view), .withholdingBegan(let view), .withholdingEnded(let view),
            .finished(let view):
            view
        case .unbound, .discarded, .claimed, .rejected: nil
        }
    }

    /// Whether the touch belongs to an event (``Event/allTouches``) while it is down: every bound touch that was
    /// not discarded.
    var isBound: Bool {
        switch self {
        case .bound, .delivering, .withholdingBegan, .withholdingEnded, .claimed, .finished, .rejected: true
        case .unbound, .discarded: false
        }
    }

    /// Whether the touch's window dropped the event it began in (spec §4.1): it reaches no one, and its lift is
    /// no tap for ``Touch/tapCount``.
    var isDroppedByWindow: Bool {
        if case .rejected(_, .eventDropped) = self { return true }
        return false
    }

    /// Whether one of the touch's phases is being held back from its view.
    var isWithheld: Bool {
        switch self {
        case .withholdingBegan, .withholdingEnded: true
        case .unbound, .discarded, .bound, .delivering, .claimed, .finished, .rejected: false
        }
    }
}
