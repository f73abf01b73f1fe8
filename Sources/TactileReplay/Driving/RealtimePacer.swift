import Glibc
import Tactile

/// Paces a replay to the trace's timestamps: ``pace(until:)`` sleeps until the wall clock has moved as far
/// since the first call as the trace's time has (`tactile replay --realtime`).
///
/// The first call fixes both origins. Times that are already past return at once (a slow terminal never makes
/// the replay skip anything). Not `Sendable`: one replay's clock.
public final class RealtimePacer {
    private let clock = ContinuousClock()
    private var origin: (wall: ContinuousClock.Instant, trace: Timestamp)?

    /// Creates a pacer.
    public init() {}

    /// Sleeps until the wall time that corresponds to `time`.
    public func pace(until time: Timestamp) {
        guard let origin else {
            self.origin = (clock.now, time)
            return
        }
        let target = origin.wall + (time - origin.trace)
        let remaining = target - clock.now
        if remaining > .zero { Self.sleep(remaining) }
    }

    /// Sleeps for `duration`, resuming after signals that interrupt the sleep.
    static func sleep(_ duration: Duration) {
        let nanoseconds = duration.nanoseconds
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

@available(*, unavailable)
extension RealtimePacer: Sendable {}
