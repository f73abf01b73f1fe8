import Tactile
import TactileInput

/// Drives a scene from every touchscreen at once, as they come and go (`tactile live` without a device): the same
/// ``ReplayDriver`` and log as ``LiveSession``, fed by `LiveTouchscreens`.
///
/// Each touchscreen maps onto the scene's area for it (``Scene/mapping(forDeviceNamed:udev:)``); touches of
/// different devices have distinct identifiers. A device that goes away has its touches cancelled and the session
/// goes on; one that arrives joins. When the session stops, the touches still down are cancelled and the
/// deadlines left run. Not `Sendable`: it drives UI objects.
public final class TouchscreensSession {
    /// The driver (its observer receives the log).
    public let driver: ReplayDriver
    private let touchscreens: LiveTouchscreens
    private let now: () -> Timestamp
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)
    /// Called for every event other than frames and deadlines — arrivals, removals (after their cancelling
    /// frame was handled), declined devices and problems — for a report on stderr. Default `nil`.
    public var didChangeDevices: ((LiveTouchscreens.Event) -> Void)?

    /// Prepares a session over the touchscreens of `directory`, each mapped as `instance`'s scene says.
    ///
    /// - Throws: `InputDeviceError` when the directory cannot be watched.
    public init(
        directory: String = "/dev/input", instance: SceneInstance, now: @escaping () -> Timestamp = MonotonicClock.now,
        observer: @escaping (ReplayEvent) -> Void
    ) throws(InputDeviceError) {
        let scene = instance.scene
        touchscreens = try LiveTouchscreens(directory: directory) { device in
            scene.mapping(forDeviceNamed: device.name, udev: device.udevProperties).map {
                MultitouchDecoder.Configuration(mapping: $0, udevProperties: device.udevProperties)
            }
        }
        self.now = now
        driver = ReplayDriver(instance: instance, observer: observer)
    }

    /// The touchscreens being read.
    public var openDevices: [LiveTouchscreens.Device] { touchscreens.openDevices }

    /// Runs until `shouldStop` returns `true` (checked at least every ``pollInterval``).
    ///
    /// - Throws: `InputDeviceError` when waiting for input fails; touches still down are
    ///   cancelled first.
    public func run(until shouldStop: () -> Bool) throws(InputDeviceError) {
        do {
            while !shouldStop() {
                let tick = now() + pollInterval
                let deadline = driver.nextDeadline.map { min($0, tick) } ?? tick
                let event = try touchscreens.next(deadline: deadline)
                switch event {
                case .frames(_, let output):
                    driver.handle(output, at: output.frames.last?.timestamp ?? now())
                case .removed(_, let output):
                    if !output.frames.isEmpty || !output.diagnostics.isEmpty {
                        driver.handle(output, at: output.frames.last?.timestamp ?? now())
                    }
                    didChangeDevices?(event)
                case .deadlinePassed(let time):
                    if let due = driver.nextDeadline, due <= time { driver.advance(to: time) }
                case .added, .ignored, .problem:
                    didChangeDevices?(event)
                }
            }
        } catch {
            stop()
            throw error
        }
        stop()
    }

    /// Cancels the touches still down and runs the deadlines left.
    private func stop() {
        let time = now()
        if driver.origin != nil { driver.cancelAllTouches(at: time) }
        driver.finish(at: time)
    }
}

@available(*, unavailable)
extension TouchscreensSession: Sendable {}
