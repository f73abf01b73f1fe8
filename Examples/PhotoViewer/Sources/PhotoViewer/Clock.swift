import Glibc
import Tactile

/// `CLOCK_MONOTONIC`, the clock the kernel stamps evdev events with once ``InputDevice`` selected it: so a
/// live frame's timestamp and the display loop's time compare directly.
nonisolated enum MonotonicClock {
    static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Timestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    /// Sleeps until `time` on the monotonic clock (returns at once if it has passed).
    static func sleep(until time: Timestamp) {
        var spec = timespec(tv_sec: Int(time.nanoseconds / 1_000_000_000), tv_nsec: Int(time.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
    }
}
