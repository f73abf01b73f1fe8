/// The recognition logic of `UIPinchGestureRecognizer` (spec §6.6): a ``TouchPairRecognition`` measuring the
/// span between two fingers.
///
/// `d₀` is the span when the second touch lands; the pinch begins when `|d − d₀| ≥ 10 pt`
/// (``PinchMetric/Configuration-swift.struct/hysteresis``). ``TouchPairRecognition/scale`` is absolute:
/// `scale = s₀ · d / d₀`, with `s₀ = 1` at the start, so the `began` action already sees the scale reached
/// at the threshold (e.g. 210.3 / 200 ≈ 1.05; open question §9.11). Assigning the scale rebases `d₀ := d`,
/// `s₀ := scale`; the velocity keeps following the fingers, in the new scale's terms (UIKitSemantics §9
/// open question 1). Spans are in window points, so the scale does not depend on any view's transform
/// [DOC: "in screen coordinates"].
public typealias PinchRecognition = TouchPairRecognition<PinchMetric>

/// The span of a pinch's two touches (spec §6.6).
public struct PinchMetric: TouchPairMetric {
    public static var defaultConfiguration: Configuration { Configuration() }

    /// The tunable constants of a pinch (spec §0.2).
    public struct Configuration: Hashable, Sendable {
        /// How much the span must change, in points, to begin (`PINCH_HYSTERESIS`, default 10 pt).
        public var hysteresis: Double
        /// The velocity estimator's constants (window `VELOCITY_WINDOW` = 0.1 s by default).
        public var velocity: VelocityTracker.Configuration

        /// Creates a configuration; every parameter defaults to the spec's value.
        public init(hysteresis: Double = 10, velocity: VelocityTracker.Configuration = .init()) {
            self.hysteresis = hysteresis
            self.velocity = velocity
        }
    }

    /// The span when the measurement started (`d₀`), in points.
    public private(set) var initialSpan: Double
    /// The current span (`d`), in points.
    public private(set) var span: Double

    /// A scale starts at 1.
    public static var neutralValue: Double { 1 }

    /// A scale is multiplicative: earlier scales are multiplied by `new / old` (unchanged when `old` is 0).
    public static func rebasing(from old: Double, to new: Double) -> (scale: Double, offset: Double) {
        let ratio = new / old
        return ratio.isFinite ? (ratio, 0) : (1, 0)
    }

    public static func velocityConfiguration(of configuration: Configuration) -> VelocityTracker.Configuration {
        configuration.velocity
    }

    public init(first: Point, second: Point) {
        initialSpan = first.distance(to: second)
        span = initialSpan
    }

    public mutating func follow(first: Point, second: Point) {
        span = first.distance(to: second)
    }

    /// `base · d / d₀`; `base` when the pair started at zero span (two contacts at one point), where no ratio
    /// exists.
    public func value(from base: Double) -> Double {
        initialSpan > 0 ? base * span / initialSpan : base
    }

    public func beginReason(_ configuration: Configuration) -> RecognitionReason? {
        let change = span - initialSpan
        guard abs(change) >= configuration.hysteresis else { return nil }
        return .spanChanged(by: change, threshold: configuration.hysteresis)
    }

    public var description: String { "span \(formatPoints(span)) pt from \(formatPoints(initialSpan)) pt" }
}

extension TouchPairRecognition where Metric == PinchMetric {
    /// The scale factor relative to the touches' span at the start, in window coordinates (`scale`); 1 until
    /// the pinch begins.
    public var scale: Double { value }

    /// Assigns the scale while pinching (UIKit's `scale = x`): rebases the span; the velocity keeps following
    /// the fingers.
    public mutating func setScale(_ scale: Double) { setValue(scale) }
}
