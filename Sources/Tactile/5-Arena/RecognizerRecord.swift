/// The arena's bookkeeping about one recognizer: what the runtime reads and writes as it delivers touches and
/// settles requests, none of it UIKit's API (``GestureRecognizer`` keeps that).
///
/// Only the arena and the dispatcher read and write it (``GestureRecognizer/record``), never code an application
/// wrote. The records live in the arena's table (``GestureArena/recognizerRecords``), reached by the index the
/// recognizer keeps; a recognizer gets its record when it first gets a touch or a request
/// (``GestureArena/engage(_:)``; or, read before that, in a one-record table of its own, moved to the arena's
/// then). A record is made once per recognizer and kept while it lives (its buffers keep their storage across
/// gestures, so the steady path allocates nothing).
struct RecognizerRecord {
    /// The recognizer's standing in the arena, including what ``GestureRecognizer/state`` hides (waiting for
    /// failure requirements).
    var status: GestureRecognizer.Status = .possible
    /// The state the recognizer reads back after its latest request that the arena has not processed yet (see
    /// ``GestureRecognizer/request(_:reason:)``); `nil` when there is none, and ``GestureRecognizer/state`` reads
    /// ``status``.
    var requestedState: GestureRecognizer.State?
    /// Requested state changes not processed yet, oldest first (reused storage).
    var requests: [GestureRecognizer.Request] = []
    /// Whether the arena lists the recognizer as having unprocessed requests (``GestureArena/queued``).
    var isQueued = false
    /// Whether the current gesture went through `began` (the log then calls its end `ended`, not `recognized`).
    var hasBegun = false

    /// The type of the first touch given to the recognizer since its last reset (for
    /// ``GestureRecognizer/requiresExclusiveTouchType``).
    var touchTypeSinceReset: Touch.TouchType?
    /// The delegate's answer to `gestureRecognizer(_:shouldReceive:)` for the event, and the dispatch it is for.
    var eventAnswer: (dispatch: UInt64, accepted: Bool) = (0, true)

    /// The number of the last step 3 in which the recognizer got touches (``GestureArena``'s pass counter: one per
    /// dispatch, or one per window when a dispatch delivers window by window).
    var receivedInDispatch: UInt64 = 0
    /// The phases of its touches that changed in that dispatch (the ``ViewPhases`` bits of began, moved, ended
    /// and cancelled): step 3 skips the phases it has no touch in.
    var receivedPhases = ViewPhases()
    /// The serial number of the dispatch in which it last committed (`began` or `recognized`).
    var committedInDispatch: UInt64 = 0
    /// Step 3 scratch: the recognizer's touches that changed in this dispatch, in the event's order (gathered
    /// once per dispatch, so that collecting each phase does not search every touch's recognizer list).
    var changedTouches = UnretainedList<Touch>(capacity: 10)

    /// Step 3's gathering of one changed touch (``GestureArena/deliverTouches(in:endsOnly:)``) in one access to
    /// the record: the touch joins ``changedTouches`` and its phase ``receivedPhases``, both begun afresh at the
    /// recognizer's first touch of step 3 number `pass`; returns whether this was that first touch.
    mutating func gather(_ touch: Touch, phase: ViewPhases, pass: UInt64) -> Bool {
        let isFirst = receivedInDispatch != pass
        if isFirst {
            receivedInDispatch = pass
            receivedPhases = phase
            changedTouches.removeAll()
        } else {
            receivedPhases.formUnion(phase)
        }
        changedTouches.append(touch)
        return isFirst
    }

    /// Ordering keys (spec §5.13): the view's depth and the index among its recognizers, valid while
    /// ``orderStamp`` is ``View/currentDepthStamp`` (see ``GestureArena/updateOrderKeys(_:)``).
    var orderStamp: UInt64 = 0
    var orderDepth = 0
    var orderIndex = 0

    /// Set while ``GestureArena/resetFinished()`` has reset the recognizer but not yet taken it out of its
    /// touches' lists (``TouchRecord/recognizerList``): one pass per touch after the loop.
    var isDetaching = false
    /// Set while ``GestureArena/resetFinished()`` has reset the recognizer but not yet taken it out of
    /// ``GestureArenaStorage/engaged``: one pass after the loop.
    var isLeavingEngaged = false

    /// Reused storage for the touch sets handed to the touch methods (not used for an
    /// ``GestureRecognizer/isExactlyBuiltIn`` recognizer).
    var touchBuffer = Set<Touch>()
    /// Reused storage: the samples of one machine input.
    var sampleBuffer: [TouchSample] = []

    /// The scheduled deadline's time (``GestureRecognizer/deadline``), or `nil` when none is scheduled. Apart from
    /// ``scheduledDeadline`` so that reading it — every machine input sets the deadline — does not copy the
    /// weak reference there (a copy of an optional struct holding one goes through the runtime).
    var scheduledTime: Timestamp?
    /// The scheduled deadline's token and the application that holds it; set with ``scheduledTime``.
    var scheduledDeadline: ScheduledDeadline?

    // MARK: Changes

    /// Queues `request` for the arena; the recognizer reads `state` back until the arena processes it.
    mutating func queue(_ request: GestureRecognizer.Request, readingBack state: GestureRecognizer.State) {
        requests.append(request)
        requestedState = state
    }

    /// Takes `touch` out of this step 3's changed touches (the recognizer stopped tracking it).
    mutating func stopGathering(_ touch: Touch) {
        if let index = changedTouches.firstIndex(of: touch) { changedTouches.remove(at: index) }
    }

    /// The deadline is `deadline`, due at `time`.
    mutating func schedule(_ deadline: ScheduledDeadline, at time: Timestamp) {
        scheduledDeadline = deadline
        scheduledTime = time
    }

    /// No deadline is scheduled any more: returns the one that was (to cancel it with its application).
    mutating func unschedule() -> ScheduledDeadline? {
        defer {
            scheduledDeadline = nil
            scheduledTime = nil
        }
        return scheduledDeadline
    }

    /// The deadline `token` passed: returns whether it was the scheduled one, which is then forgotten.
    mutating func deadlinePassed(_ token: DeadlineToken) -> Bool {
        guard let scheduled = scheduledDeadline, scheduled.token == token else { return false }
        scheduledDeadline = nil
        scheduledTime = nil
        return true
    }
}
