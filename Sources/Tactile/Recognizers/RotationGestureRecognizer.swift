/// Recognizes rotations, as `UIRotationGestureRecognizer` (spec §6.7): a continuous gesture over two fingers
/// that begins when the line between them turned by ``threshold`` (0.05 rad), changes on every move, and ends
/// when both lifted.
///
/// ``rotation`` is in radians, positive clockwise on screen, relative to the line when the second finger
/// landed, and settable (which rebases it and resets ``velocity``). The logic is ``RotationRecognition``'s.
/// Pinch and rotation exclude each other unless a delegate allows them together.
open class RotationGestureRecognizer: GestureRecognizer {
    var driver = MachineDriver(RotationRecognition())

    /// Creates a rotation recognizer.
    public override init() { super.init() }

    /// The turn, in radians, needed to begin (`ROTATION_THRESHOLD`, default 0.05 rad).
    public var threshold: Double {
        get { driver.machine.configuration.threshold }
        set { driver.machine.configuration.threshold = newValue }
    }

    /// The rotation in radians (0 until the gesture begins). Setting it while rotating rebases the line and
    /// resets ``velocity``.
    public var rotation: Double {
        get { driver.machine.rotation }
        set { driver.machine.setRotation(newValue) }
    }

    /// How fast ``rotation`` changes, in radians per second.
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
