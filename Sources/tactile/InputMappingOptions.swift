import ArgumentParser
import TactileReplay
import TactileInput

extension JitterFilter: ExpressibleByArgument {}

/// `--jitter-filter` and `--calibration`: how device positions map onto the scene's screen, overriding the
/// scene's (and udev's). Taken by live; ``TraceInputOptions`` has the same two (replay, render, check).
struct MappingOptions: SceneMappingOptions {
    @Option(help: .jitterFilter)
    var jitterFilter: JitterFilter?

    @Option(help: .calibration)
    var calibration: String?
}

/// An option group with `--jitter-filter` and `--calibration`, which the scenes it loads have applied.
protocol SceneMappingOptions: ParsableArguments {
    var jitterFilter: JitterFilter? { get }
    var calibration: String? { get }
}

extension SceneMappingOptions {
    /// Loads `path` (or the default scene) with these options applied to its screen mapping.
    func loadScene(_ path: String?) throws -> Scene {
        try Scene.load(path, jitterFilter: jitterFilter, calibration: calibration)
    }

    /// Loads `path` (or the default scene), applies the options, and builds it.
    @MainActor func buildScene(_ path: String?) throws -> SceneInstance {
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
struct TraceInputOptions: SceneMappingOptions {
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

    /// The trace named on the command line, with `--description`.
    func source(_ path: String) throws(TraceError) -> TraceSource {
        try TraceSource(path: path, descriptionPath: descriptionFile)
    }

    /// The library's form.
    var traceOptions: TraceOptions {
        TraceOptions(
            descriptionPath: descriptionFile, allowsTouchpad: allowTouchpad,
            recordDevice: recordDevice.map(LibinputRecordReader.DeviceChoice.init), allowsTouchesDown: allowTouchesDown)
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

    /// The library's form.
    var traceOptions: TraceOptions {
        TraceOptions(
            descriptionPath: descriptionFile, allowsTouchpad: allowTouchpad,
            recordDevice: recordDevice.map(LibinputRecordReader.DeviceChoice.init))
    }
}
