/// Estimates how fast a point moves from its recent samples, by a least-squares polynomial fit.
///
/// The estimator is the one Android (`VelocityTracker`, LSQ2 strategy) and Flutter (`velocity_tracker.dart`
/// with `lsq_solver.dart`) use, not a difference of the last two samples (issue 4; spec §6.3 rule 7 allows it
/// as a drop-in replacement): take the newest samples, at most ``Configuration-swift.struct/maximumSampleCount``
/// of them and none older than ``Configuration-swift.struct/horizon`` before the newest, fit x(t) and y(t) with
/// polynomials of ``Configuration-swift.struct/degree`` (2 by default) and report their derivative at the
/// newest sample. A fit that needs more samples than there are falls back to a lower degree (three samples
/// for degree 2, two for degree 1); a single sample, or a fit that cannot be solved, gives zero.
///
/// A pause breaks the motion: a sample more than the *stopped threshold* after the previous one starts a new
/// history, and ``velocity(at:)`` is zero when asked that long after the newest sample — so a finger that rests
/// before it lifts ends with a velocity of about zero (spec §6.3 rule 7), as in Android
/// (`ASSUME_POINTER_STOPPED_TIME`, 40 ms). The threshold is ``Configuration-swift.struct/assumeStoppedAfter``
/// (40 ms) or ``Configuration-swift.struct/stoppedIntervalMultiple`` (2) times the device's sample interval,
/// whichever is longer: the interval is the median of the last gaps between consecutive samples (at most
/// ``Configuration-swift.struct/maximumSampleInterval``, 250 ms, each), so a 25 Hz digitizer (40 ms between
/// reports) moving steadily is not taken for a finger that stopped at every report. A pause in a 120 Hz stream
/// still reads as one after 40 ms.
///
/// Samples live in a fixed ring of ``capacity`` entries stored inline: adding a sample and computing a
/// velocity allocate nothing.
public struct VelocityTracker: Sendable, CustomStringConvertible {
    /// The most samples the tracker keeps (as Android's and Flutter's history of 20).
    public static let capacity = 20

    /// The tunable constants of the estimator.
    public struct Configuration: Hashable, Sendable {
        /// How far back from the newest sample the fit looks (`VELOCITY_WINDOW`, default 0.1 s).
        public var horizon: Duration
        /// The most samples the fit uses, from 1 to ``VelocityTracker/capacity`` (default 20).
        public var maximumSampleCount: Int
        /// The degree of the fitted polynomial: 1 (a line) or 2 (default, constant acceleration).
        public var degree: Int
        /// A gap between samples longer than this — and longer than ``stoppedIntervalMultiple`` times the
        /// device's sample interval — means the point stopped (default 40 ms, Android's).
        public var assumeStoppedAfter: Duration
        /// How many of the device's sample intervals a gap must exceed to mean the point stopped (default 2).
        public var stoppedIntervalMultiple: Double
        /// The longest gap between two samples that counts as the device's sample interval rather than a pause
        /// (default 250 ms: a 4 Hz device).
        public var maximumSampleInterval: Duration

        /// Creates a configuration; every parameter defaults to the value Android and Flutter use, and the
        /// stopped threshold adapts to devices slower than 50 Hz.
        public init(
            horizon: Duration = .milliseconds(100),
            maximumSampleCount: Int = VelocityTracker.capacity,
            degree: Int = 2,
            assumeStoppedAfter: Duration = .milliseconds(40),
            stoppedIntervalMultiple: Double = 2,
            maximumSampleInterval: Duration = .milliseconds(250)
        ) {
            self.horizon = horizon
            self.maximumSampleCount = maximumSampleCount
            self.degree = degree
            self.assumeStoppedAfter = assumeStoppedAfter
            self.stoppedIntervalMultiple = stoppedIntervalMultiple
            self.maximumSampleInterval = maximumSampleInterval
        }
    }

    private struct Sample {
        var time: Timestamp
        var position: Point
    }

    /// The estimator's constants.
    public var configuration: Configuration {
        didSet { limits = Limits(configuration) }
    }
    /// ``add(_:at:)``'s thresholds in whole nanoseconds, kept with ``configuration``: a sample's gap is compared
    /// as an integer, not as a `Duration` (whose arithmetic is 128-bit).
    private var limits: Limits

    /// Thresholds as the largest whole number of nanoseconds not above each, so that comparing a whole-nanosecond
    /// gap with them says exactly what comparing it with the `Duration` does.
    private struct Limits {
        var maximumSampleInterval: Int64
        var assumeStoppedAfter: Int64

        init(_ configuration: Configuration) {
            maximumSampleInterval = Self.floorNanoseconds(configuration.maximumSampleInterval)
            assumeStoppedAfter = Self.floorNanoseconds(configuration.assumeStoppedAfter)
        }

        private static func floorNanoseconds(_ duration: Duration) -> Int64 {
            let whole = duration.nanoseconds
            return whole > .min && Duration.nanoseconds(whole) > duration ? whole - 1 : whole
        }
    }
    private var ring = InlineArray<20, Sample>(repeating: Sample(time: .zero, position: .zero))
    /// The index of the newest sample in `ring`.
    private var newest = 0
    /// The number of valid samples in `ring`.
    public private(set) var sampleCount = 0
    /// The last gaps between consecutive samples (the device's sample interval), in nanoseconds; kept across
    /// ``removeAll()``: it describes the device, not the motion.
    private var gaps = InlineArray<8, Int64>(repeating: 0)
    /// How many entries of `gaps` are valid, and where the next one goes.
    private var gapCount = 0
    private var nextGap = 0

    /// The device's sample interval as observed: the median of the last gaps between consecutive samples, or
    /// `nil` before two samples arrived in a row.
    public var sampleInterval: Duration? {
        guard gapCount > 0 else { return nil }
        var sorted = InlineArray<8, Int64>(repeating: .max)
        for index in 0..<gapCount { sorted[index] = gaps[index] }
        // Insertion sort of at most 8 values, allocation-free.
        for i in 1..<8 {
            let item = sorted[i]
            var j = i
            while j > 0, sorted[j - 1] > item {
                sorted[j] = sorted[j - 1]
                j -= 1
            }
            sorted[j] = item
        }
        return .nanoseconds(sorted[(gapCount - 1) / 2])
    }

    /// How long a gap must be to mean the point stopped: ``Configuration-swift.struct/assumeStoppedAfter``, or
    /// ``Configuration-swift.struct/stoppedIntervalMultiple`` times ``sampleInterval`` when that is longer.
    ///
    /// Computed when asked (a median of at most 8 gaps); the tracker asks only when a gap exceeds
    /// ``Configuration-swift.struct/assumeStoppedAfter``, so a device faster than 50 Hz never pays for it.
    public var assumeStoppedAfter: Duration {
        let floor = configuration.assumeStoppedAfter
        guard let interval = sampleInterval else { return floor }
        let scaled = Double(interval.nanoseconds) * configuration.stoppedIntervalMultiple
        guard scaled.isFinite, scaled > 0 else { return floor }
        return Swift.max(floor, .nanoseconds(Int64(Swift.min(scaled, 9e18).rounded())))
    }

    /// Whether a gap of `gap` between samples means the point stopped: longer than the configured threshold and
    /// than the adaptive one (which is only computed for gaps past the configured one).
    private func meansStopped(_ gap: Duration) -> Bool {
        gap > configuration.assumeStoppedAfter && gap > assumeStoppedAfter
    }

    /// Creates a tracker with no samples.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        limits = Limits(configuration)
    }

    /// The time of the newest sample, or `nil` when there is none.
    public var newestTime: Timestamp? { sampleCount == 0 ? nil : ring[newest].time }

    /// Records where the point is at `time`.
    ///
    /// A sample at the newest sample's time replaces it; a sample older than the newest is dropped (the
    /// input's clock never runs backward); a sample after a pause longer than
    /// ``Configuration-swift.struct/assumeStoppedAfter`` first clears the history.
    public mutating func add(_ position: Point, at time: Timestamp) {
        if sampleCount > 0 {
            let last = ring[newest].time
            if time < last { return }
            if time == last {
                ring[newest].position = position
                return
            }
            // `time - last` in whole nanoseconds, saturating as `Timestamp`'s subtraction does.
            let (difference, overflow) = time.nanoseconds.subtractingReportingOverflow(last.nanoseconds)
            let gap = overflow ? Int64.max : difference
            if gap <= limits.maximumSampleInterval { noteGap(gap) }
            if gap > limits.assumeStoppedAfter, meansStopped(.nanoseconds(gap)) { removeAll() }
        }
        newest = sampleCount == 0 ? 0 : (newest + 1) % Self.capacity
        ring[newest] = Sample(time: time, position: position)
        sampleCount = Swift.min(sampleCount + 1, Self.capacity)
    }

    /// Maps every sample's position `p` to `p · scale + offset`: a recognizer whose value was reassigned keeps its
    /// history, expressed in the new value's terms, so the velocity stays that of the touches.
    public mutating func transformSamples(scale: Double, offset: Point) {
        guard sampleCount > 0 else { return }
        var index = newest
        for _ in 0..<sampleCount {
            ring[index].position = Point(x: ring[index].position.x * scale + offset.x,
                                         y: ring[index].position.y * scale + offset.y)
            index = (index + Self.capacity - 1) % Self.capacity
        }
    }

    /// Remembers a gap between two consecutive samples.
    private mutating func noteGap(_ gap: Int64) {
        gaps[nextGap] = gap
        nextGap = (nextGap + 1) % 8
        gapCount = Swift.min(gapCount + 1, 8)
    }

    /// Forgets every sample (the observed sample interval stays: it belongs to the device).
    ///
    /// Recognizers call it when they reset; assigning a translation, scale or rotation does not (see
    /// ``PanRecognition/setTranslation(_:)``).
    public mutating func removeAll() {
        sampleCount = 0
        newest = 0
    }

    /// The velocity at the newest sample, in units per second; zero when there are fewer than two usable
    /// samples or when `time` is more than ``Configuration-swift.struct/assumeStoppedAfter`` after the newest
    /// sample.
    public func velocity(at time: Timestamp) -> Point {
        guard sampleCount > 0 else { return .zero }
        let last = ring[newest]
        if meansStopped(time - last.time) { return .zero }
        var xs = LeastSquaresSolver()
        var ys = LeastSquaresSolver()
        let limit = Swift.min(sampleCount, Swift.max(1, Swift.min(configuration.maximumSampleCount, Self.capacity)))
        var index = newest
        var previous = last.time
        for _ in 0..<limit {
            let sample = ring[index]
            if last.time - sample.time > configuration.horizon { break }
            if meansStopped(previous - sample.time) { break }
            previous = sample.time
            // Times in milliseconds before the newest sample, positions relative to it: well-conditioned
            // numbers for the solver, and the slope is unchanged.
            let age = Double((sample.time - last.time).nanoseconds) / 1e6
            xs.append(x: age, y: sample.position.x - last.position.x)
            ys.append(x: age, y: sample.position.y - last.position.y)
            index = (index + Self.capacity - 1) % Self.capacity
        }
        var degree = Swift.min(Swift.max(1, Swift.min(configuration.degree, LeastSquaresSolver.maximumDegree)),
            xs.count - 1)
        while degree >= 1 {
            if let fx = xs.solve(degree: degree), let fy = ys.solve(degree: degree) {
                return Point(x: fx[1] * 1000, y: fy[1] * 1000)
            }
            degree -= 1
        }
        return .zero
    }

    public var description: String {
        sampleCount == 0 ? "VelocityTracker(empty)" : "VelocityTracker(\(sampleCount) samples to \(ring[newest].time))"
    }
}
