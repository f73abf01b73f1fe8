/// Recognizes swipes, as `UISwipeGestureRecognizer` (spec §6.5): a discrete gesture that recognizes, on the
/// move that satisfies it, when ``numberOfTouchesRequired`` fingers moved at least ``minimumPrimaryMovement``
/// (50 pt) in one of the allowed ``direction``s, straight enough (off-axis at most ``maximumSecondaryRatio`` of
/// it), within ``maximumDuration`` (0.5 s, a deadline).
///
/// It fails on an extra finger, a move of 10 pt in a direction not allowed or too far off the axis, a lift, or
/// the deadline. ``GestureRecognizer/location(in:)`` is where the swipe began. The logic is ``SwipeRecognition``'s. Set the
/// properties before the recognizer receives touches.
open class SwipeGestureRecognizer: MachineGestureRecognizer<SwipeRecognition> {
    override class var builtInClass: GestureRecognizer.Type? { SwipeGestureRecognizer.self }

    /// Creates a swipe recognizer for one finger swiping right.
    public override init() { super.init() }

    /// The allowed directions (default ``SwipeDirection/right``).
    public var direction: SwipeDirection {
        get { driver.value.machine.configuration.direction }
        set { driver.value.machine.configuration.direction = newValue }
    }
    /// The number of fingers (default 1).
    public var numberOfTouchesRequired: Int {
        get { driver.value.machine.configuration.numberOfTouchesRequired }
        set { driver.value.machine.configuration.numberOfTouchesRequired = newValue }
    }
    /// The longest a swipe may take (`SWIPE_MAX_DURATION`, default 0.5 s).
    public var maximumDuration: Duration {
        get { driver.value.machine.configuration.maximumDuration }
        set { driver.value.machine.configuration.maximumDuration = newValue }
    }
    /// The movement needed along the swipe's axis, in points (`SWIPE_MIN_PRIMARY`, default 50 pt).
    public var minimumPrimaryMovement: Double {
        get { driver.value.machine.configuration.minimumPrimaryMovement }
        set { driver.value.machine.configuration.minimumPrimaryMovement = newValue }
    }
    /// The off-axis movement allowed, as a fraction of the movement along the axis (default 0.5).
    public var maximumSecondaryRatio: Double {
        get { driver.value.machine.configuration.maximumSecondaryRatio }
        set { driver.value.machine.configuration.maximumSecondaryRatio = newValue }
    }
    /// Time-dependent thresholds (spec §6.5 rule 5); `nil` (default) keeps them fixed.
    public var thresholdDecay: SwipeRecognition.ThresholdDecay? {
        get { driver.value.machine.configuration.thresholdDecay }
        set { driver.value.machine.configuration.thresholdDecay = newValue }
    }

    /// The direction recognized, or `nil` before recognition.
    public var recognizedDirection: SwipeDirection? { driver.value.machine.recognizedDirection }
}
