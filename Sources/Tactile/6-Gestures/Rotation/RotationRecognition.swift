/// The recognition logic of `UIRotationGestureRecognizer` (spec §6.7): a ``TouchPairRecognition`` measuring
/// the turn of the vector from the first touch to the second.
///
/// `θ` is the signed angle between the vector when the second touch landed and the current one, in radians,
/// positive clockwise on screen (y-down coordinates, as UIKit); it accumulates across frames, so it can exceed
/// ±π. The rotation begins when `|θ| ≥ 0.05 rad` (``RotationMetric/Configuration-swift.struct/threshold``).
/// ``TouchPairRecognition/rotation`` is `θ + r₀` with `r₀ = 0` at the start; assigning it rebases the vector
/// and `r₀`; the velocity keeps following the fingers.
public typealias RotationRecognition = TouchPairRecognition<RotationMetric>

/// The turn of the vector between a rotation's two touches (spec §6.7).
public struct RotationMetric: TouchPairMetric {
    public static var defaultConfiguration: Configuration { Configuration() }

    /// The tunable constants of a rotation (spec §0.2).
    public struct Configuration: Hashable, Sendable {
        /// How far, in radians, the vector must turn to begin (`ROTATION_THRESHOLD`, default 0.05 rad).
        public var threshold: Double
        /// The velocity estimator's constants (window `VELOCITY_WINDOW` = 0.1 s by default).
        public var velocity: VelocityTracker.Configuration

        /// Creates a configuration; every parameter defaults to the spec's value.
        public init(threshold: Double = 0.05, velocity: VelocityTracker.Configuration = .init()) {
            self.threshold = threshold
            self.velocity = velocity
        }
    }

    /// The vector from the first touch to the second at the latest update.
    public private(set) var vector: Point
    /// The accumulated signed turn since the measurement started (`θ`), in radians, clockwise positive.
    public private(set) var angle: Double = 0

    /// A rotation starts at 0.
    public static var neutralValue: Double { 0 }

    public static func velocityConfiguration(of configuration: Configuration) -> VelocityTracker.Configuration {
        configuration.velocity
    }

    public init(first: Point, second: Point) {
        vector = second - first
    }

    /// Adds the turn from the previous vector to the new one (each step is within ±π, so turns accumulate
    /// continuously; a zero vector contributes no turn).
    public mutating func follow(first: Point, second: Point) {
        let next = second - first
        angle += Self.signedAngle(from: vector, to: next)
        vector = next
    }

    /// `base + θ`.
    public func value(from base: Double) -> Double { base + angle }

    public func beginReason(_ configuration: Configuration) -> RecognitionReason? {
        guard abs(angle) >= configuration.threshold else { return nil }
        return .rotated(by: angle, threshold: configuration.threshold)
    }

    public var description: String { "turn \(formatRadians(angle)) rad" }

    /// The signed angle from `a` to `b` in (−π, π], positive clockwise on a y-down screen.
    static func signedAngle(from a: Point, to b: Point) -> Double {
        _atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }
}

extension TouchPairRecognition where Metric == RotationMetric {
    /// The rotation in radians since the touches' vector at the start, clockwise positive (`rotation`); 0 until
    /// the rotation begins.
    public var rotation: Double { value }

    /// Assigns the rotation while rotating (UIKit's `rotation = x`): rebases the vector; the velocity keeps
    /// following the fingers.
    public mutating func setRotation(_ rotation: Double) { setValue(rotation) }
}
