import Tactile
import TactileInput

/// Drives a scene from a live input (`tactile live`): the same ``SceneDriver`` and log as a replay, fed by the
/// poll loop of its ``LiveInput`` — a device's decoder (`LiveSession<LiveTouchInput>`), every touchscreen as they
/// come and go (`LiveSession<LiveTouchscreens>`), libinput (`LiveSession<LibinputTouchInput>`) or a compositor's
/// window.
///
/// The loop waits for input until the application's next deadline (plus ``deadlineGrace``), but never longer than
/// ``pollInterval``, so that it notices a stop request (``run(until:)``) promptly. When it stops — asked to, or
/// because the device (with libinput's path backend, the last one) went away, as the input's ``LiveInputStep``
/// says — every touch still down is cancelled (spec §1.2 rule 5) and the deadlines left run. On the main actor: it
/// drives UI objects.
@preconcurrency @MainActor
public final class LiveSession<Input: LiveInput> {
    /// The driver (its observer receives the log).
    public let driver: SceneDriver
    let input: Input
    private let now: () -> Timestamp
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)
    /// How long after a recognizer's deadline is due it runs (at its own time). Default zero: it runs when due.
    ///
    /// A touch reaches a compositor's client some time after the kernel stamped it: with a grace, a deadline (a
    /// long press, a double tap's interval) runs only once touches stamped before it had time to arrive, and must
    /// reach the recognizer first; the application's clock then moves to the deadline, not to the present.
    public var deadlineGrace: Duration = .zero
    /// Called with each output right after the driver handled it, so after every log entry of its frames reached
    /// the observer (`tactile live --latency` reads the clock here). Default `nil`.
    public var didHandleOutput: ((Input.Output) -> Void)?
    /// When the output ``didHandleOutput`` is called with came out of the input (the session's clock, read before
    /// the driver handled it): `--latency` splits a frame's delay into reading and handling with it.
    public private(set) var lastReceiveTime: Timestamp?
    /// Called with what the input reports beside the log: every touchscreen's arrival, removal, refusal or problem
    /// (`LiveTouchscreens`); with libinput, each device change and the contact stream's diagnostics. The CLI
    /// reports them on stderr. Default `nil`.
    public var didNote: ((Input.Note) -> Void)?

    /// Prepares a session.
    ///
    /// - Parameters:
    ///   - input: the input's poll loop (it should map onto `instance`'s screen).
    ///   - instance: the scene to drive.
    ///   - now: the clock of the input's events (``MonotonicClock/now()`` for a real device).
    ///   - observer: receives every event, as a ``SceneDriver``'s observer.
    public init(
        input: Input, instance: SceneInstance, now: @escaping () -> Timestamp = MonotonicClock.now,
        observer: @escaping (ReplayEvent) -> Void
    ) {
        self.input = input
        self.now = now
        driver = SceneDriver(instance: instance, observer: observer)
    }

    /// Runs until `shouldStop` returns `true` (checked at least every ``pollInterval``) or the device (with
    /// libinput's path backend, the last one; never with `LiveTouchscreens`) goes away.
    ///
    /// - Throws: the input's `Failure` for read errors other than a device's removal; touches still down are
    ///   cancelled first.
    @discardableResult
    public func run(until shouldStop: () -> Bool) throws(Input.Failure) -> LiveSessionEnding {
        do {
            while !shouldStop() {
                let tick = now() + pollInterval
                let deadline = driver.nextDeadline.map { min($0 + deadlineGrace, tick) } ?? tick
                switch try input.nextStep(deadline: deadline) {
                case .output(let output):
                    deliver(output, at: now())
                case .deadlinePassed(let time):
                    if let due = driver.nextDeadline, due + deadlineGrace <= time {
                        driver.advance(to: deadlineGrace == .zero ? time : due)
                    }
                case .note(let note):
                    didNote?(note)
                case .deviceRemoved(let output, let note, let then):
                    let time = now()
                    deliver(output, at: time)
                    if let note { didNote?(note) }
                    switch then {
                    case .continues:
                        continue
                    case .inputEnded:
                        driver.finish(at: time)
                    case .lastDeviceRemoved:
                        stop()
                    }
                    return .deviceRemoved
                }
            }
        } catch {
            stop()
            throw error
        }
        stop()
        return .stopped
    }

    /// Hands `output`, received at `time`, to the driver; then, if anything reached it, to ``didHandleOutput``.
    private func deliver(_ output: Input.Output, at time: Timestamp) {
        guard Input.handle(output, with: driver, at: time, note: { didNote?($0) }) else { return }
        lastReceiveTime = time
        didHandleOutput?(output)
    }

    /// Cancels the touches still down and runs the deadlines left.
    private func stop() {
        let time = now()
        if let output = input.finalOutput(at: time) { deliver(output, at: now()) }
        if driver.origin != nil { driver.cancelAllTouches(at: time) }
        driver.finish(at: time)
    }
}

extension SceneDriver {
    /// Sends a contact stream's frames (libinput's, a compositor's), reporting its diagnostics to `diagnose` first:
    /// ``LiveInput/handle(_:with:at:note:)`` for an input whose output is a contact stream's.
    ///
    /// - Returns: whether there were frames.
    public func send(_ output: ContactStream.Output, diagnose: (ContactStream.Diagnostic) -> Void) -> Bool {
        for diagnostic in output.diagnostics { diagnose(diagnostic) }
        guard !output.frames.isEmpty else { return false }
        for frame in output.frames { send(frame) }
        return true
    }
}
