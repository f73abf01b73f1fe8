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
/// A pause breaks the motion: a sample more than ``Configuration-swift.struct/assumeStoppedAfter`` after the
/// previous one starts a new history, and ``velocity(at:)`` is zero when asked that long after the newest
/// sample — so a finger that rests before it lifts ends with a velocity of about zero (spec §6.3 rule 7),
/// as in Android (`ASSUME_POINTER_STOPPED_TIME`, 40 ms).
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
        /// A gap between samples longer than this means the point stopped (default 40 ms).
        public var assumeStoppedAfter: Duration

        /// Creates a configuration; every parameter defaults to the value Android and Flutter use.
        public init(
            horizon: Duration = .milliseconds(100),
            maximumSampleCount: Int = VelocityTracker.capacity,
            degree: Int = 2,
            assumeStoppedAfter: Duration = .milliseconds(40)
        ) {
            self.horizon = horizon
            self.maximumSampleCount = maximumSampleCount
            self.degree = degree
            self.assumeStoppedAfter = assumeStoppedAfter
        }
    }

    private struct Sample {
        var time: Timestamp
        var position: Point
    }

    /// The estimator's constants.
    public var configuration: Configuration
    private var ring = InlineArray<20, Sample>(repeating: Sample(time: .zero, position: .zero))
    /// The index of the newest sample in `ring`.
    private var newest = 0
    /// The number of valid samples in `ring`.
    public private(set) var sampleCount = 0

    /// Creates a tracker with no samples.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
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
            if time - last > configuration.assumeStoppedAfter { removeAll() }
        }
        newest = sampleCount == 0 ? 0 : (newest + 1) % Self.capacity
        ring[newest] = Sample(time: time, position: position)
        sampleCount = Swift.min(sampleCount + 1, Self.capacity)
    }

    /// Forgets every sample (UIKit resets the velocity when a translation, scale or rotation is assigned).
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
        if time - last.time > configuration.assumeStoppedAfter { return .zero }
        var xs = LeastSquaresSolver()
        var ys = LeastSquaresSolver()
        let limit = Swift.min(sampleCount, Swift.max(1, Swift.min(configuration.maximumSampleCount, Self.capacity)))
        var index = newest
        var previous = last.time
        for _ in 0..<limit {
            let sample = ring[index]
            if last.time - sample.time > configuration.horizon { break }
            if previous - sample.time > configuration.assumeStoppedAfter { break }
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
