/// Recognizes pans (drags), as `UIPanGestureRecognizer` (spec §6.3): a continuous gesture that begins when the
/// centroid of between ``minimumNumberOfTouches`` and ``maximumNumberOfTouches`` fingers has moved
/// ``hysteresis`` points along x or y, changes on every move, and ends when the last finger lifts.
///
/// ``translation(in:)`` is measured from where the centroid was at touch-down by default, so the `began` action
/// already sees the distance that recognized the pan, and a view moved by `start + translation` (with `start`
/// read in `began`) stays under the finger (``translationOrigin``; UIKitSemantics.md §9 open question 1); fingers
/// landing or lifting never make it jump. The velocity is a
/// least-squares fit over the last 0.1 s of the centroid. Vectors are converted to a view by converting two
/// points, so rotated and scaled views get rotated and scaled vectors. ``GestureRecognizer/location(in:)`` is the centroid of the
/// fingers (after the last lift, where they were just before it). The logic is ``PanRecognition``'s. Set the
/// properties before the recognizer receives touches.
open class PanGestureRecognizer: MachineGestureRecognizer<PanRecognition> {
    override class var builtInClass: GestureRecognizer.Type? { PanGestureRecognizer.self }

    /// Creates a pan recognizer; the defaults are one finger or more and a 10 pt hysteresis.
    public override init() { super.init() }

    /// The fewest fingers that can pan (default 1).
    public var minimumNumberOfTouches: Int {
        get { driver.value.machine.configuration.minimumNumberOfTouches }
        set { driver.value.machine.configuration.minimumNumberOfTouches = newValue }
    }
    /// The most fingers that can pan (default `Int.max`); the fingers beyond it are ignored once begun.
    public var maximumNumberOfTouches: Int {
        get { driver.value.machine.configuration.maximumNumberOfTouches }
        set { driver.value.machine.configuration.maximumNumberOfTouches = newValue }
    }
    /// How far, in points, the centroid must move along x or y to begin (`PAN_HYSTERESIS`, default 10 pt).
    public var hysteresis: Double {
        get { driver.value.machine.configuration.hysteresis }
        set { driver.value.machine.configuration.hysteresis = newValue }
    }
    /// Where ``translation(in:)`` is measured from (default: the centroid at touch-down; spec §9 q1). A scroll
    /// view's pan measures from recognition.
    public var translationOrigin: PanRecognition.TranslationOrigin {
        get { driver.value.machine.configuration.translationOrigin }
        set { driver.value.machine.configuration.translationOrigin = newValue }
    }
    /// The velocity estimator's constants (window 0.1 s by default).
    public var velocityConfiguration: VelocityTracker.Configuration {
        get { driver.value.machine.configuration.velocity }
        set { driver.value.machine.configuration.velocity = newValue }
    }

    /// The total translation of the gesture, in `view`'s coordinate system (`nil`: the window's): zero until it
    /// begins, then the movement of the centroid since touch-down (or recognition, ``translationOrigin``) plus
    /// what ``setTranslation(_:in:)`` set.
    open func translation(in view: View?) -> Point {
        convertVectorFromWindow(windowTranslation, to: view)
    }

    /// Makes ``translation(in:)`` read `translation` (in `view`'s coordinates) now. ``velocity(in:)`` stays the
    /// fingers' velocity, also read right after (see ``PanRecognition/setTranslation(_:)``), so a stepper that
    /// resets the translation and reads the velocity in one action, and the drag-and-fling pattern, work.
    /// Has an effect only while the pan is recognizing (in its actions), as in UIKit.
    open func setTranslation(_ translation: Point, in view: View?) {
        setWindowTranslation(convertVectorToWindow(translation, from: view))
    }

    /// The velocity of the gesture, in points per second in `view`'s coordinate system (`nil`: the window's).
    open func velocity(in view: View?) -> Point {
        convertVectorFromWindow(windowVelocity, to: view)
    }

    /// A pan that waited for failure requirements measures its translation from the commit (spec §5.12
    /// rule 4, §6.3 rule 3), unless it measures from touch-down.
    override func willCommitAfterWaiting() {
        if translationOrigin == .recognition { rebaseWindowTranslation(.zero) }
    }

    // MARK: Machine access (overridden by the screen-edge pan)

    var windowTranslation: Point { driver.value.machine.translation }
    var windowVelocity: Point { driver.value.machine.velocity }
    func setWindowTranslation(_ translation: Point) { driver.value.machine.setTranslation(translation) }
    func rebaseWindowTranslation(_ translation: Point) { driver.value.machine.rebaseTranslation(translation) }
}
