import ArgumentParser
import TactileReplay

/// `--scene`, shared by replay, render and live.
struct SceneOptions: ParsableArguments {
    @Option(help: "The scene file (JSON). Default: one full-screen view with the common recognizers.")
    var scene: String?
}

/// `--explain` and `--json`, shared by replay and live.
struct LogOptions: ParsableArguments {
    @Flag(help: "Add a 'why:' line to each entry.")
    var explain = false

    @Flag(help: "Print JSON lines (schema in the README) instead of text.")
    var json = false

    /// The chosen format.
    var format: ReplayLogFormat { json ? .jsonLines(explain: explain) : explain ? .explain : .text }
}
