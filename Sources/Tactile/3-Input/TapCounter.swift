/// Counts taps for ``Touch/tapCount`` (spec §2.6).
///
/// A touch that begins gets one more than the previous tap's count when the most recent touch that
/// **ended** lifted at most ``interval`` before, and the new touch begins within ``radius`` of where that
/// one began; otherwise 1. Cancelled touches are not taps: they neither count nor reset the counter.
/// Positions are in screen points.
struct TapCounter {
    /// The longest time from a lift to the next touch-down that continues a tap sequence (`TAPCOUNT_INTERVAL`).
    var interval: Duration
    /// The farthest distance, in points, between two touch-downs of one tap sequence (`TAPCOUNT_RADIUS`).
    var radius: Double

    /// What the counter remembers.
    enum State {
        /// No touch has ended yet.
        ///
        /// Can transition to: ``lastTap(beganAt:endedAt:tapCount:)``.
        case noTap
        /// The most recent touch that ended: where it began, when it ended and its tap count.
        ///
        /// Can transition to: ``lastTap(beganAt:endedAt:tapCount:)`` (a newer tap).
        case lastTap(beganAt: Point, endedAt: Timestamp, tapCount: Int)
    }

    /// The counter's state.
    private(set) var state: State = .noTap

    /// Creates a counter.
    init(interval: Duration, radius: Double) {
        self.interval = interval
        self.radius = radius
    }

    /// The tap count of a touch that begins at `location` at `time`.
    func tapCount(forTouchBeganAt location: Point, at time: Timestamp) -> Int {
        switch state {
        case .noTap:
            return 1
        case .lastTap(let beganAt, let endedAt, let tapCount):
            let elapsed = time - endedAt
            guard elapsed >= .zero, elapsed <= interval, location.distance(to: beganAt) <= radius else { return 1 }
            return tapCount + 1
        }
    }

    /// Remembers a touch that ended (lifted, not cancelled) at `time`.
    mutating func touchEnded(beganAt location: Point, tapCount: Int, at time: Timestamp) {
        state = .lastTap(beganAt: location, endedAt: time, tapCount: tapCount)
    }
}
