import Glibc
import Tactile

/// `CLOCK_MONOTONIC`, the clock `InputDevice` switches its events to, as a `Timestamp`: live
/// sessions compare it with event times to place their poll deadlines.
public enum MonotonicClock {
    /// The current time.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Timestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
