/// Recognizes rotations, as `UIRotationGestureRecognizer` (spec §6.7): a continuous gesture over two fingers
/// that begins when the line between them turned by ``threshold`` (0.05 rad), changes on every move, and ends
/// when both lifted.
///
/// ``rotation`` is in radians, positive clockwise on screen, relative to the line when the second finger
/// landed, and settable (which rebases it; ``velocity`` keeps following the fingers). The logic is
/// ``RotationRecognition``'s.
/// Pinch and rotation exclude each other unless a delegate allows them together.
///
/// ``GestureRecognizer/location(in:)`` is the midpoint of the two fingers.
open class RotationGestureRecognizer: MachineGestureRecognizer<RotationRecognition> {
    override class var builtInClass: GestureRecognizer.Type? { RotationGestureRecognizer.self }

    /// Creates a rotation recognizer.
    public override init() { super.init() }

    /// The turn, in radians, needed to begin (`ROTATION_THRESHOLD`, default 0.05 rad).
    public var threshold: Double {
        get { driver.value.machine.configuration.threshold }
        set { driver.value.machine.configuration.threshold = newValue }
    }

    /// The rotation in radians (0 until the gesture begins). Setting it while rotating rebases the line and
    /// resets ``velocity``: it reads zero until the next input, then follows the fingers again.
    public var rotation: Double {
        get { driver.value.machine.rotation }
        set { driver.value.machine.setRotation(newValue) }
    }

    /// How fast ``rotation`` changes, in radians per second.
    public var velocity: Double { driver.value.machine.velocity }
}
