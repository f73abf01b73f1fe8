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
enum ArenaEffect {
    /// One responder call: `touchesBegan/Moved/Ended/Cancelled` on `view` with the touches
    /// `ArenaEffects.touches[touches]`, each presented as planned (``ArenaEffects/Presentation``).
    case deliver(TouchPhase, to: View, touches: Range<Int>)
    /// The recognizer's action messages, for the state it just entered (spec §5.3).
    case sendActions(GestureRecognizer)
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
    /// The touches of the responder calls in ``list``, each with its presentation.
    private(set) var touches: [(touch: Touch, presentation: Presentation)] = []

    /// An empty buffer with room for `count` effects and as many touches.
    init(capacity count: Int = 0) {
        list.reserveCapacity(count)
        touches.reserveCapacity(count)
    }

    /// The responder call being appended (``beginDelivery(_:to:)``): its phase, view and first touch.
    private var openDelivery: (phase: TouchPhase, view: View, start: Int)?

    var isEmpty: Bool { list.isEmpty }

    /// Opens a responder call of `phase` to `view`; its touches follow (``appendTouch(_:presentation:)``) and
    /// ``endDelivery()`` closes it.
    mutating func beginDelivery(_ phase: TouchPhase, to view: View) {
        assert(openDelivery == nil, "a responder call is already open")
        openDelivery = (phase, view, touches.count)
    }

    /// Adds `touch` to the open responder call.
    mutating func appendTouch(_ touch: Touch, presentation: Presentation = .current) {
        assert(openDelivery != nil, "no responder call is open")
        touches.append((touch, presentation))
    }

    /// Closes the open responder call: appends it when it has touches, drops it otherwise.
    mutating func endDelivery() {
        guard let open = openDelivery else { return assertionFailure("no responder call is open") }
        openDelivery = nil
        guard touches.count > open.start else { return }
        list.append(.deliver(open.phase, to: open.view, touches: open.start..<touches.count))
    }

    /// Appends the action messages of `recognizer`.
    mutating func sendActions(of recognizer: GestureRecognizer) {
        list.append(.sendActions(recognizer))
    }

    /// Appends the retirement of `touch`.
    mutating func retire(_ touch: Touch) {
        list.append(.retire(touch))
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() {
        list.removeAll(keepingCapacity: true)
        touches.removeAll(keepingCapacity: true)
    }
}
