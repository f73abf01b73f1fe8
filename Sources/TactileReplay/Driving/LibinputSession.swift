import Tactile
import TactileInput

/// Drives a scene from libinput (`tactile live --backend libinput`): the same ``ReplayDriver`` and log as a
/// replay or ``LiveSession``, fed by `LibinputTouchInput`.
///
/// The loop waits for input until the application's next deadline, but never longer than ``pollInterval``, so
/// that it notices a stop request (``run(until:)``) promptly. When it stops — asked to, or (path backend) because
/// its last device went away — every touch still down is cancelled (spec §1.2 rule 5) and the deadlines left run.
/// Not `Sendable`: it drives UI objects.
public final class LibinputSession {
    /// The driver (its observer receives the log).
    public let driver: ReplayDriver
    private let input: LibinputTouchInput
    private let now: () -> Timestamp
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)
    /// Called with each output right after the driver handled its frames (`--latency` reads the clock here).
    public var didHandleOutput: ((ContactStream.Output) -> Void)?
    /// When the output ``didHandleOutput`` is called with came out of libinput and the contact stream (read
    /// before the driver handled it), as ``LiveSession/lastReceiveTime``.
    public private(set) var lastReceiveTime: Timestamp?
    /// Called with each device change and with the stream's diagnostics (the CLI reports them on stderr).
    public var didNote: ((Note) -> Void)?

    /// What the session reports beside the log.
    public enum Note: Sendable {
        case added(LibinputTouchInput.Device)
        case removed(LibinputTouchInput.Device, cancelled: Int)
        case diagnostic(ContactStream.Diagnostic)
    }

    /// How the session ended.
    public enum Ending: Hashable, Sendable {
        /// The stop request was seen.
        case stopped
        /// The path backend's last device went away.
        case deviceRemoved
    }

    /// Prepares a session on `input`, whose mapping should be `instance`'s screen.
    public init(
        input: LibinputTouchInput, instance: SceneInstance, now: @escaping () -> Timestamp = MonotonicClock.now,
        observer: @escaping (ReplayEvent) -> Void
    ) {
        self.input = input
        self.now = now
        driver = ReplayDriver(instance: instance, observer: observer)
    }

    /// Runs until `shouldStop` returns `true` (checked at least every ``pollInterval``) or, with the path
    /// backend, its last device goes away.
    ///
    /// - Throws: `InputDeviceError` when libinput fails; touches still down are cancelled first.
    @discardableResult
    public func run(until shouldStop: () -> Bool) throws(InputDeviceError) -> Ending {
        do {
            while !shouldStop() {
                let tick = now() + pollInterval
                let deadline = driver.nextDeadline.map { min($0, tick) } ?? tick
                switch try input.next(deadline: deadline) {
                case .frames(let output):
                    deliver(output)
                case .deadlinePassed(let time):
                    if let due = driver.nextDeadline, due <= time { driver.advance(to: time) }
                case .deviceAdded(let device):
                    didNote?(.added(device))
                case .deviceRemoved(let device, let output):
                    deliver(output)
                    let cancelled = output.frames.reduce(0) { $0 + $1.contacts.filter { $0.phase == .cancelled }.count }
                    didNote?(.removed(device, cancelled: cancelled))
                    if case .path = input.backend, input.devices.isEmpty {
                        stop()
                        return .deviceRemoved
                    }
                }
            }
        } catch {
            stop()
            throw error
        }
        stop()
        return .stopped
    }

    private func deliver(_ output: ContactStream.Output) {
        for diagnostic in output.diagnostics { didNote?(.diagnostic(diagnostic)) }
        guard !output.frames.isEmpty else { return }
        lastReceiveTime = now()
        for frame in output.frames { driver.send(frame) }
        didHandleOutput?(output)
    }

    /// Cancels the touches still down and runs the deadlines left.
    private func stop() {
        let time = now()
        deliver(input.end(at: time))
        if driver.origin != nil { driver.cancelAllTouches(at: time) }
        driver.finish(at: time)
    }
}

@available(*, unavailable)
extension LibinputSession: Sendable {}
