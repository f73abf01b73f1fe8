import ArgumentParser
import TactileInput
import TactileReplay

// The options several commands share. Each command declares them itself, with the help written once here,
// instead of through `@OptionGroup`s: swift-argument-parser reflects every option group's type and looks it up
// in the protocol-conformance tables when the command line is parsed (≈ 1.2 M instructions per group and
// command, a full scan of the binary's 6,000 conformance records for each new type and protocol), and the
// values are collected into plain structs (`LogOptions`, `InputMappingOptions`) after parsing.

extension ArgumentHelp {
    /// `--scene`: replay, render, live and check.
    static let scene = ArgumentHelp("The scene file (JSON). Default: one full-screen view with the common recognizers.")

    /// `--explain`: replay and live.
    static let explain = ArgumentHelp("Add a 'why:' line to each entry.")

    /// `--json`: replay and live.
    static let json = ArgumentHelp(
        "Print JSON lines (schema in the README and the TactileReplay documentation) instead of text.")

    /// `--positions`: replay and live.
    static let positions = ArgumentHelp(
        "Show each touch's position in window and view points in text lines (JSON always has them).")

    /// `--only`: replay and live.
    static let onlyKinds = ArgumentHelp(
        "Print only these kinds of entry, separated by commas.",
        discussion: "Kinds: \(commaSeparated(ReplayLogFilter.allKinds)).", valueName: "kinds")

    /// `--target`: replay and live.
    static let targetNames = ArgumentHelp(
        "Print only entries about these views, controls or recognizers (names separated by commas).",
        valueName: "names")

    /// `--allow-touchpad`: replay, render and synth. A touchpad's surface is mapped onto the screen only when
    /// asked.
    static let allowTouchpad = ArgumentHelp(
        "Map a touchpad's surface onto the screen as if it were a touchscreen.",
        discussion: """
            Without it a touchpad recording or description (INPUT_PROP_POINTER, or BTN_TOOL_FINGER without \
            INPUT_PROP_DIRECT) is refused: its coordinates are not screen positions.
            """)

    /// `--jitter-filter`: replay and live; overrides the scene's.
    static let jitterFilter = ArgumentHelp(
        "How positions are held against jitter: off, auto, or a fuzz in device units.",
        discussion: """
            auto (the scene's default) is libinput's hysteresis with half the fuzz udev saved in \
            LIBINPUT_FUZZ_* (else the device's axis fuzz), live and replayed alike.
            """,
        valueName: "off|auto|fuzz")

    /// `--calibration`: replay and live; overrides the scene's and udev's.
    static let calibration = ArgumentHelp(
        "A calibration matrix 'a b c d e f' (libinput's order), instead of the scene's and udev's.",
        valueName: "matrix")
}

/// The log's format and filter of replay and live: their `--explain`, `--json`, `--positions`, `--only` and
/// `--target`.
struct LogOptions {
    var explain: Bool
    var json: Bool
    var positions: Bool
    /// `--only`, as given.
    var kinds: [String]
    /// `--target`, as given.
    var targets: [String]

    /// The chosen format.
    var format: ReplayLogFormat { json ? .jsonLines(explain: explain) : explain ? .explain : .text }

    /// A printer for the chosen format and filter.
    func printer(instance: SceneInstance) throws -> ReplayLogPrinter {
        let filter = ReplayLogFilter(
            kinds: try ReplayLogFilter.parseKinds(kinds),
            targets: Set(targets.flatMap { $0.split(separator: ",").map(String.init) }))
        return ReplayLogPrinter(format: format, filter: filter, showsPositions: positions, instance: instance)
    }
}
