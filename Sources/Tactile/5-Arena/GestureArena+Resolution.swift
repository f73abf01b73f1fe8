extension GestureArena {
    /// How a required recognizer stands for one that waits on it (spec §5.12).
    enum RequirementStanding {
        /// Failed or cancelled, or not taking part (no touch since its reset): the requirement is met.
        case failed
        /// Began, changed or recognized: the waiting recognizer fails.
        case recognized
        /// Still possible (or itself waiting): keep waiting.
        case undecided
    }

    /// What the failure requirements of an attempt say (spec §5.12).
    enum RequirementCheck {
        /// Every recognizer it requires failed or is not taking part: it may commit.
        case met
        /// A recognizer it requires began or recognized (the first found): it fails.
        case recognized(GestureRecognizer)
        /// It waits for `waitingFor` (still undecided); `ignoredCycles` are the undecided ones whose edge would
        /// close a cycle and is ignored (spec §5.12 rule 7).
        case undecided(waitingFor: [GestureRecognizer], ignoredCycles: [GestureRecognizer])
    }

    /// A commit's remaining work (``finishCommit(_:into:)``), run when resolution resumes after its effects.
    struct CommitTail {
        let recognizer: GestureRecognizer
        let target: GestureRecognizer.Target
        let endedWhileWaiting: Delivery.RecognizerReason?
    }

    /// Where step 4 stands between two calls of ``resolve(into:)``: it stops after each effect and resumes here
    /// (with ``commitTail``). Plain values only, so that reading it copies no reference.
    struct ResolutionProgress {
        /// A pass over the queued requests is under way (``startPass(_:)``): ``processing`` holds its recognizers.
        var isPassing = false
        /// The index in ``processing`` of the next recognizer whose requests the pass applies.
        var nextRecognizer = 0
        /// The index of the next request of the recognizer being processed (the one before ``nextRecognizer``),
        /// or `nil` between two recognizers.
        var nextRequest: Int?
        /// Passes and settlements in the current step 4 (``resolutionRoundLimit``).
        var rounds = 0

        /// Whether no pass is under way and no round counted (between two inputs, always).
        var isIdle: Bool { !isPassing && rounds == 0 }
    }

    // MARK: Step 4

    /// Step 4: processes every requested state change, in the order of spec §5.13, and commits or fails the
    /// recognizers that wait for failure requirements, until nothing changes; then claims the touches that just
    /// joined a recognizing recognizer (spec §5.7 rule 4).
    ///
    /// What reaches code outside the arena — touches cancelled in their views, action messages, touches leaving
    /// the pipeline — is appended to `effects` for the dispatcher to perform (``ArenaEffect``). Resolution stops
    /// as soon as it appended one and returns `false`: the dispatcher performs them, then calls again, and
    /// resolution resumes where it stopped (``ResolutionProgress``), so that what the application's code did in
    /// them (a request, a new requirement) is seen by the next decision exactly as if it had been called in
    /// place. Returns `true` once nothing changes any more (`effects` is then empty).
    func resolve(into effects: inout ArenaEffects) -> Bool {
        // The usual call: nothing requested, nothing waiting, nothing under way.
        if storage.value.resolution.queued.isEmpty, storage.value.resolution.pending.isEmpty, storage.value.resolution.progress.isIdle,
            storage.value.resolution.commitTail == nil {
            claimJoiningTouches()
            return true
        }
        #if DEBUG
        storage.value.resolution.isDeciding = true
        defer { storage.value.resolution.isDeciding = false }
        #endif
        // Kept in a local while resolution runs (nothing it calls reads it) and stored on the way out.
        var position = storage.value.resolution.progress
        defer { storage.value.resolution.progress = position }
        while true {
            if let tail = storage.value.resolution.commitTail.take() {
                finishCommit(tail, into: &effects)
            } else if position.isPassing {
                continuePass(&position, into: &effects)
            } else {
                guard position.rounds < Self.resolutionRoundLimit else { break }
                position.rounds += 1
                if !storage.value.resolution.queued.isEmpty {
                    startPass(&position)
                } else if !settlePending(into: &effects) {
                    break
                }
            }
            if !effects.isEmpty { return false }
        }
        position.rounds = 0
        claimJoiningTouches()
        return true
    }

    /// The most passes over the queued requests (and settlements of waiting recognizers) in one step 4: a guard
    /// against application code that requests state changes forever from its actions.
    static let resolutionRoundLimit = 100_000

    /// Starts a pass over the queued requests: recognizers in spec §5.13 order, each one's requests oldest first.
    private func startPass(_ position: inout ResolutionProgress) {
        // Exchanged through a local (no allocation): one field of the arena's record at a time, as its cell's
        // debug check requires (UncheckedCell, rule 2).
        var list: [GestureRecognizer] = []
        swap(&list, &storage.value.resolution.queued)
        swap(&list, &storage.value.resolution.processing)
        swap(&list, &storage.value.resolution.queued)
        UnretainedList.forEach(in: storage.value.resolution.processing) { recognizer in
            recognizer.record.isQueued = false
            updateOrderKeys(recognizer)
        }
        sortByOrder(&storage.value.resolution.processing)
        position.isPassing = true
        position.nextRecognizer = 0
        position.nextRequest = nil
    }

    /// Applies the pass's requests (``startPass(_:)``) from where it stands — each recognizer's, oldest first, then
    /// the next recognizer's — until one appended effects (it stops there) or the pass ends.
    private func continuePass(_ position: inout ResolutionProgress, into effects: inout ArenaEffects) {
        while true {
            if position.nextRequest == nil {
                guard position.nextRecognizer < storage.value.resolution.processing.count else {
                    storage.value.resolution.processing.empty()
                    position.isPassing = false
                    return
                }
                bringUnpreventedAttemptForward(to: position.nextRecognizer)
                // From here on the recognizer reads its committed state (its actions observe it, spec §5.3); a
                // request made meanwhile reads back again.
                storage.value.resolution.processing[position.nextRecognizer].record.requestedState = nil
                position.nextRecognizer += 1
                position.nextRequest = 0
            }
            let recognizer = storage.value.resolution.processing[position.nextRecognizer - 1]
            while let next = position.nextRequest {
                // Requests its own actions made while it was being processed are applied in this pass too.
                guard next < recognizer.record.requests.count else {
                    recognizer.record.requests.empty()
                    position.nextRequest = nil
                    break
                }
                position.nextRequest = next + 1
                apply(recognizer.record.requests[next], to: recognizer, into: &effects)
                if !effects.isEmpty { return }
            }
        }
    }

    /// Spec §5.13 rule 1: among the recognizers still to process from `start`, an attempt that another attempt
    /// can prevent — without being able to prevent that one — waits until that one went. Moves the first
    /// recognizer not so prevented to `start` (keeping the others' order); with a cycle, nothing moves.
    private func bringUnpreventedAttemptForward(to start: Int) {
        guard storage.value.resolution.processing.count - start > 1 else { return }
        for candidate in start..<storage.value.resolution.processing.count {
            let recognizer = storage.value.resolution.processing[candidate]
            var isPrevented = false
            if isAttempting(recognizer) {
                for other in start..<storage.value.resolution.processing.count where other != candidate {
                    let rival = storage.value.resolution.processing[other]
                    if isAttempting(rival), interacts(rival, recognizer), blocks(rival, recognizer),
                        !blocks(recognizer, rival)
                    {
                        isPrevented = true
                        break
                    }
                }
            }
            guard !isPrevented else { continue }
            if candidate != start {
                storage.value.resolution.processing.remove(at: candidate)
                storage.value.resolution.processing.insert(recognizer, at: start)
            }
            return
        }
    }

    /// Whether `recognizer` is `possible` and its first request tries to leave it.
    private func isAttempting(_ recognizer: GestureRecognizer) -> Bool {
        guard case .possible = recognizer.record.status, let first = recognizer.record.requests.first else { return false }
        switch first.state {
        case .began, .changed, .ended: return true
        case .possible, .cancelled, .failed: return false
        }
    }

    /// Applies one requested state change (spec §5.2), coercing illegal ones.
    private func apply(
        _ request: GestureRecognizer.Request, to recognizer: GestureRecognizer, into effects: inout ArenaEffects
    ) {
        let requested = request.state
        switch recognizer.record.status {
        case .possible:
            switch requested {
            case .possible: break
            case .began:
                attempt(recognizer, .began, reason: request.reason, isGated: request.isGated, into: &effects)
            case .ended:
                attempt(recognizer, .recognized, reason: request.reason, isGated: request.isGated, into: &effects)
            case .changed:
                illegal(recognizer, requested, applied: .began)
                attempt(recognizer, .began, reason: request.reason, isGated: request.isGated, into: &effects)
            case .failed: fail(recognizer, request.reason)
            case .cancelled:
                illegal(recognizer, requested, applied: .failed)
                fail(recognizer, request.reason)
            }
        case .pending(var waiting):
            switch requested {
            case .possible, .began, .changed:
                break  // a waiting gesture keeps following its touches; it has sent nothing yet
            case .ended:
                if waiting.target == .began, waiting.endedWhileWaiting == nil {
                    waiting.endedWhileWaiting = request.reason
                    recognizer.record.status = .pending(waiting)
                }
            case .failed, .cancelled:
                fail(recognizer, request.reason)
            }
        case .began, .changed:
            switch requested {
            case .changed, .ended, .cancelled:
                transition(recognizer, to: requested, reason: request.reason, into: &effects)
            case .began:
                illegal(recognizer, requested, applied: .changed)
                transition(recognizer, to: .changed, reason: request.reason, into: &effects)
            case .failed:
                illegal(recognizer, requested, applied: .cancelled)
                transition(recognizer, to: .cancelled, reason: request.reason, into: &effects)
            case .possible:
                illegal(recognizer, requested, applied: nil)
            }
        case .ended, .cancelled, .failed:
            break  // spec §5.2: requests in a final state are ignored until the reset
        }
    }

    /// Records and reports an illegal request, and what is done instead.
    private func illegal(
        _ recognizer: GestureRecognizer, _ requested: GestureRecognizer.State, applied: Delivery.RecognizerState?
    ) {
        let from = recognizer.logState
        let asked: Delivery.RecognizerState = switch requested {
        case .possible: .possible
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        case .failed: .failed
        }
        log(.arena(.coerced(recognizer: recognizer.logName, requested: asked, from: from, applied: applied)))
        recognizer.reportIllegalTransition(from: from, to: requested, applied: applied)
    }

    // MARK: Leaving possible

    /// An attempt to leave `possible` (spec §5.10): gates, then failure requirements (wait or fail), then
    /// exclusion by active recognizers, then the commit.
    private func attempt(
        _ recognizer: GestureRecognizer, _ target: GestureRecognizer.Target, reason: Delivery.RecognizerReason,
        isGated: Bool, into effects: inout ArenaEffects
    ) {
        if !isGated, let veto = gate(recognizer) {
            fail(recognizer, veto)
            return
        }
        switch checkRequirements(of: recognizer, ignoringCycles: []) {
        case .met:
            break
        case .recognized(let required):
            fail(recognizer, .requiredRecognized(required.logName))
            return
        case .undecided(let waitingFor, let ignored):
            recognizer.record.status = .pending(.init(
                target: target, waitingFor: waitingFor, ignoredCycles: ignored, reason: reason, endedWhileWaiting: nil))
            storage.value.resolution.pending.append(recognizer)
            log(.arena(.waits(recognizer: recognizer.logName, for: waitingFor.map(\.logName), reason: reason)))
            return
        }
        if let blocker = activeBlocker(of: recognizer) {
            fail(recognizer, .excluded(by: blocker.logName))
            return
        }
        commit(recognizer, target, reason: reason, endedWhileWaiting: nil, into: &effects)
    }

    /// Evaluates the failure requirements of `recognizer` now (spec §5.12): its static requirements, then the
    /// dynamic ones of subclasses and delegates among the recognizers taking part. An undecided requirement whose
    /// edge would close a cycle is ignored — logged once per attempt: edges in `known` were logged already.
    private func checkRequirements(
        of recognizer: GestureRecognizer, ignoringCycles known: [GestureRecognizer]
    ) -> RequirementCheck {
        var waitingFor = storage.value.resolution.spareWaitLists.popLast() ?? []
        var ignored: [GestureRecognizer] = []
        var recognizedRequirement: GestureRecognizer?
        forEachRequirement(of: recognizer) { required in
            switch standing(of: required) {
            case .failed:
                break
            case .recognized:
                if recognizedRequirement == nil { recognizedRequirement = required }
            case .undecided:
                if let cycle = waitCycle(from: required, to: recognizer) {
                    ignored.append(required)
                    if !known.containsElement(where: { $0 === required }) {
                        log(.arena(.requirementCycleIgnored(
                            dependent: recognizer.logName, required: required.logName, cycle: cycle)))
                    }
                } else {
                    waitingFor.append(required)
                }
            }
        }
        if let required = recognizedRequirement { return .recognized(required) }
        guard !waitingFor.isEmpty else {
            recycleWaitList(&waitingFor)
            return .met
        }
        return .undecided(waitingFor: waitingFor, ignoredCycles: ignored)
    }

    /// Keeps the storage of a list of recognizers waited for (``checkRequirements(of:ignoringCycles:)``) for the
    /// next wait, emptied, when it has room and no one else holds it.
    private func recycleWaitList(_ list: inout [GestureRecognizer]) {
        guard list.capacity > 0, storage.value.resolution.spareWaitLists.count < Self.spareWaitListLimit else { return }
        list.empty()
        storage.value.resolution.spareWaitLists.append(list)
        list = []
    }

    /// Spec §5.10 rules 1–2: the delegate, then the recognizer's own view (UIKit asks the view a recognizer is
    /// attached to, so a view subclass can veto its own recognizers), then every view between a touch's view and
    /// the recognizer's view (spec §4.5), then the recognizer's own arena hook (a scroll view's content touches);
    /// the reason to fail, or `nil`. Views that answer `true` without running the application's code (of class
    /// ``View`` or ``Window`` exactly) are not asked, and the path is walked once per touch for every gate while
    /// the tree does not change (``GatePaths``): n recognizers on a path n deep are gated in O(n).
    func gate(_ recognizer: GestureRecognizer) -> Delivery.RecognizerReason? {
        storage.value.touchDelivery.sampleEpoch &+= 1  // the delegate and the views may move views
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            return .delegateDeclined
        }
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
            return .viewDeclined(view.logName)
        }
        for touch in recognizer.storage.value.trackedTouches {
            var current = touch.record.route.hitView ?? touch.releasedHitView
            if let start = current {
                // The views that may refuse, from the path walked once (see ``GatePaths``).
                switch gatePaths.askVetoers(from: start, for: recognizer) {
                case .allowed: continue
                case .declined(let view): return .viewDeclined(view.logName)
                case .changed(let view): current = view.superview
                }
            }
            while let view = current, view !== recognizer.view {
                if !view.gestureRecognizerShouldBegin(recognizer) { return .viewDeclined(view.logName) }
                current = view.superview
            }
        }
        return recognizer.arenaVeto()
    }

    /// Commits `recognizer` (spec §5.11 rule 1, §5.12 rule 4): the new state, then its touches cancelled in
    /// their views, then its action — both effects, after which resolution stops — then (``finishCommit(_:into:)``,
    /// when resolution resumes) the recognizers requiring it to fail and those it excludes fail.
    private func commit(
        _ recognizer: GestureRecognizer, _ target: GestureRecognizer.Target, reason: Delivery.RecognizerReason,
        endedWhileWaiting: Delivery.RecognizerReason?, into effects: inout ArenaEffects
    ) {
        let from = recognizer.logState
        recognizer.record.committedInDispatch = serial
        switch target {
        case .began:
            recognizer.record.status = .began
            recognizer.record.hasBegun = true
        case .recognized:
            recognizer.record.status = .ended
            recognizer.record.hasBegun = false
            storage.value.cleanup.finished.append(recognizer)
        }
        log(.recognizerState(recognizer: recognizer.logName, from: from, to: recognizer.logState, reason: reason))
        claimTouches(of: recognizer, into: &effects)
        effects.sendActions(of: recognizer)
        assert(storage.value.resolution.commitTail == nil, "a commit's tail is still to run")
        storage.value.resolution.commitTail = CommitTail(
            recognizer: recognizer, target: target, endedWhileWaiting: endedWhileWaiting)
    }

    /// The rest of a commit, once its touches were cancelled in their views and its action sent: the recognizers
    /// requiring it to fail fail (spec §5.12 rule 2), then those it excludes (spec §5.11 rule 1); a gesture that
    /// ended while it waited for its requirements ends now (spec §5.12 rule 4).
    private func finishCommit(_ tail: CommitTail, into effects: inout ArenaEffects) {
        let recognizer = tail.recognizer
        failDependents(of: recognizer)
        exclude(by: recognizer)
        if tail.target == .began, let endReason = tail.endedWhileWaiting, recognizer.record.status.isActive {
            transition(recognizer, to: .ended, reason: endReason, into: &effects)
        }
    }

    /// A transition of a recognizing gesture (`changed`, `ended`, `cancelled`), with its action (an effect).
    private func transition(
        _ recognizer: GestureRecognizer, to state: GestureRecognizer.State, reason: Delivery.RecognizerReason,
        into effects: inout ArenaEffects
    ) {
        let from = recognizer.logState
        switch state {
        case .changed: recognizer.record.status = .changed
        case .ended: recognizer.record.status = .ended
        case .cancelled: recognizer.record.status = .cancelled
        case .possible, .began, .failed: preconditionFailure("not a transition of a recognizing gesture")
        }
        if recognizer.record.status.isFinal { storage.value.cleanup.finished.append(recognizer) }
        log(.recognizerState(recognizer: recognizer.logName, from: from, to: recognizer.logState, reason: reason))
        effects.sendActions(of: recognizer)
    }

    /// Fails `recognizer` (no action).
    private func fail(_ recognizer: GestureRecognizer, _ reason: Delivery.RecognizerReason) {
        var waitedFor: [GestureRecognizer] = []
        if case .pending(let waiting) = recognizer.record.status {
            storage.value.resolution.pending.removeElements { $0 === recognizer }
            waitedFor = waiting.waitingFor
        }
        let from = recognizer.logState
        recognizer.record.status = .failed
        recycleWaitList(&waitedFor)
        storage.value.cleanup.finished.append(recognizer)
        log(.recognizerState(recognizer: recognizer.logName, from: from, to: .failed, reason: reason))
    }

    // MARK: Failure requirements (spec §5.12)

    /// Calls `body` with each recognizer `recognizer` requires to fail for this attempt: its static requirements,
    /// then every other taking part that a subclass method or a delegate makes a requirement.
    private func forEachRequirement(of recognizer: GestureRecognizer, _ body: (GestureRecognizer) -> Void) {
        for edge in recognizer.storage.value.failureRequirements {
            if let required = edge.recognizer, required !== recognizer { body(required) }
        }
        for other in storage.value.engaged
        where other !== recognizer && isDynamicRequirement(of: recognizer, on: other) {
            if !recognizer.storage.value.failureRequirements.containsElement(where: { $0.recognizer === other }) {
                body(other)
            }
        }
    }

    /// Whether `dependent` requires `other` to fail through the subclass methods or the delegates.
    private func isDynamicRequirement(of dependent: GestureRecognizer, on other: GestureRecognizer) -> Bool {
        dependent.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: dependent)
            || dependent.delegate?.gestureRecognizer(dependent, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: dependent) == true
    }

    /// Whether `dependent` requires `other` to fail: statically, while waiting, or dynamically.
    private func requires(_ dependent: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        if dependent.storage.value.failureRequirements.containsElement(where: { $0.recognizer === other }) {
            return true
        }
        if case .pending(let waiting) = dependent.record.status,
           waiting.waitingFor.containsElement(where: { $0 === other }) {
            return true
        }
        return isDynamicRequirement(of: dependent, on: other)
    }

    /// How `required` stands (a cancelled recognizer, and one not taking part, count as failed: spec §5.12
    /// rule 6).
    private func standing(of required: GestureRecognizer) -> RequirementStanding {
        guard required.arena === self else { return .failed }
        switch required.record.status {
        case .failed, .cancelled: return .failed
        case .began, .changed, .ended: return .recognized
        case .possible, .pending: return .undecided
        }
    }

    /// The cycle closed if `recognizer` waited for `required`: `required` already waits, directly or through
    /// others, for `recognizer` (spec §5.12 rule 7, for requirements made by subclasses and delegates). Returns
    /// the names around it, or `nil`.
    private func waitCycle(from required: GestureRecognizer, to recognizer: GestureRecognizer) -> [String]? {
        // A set, not a list: a chain of n waiting recognizers is searched in O(n), not O(n²).
        var visited = Set<ObjectIdentifier>()
        func path(from node: GestureRecognizer) -> [String]? {
            if node === recognizer { return [node.logName] }
            guard case .pending(let waiting) = node.record.status, visited.insert(ObjectIdentifier(node)).inserted else {
                return nil
            }
            for next in waiting.waitingFor {
                if let rest = path(from: next) { return [node.logName] + rest }
            }
            return nil
        }
        return path(from: required).map { [recognizer.logName] + $0 }
    }

    /// Re-examines the waiting recognizers (spec §5.12 rules 2, 4): fails one whose requirement recognized,
    /// commits (or excludes) one whose requirements all failed — evaluated again at that point, so that one it
    /// requires that joined after its attempt is waited for too. Returns whether one changed; the caller loops.
    private func settlePending(into effects: inout ArenaEffects) -> Bool {
        guard !storage.value.resolution.pending.isEmpty else { return false }
        for recognizer in storage.value.resolution.pending { updateOrderKeys(recognizer) }
        sortByOrder(&storage.value.resolution.pending)
        for index in storage.value.resolution.pending.indices {
            let recognizer = storage.value.resolution.pending[index]
            guard case .pending(var waiting) = recognizer.record.status else { continue }
            var isUndecided = false
            var recognizedRequirement: GestureRecognizer?
            for required in waiting.waitingFor {
                switch standing(of: required) {
                case .failed: continue
                case .recognized: recognizedRequirement = required
                case .undecided: isUndecided = true
                }
                if recognizedRequirement != nil { break }
            }
            if let required = recognizedRequirement {
                fail(recognizer, .requiredRecognized(required.logName))
                return true
            }
            if isUndecided { continue }
            // Those it waited for failed; the others it requires are asked again before it commits: one may have
            // joined since the attempt (a recognizer reset earlier in the sequence that took a new touch, a
            // requirement added meanwhile) and must fail first too (spec §5.12 rule 1).
            switch checkRequirements(of: recognizer, ignoringCycles: waiting.ignoredCycles) {
            case .met:
                break
            case .recognized(let required):
                fail(recognizer, .requiredRecognized(required.logName))
                return true
            case .undecided(let more, let ignored):
                var extended = waiting
                for required in more where !extended.waitingFor.containsElement(where: { $0 === required }) {
                    extended.waitingFor.append(required)
                }
                extended.ignoredCycles = ignored
                recognizer.record.status = .pending(extended)
                log(.arena(.waits(
                    recognizer: recognizer.logName, for: more.map(\.logName), reason: waiting.reason)))
                continue
            }
            storage.value.resolution.pending.remove(at: index)
            recognizer.record.status = .possible
            if let blocker = activeBlocker(of: recognizer) {
                fail(recognizer, .excluded(by: blocker.logName))
            } else {
                // One name (the usual case) needs no list of names.
                let names = waiting.waitingFor.count == 1
                    ? waiting.waitingFor[0].logName : Delivery.list(waiting.waitingFor.map(\.logName))
                recognizer.willCommitAfterWaiting()
                commit(recognizer, waiting.target, reason: .requirementFailed(names),
                       endedWhileWaiting: waiting.endedWhileWaiting, into: &effects)
            }
            var waitedFor = waiting.waitingFor
            waiting.waitingFor = []
            recycleWaitList(&waitedFor)
            return true
        }
        return false
    }

    /// Fails every undecided recognizer that requires `recognized` to fail (spec §5.12 rule 2).
    private func failDependents(of recognized: GestureRecognizer) {
        var reason: Delivery.RecognizerReason?  // built once, for the first that fails
        for other in storage.value.engaged
        where other !== recognized && other.record.status.isUndecided && requires(other, recognized) {
            let required = reason ?? .requiredRecognized(recognized.logName)
            reason = required
            fail(other, required)
        }
    }

    // MARK: Exclusion (spec §5.11)

    /// Whether `x` prevents `y` when they share a touch: `x.canPrevent(y)`, `y.canBePrevented(by: x)`, and
    /// neither delegate allows them together.
    func blocks(_ x: GestureRecognizer, _ y: GestureRecognizer) -> Bool {
        x.canPrevent(y) && y.canBePrevented(by: x)
            && x.delegate?.gestureRecognizer(x, shouldRecognizeSimultaneouslyWith: y) != true
            && y.delegate?.gestureRecognizer(y, shouldRecognizeSimultaneouslyWith: x) != true
    }

    /// Whether `x` and `y` share a touch of the current event.
    func interacts(_ x: GestureRecognizer, _ y: GestureRecognizer) -> Bool {
        for touch in x.storage.value.trackedTouches where touch.record.isInEvent {
            if y.storage.value.trackedTouches.containsElement(where: { $0 === touch }) { return true }
        }
        return false
    }

    /// Spec §5.11 rule 2: a recognizer sharing a touch with `recognizer` that is recognizing (`began`,
    /// `changed`, or recognized or ended in this dispatch) and prevents it.
    private func activeBlocker(of recognizer: GestureRecognizer) -> GestureRecognizer? {
        for other in storage.value.engaged where other !== recognizer {
            let isRecognizing: Bool
            switch other.record.status {
            case .began, .changed: isRecognizing = true
            case .ended: isRecognizing = storage.value.cleanup.finished.containsElement { $0 === other }
            case .possible, .pending, .cancelled, .failed: isRecognizing = false
            }
            if isRecognizing, interacts(other, recognizer), blocks(other, recognizer) { return other }
        }
        return nil
    }

    /// Spec §5.11 rule 1: fails every undecided recognizer sharing a touch with `winner` that it prevents.
    /// Recognizers already recognizing are never cancelled by another's commit (rule 3).
    private func exclude(by winner: GestureRecognizer) {
        var reason: Delivery.RecognizerReason?  // built once, for the first that fails
        for other in storage.value.engaged where other !== winner && other.record.status.isUndecided {
            guard interacts(winner, other), blocks(winner, other) else { continue }
            let excluded = reason ?? .excluded(by: winner.logName)
            reason = excluded
            fail(other, excluded)
        }
    }
}
