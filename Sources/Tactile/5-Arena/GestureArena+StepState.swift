/// The arena's state, one value per step that keeps any (steps 3–6), each able to say whether it is idle — as it
/// must be between two inputs (``GestureArena/invariantViolation()`` reads one line per step). The recognizers
/// taking part (``GestureArenaStorage/engaged``) span the steps and are not one of them.
extension GestureArena {
    /// Step 3 (``GestureArena/deliverTouches(in:endsOnly:)``): who gets touches in this pass.
    struct TouchDelivery {
        /// Reused storage: the recognizers getting touches in step 3, in delivery order.
        var receivers = UnretainedList<GestureRecognizer>(capacity: 16)
        /// The number of the latest step 3, counted from 1.
        var stepThreePass: UInt64 = 0
        /// Changes whenever code outside the runtime may have run — a recognizer subclass's touch method, a
        /// gatekeeper, the delivery observer — and with every step 3: a touch's window location computed for the
        /// built-ins' samples (``Touch/windowLocation(epoch:)``) is reused while it stays the same, so ten
        /// recognizers of one touch convert it once, and a view moved by outside code is always seen.
        var sampleEpoch: UInt64 = 0
        /// Whether the dispatcher delivers the current dispatch window by window (spec §4.1): then a touch's phase
        /// of this dispatch reaches its view once its window delivered the event (``TouchDispatcher/admits(_:)``).
        /// `false` when one window (or none) has touches that changed, the usual case: everything is delivered at
        /// once.
        var isDeliveringByWindow = false

        /// Whether no step 3 is under way (its receivers emptied).
        var isIdle: Bool { receivers.isEmpty }
    }

    /// Step 4 (``GestureArena/resolve(into:)``): requested state changes, waits for failure requirements, and where
    /// a resolution stands while the dispatcher performs its effects.
    struct Resolution {
        /// Recognizers with requests not processed yet, in the order of their first request.
        var queued: [GestureRecognizer] = []
        /// Reused storage: the recognizers whose requests are being processed.
        var processing: [GestureRecognizer] = []
        /// Recognizers waiting for failure requirements (spec §5.12).
        var pending: [GestureRecognizer] = []
        /// Emptied lists of recognizers a pending one waited for, kept for the next wait
        /// (``GestureArena/checkRequirements``), so that a recognizer that waits for another (a single tap for a
        /// double tap) allocates nothing; at most ``GestureArena/spareWaitListLimit``.
        var spareWaitLists: [[GestureRecognizer]] = []
        /// Where step 4 stands while the dispatcher performs its effects, and the rest of the commit whose effects
        /// they are.
        var progress = ResolutionProgress()
        var commitTail: CommitTail?
        /// Whether the application is processing an input (set by `Application.submit`): a request made outside
        /// one is settled at once.
        var isProcessingInput = false
        #if DEBUG
        /// Debug builds: whether the arena is deciding (``GestureArena/resolve(into:)``,
        /// ``GestureArena/deliverToViews(into:)``, ``GestureArena/cancelHeldTouches(at:into:)``). Then it only
        /// appends effects: sending an action (``GestureRecognizer/sendActions()``) or making a responder call
        /// stops the process — the arena returns effects, the dispatcher performs them (``ArenaEffect``).
        var isDeciding = false
        #endif

        /// Whether no pass or commit is half done (the processing list emptied, no round counted, no commit's tail
        /// left).
        var isIdle: Bool { processing.isEmpty && progress.isIdle && commitTail == nil }
    }

    /// Step 5 (``GestureArena/deliverToViews(into:)``): the views that receive touches, the touches claimed from
    /// views, and the touches whose withheld phase outlives the event.
    struct ViewDelivery {
        /// Reused storage: the views receiving touches in step 5, in delivery order; kept until the dispatcher has
        /// performed the calls (``GestureArena/effectsPerformed()``), which name them without retaining them
        /// (``ArenaEffect``).
        var receivingViews: [View] = []
        /// Reused storage of ``GestureArena/claimTouches(of:into:)`` and
        /// ``GestureArena/cancelHeldTouches(at:into:)``: the touches taken from views that had seen them, with those
        /// views.
        var claimedTouches: [(view: View, touch: Touch)] = []
        /// The views of ``claimedTouches``, each once, in the order of their first touch; kept, like
        /// ``receivingViews``, until the dispatcher has performed their `touchesCancelled`.
        var claimedViews: [View] = []
        /// Touches that left the event while a phase is withheld from their view (spec §5.9, §5.12 rule 5).
        var heldTouches: [Touch] = []

        /// Whether no view call is planned or pending (the per-dispatch lists emptied; held touches may stay).
        var isIdle: Bool { receivingViews.isEmpty && claimedTouches.isEmpty && claimedViews.isEmpty }
    }

    /// Step 6 (``GestureArena/resetFinished()``): the recognizers that reached a final state, reset and detached.
    struct Cleanup {
        /// Recognizers that reached a final state in this dispatch, in that order; reset in step 6.
        var finished: [GestureRecognizer] = []
        /// Reused storage for step 6: the recognizers reset in this pass, and the touches whose lists still hold
        /// some of them (``TouchRecord/pendingDetachments``).
        var detaching: [GestureRecognizer] = []
        var detachingTouches: [Touch] = []

        /// Whether every finished recognizer was reset and detached.
        var isIdle: Bool { finished.isEmpty && detaching.isEmpty && detachingTouches.isEmpty }
    }
}
