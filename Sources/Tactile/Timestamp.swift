/// A point in time on the clock of the input: the kernel's monotonic event clock for a live device, the
/// recorded event times for a trace.
///
/// The core never reads a wall clock. Every timestamp arrives with the input (``TouchFrame/timestamp``)
/// or is a deadline the core computed from one. Stored as whole nanoseconds since an arbitrary origin,
/// so arithmetic is exact and a replay gives the same result every time.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// Creates a timestamp from nanoseconds since the clock's origin.
    @inlinable
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// Creates a timestamp from whole seconds and microseconds, as in `struct timeval`.
    @inlinable
    public init(seconds: Int64, microseconds: Int64) {
        self.nanoseconds = seconds &* 1_000_000_000 &+ microseconds &* 1000
    }

    /// Creates a timestamp from seconds since the clock's origin (rounded to the nearest nanosecond).
    @inlinable
    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    /// The clock's origin.
    public static let zero = Timestamp(nanoseconds: 0)

    /// Seconds since the clock's origin, the unit of `UITouch.timestamp`.
    @inlinable
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The timestamp `duration` after `lhs`.
    @inlinable
    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    /// The timestamp `duration` before `lhs`.
    @inlinable
    public static func - (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// The time from `rhs` to `lhs`.
    @inlinable
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        .nanoseconds(lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// Seconds with millisecond precision, e.g. `1.250s`.
    public var description: String {
        let ms = nanoseconds / 1_000_000
        let sign = ms < 0 ? "-" : ""
        let magnitude = ms.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating at the bounds of `Int64`).
    @inlinable
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return product &+ attoseconds / 1_000_000_000
    }

    /// The duration in seconds, as a floating-point number.
    @inlinable
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
