/// The recognition logic of `UISwipeGestureRecognizer` (spec §6.5): a discrete gesture that recognizes, on the
/// move that satisfies it, when ``Configuration-swift.struct/numberOfTouchesRequired`` fingers moved far and
/// straight enough in an allowed ``Configuration-swift.struct/direction`` within
/// ``Configuration-swift.struct/maximumDuration``.
///
/// The displacement is that of the touches' centroid path since the first touch-down (the path does not jump
/// when the other fingers land). Its *primary* component is the larger of |dx| and |dy|, and its direction is
/// that axis's sign; the other component is the *secondary* one. Rules:
/// 1. Exactly the required number of touches; another touch fails.
/// 3. Recognize when elapsed ≤ maximum duration (0.5 s), primary ≥ minimum (50 pt), secondary ≤ ratio (0.5)
///    × primary, and the direction is allowed.
/// 4. Fail when the maximum duration passes (a deadline), when primary ≥ ``Configuration-swift.struct/decisionMovement``
///    (10 pt) in a direction not allowed or with the secondary bound violated, or when a finger lifts first.
/// 5. Optionally (``Configuration-swift.struct/thresholdDecay``, off by default) the minimum primary movement
///    and the secondary ratio decrease linearly with elapsed time: slow swipes need less distance but more
///    precision, as Apple describes.
///
/// ``location`` is where the swipe began: the centroid of the touches' began locations [DOC].
public struct SwipeRecognition: RecognitionMachine {
    /// How the thresholds change with elapsed time (spec §6.5 rule 5; open question §9.10). Both thresholds
    /// move linearly from their configured value at touch-down to the value here at the maximum duration.
    public struct ThresholdDecay: Hashable, Sendable {
        /// The minimum primary movement, in points, when the maximum duration is reached (default 25 pt).
        public var minimumPrimaryMovementAtMaximumDuration: Double
        /// The secondary ratio allowed when the maximum duration is reached (default 0.25).
        public var maximumSecondaryRatioAtMaximumDuration: Double

        /// Creates a decay model.
        public init(minimumPrimaryMovementAtMaximumDuration: Double = 25, maximumSecondaryRatioAtMaximumDuration: Double = 0.25) {
            self.minimumPrimaryMovementAtMaximumDuration = minimumPrimaryMovementAtMaximumDuration
            self.maximumSecondaryRatioAtMaximumDuration = maximumSecondaryRatioAtMaximumDuration
        }
    }

    /// The tunable constants of a swipe (spec §0.2, §6.5).
    public struct Configuration: Hashable, Sendable {
        /// The allowed directions (`direction`, default ``SwipeDirection/right``).
        public var direction: SwipeDirection
        /// The number of fingers (`numberOfTouchesRequired`, default 1).
        public var numberOfTouchesRequired: Int
        /// The longest a swipe may take from the first touch-down (`SWIPE_MAX_DURATION`, default 0.5 s).
        public var maximumDuration: Duration
        /// The primary movement needed, in points (`SWIPE_MIN_PRIMARY`, default 50 pt).
        public var minimumPrimaryMovement: Double
        /// The largest secondary movement allowed, as a fraction of the primary movement
        /// (`SWIPE_MAX_SECONDARY_RATIO`, default 0.5 ≈ 26.6°).
        public var maximumSecondaryRatio: Double
        /// The primary movement, in points, from which the direction and the secondary bound are judged and
        /// can fail the swipe (default 10 pt).
        public var decisionMovement: Double
        /// Time-dependent thresholds; `nil` (default) keeps them fixed.
        public var thresholdDecay: ThresholdDecay?

        /// Creates a configuration; every parameter defaults to the spec's value.
        public init(
            direction: SwipeDirection = .right,
            numberOfTouchesRequired: Int = 1,
            maximumDuration: Duration = .milliseconds(500),
            minimumPrimaryMovement: Double = 50,
            maximumSecondaryRatio: Double = 0.5,
            decisionMovement: Double = 10,
            thresholdDecay: ThresholdDecay? = nil
        ) {
            self.direction = direction
            self.numberOfTouchesRequired = numberOfTouchesRequired
            self.maximumDuration = maximumDuration
            self.minimumPrimaryMovement = minimumPrimaryMovement
            self.maximumSecondaryRatio = maximumSecondaryRatio
            self.decisionMovement = decisionMovement
            self.thresholdDecay = thresholdDecay
        }
    }

    /// Where the swipe stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// No touch yet.
        ///
        /// Can transition to: ``tracking(origin:startedAt:)``, ``failed(_:)``.
        case ready
        /// Fingers are down since `startedAt`; `origin` is where the centroid path started.
        ///
        /// Can transition to: ``tracking(origin:startedAt:)``, ``recognized(_:location:)``, ``failed(_:)``.
        case tracking(origin: Point, startedAt: Timestamp)
        /// Swiped in the given direction, having begun at `location` (terminal).
        ///
        /// Can transition to: nothing until reset.
        case recognized(SwipeDirection, location: Point)
        /// Not a swipe (terminal).
        ///
        /// Can transition to: nothing until reset.
        case failed(RecognitionReason)

        public var description: String {
            switch self {
            case .ready: "ready"
            case .tracking(let origin, let start): "tracking from \(origin) since \(start)"
            case .recognized(let direction, let location): "recognized \(direction) from \(location)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    public var configuration: Configuration
    /// Where the swipe stands.
    public private(set) var state: State = .ready
    private var touches = TrackedTouches()

    public init() { self.init(configuration: Configuration()) }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var deadline: Timestamp? {
        switch state {
        case .tracking(_, let start): start + configuration.maximumDuration
        case .ready, .recognized, .failed: nil
        }
    }

    public var isFinished: Bool {
        switch state {
        case .ready, .tracking: false
        case .recognized, .failed: true
        }
    }

    public var numberOfTouches: Int { touches.count }

    /// Where the swipe began: the centroid of the began locations of its touches.
    public var location: Point? {
        switch state {
        case .recognized(_, let location): location
        case .ready, .tracking, .failed: touches.beganCentroid
        }
    }

    /// The direction recognized, or `nil` before recognition.
    public var recognizedDirection: SwipeDirection? {
        switch state {
        case .recognized(let direction, _): direction
        case .ready, .tracking, .failed: nil
        }
    }

    public mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .ready:
            touches.add(samples)
            guard let path = touches.path else { return .nothing }
            state = .tracking(origin: path, startedAt: time)
        case .tracking:
            touches.add(samples)
        case .recognized, .failed:
            return .nothing
        }
        guard touches.count <= configuration.numberOfTouchesRequired else {
            return fail(.tooManyTouches(count: touches.count))
        }
        return .nothing
    }

    public mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        guard case .tracking(let origin, let start) = state, touches.update(samples), let path = touches.path else {
            return .nothing
        }
        let elapsed = time - start
        // Normally the deadline has already failed the swipe; this only guards a late owner.
        if elapsed > configuration.maximumDuration {
            return fail(.maximumDurationPassed(configuration.maximumDuration))
        }
        let displacement = path - origin
        let direction = SwipeDirection(dominantAxisOf: displacement)
        let primary = Swift.max(abs(displacement.x), abs(displacement.y))
        let secondary = Swift.min(abs(displacement.x), abs(displacement.y))
        let (minimumPrimary, ratio) = thresholds(after: elapsed)
        let allowed = configuration.direction.contains(direction)
        if primary >= configuration.decisionMovement {
            if !allowed {
                return fail(.wrongDirection(direction, distance: primary, allowed: configuration.direction))
            }
            if secondary > ratio * primary { return fail(.notStraight(secondary: secondary, allowed: ratio * primary)) }
        }
        guard touches.count == configuration.numberOfTouchesRequired, allowed, primary >= minimumPrimary,
            secondary <= ratio * primary
        else { return .nothing }
        let location = touches.beganCentroid ?? origin
        state = .recognized(direction, location: location)
        touches.removeAll()
        return .recognize(.swiped(direction, distance: primary, elapsed: elapsed))
    }

    public mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .tracking: touches.containsAny(of: samples) ? fail(.liftedBeforeRecognition) : .nothing
        case .ready, .recognized, .failed: .nothing
        }
    }

    public mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .tracking: touches.containsAny(of: samples) ? fail(.touchesCancelled) : .nothing
        case .ready, .recognized, .failed: .nothing
        }
    }

    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict {
        guard let deadline, time >= deadline else { return .nothing }
        return fail(.maximumDurationPassed(configuration.maximumDuration))
    }

    public mutating func reset() {
        state = .ready
        touches.removeAll()
    }

    public var description: String { "SwipeRecognition(\(state))" }

    /// The minimum primary movement and the secondary ratio in force after `elapsed` (rule 5).
    func thresholds(after elapsed: Duration) -> (minimumPrimary: Double, ratio: Double) {
        guard let decay = configuration.thresholdDecay else {
            return (configuration.minimumPrimaryMovement, configuration.maximumSecondaryRatio)
        }
        let maximum = configuration.maximumDuration.seconds
        let fraction = maximum > 0 ? Swift.min(1, Swift.max(0, elapsed.seconds / maximum)) : 1
        func interpolate(_ start: Double, _ end: Double) -> Double { start + (end - start) * fraction }
        return (
            interpolate(configuration.minimumPrimaryMovement, decay.minimumPrimaryMovementAtMaximumDuration),
            interpolate(configuration.maximumSecondaryRatio, decay.maximumSecondaryRatioAtMaximumDuration)
        )
    }

    private mutating func fail(_ reason: RecognitionReason) -> RecognitionVerdict {
        state = .failed(reason)
        touches.removeAll()
        return .fail(reason)
    }
}
