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
            (exit status 0 unless a trace failed). Traces replay on worker threads in one process, each through its \
            own copy of the scene. --junit FILE also writes a JUnit XML report; --shard I/N checks every N-th trace \
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Worker threads (default: the number of cores).", valueName: "n"))
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

    /// The worker threads: `--jobs`, or the number of cores.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        _ = try shardNumbers()
    }

    /// `--shard I/N` as numbers, or `nil` without it.
    func shardNumbers() throws -> (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else {
            throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, such as 2/4 for the second of four machines (got \(shard))")
        }
        return (index, count)
    }

    func run() throws {
        try reportingErrors(Self.self) {
            let scene = try input.mapping.loadScene(self.scene)
            let check = CorpusCheck(scene: scene, expectedDirectory: expected, options: input.traceOptions)
            let shard = try shardNumbers()
            let all = CorpusCheck.traces(in: traces)
            guard !all.isEmpty else { throw ValidationError("no traces found in \(traces.joined(separator: " "))") }
            if !accept { try check.requireExpectedDirectory() }
            let paths = shard.map { CorpusCheck.shard(all, index: $0.index, count: $0.count) } ?? all
            try check.requireDistinctExpectedLogs(paths)
            let start = ContinuousClock.now
            let results = check.run(paths, jobs: workers)
            let elapsed = (ContinuousClock.now - start).seconds
            var tally = CorpusCheck.Tally()
            let output = LineOutput()
            for result in results {
                if case .failed(let message) = result.outcome {
                    output.flush()
                    writeError(message)
                }
                let accepting = accept && result.outcome != .unchanged && !result.isFailure
                if accepting { try check.accept(result) }
                for line in CorpusCheck.reportLines(for: result, accepting: accepting, quiet: quiet) { output.write(line) }
                tally.count(result, accepted: accepting)
            }
            output.flush()
            if let junit {
                let report = JUnitReport.xml(results, elapsed: elapsed, accepting: accept, shard: shard)
                try TextFile.write(report, to: junit)
            }
            if !quiet {
                writeError(
                    tally.summary(
                        shard: shard.map { ($0.index, $0.count, all.count) }, acceptedInto: accept ? expected : nil,
                        seconds: elapsed, jobs: workers))
            }
            if !tally.passed(accepting: accept) { throw ExitCode.failure }
        }
    }
}
