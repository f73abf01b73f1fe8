/// Recognizes pinches, as `UIPinchGestureRecognizer` (spec §6.6): a continuous gesture over two fingers that
/// begins when their span changed by ``hysteresis`` (10 pt), changes on every move, and ends when both lifted.
///
/// ``scale`` is absolute — relative to the span when the second finger landed — and settable (which rebases it
/// and resets ``velocity``). A third finger is ignored; with one finger lifted the pinch stays `changed` without
/// updates. The logic is ``PinchRecognition``'s. Pinch and rotation exclude each other unless a delegate allows
/// them together.
open class PinchGestureRecognizer: GestureRecognizer {
    var driver = MachineDriver(PinchRecognition())

    /// Creates a pinch recognizer.
    public override init() { super.init() }

    /// The change of finger span, in points, needed to begin (`PINCH_HYSTERESIS`, default 10 pt).
    public var hysteresis: Double {
        get { driver.machine.configuration.hysteresis }
        set { driver.machine.configuration.hysteresis = newValue }
    }

    /// The scale factor relative to the fingers' span at the start (1 until the pinch begins). Setting it while
    /// pinching rebases the span and resets ``velocity``.
    public var scale: Double {
        get { driver.machine.scale }
        set { driver.machine.setScale(newValue) }
    }

    /// How fast ``scale`` changes, per second.
    public var velocity: Double { driver.machine.velocity }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) { feed(.began, touches, event) }
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) { feed(.moved, touches, event) }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) { feed(.ended, touches, event) }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { feed(.cancelled, touches, event) }

    open override func reset() {
        super.reset()
        driver.machine.reset()
    }

    /// The number of fingers of the pair that are down.
    open override var numberOfTouches: Int { driver.machine.numberOfTouches }

    /// The midpoint of the two fingers.
    open override func location(in view: View?) -> Point {
        guard let location = driver.machine.location else { return super.location(in: view) }
        return convertFromWindow(location, to: view)
    }

    private func feed(_ phase: TouchPhase, _ touches: Set<Touch>, _ event: Event) {
        let verdict = driver.feed(phase, touches, at: event.timestamp)
        drive(verdict, deadline: nil)
    }
}
