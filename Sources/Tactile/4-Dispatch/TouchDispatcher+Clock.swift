/// The dispatcher's clock and deadlines: time comes only from inputs (frames, ``advance(to:)``) and never runs
/// backwards; a deadline that passes is a timer dispatch of its own (spec §4.2, §5.14).
extension TouchDispatcher {
    /// The clock: the time of the latest frame, deadline or advance; `nil` before any input. Kept by the
    /// recorder, which stamps log entries with it.
    private(set) var clock: Timestamp? {
        get { recorder.storage.value.clock }
        set { recorder.storage.value.clock = newValue }
    }

    /// Runs every deadline due at or before `time`, then moves the clock to `time` (never backwards).
    func advance(to time: Timestamp) {
        runDeadlines(through: time)
        if clock.map({ time > $0 }) ?? true { clock = time }
    }

    /// Adds a deadline for `owner`.
    func scheduleDeadline(at time: Timestamp, for owner: any DeadlineTarget) -> DeadlineToken {
        storage.value.deadlines.schedule(at: time, for: owner)
    }

    /// Removes a deadline.
    func cancelDeadline(_ token: DeadlineToken) -> Bool {
        storage.value.deadlines.cancel(token)
    }

    /// Sets the clock for input stamped `time` and returns the dispatch time: `time`, or the clock when
    /// `time` is earlier (logged as a diagnostic), so that time never runs backwards.
    func startClock(at time: Timestamp) -> Timestamp {
        if let clock, time < clock {
            recorder.log(.inputDiagnostic(.timeWentBackwards(frame: time, clock: clock)))
            return clock
        }
        clock = time
        return time
    }

    /// Runs the deadlines due at or before `time`, each as a timer dispatch (spec §4.2, §5.14): the deadline's
    /// owner is told, then steps 4–6 run.
    func runDeadlines(through time: Timestamp) {
        while let entry = storage.value.deadlines.popDue(atOrBefore: time) {
            let due = startClock(atDeadline: entry.due)
            event.storage.value.dispatchSerial &+= 1
            event.timestamp = due
            recorder.log(.deadline(owner: entry.owner.logName))
            entry.owner.deadlinePassed(entry.token, in: event)
            finishDispatch()
        }
    }

    /// The clock for a deadline: a deadline scheduled in the past runs at the clock's time.
    private func startClock(atDeadline due: Timestamp) -> Timestamp {
        if let clock, due < clock { return clock }
        clock = due
        return due
    }
}
