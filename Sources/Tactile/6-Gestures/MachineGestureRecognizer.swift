/// A gesture recognizer whose recognition logic is a ``RecognitionMachine``: the base of the built-in
/// recognizers, and the way to build a recognizer of your own from a machine (<doc:BuildingARecognizerFromAMachine>).
///
/// The recognizer turns each `touchesBegan/Moved/Ended/Cancelled` call into ``TouchSample`` values (window
/// coordinates, contact order), feeds them to the machine, and sets ``GestureRecognizer/state`` from the
/// ``RecognitionVerdict`` the machine returns (the table on that type); the machine's
/// ``RecognitionMachine/deadline`` becomes the recognizer's ``GestureRecognizer/deadline``, and the machine is
/// told when it passed. ``GestureRecognizer/reset()`` resets the machine, ``GestureRecognizer/location(in:)`` and
/// ``GestureRecognizer/numberOfTouches`` read the machine's ``RecognitionMachine/location`` and
/// ``RecognitionMachine/numberOfTouches``. Everything else — the arena, delegates, failure requirements, actions —
/// is ``GestureRecognizer``'s.
open class MachineGestureRecognizer<Machine: RecognitionMachine>: GestureRecognizer {
    // In a cell (no run-time exclusivity checks): see ``UncheckedCell``.
    let driver: UncheckedCell<MachineDriver<Machine>>

    /// Creates a recognizer driven by a machine with the default configuration.
    public override init() {
        driver = UncheckedCell(MachineDriver(Machine()))
        super.init()
    }

    /// Creates a recognizer driven by `machine` (usually one that has seen no touch).
    ///
    /// A convenience initializer, so that subclasses that override only ``init()`` inherit it, as they inherit
    /// ``GestureRecognizer``'s `init(target:action:)`.
    public convenience init(machine: Machine) {
        self.init()
        driver.value.machine = machine
    }

    /// The recognition machine as it stands now (a copy: changing it changes nothing).
    public var machine: Machine { driver.value.machine }

    /// The machine's tunable constants; set them before the recognizer receives touches.
    public var configuration: Machine.Configuration {
        get { driver.value.machine.configuration }
        set { driver.value.machine.configuration = newValue }
    }

    // MARK: The machine hooks of GestureRecognizer, written once

    override final var hasMachine: Bool { true }

    // The built-ins' machines get the machine's own code at this call (a vtable entry of a generic class runs
    // its generic body): one type check, then the specialized body. The move path is the hot one: without the
    // list, a ten-finger frame costs 19 % more instructions in the default scene and 44 % more with twenty
    // pans, pinches and rotations (callgrind, tactile-latency, 35.2k → 41.9k and 92.4k → 132.7k; #35). A
    // built-in whose class subclasses this one with its machine adds a line here; BuiltInDeclarationTests fails
    // when one is missing.
    @_specialize(exported: false, kind: full, where Machine == TapRecognition)
    @_specialize(exported: false, kind: full, where Machine == LongPressRecognition)
    @_specialize(exported: false, kind: full, where Machine == PanRecognition)
    @_specialize(exported: false, kind: full, where Machine == SwipeRecognition)
    @_specialize(exported: false, kind: full, where Machine == PinchRecognition)
    @_specialize(exported: false, kind: full, where Machine == RotationRecognition)
    override func machineInput(_ phase: TouchPhase, _ samples: [TouchSample], at time: Timestamp) {
        drive(driver.value.feed(phase, samples, at: time), extra: extraDeadline(after: time))
    }
    override func machineDeadlinePassed(at time: Timestamp) {
        drive(driver.value.deadlinePassed(at: time), extra: extraDeadline(after: time))
    }
    override func machineReset() { driver.value.machine.reset() }
    override var machineLocation: Point? { driver.value.machine.location }
    override var machineTouchCount: Int? { driver.value.machine.numberOfTouches }

    /// A deadline later than `time` besides the machine's (a scroll view's content delay); none by default.
    func extraDeadline(after time: Timestamp) -> Timestamp? { nil }
}
