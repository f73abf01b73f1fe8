import Tactile
import TactileInput

/// Drives a scene from a live touchscreen (`tactile live`): the same ``ReplayDriver`` and log as a replay,
/// fed by `LiveTouchInput`'s poll loop.
///
/// The loop waits for input until the application's next deadline, but never longer than ``pollInterval``, so
/// that it notices a stop request (``run(until:)``) promptly. When it stops — asked to, or because the device
/// went away — every touch still down is cancelled (spec §1.2 rule 5) and the deadlines left run. Not
/// `Sendable`: it drives UI objects.
public final class LiveSession {
    /// The driver (its observer receives the log).
    public let driver: ReplayDriver
    private let input: LiveTouchInput
    private let now: () -> Timestamp
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)
    /// Called with each decoder output right after the driver handled it, so after every log entry of its frames
    /// reached the observer (`tactile live --latency` reads the clock here). Default `nil`.
    public var didHandleOutput: ((MultitouchDecoder.Output) -> Void)?
    /// When the output ``didHandleOutput`` is called with came out of the decoder (the session's clock, read
    /// before the driver handled it): `--latency` splits a frame's delay into reading and handling with it.
    public private(set) var lastReceiveTime: Timestamp?

    /// Prepares a session.
    ///
    /// - Parameters:
    ///   - input: the device's poll loop (its decoder should map onto `instance`'s screen).
    ///   - instance: the scene to drive.
    ///   - now: the clock of the device's events (``MonotonicClock/now()`` for a real device).
    ///   - observer: receives every event, as a ``ReplayDriver``'s observer.
    public init(
        input: LiveTouchInput, instance: SceneInstance, now: @escaping () -> Timestamp = MonotonicClock.now,
        observer: @escaping (ReplayEvent) -> Void
    ) {
        self.input = input
        self.now = now
        driver = ReplayDriver(instance: instance, observer: observer)
    }

    /// How the session ended.
    public enum Ending: Hashable, Sendable {
        /// The stop request was seen.
        case stopped
        /// The device went away.
        case deviceRemoved
    }

    /// Runs until `shouldStop` returns `true` (checked at least every ``pollInterval``) or the device goes away.
    ///
    /// - Throws: `InputDeviceError` for read errors other than the device's removal; touches
    ///   still down are cancelled first.
    @discardableResult
    public func run(until shouldStop: () -> Bool) throws(InputDeviceError) -> Ending {
        do {
            while !shouldStop() {
                let tick = now() + pollInterval
                let deadline = driver.nextDeadline.map { min($0, tick) } ?? tick
                switch try input.next(deadline: deadline) {
                case .frames(let output):
                    lastReceiveTime = now()
                    driver.handle(output, at: output.frames.last?.timestamp ?? now())
                    didHandleOutput?(output)
                case .deadlinePassed(let time):
                    if let due = driver.nextDeadline, due <= time { driver.advance(to: time) }
                case .ended(let output):
                    let time = now()
                    lastReceiveTime = time
                    driver.handle(output, at: output.frames.last?.timestamp ?? time)
                    didHandleOutput?(output)
                    driver.finish(at: time)
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

    /// Cancels the touches still down and runs the deadlines left.
    private func stop() {
        let time = now()
        if driver.origin != nil { driver.cancelAllTouches(at: time) }
        driver.finish(at: time)
    }
}

@available(*, unavailable)
extension LiveSession: Sendable {}
