/// The recognition logic shared by the two-finger gestures, `UIPinchGestureRecognizer` and
/// `UIRotationGestureRecognizer` (spec §6.6, §6.7): a continuous gesture over a pair of touches whose
/// ``TouchPairMetric`` decides when it begins and what its value is.
///
/// Rules (the same for both, as the spec states them for each):
/// - The first two touches form the pair; a third touch is ignored ([SPEC] §6.6 rule 3).
/// - The metric starts when the second touch lands, at both touches' locations of that dispatch: the first
///   touch's move in the same dispatch comes in ``touchesMoved(_:at:)``, after ``touchesBegan(_:at:)``
///   (spec §4.2 step 3), and re-forms the metric instead of counting as a change — in UIKit every touch already
///   has its new location when `touchesBegan` runs (§4.2 step 1). The gesture begins when the metric says it
///   changed enough (pinch: span ±10 pt; rotation: ±0.05 rad).
/// - Every move of a paired touch after that → `changed`.
/// - One finger lifts → stay `changed`, no updates, the value frozen (§6.6 rule 4). A new finger landing then
///   re-forms the pair and the value continues from where it froze, without a jump (the spec is silent; this
///   mirrors the pan's rebasing). Both lifted → `ended`.
/// - Before the gesture begins, one finger lifting drops the measurement; a new second finger starts a new
///   one. All fingers lifted before beginning → `failed`. A system cancel fails a possible gesture and cancels
///   a recognizing one.
/// - Assigning the value (``setValue(_:)``, UIKit's `scale =` / `rotation =`) while recognizing rebases the
///   metric at the current pair; the velocity keeps following the fingers, their history expressed in the new
///   value's terms (see ``TouchPairMetric/rebasing(from:to:)``), so it reads the fingers' velocity right after
///   the assignment, as the pan's does after `setTranslation` (UIKitSemantics §9 open question 1); before
///   recognition it has no effect.
///
/// ``location`` is the midpoint of the pair (§6.6 rule 6). ``velocity`` is the value's change per second,
/// least-squares fitted over the last 0.1 s (§6.6 rule 5).
public struct TouchPairRecognition<Metric: TouchPairMetric>: RecognitionMachine {
    public typealias Configuration = Metric.Configuration

    /// The data of a recognizing gesture.
    public struct Progress: Hashable, Sendable {
        /// The metric since the pair last (re)based.
        public var metric: Metric
        /// The gesture's value when the metric started; while suspended, the frozen value.
        public var base: Double
        /// Whether only one finger is down: the gesture stays `changed` without updates.
        public var isSuspended: Bool

        /// The gesture's value.
        public var value: Double { isSuspended ? base : metric.value(from: base) }
    }

    /// Where the gesture stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// Fewer than two touches are down.
        ///
        /// Can transition to: ``waiting``, ``measuring(_:)``, ``failed(_:)``.
        case waiting
        /// Two touches are down; the metric follows them until it crosses its threshold.
        ///
        /// Can transition to: ``measuring(_:)``, ``waiting``, ``recognizing(_:)``, ``failed(_:)``.
        case measuring(Metric)
        /// Began or changed.
        ///
        /// Can transition to: ``recognizing(_:)``, ``ended(_:value:)``, ``cancelled(_:value:)``.
        case recognizing(Progress)
        /// Both fingers lifted (terminal); `value` is the final one.
        ///
        /// Can transition to: nothing until reset.
        case ended(RecognitionReason, value: Double)
        /// The system cancelled the touches after the gesture began (terminal).
        ///
        /// Can transition to: nothing until reset.
        case cancelled(RecognitionReason, value: Double)
        /// Not this gesture (terminal).
        ///
        /// Can transition to: nothing until reset.
        case failed(RecognitionReason)

        public var description: String {
            switch self {
            case .waiting: "waiting for two touches"
            case .measuring(let metric): "measuring \(metric)"
            case .recognizing(let progress):
                progress.isSuspended ? "recognizing (suspended)" : "recognizing \(progress.metric)"
            case .ended(let reason, _): "ended: \(reason)"
            case .cancelled(let reason, _): "cancelled: \(reason)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    public var configuration: Configuration {
        didSet { tracker.configuration = Metric.velocityConfiguration(of: configuration) }
    }
    /// Where the gesture stands.
    public private(set) var state: State = .waiting
    private var touches = TrackedTouches(capacity: 2)
    private var tracker: VelocityTracker
    /// The time of the latest input, at which ``velocity`` is evaluated.
    private var lastInputTime: Timestamp?
    /// The dispatch time at which the metric was last formed by a touch landing (the pair formed or a suspended
    /// gesture resumed); moves stamped with that same time re-form it (see ``touchesMoved(_:at:)``).
    private var pairFormedAt: Timestamp?

    /// Creates a machine with the metric's default configuration.
    public init() { self.init(configuration: Metric.defaultConfiguration) }

    public init(configuration: Configuration) {
        self.configuration = configuration
        tracker = VelocityTracker(configuration: Metric.velocityConfiguration(of: configuration))
    }

    /// A two-finger gesture has no time limit.
    public var deadline: Timestamp? { nil }

    public var isFinished: Bool {
        switch state {
        case .waiting, .measuring, .recognizing: false
        case .ended, .cancelled, .failed: true
        }
    }

    public var numberOfTouches: Int { touches.count }

    /// The midpoint of the pair (the one touch's location while only one is down; after the last lift, the
    /// location just before it).
    public var location: Point? { touches.centroid ?? touches.lastCentroid }

    /// The gesture's value: ``TouchPairMetric/neutralValue`` until it begins, then the metric's value from
    /// its base; frozen while suspended and after the end.
    public var value: Double {
        switch state {
        case .waiting, .measuring, .failed: Metric.neutralValue
        case .recognizing(let progress): progress.value
        case .ended(_, let value), .cancelled(_, let value): value
        }
    }

    /// How fast ``value`` changes, per second; about zero when the fingers rested before the latest input.
    /// Right after ``setValue(_:)`` it is the fingers' velocity in the new value's terms, never a zero.
    public var velocity: Double {
        lastInputTime.map { tracker.velocity(at: $0).x } ?? 0
    }

    /// Assigns the value while recognizing: the metric rebases at the current pair, so the value reads `value`
    /// now and changes from there. The velocity stays the fingers' (rescaled to the new value's terms): Apple's
    /// "resets the velocity" is read as the pan's `setTranslation` is, the assignment never enters the estimate.
    /// No effect before recognition or after the end.
    public mutating func setValue(_ value: Double) {
        guard case .recognizing(var progress) = state else { return }
        let old = progress.value
        progress.base = value
        if !progress.isSuspended, let (first, second) = pair { progress.metric = Metric(first: first, second: second) }
        state = .recognizing(progress)
        // The history follows the value into its new terms instead of being cleared (see
        // `PanRecognition.setTranslation`), so the `scale = 1` / `rotation = 0` in every action pattern reads the
        // fingers' speed at once: a zoom or stepper handler that resets the value, then reads `velocity`, steps.
        let (scale, offset) = Metric.rebasing(from: old, to: value)
        tracker.transformSamples(scale: scale, offset: Point(x: offset, y: 0))
    }

    public mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        guard !isFinished else { return .nothing }
        let ignored = touches.add(samples, limit: 2)
        if let (first, second) = pair {
            switch state {
            case .waiting:
                state = .measuring(Metric(first: first, second: second))
                tracker.removeAll()
                pairFormedAt = time
            case .recognizing(var progress) where progress.isSuspended:
                progress.metric = Metric(first: first, second: second)
                progress.isSuspended = false
                state = .recognizing(progress)
                pairFormedAt = time
            case .measuring, .recognizing, .ended, .cancelled, .failed:
                break
            }
        }
        record(at: time)
        guard ignored.isEmpty else { return .ignore(ignored, .tooManyTouches(count: touches.count + ignored.count)) }
        return .nothing
    }

    /// Tracked touches moved. A move stamped with the time at which a touch landing formed the metric belongs
    /// to that landing's dispatch (the contract delivers a dispatch's began touches before its moved ones): it
    /// re-forms the metric at the dispatch's locations rather than counting as a change, so `d₀` and the initial
    /// vector are the pair's locations when the second touch lands (spec §6.6 rule 1, §6.7 rule 1), and a resumed
    /// gesture's value does not jump by a move the lone finger made as the other landed. Two dispatches stamped
    /// with the same time are one instant, so a move at the landing's time counts as part of the landing either way.
    public mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        guard touches.update(samples) else { return .nothing }
        let reformsPair = pairFormedAt == time
        switch state {
        case .measuring(var metric):
            guard let (first, second) = pair else { return .nothing }
            if reformsPair {
                metric = Metric(first: first, second: second)
            } else {
                metric.follow(first: first, second: second)
            }
            if let reason = metric.beginReason(configuration) {
                state = .recognizing(Progress(metric: metric, base: Metric.neutralValue, isSuspended: false))
                record(at: time)
                return .begin(reason)
            }
            state = .measuring(metric)
            record(at: time)
            return .nothing
        case .recognizing(var progress):
            guard !progress.isSuspended, let (first, second) = pair else { return .nothing }
            if reformsPair {
                progress.metric = Metric(first: first, second: second)
            } else {
                progress.metric.follow(first: first, second: second)
            }
            state = .recognizing(progress)
            record(at: time)
            return .change
        case .waiting, .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        guard touches.containsAny(of: samples) else { return .nothing }
        lastInputTime = time
        switch state {
        case .waiting, .measuring:
            touches.remove(samples)
            guard !touches.isEmpty else { return fail(.liftedBeforeRecognition) }
            state = .waiting
            return .nothing
        case .recognizing(var progress):
            let value = progress.value
            touches.remove(samples)
            if touches.isEmpty {
                state = .ended(.allTouchesLifted, value: value)
                return .end(.allTouchesLifted)
            }
            if !progress.isSuspended {
                progress.base = value
                progress.isSuspended = true
                state = .recognizing(progress)
            }
            return .nothing
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        guard touches.containsAny(of: samples) else { return .nothing }
        switch state {
        case .waiting, .measuring:
            return fail(.touchesCancelled)
        case .recognizing(let progress):
            state = .cancelled(.touchesCancelled, value: progress.value)
            touches.removeAll()
            return .cancel(.touchesCancelled)
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    /// A two-finger gesture has no deadline; always ``RecognitionVerdict/nothing``.
    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict { .nothing }

    public mutating func reset() {
        state = .waiting
        touches.removeAll()
        tracker.removeAll()
        lastInputTime = nil
        pairFormedAt = nil
    }

    public var description: String { "TouchPairRecognition<\(Metric.self)>(\(state))" }

    /// The pair's locations, lower identifier first, when two touches are tracked.
    private var pair: (Point, Point)? {
        guard touches.count == 2 else { return nil }
        return (touches.entries[0].location, touches.entries[1].location)
    }

    /// Samples the value for the velocity (only while the metric follows a pair).
    private mutating func record(at time: Timestamp) {
        lastInputTime = time
        switch state {
        case .measuring(let metric): tracker.add(Point(x: metric.value(from: Metric.neutralValue), y: 0), at: time)
        case .recognizing(let progress) where !progress.isSuspended: tracker.add(Point(x: progress.value, y: 0), at: time)
        case .waiting, .recognizing, .ended, .cancelled, .failed: break
        }
    }

    private mutating func fail(_ reason: RecognitionReason) -> RecognitionVerdict {
        state = .failed(reason)
        touches.removeAll()
        return .fail(reason)
    }
}
