import ArgumentParser
import Tactile
import TactileInput
import TactileReplay

struct ReplayCommand: ParsableCommand {
    /// The super-command name is `tactile`'s (swift-argument-parser's experimental initializer): it matters only
    /// when this command is parsed on its own (``TactileCommand/main()``'s shortcut), and makes it print usage as
    /// `tactile replay` and skip the completion-script check, which `tactile` does.
    static let configuration = CommandConfiguration(
        commandName: "replay",
        _superCommandName: "tactile",
        abstract: "Replay a trace through a scene and print the delivery log, one line per entry.",
        discussion: """
            Time is virtual: the replay runs as fast as the machine goes, timers fire at their deadlines on the \
            trace's clock, and the log is the same on every run. Times are seconds since the trace's first event. \
            TRACE may be - (standard input) or a pipe: tactile synth pan | tactile replay -
            """
    )

    @Argument(
        help: "The trace: an evemu recording (.evemu, or .events beside a .desc) or a libinput record file; - reads standard input.",
        completion: .traceFile)
    var trace: String

    @Option(help: .scene, completion: .sceneFile)
    var scene: String?

    @OptionGroup(title: "Input") var input: TraceInputOptions

    @OptionGroup var logOptions: LogOptions

    @Flag(help: "Pace the replay to the trace's timestamps.")
    var realtime = false

    func run() throws {
        try reportingErrors(Self.self) {
            let instance = try input.buildScene(scene)
            let source = try input.source(trace)
            defer { source.removeTemporaryCopy() }
            let printer = try logOptions.options.printer(instance: instance)
            try SceneDriver.printReplay(
                of: source, through: instance, printer: printer, options: input.traceOptions, realtime: realtime)
        }
    }
}
