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
open class LongPressGestureRecognizer: MachineGestureRecognizer<LongPressRecognition> {
    override class var builtInClass: GestureRecognizer.Type? { LongPressGestureRecognizer.self }

    /// Creates a long-press recognizer with UIKit's defaults (0.5 s, 10 pt, no taps, one finger).
    public override init() { super.init() }

    /// How long the fingers must be down to begin (default 0.5 s).
    public var minimumPressDuration: Duration {
        get { driver.value.machine.configuration.minimumPressDuration }
        set { driver.value.machine.configuration.minimumPressDuration = newValue }
    }
    /// How far, in points, a finger may move before the press begins (default 10 pt, Euclidean).
    public var allowableMovement: Double {
        get { driver.value.machine.configuration.allowableMovement }
        set { driver.value.machine.configuration.allowableMovement = newValue }
    }
    /// The number of full taps before the press (default 0).
    public var numberOfTapsRequired: Int {
        get { driver.value.machine.configuration.numberOfTapsRequired }
        set { driver.value.machine.configuration.numberOfTapsRequired = newValue }
    }
    /// The number of fingers of the press and of each tap (default 1).
    public var numberOfTouchesRequired: Int {
        get { driver.value.machine.configuration.numberOfTouchesRequired }
        set { driver.value.machine.configuration.numberOfTouchesRequired = newValue }
    }
    /// How far a finger may move during a preliminary tap (`TAP_ALLOWABLE_MOVEMENT`, default 45 pt).
    public var tapAllowableMovement: Double {
        get { driver.value.machine.configuration.tapAllowableMovement }
        set { driver.value.machine.configuration.tapAllowableMovement = newValue }
    }
    /// The longest a preliminary tap may last (`TAP_MAX_DURATION`, default 0.75 s).
    public var maximumTapDuration: Duration {
        get { driver.value.machine.configuration.maximumTapDuration }
        set { driver.value.machine.configuration.maximumTapDuration = newValue }
    }
    /// The longest time between a tap's lift and the next touch-down (`TAP_MAX_INTERVAL`, default 0.35 s).
    public var maximumTapInterval: Duration {
        get { driver.value.machine.configuration.maximumTapInterval }
        set { driver.value.machine.configuration.maximumTapInterval = newValue }
    }
}
