/// The recognition logic of `UILongPressGestureRecognizer` (spec §6.2): a continuous gesture that begins when
/// ``Configuration-swift.struct/numberOfTouchesRequired`` fingers have been down for
/// ``Configuration-swift.struct/minimumPressDuration`` without moving more than
/// ``Configuration-swift.struct/allowableMovement``, after ``Configuration-swift.struct/numberOfTapsRequired``
/// full taps.
///
/// Rules:
/// 1. When the required number of fingers is down (after the preliminary taps), the press's deadline is
///    armed (``deadline``).
/// 2. Before it passes: a finger moving farther than ``Configuration-swift.struct/allowableMovement`` from where
///    it began (Euclidean), a finger lifting, or more fingers than required → `failed`.
/// 3. The deadline passing → `began`.
/// 4. Each later move of a tracked finger → `changed`, with no movement limit [DOC].
/// 5. Any tracked finger lifting → `ended` [DOC]; a system cancel → `cancelled`. Fingers landing after the press
///    began are ignored (the spec is silent; they neither end the press nor move its location).
/// 6. Preliminary taps follow the tap rules (§6.1 rules 1–4, run by an embedded ``TapRecognition`` with the
///    tap constants of this configuration); the press is the next touch-down: it must begin within the tap
///    interval after the last tap and its fingers' centroid within the tap movement of the first tap.
///
/// ``location`` is the centroid of the pressing fingers (during the taps, the first tap's location).
public struct LongPressRecognition: RecognitionMachine {
    /// The tunable constants of a long press (spec §0.2, §6.0).
    public struct Configuration: Hashable, Sendable {
        /// How long the fingers must be down to begin (`minimumPressDuration`, default 0.5 s [DOC]).
        public var minimumPressDuration: Duration
        /// How far, in points, a finger may move before the press begins (`allowableMovement`, default 10 pt
        /// [DOC]; Euclidean, from where it began).
        public var allowableMovement: Double
        /// The number of full taps before the press (`numberOfTapsRequired`, default 0 [DOC]).
        public var numberOfTapsRequired: Int
        /// The number of fingers of the press and of each tap (`numberOfTouchesRequired`, default 1 [DOC]).
        public var numberOfTouchesRequired: Int
        /// How far a finger may move during a preliminary tap, and how far the press may begin from the first
        /// tap (`TAP_ALLOWABLE_MOVEMENT`, default 45 pt).
        public var tapAllowableMovement: Double
        /// The longest a preliminary tap may last (`TAP_MAX_DURATION`, default 0.75 s).
        public var maximumTapDuration: Duration
        /// The longest time between a tap's lift and the next touch-down (`TAP_MAX_INTERVAL`, default 0.35 s).
        public var maximumTapInterval: Duration

        /// Creates a configuration; every parameter defaults to UIKit's or the spec's value.
        public init(
            minimumPressDuration: Duration = .milliseconds(500),
            allowableMovement: Double = 10,
            numberOfTapsRequired: Int = 0,
            numberOfTouchesRequired: Int = 1,
            tapAllowableMovement: Double = 45,
            maximumTapDuration: Duration = .milliseconds(750),
            maximumTapInterval: Duration = .milliseconds(350)
        ) {
            self.minimumPressDuration = minimumPressDuration
            self.allowableMovement = allowableMovement
            self.numberOfTapsRequired = numberOfTapsRequired
            self.numberOfTouchesRequired = numberOfTouchesRequired
            self.tapAllowableMovement = tapAllowableMovement
            self.maximumTapDuration = maximumTapDuration
            self.maximumTapInterval = maximumTapInterval
        }

        /// The configuration of the preliminary taps.
        var taps: TapRecognition.Configuration {
            .init(numberOfTapsRequired: numberOfTapsRequired, numberOfTouchesRequired: numberOfTouchesRequired,
                allowableMovement: tapAllowableMovement, maximumTapDuration: maximumTapDuration,
                maximumTapInterval: maximumTapInterval)
        }
    }

    /// Where the long press stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// No touch yet.
        ///
        /// Can transition to: ``tapping``, ``gathering(firstTapLocation:)``, ``holding(deadline:)``, ``failed(_:)``.
        case ready
        /// The preliminary taps are in progress (run by the embedded tap machine).
        ///
        /// Can transition to: ``tapping``, ``waitingForPress(firstTapLocation:deadline:)``, ``failed(_:)``.
        case tapping
        /// The taps completed; the press must begin by `deadline`.
        ///
        /// Can transition to: ``gathering(firstTapLocation:)``, ``holding(deadline:)``, ``failed(_:)``.
        case waitingForPress(firstTapLocation: Point, deadline: Timestamp)
        /// Fewer fingers than required are down for the press; `firstTapLocation` is set after taps.
        ///
        /// Can transition to: ``gathering(firstTapLocation:)``, ``holding(deadline:)``, ``failed(_:)``.
        case gathering(firstTapLocation: Point?)
        /// The required fingers are down; the press begins at `deadline`.
        ///
        /// Can transition to: ``pressing``, ``failed(_:)``.
        case holding(deadline: Timestamp)
        /// Began or changed.
        ///
        /// Can transition to: ``pressing``, ``ended(_:)``, ``cancelled(_:)``.
        case pressing
        /// A finger lifted (terminal).
        ///
        /// Can transition to: nothing until reset.
        case ended(RecognitionReason)
        /// The system cancelled a touch after the press began (terminal).
        ///
        /// Can transition to: nothing until reset.
        case cancelled(RecognitionReason)
        /// Not a long press (terminal).
        ///
        /// Can transition to: nothing until reset.
        case failed(RecognitionReason)

        public var description: String {
            switch self {
            case .ready: "ready"
            case .tapping: "tapping"
            case .waitingForPress(_, let deadline): "waiting for the press until \(deadline)"
            case .gathering: "gathering fingers"
            case .holding(let deadline): "holding until \(deadline)"
            case .pressing: "pressing"
            case .ended(let reason): "ended: \(reason)"
            case .cancelled(let reason): "cancelled: \(reason)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    public var configuration: Configuration {
        didSet { taps.configuration = configuration.taps }
    }
    /// Where the long press stands.
    public private(set) var state: State = .ready
    /// The preliminary taps, used while ``State-swift.enum/tapping``.
    private var taps: TapRecognition
    /// The fingers of the press.
    private var touches = TrackedTouches()
    /// The storage of the identifiers the last ``RecognitionVerdict/ignore(_:_:)`` listed, reused once the
    /// caller let go of them.
    private var spareIgnored = SpareArray<TouchContact.ID>(capacity: 10)

    public init() { self.init(configuration: Configuration()) }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        taps = TapRecognition(configuration: configuration.taps)
    }

    public var deadline: Timestamp? {
        switch state {
        case .tapping: taps.deadline
        case .waitingForPress(_, let deadline), .holding(let deadline): deadline
        case .ready, .gathering, .pressing, .ended, .cancelled, .failed: nil
        }
    }

    public var isFinished: Bool {
        switch state {
        case .ready, .tapping, .waitingForPress, .gathering, .holding, .pressing: false
        case .ended, .cancelled, .failed: true
        }
    }

    public var numberOfTouches: Int {
        switch state {
        case .tapping: taps.numberOfTouches
        case .ready, .waitingForPress, .gathering, .holding, .pressing, .ended, .cancelled, .failed: touches.count
        }
    }

    /// The centroid of the pressing fingers (after the lift that ended the press, the centroid just before it);
    /// during the preliminary taps, the first tap's location.
    public var location: Point? {
        switch state {
        case .tapping: taps.location
        case .waitingForPress(let first, _): first
        case .ready, .gathering, .holding, .pressing, .ended, .cancelled, .failed:
            touches.centroid ?? touches.lastCentroid
        }
    }

    public mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .ready where configuration.numberOfTapsRequired > 0:
            state = .tapping
            return adopt(taps.touchesBegan(samples, at: time))
        case .ready:
            return gather(samples, firstTapLocation: nil, at: time)
        case .tapping:
            return adopt(taps.touchesBegan(samples, at: time))
        case .waitingForPress(let first, let deadline):
            // Normally the deadline has already failed the press; this only guards a late owner.
            if time > deadline { return fail(.maximumIntervalPassed(configuration.maximumTapInterval)) }
            return gather(samples, firstTapLocation: first, at: time)
        case .gathering(let first):
            return gather(samples, firstTapLocation: first, at: time)
        case .holding:
            touches.add(samples)
            return fail(.tooManyTouches(count: touches.count))
        case .pressing:
            // The new touches' identifiers, sorted, in the storage of the previous verdict's list once that
            // verdict is gone (then nothing else holds it).
            var fresh = spareIgnored.take()
            fresh.removeAll(keepingCapacity: true)
            samples.forEachSample { if !touches.contains($0.id) { fresh.append($0.id) } }
            fresh.sort()
            spareIgnored.storage = fresh
            return fresh.isEmpty ? .nothing : .ignore(fresh, .tooManyTouches(count: touches.count + fresh.count))
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .tapping:
            return adopt(taps.touchesMoved(samples, at: time))
        case .gathering, .holding:
            guard touches.update(samples) else { return .nothing }
            guard let (_, distance) = touches.firstTouch(fartherThan: configuration.allowableMovement) else {
                return .nothing
            }
            return fail(.movedTooFar(distance: distance, allowed: configuration.allowableMovement))
        case .pressing:
            return touches.update(samples) ? .change : .nothing
        case .ready, .waitingForPress, .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .tapping:
            let verdict = taps.touchesEnded(samples, at: time)
            guard case .recognize = verdict else { return adopt(verdict) }
            state = .waitingForPress(
                firstTapLocation: taps.location ?? .zero, deadline: time + configuration.maximumTapInterval)
            return .nothing
        case .gathering:
            guard touches.containsAny(of: samples) else { return .nothing }
            return fail(.liftedBeforeTouches(required: configuration.numberOfTouchesRequired))
        case .holding:
            guard touches.containsAny(of: samples) else { return .nothing }
            return fail(.liftedBeforeMinimumDuration(configuration.minimumPressDuration))
        case .pressing:
            guard touches.update(samples) else { return .nothing }
            touches.remove(samples)
            state = .ended(.touchLifted)
            return .end(.touchLifted)
        case .ready, .waitingForPress, .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .tapping:
            return adopt(taps.touchesCancelled(samples, at: time))
        case .gathering, .holding:
            return touches.containsAny(of: samples) ? fail(.touchesCancelled) : .nothing
        case .pressing:
            guard touches.containsAny(of: samples) else { return .nothing }
            state = .cancelled(.touchesCancelled)
            return .cancel(.touchesCancelled)
        case .ready, .waitingForPress, .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict {
        guard let deadline, time >= deadline else { return .nothing }
        switch state {
        case .tapping:
            return adopt(taps.deadlinePassed(at: time))
        case .waitingForPress:
            return fail(.maximumIntervalPassed(configuration.maximumTapInterval))
        case .holding:
            state = .pressing
            return .begin(.pressed(duration: configuration.minimumPressDuration))
        case .ready, .gathering, .pressing, .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func reset() {
        state = .ready
        taps.reset()
        touches.removeAll()
    }

    public var description: String { "LongPressRecognition(\(state))" }

    /// Press fingers land (rules 1–2, 6).
    private mutating func gather(
        _ samples: some Collection<TouchSample>, firstTapLocation: Point?, at time: Timestamp
    ) -> RecognitionVerdict {
        touches.add(samples)
        let required = configuration.numberOfTouchesRequired
        guard touches.count <= required else { return fail(.tooManyTouches(count: touches.count)) }
        guard touches.count == required else {
            state = .gathering(firstTapLocation: firstTapLocation)
            return .nothing
        }
        if let first = firstTapLocation, let here = touches.beganCentroid {
            let distance = first.distance(to: here)
            if distance > configuration.tapAllowableMovement {
                return fail(.tapTooFar(
                    tap: configuration.numberOfTapsRequired + 1, distance: distance,
                    allowed: configuration.tapAllowableMovement))
            }
        }
        state = .holding(deadline: time + configuration.minimumPressDuration)
        return .nothing
    }

    /// Takes over a verdict of the preliminary taps: their failure is the press's failure.
    private mutating func adopt(_ verdict: RecognitionVerdict) -> RecognitionVerdict {
        switch verdict {
        case .fail(let reason): return fail(reason)
        case .nothing, .ignore, .begin, .change, .recognize, .end, .cancel: return .nothing
        }
    }

    private mutating func fail(_ reason: RecognitionReason) -> RecognitionVerdict {
        state = .failed(reason)
        touches.removeAll()
        return .fail(reason)
    }
}
