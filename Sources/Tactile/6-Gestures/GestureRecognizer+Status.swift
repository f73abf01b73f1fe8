extension GestureRecognizer {
    /// What a recognizer commits to when it leaves `possible`.
    enum Target: Hashable {
        /// A continuous gesture begins.
        case began
        /// A discrete gesture is recognized (`ended` reached straight from `possible`).
        case recognized
    }

    /// A recognition attempt waiting for failure requirements (spec §5.12).
    struct Pending {
        /// What the recognizer commits to once every required recognizer failed.
        var target: Target
        /// The recognizers it waits for, decided when it attempted and extended when, once those failed, others
        /// it requires were found undecided.
        var waitingFor: [GestureRecognizer]
        /// Undecided recognizers it requires whose edge was ignored because it would close a cycle (spec §5.12
        /// rule 7), remembered so that the cycle is logged once per attempt.
        var ignoredCycles: [GestureRecognizer]
        /// Why it attempted.
        var reason: Delivery.RecognizerReason
        /// Set when a continuous gesture ended while waiting: the commit sends `began`, then `ended`.
        var endedWhileWaiting: Delivery.RecognizerReason?
    }

    /// A recognizer's standing in the arena: UIKit's states plus the hidden waiting one.
    enum Status {
        /// Evaluating touches.
        ///
        /// Can transition to: ``pending(_:)``, ``began``, ``ended`` (recognized), ``failed``.
        case possible
        /// Tried to recognize and waits for failure requirements; the public state reads `possible`.
        ///
        /// Can transition to: ``began`` (then maybe ``ended`` in the same step), ``ended`` (recognized),
        /// ``failed``.
        case pending(Pending)
        /// Can transition to: ``changed``, ``ended``, ``cancelled``.
        case began
        /// Can transition to: ``changed``, ``ended``, ``cancelled``.
        case changed
        /// Recognized or ended (final). Can transition to: ``possible`` (reset).
        case ended
        /// Final. Can transition to: ``possible`` (reset).
        case cancelled
        /// Final. Can transition to: ``possible`` (reset).
        case failed

        /// UIKit's view of it.
        var publicState: State {
            switch self {
            case .possible, .pending: .possible
            case .began: .began
            case .changed: .changed
            case .ended: .ended
            case .cancelled: .cancelled
            case .failed: .failed
            }
        }

        /// Whether the recognizer may still recognize: `possible` or waiting (what withholds touches from
        /// views, spec §5.8, §5.9).
        var isUndecided: Bool {
            switch self {
            case .possible, .pending: true
            case .began, .changed, .ended, .cancelled, .failed: false
            }
        }

        /// Whether the recognizer is recognizing a continuous gesture (`began` or `changed`).
        var isActive: Bool {
            switch self {
            case .began, .changed: true
            case .possible, .pending, .ended, .cancelled, .failed: false
            }
        }

        /// Whether the state is final (reset at the end of the dispatch).
        var isFinal: Bool { publicState.isFinal }
    }

    /// A state change asked for by the recognizer (or by disabling or removing it), processed in step 4.
    struct Request {
        var state: State
        var reason: Delivery.RecognizerReason
        /// Whether the gatekeepers of spec §5.10 (delegate, views, arena hook) already let this attempt to leave
        /// `possible` go on when it was made (so that they are asked once).
        var isGated = false
    }

    /// The state a recognizer reads back right after `requested` was asked for in `current` (spec §5.2, with
    /// the coercions of illegal requests); `isWaiting`: it waits for failure requirements (reads `possible`, and
    /// keeps doing so until the requirements settle).
    static func readBack(_ requested: State, from current: State, isWaiting: Bool) -> State {
        switch current {
        case .possible:
            switch requested {
            case .possible: .possible
            case .began, .changed: isWaiting ? .possible : .began
            case .ended: isWaiting ? .possible : .ended
            case .failed, .cancelled: .failed
            }
        case .began, .changed:
            switch requested {
            case .began, .changed: .changed
            case .ended: .ended
            case .cancelled, .failed: .cancelled
            case .possible: current
            }
        case .ended, .cancelled, .failed:
            current
        }
    }

    /// The state the delivery log shows (``Delivery/RecognizerState``).
    var logState: Delivery.RecognizerState {
        switch record.status {
        case .possible, .pending: .possible
        case .began: .began
        case .changed: .changed
        case .ended: record.hasBegun ? .ended : .recognized
        case .cancelled: .cancelled
        case .failed: .failed
        }
    }

    /// Whether the recognizer received a touch or a request since its last reset.
    var isEngaged: Bool { arena != nil }

    // MARK: Requests

    /// Queues a state change for the arena; outside a dispatch, the application settles it at once.
    ///
    /// Without an application (the view is in no application's window and the recognizer never got a touch)
    /// there is nothing to settle and the request is dropped.
    ///
    /// The new state reads back at once (``GestureRecognizer/state``), as in UIKit, where a subclass switches on
    /// `state` right after setting it: an attempt to leave `possible` asks the gatekeepers now (spec §5.10 rules
    /// 1–2: the delegate, the views) and reads `failed` when one refuses; otherwise it reads the requested state
    /// (coerced as spec §5.2 lists), or `possible` while the recognizer waits for failure requirements. What
    /// the arena decides later in the dispatch — failure requirements, exclusion, actions — is what the state
    /// reads after step 4.
    func request(_ state: State, reason: Delivery.RecognizerReason) {
        guard let arena = arena ?? view?.window?.application?.dispatcher.arena else { return }
        // Fields read one by one: a computed property of the record read through ``record`` copies the whole
        // record (its lists retained and released) in release builds, +2.6 M instructions per replay (#35).
        let current = record.requestedState ?? record.status.publicState
        let isWaiting: Bool
        if case .pending = record.status, record.requestedState == nil || record.requestedState == .possible {
            isWaiting = true
        } else {
            isWaiting = false
        }
        var request = Request(state: state, reason: reason)
        if current == .possible, !isWaiting {
            switch state {
            case .began, .changed, .ended:
                if let veto = arena.gate(self) {
                    request = Request(state: .failed, reason: veto)
                }
                request.isGated = true
            case .possible, .failed, .cancelled:
                break
            }
        }
        record.queue(request, readingBack: Self.readBack(request.state, from: current, isWaiting: isWaiting))
        arena.enqueue(self)
    }

    /// Applies a verdict of a recognition machine: the table of ``RecognitionVerdict``.
    func apply(_ verdict: RecognitionVerdict) {
        switch verdict {
        case .nothing: break
        case .ignore(let ids, let reason):
            for id in ids {
                guard let touch = storage.value.trackedTouches.firstElement(where: { $0.id == id }) else { continue }
                stopTracking(touch, reason: .recognition(reason))
            }
        case .begin(let reason): request(.began, reason: .recognition(reason))
        case .change: request(.changed, reason: .requested)
        case .recognize(let reason), .end(let reason): request(.ended, reason: .recognition(reason))
        case .cancel(let reason): request(.cancelled, reason: .recognition(reason))
        case .fail(let reason): request(.failed, reason: .recognition(reason))
        }
    }

    /// Disabling or removal (spec §5.5): cancel a recognizing gesture, fail an undecided one.
    func stopTakingPart(_ reason: Delivery.RecognizerReason) {
        guard isEngaged else { return }
        switch record.status {
        case .began, .changed: request(.cancelled, reason: reason)
        case .possible, .pending: request(.failed, reason: reason)
        case .ended, .cancelled, .failed: break
        }
    }

    /// Stops delivering `touch` to the recognizer (``ignore(_:for:)``).
    func stopTracking(_ touch: Touch, reason: Delivery.RecognizerReason) {
        guard let index = storage.value.trackedTouches.firstIndexOfElement(where: { $0 === touch }) else { return }
        storage.value.trackedTouches.remove(at: index)
        // In place, so the touch's list keeps its storage (a recognizer still detaching stays until
        // resetFinished() compacts the list; gestureRecognizers leaves it out meanwhile).
        touch.record.recognizerList.removeElements { $0 === self }
        // During step 3, the phases still to collect for this recognizer leave the touch out too.
        record.stopGathering(touch)
        arena?.log(.arena(.ignored(recognizer: logName, touches: [touch.id], reason: reason)))
    }

    /// Reports an illegal state request (spec §5.2) to the test hook, if set. The arena has already logged it
    /// (``Delivery/ArenaDecision/coerced(recognizer:requested:from:applied:)``) and coerces it: as UIKit, which
    /// tolerates such requests, it never stops the process, in debug builds either (issue 37).
    func reportIllegalTransition(from: Delivery.RecognizerState, to requested: State, applied: Delivery.RecognizerState?) {
        guard let illegalTransitionHandler else { return }
        let outcome = applied.map { "treated as \($0)" } ?? "ignored"
        illegalTransitionHandler(
            "GestureRecognizer '\(logName)': illegal state change \(from) → \(requested) (\(outcome); spec §5.2)")
    }

    // MARK: Deadlines

    /// Replaces the scheduled deadline with `time` (none for `nil`).
    func schedule(_ time: Timestamp?) {
        if record.scheduledTime == time { return }
        if record.scheduledTime != nil, let scheduled = record.unschedule() {
            scheduled.application?.cancelDeadline(scheduled.token)
        }
        guard let time, let application = arena?.application ?? view?.window?.application else { return }
        let token = application.scheduleDeadline(at: time, for: self)
        record.schedule(ScheduledDeadline(token: token, application: application), at: time)
    }

    // MARK: Failure-requirement cycles

    /// The cycle that requiring `other` to fail would close, or `nil`: a path of static requirements from
    /// `other` back to this recognizer.
    func cycle(closedByRequiring other: GestureRecognizer) -> FailureRequirementCycle? {
        if other === self { return FailureRequirementCycle(recognizers: [logName, logName]) }
        // Depth-first search over the static requirements, remembering the path.
        // A set, not a list: a chain of n requirements is searched in O(n), not O(n²).
        var visited = Set<ObjectIdentifier>()
        func path(from node: GestureRecognizer) -> [GestureRecognizer]? {
            if node === self { return [node] }
            guard visited.insert(ObjectIdentifier(node)).inserted else { return nil }
            for edge in node.storage.value.failureRequirements {
                guard let next = edge.recognizer, let rest = path(from: next) else { continue }
                return [node] + rest
            }
            return nil
        }
        guard let back = path(from: other) else { return nil }
        return FailureRequirementCycle(recognizers: [logName] + back.map(\.logName))
    }
}

extension GestureRecognizer: DeadlineTarget {
    func deadlinePassed(_ token: DeadlineToken, in event: Event) {
        guard record.deadlinePassed(token) else { return }
        machineDeadlinePassed(at: event.timestamp)
        deadlinePassed(at: event.timestamp)
    }
}

/// A failure requirement that would have closed a cycle, and was ignored (spec §5.12 rule 7).
public struct FailureRequirementCycle: Error, Hashable, Sendable, CustomStringConvertible {
    /// The recognizers around the cycle by ``GestureRecognizer/logName``: the one that called
    /// ``GestureRecognizer/require(toFail:)``, the one it named, …, and the first again.
    public var recognizers: [String]

    public var description: String {
        "failure requirement cycle " + recognizers.joined(separator: " → ") + " (the closing requirement is ignored)"
    }
}
