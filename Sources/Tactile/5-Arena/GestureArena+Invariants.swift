/// What holds of the arena's records between two inputs, checked after every input in debug builds
/// (``Application``'s input loop, as swift-nio's `CircularBuffer` checks its own after each mutation) and by tests.
extension GestureArena {
    /// The first invariant that does not hold, described, or `nil` when all hold:
    /// - each step's state is idle (``TouchDelivery``, ``Resolution``, ``ViewDelivery``, ``Cleanup``: one line
    ///   each), and each engaged recognizer's changed touches are emptied;
    /// - each engaged recognizer is listed once, names this arena, is not final (step 6 reset it), is not half
    ///   detached, and is listed in ``Resolution/queued`` exactly when it says so (``RecognizerRecord/isQueued``);
    /// - each waiting recognizer is engaged and its status is `pending`;
    /// - each held touch has left the event and still has a withheld phase.
    func invariantViolation() -> String? {
        if !storage.value.touchDelivery.isIdle { return "step 3's receivers were not emptied" }
        if !storage.value.resolution.isIdle { return "step 4 stopped half way (a pass or a commit not finished)" }
        if !storage.value.viewDelivery.isIdle {
            return "the lists of claims and views receiving touches were not emptied"
        }
        if !storage.value.cleanup.isIdle { return "finished recognizers were not reset and detached (step 6)" }
        for (index, recognizer) in storage.value.engaged.enumerated() {
            let name = recognizer.logName
            if storage.value.engaged.firstIndex(where: { $0 === recognizer }) != index {
                return "\(name) is engaged twice"
            }
            if recognizer.arena !== self { return "engaged \(name) does not name the arena" }
            if !recognizer.isRecorded(in: recognizerRecords) { return "engaged \(name)'s record is not the arena's" }
            if recognizer.record.status.isFinal { return "engaged \(name) is \(recognizer.record.status.publicState) after step 6" }
            if recognizer.record.isDetaching || recognizer.record.isLeavingEngaged { return "engaged \(name) is half detached" }
            if !recognizer.record.changedTouches.isEmpty { return "\(name)'s changed touches were not emptied" }
            if recognizer.record.isQueued != storage.value.resolution.queued.contains(where: { $0 === recognizer }) {
                return "\(name) says isQueued \(recognizer.record.isQueued), the queue disagrees"
            }
        }
        for recognizer in storage.value.resolution.queued
        where !storage.value.engaged.contains(where: { $0 === recognizer }) {
            return "resolution.queued \(recognizer.logName) is not engaged"
        }
        for recognizer in storage.value.resolution.pending {
            guard storage.value.engaged.contains(where: { $0 === recognizer }) else {
                return "waiting \(recognizer.logName) is not engaged"
            }
            guard case .pending = recognizer.record.status else { return "waiting \(recognizer.logName) is not resolution.pending" }
        }
        for touch in storage.value.viewDelivery.heldTouches {
            if touch.record.isInEvent { return "held touch \(touch.id) is still in the event" }
            if !touch.record.route.isWithheld { return "held touch \(touch.id) has no withheld phase" }
        }
        return nil
    }
}

extension TouchDispatcher {
    /// The first invariant of the dispatcher's records (then the arena's) that does not hold, or `nil`: one line
    /// per concern — every followed touch is found by its contact (``FollowedTouches``); no window routing of a
    /// frame is left (``WindowRouting``); every touch kept for reuse was released (``TouchPool``); no effect of the
    /// arena is left unperformed and step 5's touch set is empty (``EffectPerformance``) — then every touch of the
    /// event is in it, recorded in the dispatcher's table and has not ended (step 6 removed those).
    func invariantViolation() -> String? {
        if !storage.value.followed.isConsistent { return "touches by contact and followed touches differ" }
        if !storage.value.routing.isIdle { return "the frame's window routing was not finished" }
        if !storage.value.pool.isIdle { return "a touch kept for reuse was not released" }
        if !storage.value.performing.isIdle { return "the arena's effects were not all performed" }
        for touch in event.storage.value.touchList {
            if !touch.isRecorded(in: touchRecords) { return "touch \(touch.id)'s record is not in the dispatcher's table" }
            if !touch.record.isInEvent { return "touch \(touch.id) of the event says it is not in it" }
            if !touch.record.route.isBound { return "touch \(touch.id) of the event has no route to a view" }
            if touch.record.pendingDetachments != 0 { return "touch \(touch.id) still lists reset recognizers" }
            if touch.phase.isFinal { return "touch \(touch.id) is still in the event after its \(touch.phase)" }
        }
        return arena.invariantViolation()
    }

    /// Stops the process when an invariant of the records does not hold (debug builds call it after every input).
    func checkInvariants() {
        if let violation = invariantViolation() { preconditionFailure("Tactile runtime invariant: \(violation)") }
    }
}
