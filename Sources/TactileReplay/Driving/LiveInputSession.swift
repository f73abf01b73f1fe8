import Tactile
import TactileInput

/// Drives a scene from a live input (`tactile live`): the same ``ReplayDriver`` and log as a replay, fed by the
/// poll loop of its ``LiveSessionInput`` — a device's decoder (``LiveSession``), every touchscreen as they come and
/// go (``TouchscreensSession``) or libinput (``LibinputSession``).
///
/// The loop waits for input until the application's next deadline, but never longer than ``pollInterval``, so
/// that it notices a stop request (``run(until:)``) promptly. When it stops — asked to, or because the device (with
/// libinput's path backend, the last one) went away, as the input's ``LiveSessionStep`` says — every touch still
/// down is cancelled (spec §1.2 rule 5) and the deadlines left run. Not `Sendable`: it drives UI objects.
public final class LiveInputSession<Input: LiveSessionInput> {
    /// How the session ended.
    public typealias Ending = LiveSessionEnding
    /// What the session reports beside the log (``didNote``).
    public typealias Note = Input.Note

    /// The driver (its observer receives the log).
    public let driver: ReplayDriver
    let input: Input
    private let now: () -> Timestamp
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)
    /// Called with each output right after the driver handled it, so after every log entry of its frames reached
    /// the observer (`tactile live --latency` reads the clock here). Default `nil`.
    public var didHandleOutput: ((Input.Output) -> Void)?
    /// When the output ``didHandleOutput`` is called with came out of the input (the session's clock, read before
    /// the driver handled it): `--latency` splits a frame's delay into reading and handling with it.
    public private(set) var lastReceiveTime: Timestamp?
    /// Called with what the input reports beside the log: every touchscreen's arrival, removal, refusal or problem
    /// (``TouchscreensSession``); with libinput, each device change and the contact stream's diagnostics. The CLI
    /// reports them on stderr. Default `nil`.
    public var didNote: ((Note) -> Void)?

    /// Prepares a session.
    ///
    /// - Parameters:
    ///   - input: the input's poll loop (it should map onto `instance`'s screen).
    ///   - instance: the scene to drive.
    ///   - now: the clock of the input's events (``MonotonicClock/now()`` for a real device).
    ///   - observer: receives every event, as a ``ReplayDriver``'s observer.
    public init(
        input: Input, instance: SceneInstance, now: @escaping () -> Timestamp = MonotonicClock.now,
        observer: @escaping (ReplayEvent) -> Void
    ) {
        self.input = input
        self.now = now
        driver = ReplayDriver(instance: instance, observer: observer)
    }

    /// Runs until `shouldStop` returns `true` (checked at least every ``pollInterval``) or the device (with
    /// libinput's path backend, the last one; never with ``TouchscreensSession``) goes away.
    ///
    /// - Throws: `InputDeviceError` for read errors other than a device's removal; touches still down are
    ///   cancelled first.
    @discardableResult
    public func run(until shouldStop: () -> Bool) throws(InputDeviceError) -> Ending {
        do {
            while !shouldStop() {
                let tick = now() + pollInterval
                let deadline = driver.nextDeadline.map { min($0, tick) } ?? tick
                switch try input.nextStep(deadline: deadline) {
                case .output(let output):
                    deliver(output, at: now())
                case .deadlinePassed(let time):
                    if let due = driver.nextDeadline, due <= time { driver.advance(to: time) }
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

@available(*, unavailable)
extension LiveInputSession: Sendable {}
