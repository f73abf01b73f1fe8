/// The recognition logic of `UIPanGestureRecognizer` (spec §6.3): a continuous gesture that begins when the
/// centroid of between ``Configuration-swift.struct/minimumNumberOfTouches`` and
/// ``Configuration-swift.struct/maximumNumberOfTouches`` fingers has moved
/// ``Configuration-swift.struct/hysteresis`` points along x or y, changes on every move, and ends when the
/// last finger lifts.
///
/// The machine follows the *centroid path* of its touches: the centroid, shifted whenever a finger lands or
/// lifts so that the path does not jump (rule 4). The hysteresis is measured on the path from where it was
/// when the number of touches last entered the allowed range — so a finger landing or lifting never counts as
/// movement, and movement made with too few or too many fingers does not count either (rules 1–2; the spec
/// is silent on the latter, this is what a UIKit user would expect from "the minimum number of fingers
/// moved far enough").
///
/// A finger that lands in the dispatch where others move (its began touches are delivered before its moved ones,
/// spec §4.2 step 3) meets them at the dispatch's locations, as in UIKit where every touch has its new location
/// when `touchesBegan` runs: when that landing brings the count into the range, the hysteresis origin is taken
/// after the dispatch's moves, and when it resumes a suspended pan the translation continues from the frozen value
/// without the lone finger's move (rules 1, 4 and 6; as the pinch and rotation form their pair, §6.6 rule 1).
/// When the count was already in the range, the other fingers' moves in that dispatch count as movement of the
/// new set of fingers (the order of delivery; the spec is silent).
///
/// ``translation`` is measured on the same path, from where it was at touch-down by default, so the `began` action
/// already sees the distance that recognized the pan and a view moved by `start + translation` stays under the
/// finger (rule 3, §9 open question 1); ``TranslationOrigin/recognition`` measures from recognition instead.
/// Outputs are window-space vectors; the recognizer converts them to a view by converting two points (rule 8).
public struct PanRecognition: RecognitionMachine {
    /// Where ``PanRecognition/translation`` is measured from (spec §6.3 rule 3, open question §9.1, settled).
    public enum TranslationOrigin: Hashable, Sendable {
        /// From the centroid at the moment of recognition: the `began` action sees (0, 0) (as Mocha does). A
        /// scroll view's own pan measures this way, so its content does not jump by the hysteresis.
        case recognition
        /// From the centroid at touch-down: the `began` action already sees the hysteresis distance, so a view
        /// moved by `start + translation` stays under the finger (default; as Apple's documentation describes,
        /// and as flowkey, WinObjC and Cacao do).
        case touchDown
    }

    /// The tunable constants of a pan (spec §0.2, §6.0).
    public struct Configuration: Hashable, Sendable {
        /// The fewest fingers that can pan (`minimumNumberOfTouches`, default 1).
        public var minimumNumberOfTouches: Int
        /// The most fingers that can pan (`maximumNumberOfTouches`, default unlimited). More fingers down
        /// while possible prevent beginning; once begun, the fingers beyond it are ignored.
        public var maximumNumberOfTouches: Int
        /// How far, in points, the centroid must move along x **or** y to begin (`PAN_HYSTERESIS`, default
        /// 10 pt, compared per axis).
        public var hysteresis: Double
        /// Where the translation is measured from (default: the centroid at touch-down).
        public var translationOrigin: TranslationOrigin
        /// The velocity estimator's constants (window `VELOCITY_WINDOW` = 0.1 s by default).
        public var velocity: VelocityTracker.Configuration

        /// Creates a configuration; every parameter defaults to the spec's value.
        public init(
            minimumNumberOfTouches: Int = 1,
            maximumNumberOfTouches: Int = .max,
            hysteresis: Double = 10,
            translationOrigin: TranslationOrigin = .touchDown,
            velocity: VelocityTracker.Configuration = .init()
        ) {
            self.minimumNumberOfTouches = minimumNumberOfTouches
            self.maximumNumberOfTouches = maximumNumberOfTouches
            self.hysteresis = hysteresis
            self.translationOrigin = translationOrigin
            self.velocity = velocity
        }
    }

    /// The data of a pan that has begun.
    public struct Progress: Hashable, Sendable {
        /// The centroid path position at which the translation equals ``base``.
        public var anchor: Point
        /// The translation at ``anchor``: zero or the touch-down displacement at recognition, or what the
        /// client assigned with `setTranslation`.
        public var base: Point
        /// Whether fewer than the minimum number of fingers are down: the pan stays `changed` without
        /// updates, and ``base`` holds the translation frozen at that moment (rule 6).
        public var isSuspended: Bool
    }

    /// Where the pan stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// Not yet panning. `origin` is the path position where the number of touches last entered the allowed
        /// range; `nil` while it is outside the range (including before the first touch).
        ///
        /// Can transition to: ``possible(origin:)``, ``recognizing(_:)``, ``failed(_:)``.
        case possible(origin: Point?)
        /// Began or changed.
        ///
        /// Can transition to: ``recognizing(_:)``, ``ended(_:translation:)``, ``cancelled(_:translation:)``.
        case recognizing(Progress)
        /// The last finger lifted (terminal); `translation` is the final one.
        ///
        /// Can transition to: nothing until reset.
        case ended(RecognitionReason, translation: Point)
        /// The system cancelled the touches after the pan began (terminal).
        ///
        /// Can transition to: nothing until reset.
        case cancelled(RecognitionReason, translation: Point)
        /// Not a pan (terminal).
        ///
        /// Can transition to: nothing until reset.
        case failed(RecognitionReason)

        public var description: String {
            switch self {
            case .possible(let origin): origin.map { "possible from \($0)" } ?? "possible"
            case .recognizing(let progress): progress.isSuspended ? "recognizing (suspended)" : "recognizing"
            case .ended(let reason, _): "ended: \(reason)"
            case .cancelled(let reason, _): "cancelled: \(reason)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    public var configuration: Configuration {
        didSet { tracker.configuration = configuration.velocity }
    }
    /// Where the pan stands.
    public private(set) var state: State = .possible(origin: nil)
    private var touches = TrackedTouches()
    private var tracker: VelocityTracker
    /// The time of the latest input, at which ``velocity`` is evaluated.
    private var lastInputTime: Timestamp?
    /// The dispatch time at which a landing set the hysteresis origin or resumed the pan; moves stamped with that
    /// same time belong to the landing and take the origin or anchor with them (see the type's discussion; two
    /// dispatches stamped with the same time count as one instant).
    private var landingTime: Timestamp?

    public init() { self.init(configuration: Configuration()) }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        tracker = VelocityTracker(configuration: configuration.velocity)
    }

    /// A pan has no time limit.
    public var deadline: Timestamp? { nil }

    public var isFinished: Bool {
        switch state {
        case .possible, .recognizing: false
        case .ended, .cancelled, .failed: true
        }
    }

    public var numberOfTouches: Int { touches.count }

    /// The centroid of the tracked touches; after the last lift, the centroid just before it.
    public var location: Point? { touches.centroid ?? touches.lastCentroid }

    /// The translation of the gesture in window coordinates, in points: zero until the pan begins, then the
    /// movement of the centroid path since recognition (or touch-down, see ``TranslationOrigin``) plus what the
    /// client assigned with ``setTranslation(_:)``; frozen while suspended and after the end.
    public var translation: Point {
        switch state {
        case .possible, .failed: .zero
        case .recognizing(let progress): translation(progress)
        case .ended(_, let translation), .cancelled(_, let translation): translation
        }
    }

    /// While possible: how far the centroid has moved from where the hysteresis is measured (window points);
    /// `nil` otherwise. A scroll view's gate reads it to see which way a drag is going before it begins.
    var displacementWhilePossible: Point? {
        guard case .possible(let origin) = state, let origin, let path = touches.path else { return nil }
        return path - origin
    }

    /// The velocity of the centroid path in window coordinates, in points per second (least-squares fit over
    /// the last 0.1 s, see ``VelocityTracker``); about zero when the fingers rested before the latest input.
    /// It is the fingers' velocity, whatever ``setTranslation(_:)`` assigned (§9 open question 1).
    public var velocity: Point {
        lastInputTime.map { tracker.velocity(at: $0) } ?? .zero
    }

    /// Rebases the translation so that it reads `translation` now (`setTranslation(_:in:)`). Has an effect only
    /// while the pan is recognizing (in its actions), as in UIKit.
    ///
    /// Apple's reference says assigning the translation "resets the velocity of the pan"; the velocity is measured
    /// on the fingers' path, not on the translation, so the assignment never shows in it as a jump, and
    /// ``velocity`` read right after it is the fingers' velocity — what real code reads there: a stepper that calls
    /// `setTranslation(.zero, in:)` and then `velocity(in:)` in the same action, and the drag-and-fling pattern
    /// (`setTranslation(.zero, in:)` in every `changed` action, `velocity(in:)` in `ended` to throw the view).
    /// UIKitSemantics.md §9 open question 1 gives the evidence.
    public mutating func setTranslation(_ translation: Point) {
        guard case .recognizing = state else { return }
        rebaseTranslation(translation)
    }

    /// Rebases the translation so that it reads `translation` now, keeping the velocity: what a recognizer does
    /// when a pan that began while waiting for a failure requirement finally commits (spec §5.12 rule 4), so its
    /// `began` action sees the translation from that moment. Has an effect only while recognizing.
    public mutating func rebaseTranslation(_ translation: Point) {
        guard case .recognizing(var progress) = state else { return }
        progress.base = translation
        if !progress.isSuspended, let path = touches.path { progress.anchor = path }
        state = .recognizing(progress)
    }

    public mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .possible(let origin):
            touches.add(samples)
            let newOrigin = originAfterCountChange(origin)
            if origin == nil, newOrigin != nil { landingTime = time }
            state = .possible(origin: newOrigin)
            record(at: time)
            return .nothing
        case .recognizing(var progress):
            let ignored = touches.add(samples, limit: configuration.maximumNumberOfTouches)
            if progress.isSuspended, touches.count >= configuration.minimumNumberOfTouches, let path = touches.path {
                progress.isSuspended = false
                progress.anchor = path
                state = .recognizing(progress)
                landingTime = time
            }
            record(at: time)
            guard ignored.isEmpty else { return .ignore(ignored, .tooManyTouches(count: touches.count + ignored.count)) }
            return .nothing
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .possible(var origin):
            guard touches.update(samples) else { return .nothing }
            record(at: time)
            if landingTime == time, origin != nil {
                origin = touches.path
                state = .possible(origin: origin)
            }
            guard let origin, let path = touches.path else { return .nothing }
            let displacement = path - origin
            let threshold = configuration.hysteresis
            guard abs(displacement.x) >= threshold || abs(displacement.y) >= threshold else { return .nothing }
            let base = switch configuration.translationOrigin {
            case .recognition: Point.zero
            case .touchDown: displacement
            }
            state = .recognizing(Progress(anchor: path, base: base, isSuspended: false))
            return .begin(.crossedHysteresis(translation: displacement, threshold: threshold))
        case .recognizing(var progress):
            guard touches.update(samples) else { return .nothing }
            record(at: time)
            if landingTime == time, !progress.isSuspended, let path = touches.path {
                progress.anchor = path
                state = .recognizing(progress)
            }
            return progress.isSuspended ? .nothing : .change
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        guard touches.update(samples) else { return .nothing }
        switch state {
        case .possible(let origin):
            touches.remove(samples)
            record(at: time)
            guard !touches.isEmpty else { return fail(.liftedBeforeRecognition) }
            state = .possible(origin: originAfterCountChange(origin))
            return .nothing
        case .recognizing(var progress):
            let current = translation(progress)
            touches.remove(samples)
            record(at: time)
            if touches.isEmpty {
                state = .ended(.allTouchesLifted, translation: current)
                return .end(.allTouchesLifted)
            }
            if !progress.isSuspended, touches.count < configuration.minimumNumberOfTouches {
                progress.isSuspended = true
                progress.base = current
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
        case .possible:
            return fail(.touchesCancelled)
        case .recognizing(let progress):
            state = .cancelled(.touchesCancelled, translation: translation(progress))
            touches.removeAll()
            return .cancel(.touchesCancelled)
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    /// A pan has no deadline; always ``RecognitionVerdict/nothing``.
    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict { .nothing }

    public mutating func reset() {
        state = .possible(origin: nil)
        touches.removeAll()
        tracker.removeAll()
        lastInputTime = nil
        landingTime = nil
    }

    public var description: String { "PanRecognition(\(state), \(touches.count) touches)" }

    private func isInRange(_ count: Int) -> Bool {
        count >= configuration.minimumNumberOfTouches && count <= configuration.maximumNumberOfTouches
    }

    /// Rules 1–2: the hysteresis origin stays while the count stays in range, restarts where the count enters
    /// the range, and is dropped while it is outside.
    private func originAfterCountChange(_ origin: Point?) -> Point? {
        guard isInRange(touches.count) else { return nil }
        return origin ?? touches.path
    }

    private func translation(_ progress: Progress) -> Point {
        guard !progress.isSuspended, let path = touches.path else { return progress.base }
        return progress.base + (path - progress.anchor)
    }

    private mutating func record(at time: Timestamp) {
        lastInputTime = time
        if let path = touches.path { tracker.add(path, at: time) }
    }

    private mutating func fail(_ reason: RecognitionReason) -> RecognitionVerdict {
        state = .failed(reason)
        touches.removeAll()
        return .fail(reason)
    }
}
