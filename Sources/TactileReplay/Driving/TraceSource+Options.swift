import Tactile
import TactileInput

extension TraceSource {
    /// Opens this trace for a replay through `scene` as `options` say (`--allow-touchpad`, `--record-device`);
    /// warns on stderr when a device was chosen for an evemu recording, which holds one device.
    ///
    /// - Throws: `TraceError` as ``open(scene:allowingTouchpad:recordDevice:)``.
    public func open(scene: Scene, options: TraceOptions) throws(TraceError) -> TraceReplay {
        let replay = try open(
            scene: scene, allowingTouchpad: options.allowsTouchpad, recordDevice: options.recordDevice)
        if options.recordDevice != nil, replay.reader.format == .evemu {
            StandardStreams.writeError(
                "warning: \(displayName) is an evemu recording of one device: --record-device, which chooses a "
                    + "device of a libinput record file, does nothing\n")
        }
        return replay
    }

    /// What a finished replay of this trace (in `format`, by the tool's `command`) calls for, once its log is
    /// written: a trace without events is an error (``noEventsError(_:command:)``); one that ended with touches
    /// down (cancelled, and named in the log) is a ``ToolFailure`` with status 2, said on stderr, unless
    /// `options.allowsTouchesDown`.
    public func finish(
        _ statistics: TraceReplay.Statistics, format: TraceReader.Format, command: String, options: TraceOptions
    ) throws {
        if statistics.eventCount == 0 { throw noEventsError(format, command: command) }
        if !statistics.touchesDownAtEnd.isEmpty && !options.allowsTouchesDown {
            let touches = commaSeparated(statistics.touchesDownAtEnd.map(\.description))
            StandardStreams.writeError(
                "\(displayName): the trace ends with \(touches) down (cancelled); exit status 2 "
                    + "(--allow-touches-down for 0)\n")
            throw ToolFailure(status: 2)
        }
    }
}
