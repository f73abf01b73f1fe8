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
            let instance = try input.mapping.buildScene(scene)
            let source = try input.source(trace)
            defer { source.removeTemporaryCopy() }
            let printer = try logOptions.printer(instance: instance)
            let progress = TerminalProgress(duration: source.duration, pacedToTrace: realtime)
            defer { progress?.finish() }
            let replay = try input.open(source, scene: instance.scene)
            let output = LineOutput()
            output.progress = progress
            defer { output.flush() }
            defer { printer.flush(to: &output.buffer) }
            let driver = SceneDriver(instance: instance) { event in output.write(event, with: printer) }
            if realtime {
                let pacer = RealtimePacer()
                driver.pacer = { time in
                    // Print what is complete before sleeping.
                    printer.flush(to: &output.buffer)
                    output.flush()
                    pacer.pace(until: time)
                }
            }
            let statistics: TraceReplay.Statistics
            do throws(TraceError) {
                statistics = try driver.replay(replay, progress: progress.map { $0.update })
            } catch {
                throw source.renamed(error)
            }
            printer.flush(to: &output.buffer)
            output.flush()
            try input.finish(statistics, source: source, format: replay.reader.format, command: "replay")
        }
    }
}
