/// What the arena decided that reaches code outside it — a responder call, a recognizer's action messages, a
/// touch leaving the pipeline — returned to the dispatcher, which performs each one in order (``TouchDispatcher``).
///
/// The arena never calls a view's touch methods or an action itself: steps 4 and 5 (``GestureArena/resolve(into:)``,
/// ``GestureArena/deliverToViews(into:)``) and the held touches' cancellation (``GestureArena/cancelHeldTouches(at:into:)``)
/// append effects to the dispatcher's buffer, and the dispatcher drains it. What must answer at once stays a call:
/// the gates (a delegate's or a view's `gestureRecognizerShouldBegin`, spec §5.10), the failure-requirement and
/// simultaneity questions (spec §5.11–§5.12), a scroll view's `touchesShouldBegin` (spec §4.6); and the recognizers'
/// own touch methods (step 3) and `reset()` (step 6) are the arena's to call, recognizers being what it coordinates.
///
/// Order is preserved exactly: resolution stops as soon as it produced an effect whose code may act on the arena's
/// next decision — a recognizer's commit cancels its touches in their views, then sends its action, *then* fails the
/// recognizers it excludes (spec §5.11 rule 1) — and resumes where it stopped when the dispatcher asks again
/// (``GestureArena/resolve(into:)`` returns `false` until resolution is complete).
///
/// **References.** Views and recognizers have side tables (weak references to them), so each retain and release of
/// one takes the runtime's slow path; an effect names them without retaining them (``UnretainedReference``). The
/// argument, as ``UnretainedList``'s: each is held strongly elsewhere from the moment the effect is appended until
/// the dispatcher has performed it — a recognizer whose actions are sent by ``GestureArenaStorage/engaged``
/// (from its first
/// touch or request until step 6, which runs after every effect of the dispatch), a view that gets a call by the
/// arena's ``GestureArena/receivingViews`` or ``GestureArena/claimedViews``, which the arena empties only when the
/// dispatcher says it performed the effects (``GestureArena/effectsPerformed()``), a touch handed to a view by the
/// event's touch list (changed only in steps 1 and 6), the arena's held touches, or — a held touch released in
/// the same step — the `.retire` effect that follows its calls in the same buffer, which holds it strongly (a
/// retired touch may have no other owner left).
enum ArenaEffect {
    /// One responder call: `touchesBegan/Moved/Ended/Cancelled` on the view with the touches
    /// `ArenaEffects.touches[touches]`, each presented as planned (``ArenaEffects/Presentation``).
    case deliver(TouchPhase, to: UnretainedReference<View>, touches: Range<Int>)
    /// The recognizer's action messages, for the state it just entered (spec §5.3).
    case sendActions(UnretainedReference<GestureRecognizer>)
    /// A touch whose withheld phase was delivered or dropped leaves the pipeline (``TouchDispatcher/retire(_:)``).
    case retire(Touch)
}

/// The dispatcher's reused buffer of ``ArenaEffect``s: the effects in order, and the touches their responder
/// calls hand over (by range, so that an effect allocates nothing). Emptied after each drain, keeping its storage.
struct ArenaEffects {
    /// How a touch handed to a view is presented during the call (spec §5.8: a flushed phase).
    enum Presentation {
        /// As it is now.
        case current
        /// A flushed began phase: as it was when it began (location and time).
        case asWhenDown
        /// A flushed move: at its current location, moved from where it began.
        case movedSinceDown
    }

    /// The effects, in the order to perform them.
    private(set) var list: [ArenaEffect] = []
    /// The touches of the responder calls in ``list``, each with its presentation (not retained: see
    /// ``ArenaEffect``).
    private(set) var touches: [(touch: UnretainedReference<Touch>, presentation: Presentation)] = []

    /// An empty buffer without storage (making it costs nothing: the dispatcher swaps its own in and out).
    init() {}

    /// An empty buffer with room for `count` effects and as many touches.
    init(capacity count: Int) {
        list.reserveCapacity(count)
        touches.reserveCapacity(count)
    }

    var isEmpty: Bool { list.isEmpty }

    /// Where the touches of the next responder call start: pass it to ``appendDelivery(_:to:from:)`` once they
    /// are appended (``appendTouch(_:presentation:)``).
    var nextTouchIndex: Int { touches.count }

    /// Adds `touch` to the responder call being appended.
    mutating func appendTouch(_ touch: Touch, presentation: Presentation = .current) {
        touches.append((UnretainedReference(touch), presentation))
    }

    /// Appends the responder call of `phase` to `view` with the touches appended since `start`; nothing when
    /// there are none. `view` must stay held until the effects are performed (see ``ArenaEffect``).
    mutating func appendDelivery(_ phase: TouchPhase, to view: View, from start: Int) {
        guard touches.count > start else { return }
        list.append(.deliver(phase, to: UnretainedReference(view), touches: start..<touches.count))
    }

    /// Appends the action messages of `recognizer`, which must be engaged (see ``ArenaEffect``).
    mutating func sendActions(of recognizer: GestureRecognizer) {
        list.append(.sendActions(UnretainedReference(recognizer)))
    }

    /// Appends the retirement of `touch`.
    mutating func retire(_ touch: Touch) {
        list.append(.retire(touch))
    }

    /// Empties the buffer, keeping its storage (``Swift/Array/empty()``: the standard `removeAll(keepingCapacity:)`
    /// costs a generic `replaceSubrange` per call).
    mutating func removeAll() {
        // Checked here: `empty()` is an outlined call even for an empty list, and the touch list often is empty
        // (an action's round has none), 20 rounds per frame with 20 recognizers (#35).
        if !list.isEmpty { list.empty() }
        if !touches.isEmpty { touches.empty() }
    }
}
