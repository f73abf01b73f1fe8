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
    ///
    /// Saturates at the bounds of `Int64` nanoseconds (about ±292 years) rather than wrapping.
    @inlinable
    public init(seconds: Int64, microseconds: Int64) {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, sumOverflow) = whole.addingReportingOverflow(microseconds &* 1000)
        if overflow || sumOverflow || microseconds.magnitude > 1 << 40 {
            self.nanoseconds = (seconds < 0 || (seconds == 0 && microseconds < 0)) ? .min : .max
        } else {
            self.nanoseconds = sum
        }
    }

    /// Creates a timestamp from seconds since the clock's origin (rounded to the nearest nanosecond);
    /// saturates at the bounds of `Int64` nanoseconds, and NaN is the origin.
    @inlinable
    public init(seconds: Double) {
        let value = (seconds * 1e9).rounded()
        if value.isNaN {
            self.nanoseconds = 0
        } else if value >= 9.223_372_036_854_775e18 {
            self.nanoseconds = .max
        } else if value <= -9.223_372_036_854_775e18 {
            self.nanoseconds = .min
        } else {
            self.nanoseconds = Int64(value)
        }
    }

    /// The clock's origin.
    public static let zero = Timestamp(nanoseconds: 0)

    /// Seconds since the clock's origin, the unit of `UITouch.timestamp`.
    @inlinable
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The timestamp `duration` after `lhs` (saturating: a deadline far in the future never wraps into the
    /// past).
    @inlinable
    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return Timestamp(nanoseconds: overflow ? (sum < 0 ? .max : .min) : sum)
    }

    /// The timestamp `duration` before `lhs` (saturating).
    @inlinable
    public static func - (lhs: Timestamp, rhs: Duration) -> Timestamp {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        return Timestamp(nanoseconds: overflow ? (difference < 0 ? .max : .min) : difference)
    }

    /// The time from `rhs` to `lhs` (saturating).
    @inlinable
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        return .nanoseconds(overflow ? (difference < 0 ? Int64.max : .min) : difference)
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
