import ArgumentParser
import FoundationEssentials
import TactileInput
import TactileReplay

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay a corpus of traces in parallel and compare each log with its expected one.",
        discussion: """
            Each trace's text log (as tactile replay prints it) is compared with EXPECTED/NAME.log, NAME being the \
            trace's file name without its extension. A diff is printed for every log that changed, then a summary; \
            the exit status is 1 when a log changed, is new, or a trace failed. --accept writes the new logs instead \
            (exit status 0 unless a trace failed). Traces replay on worker processes (--jobs), each through its own \
            copy of the scene. --junit FILE also writes a JUnit XML report; --shard I/N checks every N-th trace \
            from the I-th, for a CI matrix of N machines; --quiet prints only what needs attention.
            """
    )

    @Argument(help: "Trace files, or folders of them (.evemu, .events, .yml, .yaml).", completion: .traceFile)
    var traces: [String]

    @Option(help: .scene, completion: .sceneFile)
    var scene: String?

    @OptionGroup(title: "Input") var input: TraceInputOptions

    @Option(
        help: ArgumentHelp("The folder of expected logs (NAME.log per trace); --accept creates it.", valueName: "folder"),
        completion: .directory)
    var expected: String

    @Flag(help: "Write the logs that changed or are new as the expected ones.")
    var accept = false

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Print only what needs attention: no diffs and no summary, one line per log that changed or is new.",
            discussion: "Errors are printed as always; the exit status is the same as without it."))
    var quiet = false

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Worker processes (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Also write the results as a JUnit XML report (GitLab, Jenkins and GitHub show it), one test per trace.",
            valueName: "file"),
        completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Check only shard I of N: every N-th trace from the I-th, so that N machines share a corpus.",
            discussion: "Give every machine the same traces; the shards are disjoint and together hold each trace once.",
            valueName: "i/n"))
    var shard: String?

    /// A worker process of another `tactile check` (CorpusCheck.Workers): trace numbers in, results out.
    @Flag(help: ArgumentHelp(visibility: .private)) var worker = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        do { _ = try shard.map(CorpusCheck.parseShard) } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        try reportingErrors(Self.self) {
            let scene = try input.loadScene(self.scene)
            let check = CorpusCheck(scene: scene, expectedDirectory: expected, options: input.traceOptions)
            let shard = try self.shard.map(CorpusCheck.parseShard)
            let all = CorpusCheck.traces(in: traces)
            guard !all.isEmpty else { throw ValidationError("no traces found in \(traces.joined(separator: " "))") }
            if worker { return try check.runWorker(all, shard: shard) }
            // The workers: this command line again (after `tactile check`), with --worker.
            let arguments = ["check", "--worker"] + CommandLine.arguments.dropFirst(2)
            let workers = CorpusCheck.Workers(executable: "/proc/self/exe", arguments: arguments)
            try check.runReporting(
                all, shard: shard, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, workers: workers,
                accepting: accept, quiet: quiet, junit: junit)
        }
    }
}
