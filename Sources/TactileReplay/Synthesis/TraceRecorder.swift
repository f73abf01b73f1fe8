import Tactile
import TactileInput

/// Where a recorder reads events: an `InputDevice`, or a scripted source in tests.
public protocol RecordingSource: AnyObject {
    /// Everything the device advertises.
    var deviceDescription: DeviceDescription { get }
    /// Reads the next event without blocking.
    func readEvent() throws(InputDeviceError) -> InputDevice.ReadResult
    /// Reads the next repair event after `SYN_DROPPED`, or `nil` when the repair is done.
    func readSynchronizationEvent() throws(InputDeviceError) -> InputEvent?
    /// Waits until an event can be read or `deadline` passes; returns whether one is ready.
    func waitForEvents(until deadline: Timestamp?) throws(InputDeviceError) -> Bool
}

extension InputDevice: RecordingSource {}

/// Records a device's events to an evemu file (`tactile record`), as `evemu-record` does: the description, then
/// every event with its time relative to the first one.
///
/// `SYN_DROPPED` is written as it came, followed by libevdev's repair events (the state after the loss), so a
/// replay sees the loss and the decoder cancels the touches. The loop checks its stop request at least every
/// ``pollInterval``. Not `Sendable`: it owns the open file.
public final class TraceRecorder {
    private let source: any RecordingSource
    private let writer: EvemuWriter
    private let now: () -> Timestamp
    private var origin: Timestamp?
    /// The number of events written.
    public private(set) var eventCount = 0
    /// The longest wait between two looks at the stop request. Default 100 ms.
    public var pollInterval: Duration = .milliseconds(100)

    /// Creates the file at `path` and writes the source's description, with the device's udev properties that
    /// change how it is read (`LIBINPUT_FUZZ_*`, `LIBINPUT_CALIBRATION_MATRIX`) as `# udev:` comments, so its
    /// replay filters and calibrates as a live session on the device does.
    ///
    /// - Throws: `TraceError` when the file cannot be created.
    public convenience init(
        source: any RecordingSource, path: String, udevProperties: UdevProperties = UdevProperties(),
        now: @escaping () -> Timestamp = MonotonicClock.now
    ) throws(TraceError) {
        try self.init(
            source: source,
            writer: EvemuWriter(path: path, description: source.deviceDescription, udevProperties: udevProperties),
            now: now)
    }

    /// Records with `writer` (standard output for `tactile record` without `-o`); give the writer the device's
    /// udev properties (`EvemuWriter/init(handle:name:description:udevProperties:)`) to keep them.
    public init(source: any RecordingSource, writer: EvemuWriter, now: @escaping () -> Timestamp = MonotonicClock.now) {
        self.source = source
        self.now = now
        self.writer = writer
    }

    /// Records until `shouldStop` returns `true` or the device goes away, then closes the file.
    ///
    /// - Throws: `InputDeviceError` for a read error other than removal, `TraceError`
    ///   when writing fails; the file is closed either way.
    public func run(until shouldStop: () -> Bool) throws {
        defer { try? writer.close() }
        do {
            while !shouldStop() {
                switch try source.readEvent() {
                case .event(let event):
                    try write(event)
                case .eventsDropped(let event):
                    try write(event)
                    while let repair = try source.readSynchronizationEvent() { try write(repair) }
                case .noEvent:
                    _ = try source.waitForEvents(until: now() + pollInterval)
                }
            }
        } catch InputDeviceError.deviceRemoved {
            // The recording ends with what was read.
        }
        try writer.close()
    }

    private func write(_ event: InputEvent) throws(TraceError) {
        let first = origin ?? event.timestamp
        origin = first
        var relative = event
        relative.timestamp = Timestamp(nanoseconds: max(0, event.timestamp.nanoseconds - first.nanoseconds))
        try writer.write(relative)
        eventCount += 1
    }
}

@available(*, unavailable)
extension TraceRecorder: Sendable {}
