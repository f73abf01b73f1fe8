/// Recognizes taps, as `UITapGestureRecognizer` (spec §6.1): a discrete gesture that recognizes when
/// ``numberOfTouchesRequired`` fingers have tapped ``numberOfTapsRequired`` times.
///
/// A tap is the required fingers down together, then all of them up. It fails when more fingers land, when a
/// finger moves more than ``allowableMovement`` (45 pt) from where it began, when one tap lasts longer than
/// ``maximumTapDuration`` (0.75 s, a deadline that fails it even with the fingers down), or when the next tap of
/// a multi-tap does not begin within ``maximumTapInterval`` (0.35 s) or too far from the first. The logic is
/// ``TapRecognition``'s. Set the properties before the recognizer receives touches.
///
/// ``GestureRecognizer/location(in:)`` is the first tap's location (the centroid of its fingers); ``location(ofTouch:in:)`` the
/// first tap's fingers; ``GestureRecognizer/numberOfTouches`` the first tap's fingers once they were all down. A tap recognizer
/// never prevents a tap recognizer that requires more taps (``canPrevent(_:)``, spec §5.11 rule 4), so with a single and a double tap on one view and no failure
/// requirement, a double tap sends the single tap's action first.
open class TapGestureRecognizer: MachineGestureRecognizer<TapRecognition> {
    override class var builtInClass: GestureRecognizer.Type? { TapGestureRecognizer.self }

    /// Creates a tap recognizer; the defaults are one tap of one finger.
    public override init() { super.init() }

    /// The number of taps (default 1).
    public var numberOfTapsRequired: Int {
        get { driver.value.machine.configuration.numberOfTapsRequired }
        set { driver.value.machine.configuration.numberOfTapsRequired = newValue }
    }
    /// The number of fingers of each tap (default 1).
    public var numberOfTouchesRequired: Int {
        get { driver.value.machine.configuration.numberOfTouchesRequired }
        set { driver.value.machine.configuration.numberOfTouchesRequired = newValue }
    }
    /// How far, in points, a finger may move, and a later tap may begin from the first (`TAP_ALLOWABLE_MOVEMENT`,
    /// default 45 pt).
    public var allowableMovement: Double {
        get { driver.value.machine.configuration.allowableMovement }
        set { driver.value.machine.configuration.allowableMovement = newValue }
    }
    /// The longest one tap may last, first finger down to last finger up (`TAP_MAX_DURATION`, default 0.75 s).
    public var maximumTapDuration: Duration {
        get { driver.value.machine.configuration.maximumTapDuration }
        set { driver.value.machine.configuration.maximumTapDuration = newValue }
    }
    /// The longest time between one tap's lift and the next tap's touch-down (`TAP_MAX_INTERVAL`, default
    /// 0.35 s).
    public var maximumTapInterval: Duration {
        get { driver.value.machine.configuration.maximumTapInterval }
        set { driver.value.machine.configuration.maximumTapInterval = newValue }
    }

    /// The first tap's fingers once they were all down, else the fingers down now.
    override var machineTouchCount: Int? {
        driver.value.machine.firstTap?.touchLocations.count ?? driver.value.machine.numberOfTouches
    }

    /// Where the finger at `index` (lowest touch first) touched down for the first tap.
    open override func location(ofTouch index: Int, in view: View?) -> Point {
        guard let locations = driver.value.machine.firstTap?.touchLocations, locations.indices.contains(index) else {
            return super.location(ofTouch: index, in: view)
        }
        return convertFromWindow(locations[index], to: view)
    }

    /// A tap recognizer never prevents a tap recognizer that requires more taps (spec §5.11 rule 4).
    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let tap = other as? TapGestureRecognizer else { return super.canPrevent(other) }
        return tap.numberOfTapsRequired <= numberOfTapsRequired
    }
}
