/// What holds of the arena's records between two inputs, checked after every input in debug builds
/// (``Application``'s input loop, as swift-nio's `CircularBuffer` checks its own after each mutation) and by tests.
extension GestureArena {
    /// The first invariant that does not hold, described, or `nil` when all hold:
    /// - the per-dispatch lists are empty: step 3's receivers and each engaged recognizer's changed touches,
    ///   step 4's processing list and progress (no pass, no commit half done), the claims' lists, step 6's finished
    ///   and detaching lists;
    /// - each engaged recognizer is listed once, names this arena, is not final (step 6 reset it), is not half
    ///   detached, and is listed in ``queued`` exactly when it says so (``RecognizerRecord/isQueued``);
    /// - each waiting recognizer is engaged and its status is `pending`;
    /// - each held touch has left the event and still has a withheld phase.
    func invariantViolation() -> String? {
        if !receivers.isEmpty { return "step 3's receivers were not emptied" }
        if !processing.isEmpty { return "step 4's processing list was not emptied" }
        if !finished.isEmpty { return "finished recognizers were not reset (step 6)" }
        if !detaching.isEmpty || !detachingTouches.isEmpty { return "step 6's detaching lists were not emptied" }
        if !progress.isIdle || commitTail != nil { return "step 4 stopped half way (a pass or a commit not finished)" }
        if !claimedTouches.isEmpty || !claimedViews.isEmpty || !receivingViews.isEmpty {
            return "the lists of claims and views receiving touches were not emptied"
        }
        for (index, recognizer) in engaged.enumerated() {
            let name = recognizer.logName
            if engaged.firstIndex(where: { $0 === recognizer }) != index { return "\(name) is engaged twice" }
            if recognizer.arena !== self { return "engaged \(name) does not name the arena" }
            if !recognizer.isRecorded(in: recognizerRecords) { return "engaged \(name)'s record is not the arena's" }
            if recognizer.record.status.isFinal { return "engaged \(name) is \(recognizer.record.status.publicState) after step 6" }
            if recognizer.record.isDetaching || recognizer.record.isLeavingEngaged { return "engaged \(name) is half detached" }
            if !recognizer.record.changedTouches.isEmpty { return "\(name)'s changed touches were not emptied" }
            if recognizer.record.isQueued != queued.contains(where: { $0 === recognizer }) {
                return "\(name) says isQueued \(recognizer.record.isQueued), the queue disagrees"
            }
        }
        for recognizer in queued where !engaged.contains(where: { $0 === recognizer }) {
            return "queued \(recognizer.logName) is not engaged"
        }
        for recognizer in pending {
            guard engaged.contains(where: { $0 === recognizer }) else { return "waiting \(recognizer.logName) is not engaged" }
            guard case .pending = recognizer.record.status else { return "waiting \(recognizer.logName) is not pending" }
        }
        for touch in heldTouches {
            if touch.record.isInEvent { return "held touch \(touch.id) is still in the event" }
            if !touch.record.route.isWithheld { return "held touch \(touch.id) has no withheld phase" }
        }
        return nil
    }
}

extension TouchDispatcher {
    /// The first invariant of the dispatcher's records (then the arena's) that does not hold, or `nil`:
    /// every followed touch is found by its contact; every touch of the event is in it and has not ended (step 6
    /// removed those); no window list of a frame is left; every retired touch was released; no effect of the
    /// arena is left unperformed and step 5's touch set is empty.
    func invariantViolation() -> String? {
        if touchesByContactCount != followedTouchCount { return "touches by contact and followed touches differ" }
        for touch in event.touchList {
            if !touch.isRecorded(in: touchRecords) { return "touch \(touch.id)'s record is not in the dispatcher's table" }
            if !touch.record.isInEvent { return "touch \(touch.id) of the event says it is not in it" }
            if !touch.record.route.isBound { return "touch \(touch.id) of the event has no route to a view" }
            if touch.record.pendingDetachments != 0 { return "touch \(touch.id) still lists reset recognizers" }
            if touch.phase.isFinal { return "touch \(touch.id) is still in the event after its \(touch.phase)" }
        }
        if !eventWindows.isEmpty { return "the frame's window list was not emptied" }
        if let touch = firstUnreleasedRetiredTouch { return "retired touch \(touch.id) was not released" }
        if !hasNoEffectsLeft { return "the arena's effects were not all performed" }
        return arena.invariantViolation()
    }

    /// Stops the process when an invariant of the records does not hold (debug builds call it after every input).
    func checkInvariants() {
        if let violation = invariantViolation() { preconditionFailure("Tactile runtime invariant: \(violation)") }
    }
}
