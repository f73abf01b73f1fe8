import ArgumentParser
import TactileReplay
import TactileInput

extension JitterFilter: ExpressibleByArgument {}

/// `--jitter-filter` and `--calibration`: how device positions map onto the scene's screen, overriding the
/// scene's (and udev's). Taken by live; ``TraceInputOptions`` has the same two (replay, render, check).
struct MappingOptions: ParsableArguments {
    @Option(help: .jitterFilter)
    var jitterFilter: JitterFilter?

    @Option(help: .calibration)
    var calibration: String?

    /// `mapping` with the options applied.
    func apply(to mapping: ScreenMapping) throws -> ScreenMapping {
        guard let mapping = mapping.overriding(jitterFilter: jitterFilter, calibration: calibration) else {
            throw ValidationError(
                "--calibration takes six numbers 'a b c d e f' within ±1000000000, such as '1 0 0 0 1 0' "
                    + "(got '\(calibration ?? "")')")
        }
        return mapping
    }

    /// Loads `path` (or the default scene) with these options applied to its screen mapping.
    func loadScene(_ path: String?) throws -> Scene {
        var scene = try path.map { path throws(SceneError) in try Scene.load(path: path) } ?? Scene.defaultScene()
        scene.screen = try apply(to: scene.screen)
        return scene
    }

    /// Loads `path` (or the default scene), applies the options, and builds it.
    func buildScene(_ path: String?) throws -> SceneInstance {
        try loadScene(path).instantiate()
    }
}

/// The options for reading a trace, defined once and taken by every command that reads one (replay, render,
/// check): `--description`, `--allow-touchpad`, `--record-device`, `--jitter-filter`, `--calibration`. A
/// message that suggests one of them (a touchpad's refusal, an events file without its description, a
/// multi-device recording) is therefore right for each of these commands (a test checks it). `synth` takes the
/// three that apply to a device description (``DeviceOptions``), `live` the two that apply to a device
/// (``MappingOptions``), with the same help (SharedOptions.swift).
///
/// One flat option group: swift-argument-parser reflects each group's type when a command line is parsed
/// (≈ 1.2 M instructions for each new group type, SharedOptions.swift), so `replay` pays for one. To add an input
/// option, add it here: every command that reads a trace then takes it.
struct TraceInputOptions: ParsableArguments {
    @Option(name: .customLong("description"), help: .descriptionFile, completion: .descriptionFile)
    var descriptionFile: String?

    @Flag(help: .allowTouchpad)
    var allowTouchpad = false

    @Option(name: .customLong("record-device"), help: .recordDevice)
    var recordDevice: String?

    @Option(help: .jitterFilter)
    var jitterFilter: JitterFilter?

    @Option(help: .calibration)
    var calibration: String?

    @Flag(help: .allowTouchesDown)
    var allowTouchesDown = false

    /// `--jitter-filter` and `--calibration`, as live takes them.
    var mapping: MappingOptions {
        var mapping = MappingOptions()
        mapping.jitterFilter = jitterFilter
        mapping.calibration = calibration
        return mapping
    }

    var recordDeviceChoice: LibinputRecordReader.DeviceChoice? { recordDevice.map(LibinputRecordReader.DeviceChoice.init) }

    /// The trace named on the command line, with `--description`.
    func source(_ path: String) throws(TraceError) -> TraceSource {
        try TraceSource(path: path, descriptionPath: descriptionFile)
    }

    /// Opens `source` for a replay through `scene` with `--allow-touchpad` and `--record-device`; warns when
    /// `--record-device` was given for an evemu recording, which holds one device.
    func open(_ source: TraceSource, scene: Scene) throws(TraceError) -> TraceReplay {
        let replay = try source.open(scene: scene, allowingTouchpad: allowTouchpad, recordDevice: recordDeviceChoice)
        if recordDevice != nil, replay.reader.format == .evemu {
            writeError(
                "warning: \(source.displayName) is an evemu recording of one device: --record-device, which chooses a "
                    + "device of a libinput record file, does nothing")
        }
        return replay
    }

    /// What a finished replay of `source` (in `format`, by `command`) calls for: a trace without events is an
    /// error (``TraceSource/noEventsError(_:command:)``); one that ended with touches down (cancelled, and named in
    /// the log) exits with status 2 unless `--allow-touches-down`. Call it after the log is written.
    func finish(_ statistics: TraceReplay.Statistics, source: TraceSource, format: TraceReader.Format, command: String)
        throws
    {
        if statistics.eventCount == 0 { throw source.noEventsError(format, command: command) }
        if !statistics.touchesDownAtEnd.isEmpty && !allowTouchesDown {
            let touches = commaSeparated(statistics.touchesDownAtEnd.map(\.description))
            writeError(
                "\(source.displayName): the trace ends with \(touches) down (cancelled); exit status 2 (--allow-touches-down for 0)")
            throw ExitCode(2)
        }
    }

    /// The library's form, for `CorpusCheck`.
    var traceOptions: TraceOptions {
        TraceOptions(descriptionPath: descriptionFile, allowsTouchpad: allowTouchpad, recordDevice: recordDeviceChoice)
    }
}

/// `--description`, `--allow-touchpad` and `--record-device` as synth takes them: which device a description
/// file is from, and whether a touchpad may stand for a screen. The same options as ``TraceInputOptions``'.
struct DeviceOptions: ParsableArguments {
    @Option(name: .customLong("description"), help: .descriptionFile, completion: .descriptionFile)
    var descriptionFile: String?

    @Flag(help: .allowTouchpad)
    var allowTouchpad = false

    @Option(name: .customLong("record-device"), help: .recordDevice)
    var recordDevice: String?

    var recordDeviceChoice: LibinputRecordReader.DeviceChoice? { recordDevice.map(LibinputRecordReader.DeviceChoice.init) }
}
