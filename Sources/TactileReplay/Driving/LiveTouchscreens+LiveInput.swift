import Tactile
import TactileInput

/// Every touchscreen at once, as they come and go (`tactile live` without a device):
/// `LiveSession<LiveTouchscreens>`, the same ``SceneDriver`` and log as a single device, fed by every
/// touchscreen's decoder.
///
/// Each touchscreen maps onto the scene's area for it (``Scene/mapping(forDeviceNamed:udev:)``); touches of
/// different devices have distinct identifiers. A device that goes away has its touches cancelled and the session
/// goes on; one that arrives joins. When the session stops, the touches still down are cancelled and the
/// deadlines left run. Every event other than frames and deadlines — arrivals, removals (after their cancelling
/// frame was handled), declined devices and problems — goes to ``LiveSession/didNote``.
extension LiveSession where Input == LiveTouchscreens {
    /// Prepares a session over the touchscreens of `directory`, each mapped as `instance`'s scene says.
    ///
    /// - Throws: `InputDeviceError` when the directory cannot be watched.
    public convenience init(
        directory: String = "/dev/input", instance: SceneInstance, now: @escaping () -> Timestamp = MonotonicClock.now,
        observer: @escaping (ReplayEvent) -> Void
    ) throws(InputDeviceError) {
        let scene = instance.scene
        let touchscreens = try LiveTouchscreens(directory: directory) { device in
            scene.mapping(forDeviceNamed: device.name, udev: device.udevProperties).map {
                MultitouchDecoder.Configuration(mapping: $0, udevProperties: device.udevProperties)
            }
        }
        self.init(input: touchscreens, instance: instance, now: now, observer: observer)
    }

    /// The touchscreens being read.
    public var openDevices: [LiveTouchscreens.Device] { input.openDevices }
}

extension LiveTouchscreens: LiveInput {
    /// `LiveTouchscreens.next(deadline:)` as a session step: a removal hands on its cancelling output and the
    /// session goes on; arrivals, declined devices and problems are notes.
    public func nextStep(
        deadline: Timestamp
    ) throws(InputDeviceError) -> LiveInputStep<MultitouchDecoder.Output, Event> {
        let event = try next(deadline: deadline)
        switch event {
        case .frames(_, let output): return .output(output)
        case .removed(_, let output): return .deviceRemoved(output, note: event, then: .continues)
        case .deadlinePassed(let time): return .deadlinePassed(time)
        case .added, .ignored, .problem: return .note(event)
        }
    }

    /// `nil`: each decoder's touches are the driver's to cancel.
    public func finalOutput(at time: Timestamp) -> MultitouchDecoder.Output? { nil }

    /// The output's diagnostics and frames into the log (``SceneDriver/handle(_:at:)``), at its last frame's
    /// time or, with none, at `time`; `false` (nothing handed over) for an empty output.
    @preconcurrency @MainActor public static func handle(
        _ output: MultitouchDecoder.Output, with driver: SceneDriver, at time: Timestamp, note: (Event) -> Void
    ) -> Bool {
        guard !output.frames.isEmpty || !output.diagnostics.isEmpty else { return false }
        driver.handle(output, at: output.frames.last?.timestamp ?? time)
        return true
    }

    /// The decoder output's frames.
    public static func frames(of output: MultitouchDecoder.Output) -> [TouchFrame] { output.frames }
}
