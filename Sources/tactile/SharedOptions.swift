import ArgumentParser
import TactileReplay

/// `--scene`, shared by replay, render and live.
struct SceneOptions: ParsableArguments {
    @Option(help: "The scene file (JSON). Default: one full-screen view with the common recognizers.")
    var scene: String?
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
            discussion: "Kinds: \(ReplayLogFilter.allKinds.joined(separator: ", ")).", valueName: "kinds"))
    var kinds: [String] = []

    @Option(
        name: .customLong("target"), parsing: .singleValue,
        help: ArgumentHelp(
            "Print only entries about these views, controls or recognizers (names separated by commas).",
            valueName: "names"))
    var targets: [String] = []

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
