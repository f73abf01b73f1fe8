import Tactile

/// When a touchscreen reports: it scans at its rate, with a little jitter on each interval.
///
/// Measured on the recordings in `Traces/recordings`: the interval between reports varies by about 1 %
/// (a standard deviation of 0.01 periods), and the first scan that sees a finger comes anywhere within a
/// period of its landing. `tactile synth` and `TactileTesting` sample their strokes with this clock.
public struct ReportClock: Sendable {
    /// The time between scans without jitter, in seconds.
    public let period: Double
    /// The standard deviation of an interval, as a fraction of ``period`` (0 gives an exact grid).
    public let jitter: Double
    /// The time of the current scan, in seconds.
    public private(set) var time: Double

    /// A clock whose first scan comes a uniform random fraction of a period after `start`.
    ///
    /// - Parameters:
    ///   - rate: scans per second (positive).
    ///   - start: when the first finger lands, in seconds.
    ///   - jitter: the standard deviation of an interval as a fraction of the period (default 0.01).
    ///   - random: draws the first scan's offset when `randomPhase` is true.
    ///   - randomPhase: whether the first scan falls anywhere within a period of `start` (as on real hardware,
    ///     whose scans do not wait for the finger) or exactly at `start`.
    public init(
        rate: Double, start: Double, jitter: Double = 0.01, random: inout SplitMix64, randomPhase: Bool = true
    ) {
        period = 1 / rate
        self.jitter = jitter
        time = randomPhase ? start + random.uniform(0...period) : start
    }

    /// Moves to the next scan: one period later, varied by ``jitter``.
    public mutating func advance(random: inout SplitMix64) {
        time += jitter == 0 ? period : period * (1 + random.gaussian(sigma: jitter))
    }
}

/// How a finger resting on a touchscreen wanders: a slow random walk (about 0.1 mm) plus a little noise on each
/// scan (0.03 mm), as measured on the recordings in `Traces/recordings`.
///
/// Scale it for other units with ``init(walk:noise:)``; ``none`` keeps fingers exactly on their paths.
public struct FingerJitter: Sendable {
    /// The standard deviation of the slow wander.
    public let walk: Double
    /// The standard deviation of the per-scan noise.
    public let noise: Double
    /// How much of the wander carries over from one scan to the next.
    public let correlation: Double
    private var wander = (x: 0.0, y: 0.0)

    /// A finger's jitter, in millimetres by default.
    ///
    /// - Parameters:
    ///   - walk: the standard deviation of the slow wander (default 0.1, in the path's units).
    ///   - noise: the standard deviation of the per-scan noise (default 0.03).
    ///   - correlation: how much of the wander is kept from one scan to the next (default 0.95).
    public init(walk: Double = 0.1, noise: Double = 0.03, correlation: Double = 0.95) {
        self.walk = walk
        self.noise = noise
        self.correlation = correlation
    }

    /// No jitter: positions stay exactly on the path and no random number is drawn.
    public static let none = FingerJitter(walk: 0, noise: 0)

    /// Whether this jitter moves a finger at all.
    public var isNone: Bool { walk == 0 && noise == 0 }

    /// The jittered position of `point` at the next scan.
    public mutating func apply(to point: Point, random: inout SplitMix64) -> Point {
        guard !isNone else { return point }
        let step = walk * (1 - correlation * correlation).squareRoot()
        wander.x = correlation * wander.x + random.gaussian(sigma: step)
        wander.y = correlation * wander.y + random.gaussian(sigma: step)
        return Point(
            x: point.x + wander.x + random.gaussian(sigma: noise),
            y: point.y + wander.y + random.gaussian(sigma: noise))
    }
}
