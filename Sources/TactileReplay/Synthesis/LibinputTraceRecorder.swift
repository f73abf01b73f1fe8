import Tactile
import TactileInput

/// Records the touches libinput delivers for one device (`tactile record --backend libinput`), after its quirks,
/// calibration, jitter filter and palm handling, as an evemu trace of a protocol-B touchscreen
/// (`TouchFrameEncoder`): the device's name plus " (libinput)", its identity and position ranges, no fuzz (libinput
/// filtered already). `tactile replay` then plays back what libinput delivered; a touch libinput cancelled is written
/// as a lift. Not `Sendable`: it owns libinput's context.
public final class LibinputTraceRecorder {
    /// The device's name, as libevdev reads it.
    public let deviceName: String
    /// The description the trace must start with (give it to the `EvemuWriter`).
    public var deviceDescription: DeviceDescription { encoder.deviceDescription }
    /// How many touch changes were written.
    public var changeCount: Int { encoder.changeCount }
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)
    private var encoder: TouchFrameEncoder
    private let input: LibinputTouchInput
    private let now: () -> Timestamp

    /// Reads the description of the device at `path` through libevdev (closed again before libinput opens the node),
    /// then opens it with libinput's path backend.
    ///
    /// - Throws: `InputDeviceError` when either cannot open the device.
    public init(path: String, now: @escaping () -> Timestamp = MonotonicClock.now) throws(InputDeviceError) {
        func describe() throws(InputDeviceError) -> DeviceDescription {
            try InputDevice.open(path: path).deviceDescription
        }
        let source = try describe()
        deviceName = source.name
        encoder = TouchFrameEncoder(name: source.name + " (libinput)", like: source)
        // Positions as fractions of the surface (calibrated by libinput), which the encoder turns into device units.
        input = try LibinputTouchInput(
            backend: .path([path]), mapping: ScreenMapping(screenSize: Size(width: 1, height: 1)))
        self.now = now
    }

    /// Writes libinput's touches to `writer` until `shouldStop` returns `true` or the device goes away; the touches
    /// still down are then written as lifts, and the writer is closed.
    ///
    /// - Throws: `InputDeviceError` for a read error, `TraceError` when writing fails.
    public func run(writingTo writer: EvemuWriter, until shouldStop: () -> Bool) throws {
        loop: while !shouldStop() {
            switch try input.next(deadline: now() + pollInterval) {
            case .frames(let output): try encoder.write(output.frames, to: writer)
            case .deviceRemoved(_, let output):
                try encoder.write(output.frames, to: writer)
                break loop
            case .deadlinePassed, .deviceAdded: continue
            }
        }
        try encoder.write(input.end(at: now()).frames, to: writer)
        try writer.close()
    }
}

@available(*, unavailable)
extension LibinputTraceRecorder: Sendable {}
