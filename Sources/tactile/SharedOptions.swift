import ArgumentParser
import Tactile
import TactileInput
import TactileReplay

// The options several commands share. The options for reading a trace are one group, `TraceInputOptions`
// (InputMappingOptions.swift), so that every command that reads a trace takes the same ones; the five log options
// are `LogOptions`. swift-argument-parser reflects every option group's type and looks it up in the
// protocol-conformance tables when the command line is parsed (≈ 1.2 M instructions per new group type and run, a
// full scan of the binary's 6,000 conformance records); `--scene` stays declared by each command that takes it,
// with the help written once here.

extension CompletionKind {
    /// A trace: an evemu recording or a libinput record file (and folders, to reach one).
    static var traceFile: CompletionKind { .file(extensions: CorpusCheck.traceFileExtensions) }
    /// A scene file (JSON).
    static var sceneFile: CompletionKind { .file(extensions: ["json"]) }
    /// An evemu device description (`--description`).
    static var descriptionFile: CompletionKind { .file(extensions: ["desc"]) }
    /// A file to write: any name (its folder must exist).
    static var outputFile: CompletionKind { .file() }
    /// The evdev nodes in `/dev/input` by their bare names (`event5`), which the device arguments take.
    static var deviceNode: CompletionKind { .shellCommand("cd /dev/input 2>/dev/null && ls -d event* 2>/dev/null") }
}

extension ArgumentHelp {
    /// `--scene`: replay, render, live and check.
    static let scene = ArgumentHelp("The scene file (JSON). Default: one full-screen view with the common recognizers.")

    /// `--allow-touchpad`: replay, render, check and synth. A touchpad's surface is mapped onto the screen only when
    /// asked.
    static let allowTouchpad = ArgumentHelp(
        "Map a touchpad's surface onto the screen as if it were a touchscreen.",
        discussion: """
            Without it a touchpad recording or description (INPUT_PROP_POINTER, or BTN_TOOL_FINGER without \
            INPUT_PROP_DIRECT) is refused: its coordinates are not screen positions.
            """)

    /// `--description`: replay, render, check and synth.
    static let descriptionFile = ArgumentHelp(
        "The evemu device description (.desc) for an events-only trace.",
        discussion: "Without it, an .events file looks for NAME.desc, then DEVICE.desc for DEVICE__GESTURE.events, beside it.",
        valueName: "file")

    /// `--record-device`: replay, render, check and synth.
    static let recordDevice = ArgumentHelp(
        "Which device of a multi-device libinput record file: its number (0 is the first) or part of its name.",
        discussion: "Default: the first touchscreen, else the first touch device.",
        valueName: "n|name")

    /// `--allow-touches-down`: replay, render and check.
    static let allowTouchesDown = ArgumentHelp(
        "Exit with status 0 when the trace ends with touches down (a recording cut off mid-gesture).",
        discussion: """
            Either way the touches still down are cancelled at the trace's last event and a decoder line names             them; without this option replay and render then exit with status 2.
            """)

    /// `--jitter-filter`: replay, render, check and live; overrides the scene's.
    static let jitterFilter = ArgumentHelp(
        "How positions are held against jitter: off, auto, or a fuzz in device units.",
        discussion: """
            auto (the scene's default) is libinput's hysteresis with half the fuzz udev saved in \
            LIBINPUT_FUZZ_* (else the device's axis fuzz), live and replayed alike.
            """,
        valueName: "off|auto|fuzz")

    /// `--calibration`: replay, render, check and live; overrides the scene's and udev's.
    static let calibration = ArgumentHelp(
        "A calibration matrix 'a b c d e f' (libinput's order), instead of the scene's and udev's.",
        valueName: "matrix")
}

/// The log's format and filter, shared by replay and live.
struct LogOptions: ParsableArguments {
    @Flag(help: "Add a 'why:' line to each entry.")
    var explain = false

    @Flag(help: "Print JSON lines (schema in the README and the TactileReplay documentation) instead of text.")
    var json = false

    @Flag(help: "Show each touch's position in window and view points in text lines (JSON always has them).")
    var positions = false

    @Option(
        name: .customLong("only"), parsing: .singleValue,
        help: ArgumentHelp(
            "Print only these kinds of entry, separated by commas.",
            discussion: "Kinds: \(commaSeparated(ReplayLogFilter.allKinds)).", valueName: "kinds"))
    var kinds: [String] = []

    @Option(
        name: .customLong("target"), parsing: .singleValue,
        help: ArgumentHelp(
            "Print only entries about these views, controls or recognizers (names separated by commas).",
            valueName: "names"))
    var targets: [String] = []

    /// The library's form.
    var options: ReplayLogOptions {
        ReplayLogOptions(explain: explain, json: json, positions: positions, kinds: kinds, targets: targets)
    }
}
