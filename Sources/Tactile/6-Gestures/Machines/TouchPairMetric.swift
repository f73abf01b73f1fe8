/// What a two-finger gesture measures of its pair of touches: a pinch the change of their span, a rotation the
/// turn of the vector between them.
///
/// A metric starts at the pair's locations when the second touch lands (or when the gesture rebases) and
/// follows the pair from there. ``TouchPairRecognition`` does everything else: which touches form the pair,
/// thresholds, suspension while one finger is up, rebasing, velocity.
public protocol TouchPairMetric: Hashable, Sendable, CustomStringConvertible {
    /// The metric's tunable constants (its begin threshold and the velocity estimator's constants).
    associatedtype Configuration: Hashable, Sendable

    /// The default constants (the spec's values).
    static var defaultConfiguration: Configuration { get }

    /// The gesture's value before any change: 1 for a scale, 0 for a rotation.
    static var neutralValue: Double { get }

    /// The velocity estimator's constants in `configuration`.
    static func velocityConfiguration(of configuration: Configuration) -> VelocityTracker.Configuration

    /// Starts measuring a pair whose first touch (the lower identifier) is at `first` and second at `second`.
    init(first: Point, second: Point)

    /// Follows the pair to new locations.
    mutating func follow(first: Point, second: Point)

    /// The gesture's value given `base`, its value when the measurement started.
    func value(from base: Double) -> Double

    /// Why the pair has changed enough to begin, or `nil` while it has not.
    func beginReason(_ configuration: Configuration) -> RecognitionReason?

    /// How earlier values map to the new terms when the value is reassigned from `old` to `new`:
    /// `value · scale + offset`. The default is additive (`offset = new − old`, a rotation); a scale is
    /// multiplicative.
    static func rebasing(from old: Double, to new: Double) -> (scale: Double, offset: Double)
}

extension TouchPairMetric {
    public static func rebasing(from old: Double, to new: Double) -> (scale: Double, offset: Double) {
        let offset = new - old
        return offset.isFinite ? (1, offset) : (1, 0)
    }
}
