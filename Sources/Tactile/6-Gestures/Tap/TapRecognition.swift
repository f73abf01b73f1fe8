/// The recognition logic of `UITapGestureRecognizer` (spec §6.1): a discrete gesture that recognizes when
/// ``Configuration-swift.struct/numberOfTouchesRequired`` fingers have tapped
/// ``Configuration-swift.struct/numberOfTapsRequired`` times.
///
/// A *tap* is the required number of fingers down together, then all of them up (rule 1). The tap fails
/// when more fingers than required are down at once, when all fingers lift before the required number was
/// down together, when a finger moves more than ``Configuration-swift.struct/allowableMovement`` from where it
/// began (rule 2), when one tap lasts longer than ``Configuration-swift.struct/maximumTapDuration`` (rule 3),
/// or when the next tap of a multi-tap does not begin within ``Configuration-swift.struct/maximumTapInterval``
/// or too far from the first tap (rule 4). The last required tap's last lift recognizes (rule 5).
///
/// ``location`` is the first tap's location: the centroid of the began locations of its fingers at the
/// moment the required number of them was first down together (rule 7); ``firstTap`` also keeps each of those
/// fingers' began location, for the recognizer's `location(ofTouch:in:)`, which refers to the first tap too.
public struct TapRecognition: RecognitionMachine, Hashable {
    /// The tunable constants of a tap (spec §0.2, §6.0).
    public struct Configuration: Hashable, Sendable {
        /// The number of taps to recognize (`numberOfTapsRequired`, default 1).
        public var numberOfTapsRequired: Int
        /// The number of fingers of each tap (`numberOfTouchesRequired`, default 1).
        public var numberOfTouchesRequired: Int
        /// How far, in points, a finger may move from where it began, and how far a later tap may begin
        /// from the first tap's location (`TAP_ALLOWABLE_MOVEMENT`, default 45 pt, Euclidean).
        public var allowableMovement: Double
        /// The longest time from the first finger down to the last finger up of one tap
        /// (`TAP_MAX_DURATION`, default 0.75 s).
        public var maximumTapDuration: Duration
        /// The longest time from one tap's last lift to the next tap's first touch-down
        /// (`TAP_MAX_INTERVAL`, default 0.35 s).
        public var maximumTapInterval: Duration

        /// Creates a configuration; every parameter defaults to the spec's value.
        public init(
            numberOfTapsRequired: Int = 1,
            numberOfTouchesRequired: Int = 1,
            allowableMovement: Double = 45,
            maximumTapDuration: Duration = .milliseconds(750),
            maximumTapInterval: Duration = .milliseconds(350)
        ) {
            self.numberOfTapsRequired = numberOfTapsRequired
            self.numberOfTouchesRequired = numberOfTouchesRequired
            self.allowableMovement = allowableMovement
            self.maximumTapDuration = maximumTapDuration
            self.maximumTapInterval = maximumTapInterval
        }
    }

    /// Where the first tap was: what the recognizer reports after recognition (spec §6.1 rule 7).
    public struct FirstTap: Hashable, Sendable {
        /// The centroid of ``touchLocations``: the recognizer's `location(in:)`.
        public var location: Point
        /// The began location of each finger of the first tap, lowest touch identifier first: the
        /// recognizer's `location(ofTouch:in:)`.
        public var touchLocations: [Point]
    }

    /// The tap in progress.
    public struct Tap: Hashable, Sendable {
        /// Which tap of the sequence this is, from 1.
        public var number: Int
        /// When the tap's first finger landed.
        public var startedAt: Timestamp
        /// The most fingers that have been down together during this tap.
        public var peakTouches: Int
        /// The first tap; `nil` during tap 1 until its fingers were all down together.
        public var firstTap: FirstTap?
    }

    /// Where the tap stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// No finger has landed yet.
        ///
        /// Can transition to: ``touching(_:)``, ``failed(_:)``.
        case ready
        /// The fingers of one tap are landing, down or lifting.
        ///
        /// Can transition to: ``touching(_:)``, ``waitingForNextTap(completedTaps:firstTap:deadline:)``,
        /// ``recognized(_:)``, ``failed(_:)``.
        case touching(Tap)
        /// A tap of a multi-tap completed; the next one must begin by `deadline`. No finger is down.
        ///
        /// Can transition to: ``touching(_:)``, ``failed(_:)``.
        case waitingForNextTap(completedTaps: Int, firstTap: FirstTap, deadline: Timestamp)
        /// All taps completed (terminal).
        ///
        /// Can transition to: nothing until reset.
        case recognized(FirstTap)
        /// Not a tap (terminal).
        ///
        /// Can transition to: nothing until reset.
        case failed(RecognitionReason)

        public var description: String {
            switch self {
            case .ready: "ready"
            case .touching(let tap): "tap \(tap.number) touching (peak \(tap.peakTouches))"
            case .waitingForNextTap(let completed, _, let deadline):
                "waiting for tap \(completed + 1) until \(deadline)"
            case .recognized(let first): "recognized at \(first.location)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    public var configuration: Configuration
    /// Where the tap stands.
    public private(set) var state: State = .ready
    private var touches = TrackedTouches()
    /// The storage of the last first tap's ``FirstTap/touchLocations``, emptied and kept when the state drops
    /// that tap (reset, failure), so that the next tap fills it instead of allocating a new array.
    private var spareLocations = SpareArray<Point>(capacity: 10)

    public init() { self.init(configuration: Configuration()) }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var deadline: Timestamp? {
        switch state {
        case .touching(let tap): tap.startedAt + configuration.maximumTapDuration
        case .waitingForNextTap(_, _, let deadline): deadline
        case .ready, .recognized, .failed: nil
        }
    }

    public var isFinished: Bool {
        switch state {
        case .ready, .touching, .waitingForNextTap: false
        case .recognized, .failed: true
        }
    }

    public var numberOfTouches: Int { touches.count }

    /// The first tap's location once known (always after recognition); before that the centroid of the
    /// touches' began locations, or `nil` when no touch is down.
    public var location: Point? { firstTap?.location ?? touches.beganCentroid }

    /// The first tap, once its fingers were all down together (always after recognition).
    public var firstTap: FirstTap? {
        switch state {
        case .recognized(let first), .waitingForNextTap(_, let first, _): first
        case .touching(let tap): tap.firstTap
        case .ready, .failed: nil
        }
    }

    public mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        var tap: Tap
        switch state {
        case .recognized, .failed:
            return .nothing
        case .ready:
            tap = Tap(number: 1, startedAt: time, peakTouches: 0, firstTap: nil)
        case .waitingForNextTap(let completed, let first, let deadline):
            // Normally the deadline has already failed the tap; this only guards a late owner.
            if time > deadline { return fail(.maximumIntervalPassed(configuration.maximumTapInterval)) }
            tap = Tap(number: completed + 1, startedAt: time, peakTouches: 0, firstTap: first)
        case .touching(let current):
            tap = current
        }
        touches.add(samples)
        let required = configuration.numberOfTouchesRequired
        guard touches.count <= required else {
            keepLocationStorage(of: &tap)
            return fail(.tooManyTouches(count: touches.count))
        }
        if tap.peakTouches < required, touches.count >= required, let here = touches.beganCentroid {
            if let firstLocation = tap.firstTap?.location {
                let distance = firstLocation.distance(to: here)
                if distance > configuration.allowableMovement {
                    keepLocationStorage(of: &tap)
                    return fail(.tapTooFar(tap: tap.number, distance: distance, allowed: configuration.allowableMovement))
                }
            } else {
                var locations = spareLocations.take()
                locations.reserveCapacity(touches.count)
                for entry in touches.entries { locations.append(entry.began) }
                tap.firstTap = FirstTap(location: here, touchLocations: locations)
            }
        }
        tap.peakTouches = Swift.max(tap.peakTouches, touches.count)
        state = .touching(tap)
        return .nothing
    }

    public mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .touching:
            touches.update(samples)
            return checkMovement()
        case .ready, .waitingForNextTap, .recognized, .failed:
            return .nothing
        }
    }

    public mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .touching(let tap):
            guard touches.update(samples) else { return .nothing }
            let moved = checkMovement()
            if moved.isTerminal { return moved }
            touches.remove(samples)
            guard touches.isEmpty else { return .nothing }
            return complete(tap, at: time)
        case .ready, .waitingForNextTap, .recognized, .failed:
            return .nothing
        }
    }

    public mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .touching:
            return touches.containsAny(of: samples) ? fail(.touchesCancelled) : .nothing
        case .ready, .waitingForNextTap, .recognized, .failed:
            return .nothing
        }
    }

    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict {
        guard let deadline, time >= deadline else { return .nothing }
        switch state {
        case .touching:
            return fail(.maximumDurationPassed(configuration.maximumTapDuration))
        case .waitingForNextTap:
            return fail(.maximumIntervalPassed(configuration.maximumTapInterval))
        case .ready, .recognized, .failed:
            return .nothing
        }
    }

    public mutating func reset() {
        setState(.ready)
        touches.removeAll()
    }

    public var description: String { "TapRecognition(\(state))" }

    /// Rule 2: a finger that moved too far fails the tap.
    private mutating func checkMovement() -> RecognitionVerdict {
        guard let (_, distance) = touches.firstTouch(fartherThan: configuration.allowableMovement) else {
            return .nothing
        }
        return fail(.movedTooFar(distance: distance, allowed: configuration.allowableMovement))
    }

    /// The last finger of `tap` lifted at `time`: rules 1, 3, 4 and 5.
    private mutating func complete(_ tap: Tap, at time: Timestamp) -> RecognitionVerdict {
        if time - tap.startedAt > configuration.maximumTapDuration {
            return fail(.maximumDurationPassed(configuration.maximumTapDuration))
        }
        let required = configuration.numberOfTouchesRequired
        guard tap.peakTouches >= required, let first = tap.firstTap else {
            return fail(.liftedBeforeTouches(required: required))
        }
        if tap.number >= configuration.numberOfTapsRequired {
            state = .recognized(first)
            return .recognize(.tapped(taps: tap.number, touches: required))
        }
        state = .waitingForNextTap(
            completedTaps: tap.number, firstTap: first, deadline: time + configuration.maximumTapInterval)
        return .nothing
    }

    /// Before a failure in `touchesBegan`, whose `tap` is a copy of the state's: drops both copies of the first
    /// tap's locations and keeps their storage for reuse (``setState(_:)`` would find it shared and copy it).
    private mutating func keepLocationStorage(of tap: inout Tap) {
        guard var locations = tap.firstTap?.touchLocations else { return }
        tap.firstTap = nil
        state = .ready
        locations.removeAll(keepingCapacity: true)
        spareLocations.storage = locations
    }

    private mutating func fail(_ reason: RecognitionReason) -> RecognitionVerdict {
        setState(.failed(reason))
        touches.removeAll()
        return .fail(reason)
    }

    /// Moves to `newState`, a state without a first tap, keeping the storage of the current one's locations.
    private mutating func setState(_ newState: State) {
        guard var locations = firstTap?.touchLocations else {
            state = newState
            return
        }
        state = newState
        // Unique now unless someone kept a copy of the first tap; `removeAll` then leaves theirs alone.
        locations.removeAll(keepingCapacity: true)
        spareLocations.storage = locations
    }
}
