/// Recognizes long presses, as `UILongPressGestureRecognizer` (spec §6.2): a continuous gesture that begins
/// when ``numberOfTouchesRequired`` fingers have been down for ``minimumPressDuration`` without moving more than
/// ``allowableMovement``, after ``numberOfTapsRequired`` full taps.
///
/// Before it begins, a finger moving too far, a finger lifting or an extra finger fails it. The press begins
/// when its deadline passes (a timer dispatch: with ``GestureRecognizer/cancelsTouchesInView`` the view gets
/// `touchesCancelled` then); after that every move of a pressing finger is `changed`, with no movement limit,
/// and the first finger to lift ends it. The logic is ``LongPressRecognition``'s. Set the properties before the
/// recognizer receives touches.
///
/// ``GestureRecognizer/location(in:)`` is the centroid of the pressing fingers (during preliminary taps, the first tap's).
open class LongPressGestureRecognizer: GestureRecognizer {
    // `@exclusivity(unchecked)` on the runtime's own stored state: see ``TouchDispatcher`` (Performance).
    @exclusivity(unchecked) var driver = MachineDriver(LongPressRecognition())

    /// Creates a long-press recognizer with UIKit's defaults (0.5 s, 10 pt, no taps, one finger).
    public override init() { super.init() }

    /// How long the fingers must be down to begin (default 0.5 s).
    public var minimumPressDuration: Duration {
        get { driver.machine.configuration.minimumPressDuration }
        set { driver.machine.configuration.minimumPressDuration = newValue }
    }
    /// How far, in points, a finger may move before the press begins (default 10 pt, Euclidean).
    public var allowableMovement: Double {
        get { driver.machine.configuration.allowableMovement }
        set { driver.machine.configuration.allowableMovement = newValue }
    }
    /// The number of full taps before the press (default 0).
    public var numberOfTapsRequired: Int {
        get { driver.machine.configuration.numberOfTapsRequired }
        set { driver.machine.configuration.numberOfTapsRequired = newValue }
    }
    /// The number of fingers of the press and of each tap (default 1).
    public var numberOfTouchesRequired: Int {
        get { driver.machine.configuration.numberOfTouchesRequired }
        set { driver.machine.configuration.numberOfTouchesRequired = newValue }
    }
    /// How far a finger may move during a preliminary tap (`TAP_ALLOWABLE_MOVEMENT`, default 45 pt).
    public var tapAllowableMovement: Double {
        get { driver.machine.configuration.tapAllowableMovement }
        set { driver.machine.configuration.tapAllowableMovement = newValue }
    }
    /// The longest a preliminary tap may last (`TAP_MAX_DURATION`, default 0.75 s).
    public var maximumTapDuration: Duration {
        get { driver.machine.configuration.maximumTapDuration }
        set { driver.machine.configuration.maximumTapDuration = newValue }
    }
    /// The longest time between a tap's lift and the next touch-down (`TAP_MAX_INTERVAL`, default 0.35 s).
    public var maximumTapInterval: Duration {
        get { driver.machine.configuration.maximumTapInterval }
        set { driver.machine.configuration.maximumTapInterval = newValue }
    }

    // MARK: The machine

    override var hasMachine: Bool { true }
    override func machineInput(_ phase: TouchPhase, _ samples: [TouchSample], at time: Timestamp) {
        drive(driver.feed(phase, samples, at: time))
    }
    override func machineDeadlinePassed(at time: Timestamp) { drive(driver.deadlinePassed(at: time)) }
    override func machineReset() { driver.machine.reset() }
    override var machineLocation: Point? { driver.machine.location }
    override var machineTouchCount: Int? { driver.machine.numberOfTouches }
}
