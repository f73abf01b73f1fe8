/// Recognizes pinches, as `UIPinchGestureRecognizer` (spec §6.6): a continuous gesture over two fingers that
/// begins when their span changed by ``hysteresis`` (10 pt), changes on every move, and ends when both lifted.
///
/// ``scale`` is absolute — relative to the span when the second finger landed — and settable (which rebases it
/// and keeps ``velocity`` following the fingers). A third finger is ignored; with one finger lifted the pinch
/// stays `changed` without updates. The logic is ``PinchRecognition``'s. Pinch and rotation exclude each other
/// unless a delegate allows them together.
///
/// ``GestureRecognizer/location(in:)`` is the midpoint of the two fingers.
open class PinchGestureRecognizer: MachineGestureRecognizer<PinchRecognition> {
    override class var builtInClass: GestureRecognizer.Type? { PinchGestureRecognizer.self }

    /// Creates a pinch recognizer.
    public override init() { super.init() }

    /// The change of finger span, in points, needed to begin (`PINCH_HYSTERESIS`, default 10 pt).
    public var hysteresis: Double {
        get { driver.value.machine.configuration.hysteresis }
        set { driver.value.machine.configuration.hysteresis = newValue }
    }

    /// The scale factor relative to the fingers' span at the start (1 until the pinch begins). Setting it while
    /// pinching rebases the span and resets ``velocity``: it reads zero until the next input, then follows the
    /// fingers again (in the new scale's terms).
    public var scale: Double {
        get { driver.value.machine.scale }
        set { driver.value.machine.setScale(newValue) }
    }

    /// How fast ``scale`` changes, per second.
    public var velocity: Double { driver.value.machine.velocity }
}
