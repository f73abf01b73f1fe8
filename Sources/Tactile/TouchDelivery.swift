/// Where the phases of one touch go: the per-touch delivery state of the dispatcher (spec §4.2).
///
/// Decided once, when the touch is bound (step 2), and read by step 5. The cases carry the data valid in
/// them. Gesture recognizers (next issue) add the cases that make a view's delivery depend on them — a
/// touch claimed by a recognizer (`touch.view` becomes `nil`, spec §2.3, §5.7), a touch whose began phase
/// is withheld (§5.8) and one whose ended phase is withheld (§5.9) — each reachable only from
/// ``delivering(to:)``; the exhaustive switches over this enum mark every place that must decide about them.
enum TouchDelivery {
    /// The touch began in this dispatch and has not been bound yet.
    ///
    /// Can transition to: ``discarded(_:)``, ``delivering(to:)``, ``rejected(view:reason:)``.
    case unbound
    /// The touch is not part of any event and is never delivered: it began while the application ignored
    /// interaction events, or hit no view. The dispatcher follows it only to swallow its later phases.
    ///
    /// Terminal.
    case discarded(Delivery.IgnoreReason)
    /// The touch's changed phases go to `view`, its hit-test view, which may pass them along the responder
    /// chain. The view "tracks" the touch for spec §4.3 until the touch ends.
    ///
    /// Terminal for now (next issue: may become claimed or withheld).
    case delivering(to: View)
    /// The touch is part of the event and names `view` as its view, but spec §4.3 keeps it from the view for
    /// its whole life (`isMultipleTouchEnabled`, `isExclusiveTouch`).
    ///
    /// Terminal.
    case rejected(view: View, reason: Delivery.IgnoreReason)

    /// The touch's ``Touch/view``.
    var view: View? {
        switch self {
        case .unbound, .discarded: nil
        case .delivering(let view), .rejected(let view, _): view
        }
    }

    /// The view that receives the touch's phases in step 5, if any.
    var receivingView: View? {
        switch self {
        case .delivering(let view): view
        case .unbound, .discarded, .rejected: nil
        }
    }

    /// The view that tracks the touch for spec §4.3 (exclusive and multiple touch), if any.
    var trackingView: View? {
        switch self {
        case .delivering(let view): view
        case .unbound, .discarded, .rejected: nil
        }
    }

    /// Whether the touch belongs to the event (``Event/allTouches``): every bound touch that was not discarded.
    var isInEvent: Bool {
        switch self {
        case .delivering, .rejected: true
        case .unbound, .discarded: false
        }
    }
}
