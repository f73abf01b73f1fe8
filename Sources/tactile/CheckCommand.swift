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
            from the I-th, for a CI matrix of N machines.
            """
    )

    @Argument(help: "Trace files, or folders of them (.evemu, .events, .yml, .yaml).")
    var traces: [String]

    @Option(help: .scene)
    var scene: String?

    @OptionGroup(title: "Input") var input: TraceInputOptions

    @Option(help: "The folder of expected logs (NAME.log per trace).")
    var expected: String

    @Flag(help: "Write the logs that changed or are new as the expected ones.")
    var accept = false

    @Option(help: "Worker threads (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help: ArgumentHelp(
            "Also write the results as a JUnit XML report (GitLab, Jenkins and GitHub show it), one test per trace.",
            valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Check only shard I of N: every N-th trace from the I-th, so that N machines share a corpus.",
            discussion: "Give every machine the same traces; the shards are disjoint and together hold each trace once.",
            valueName: "i/n"))
    var shard: String?

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
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
        try reportingErrors {
            let scene = try input.mapping.loadScene(self.scene)
            let check = CorpusCheck(scene: scene, expectedDirectory: expected, options: input.traceOptions)
            let shard = try shardNumbers()
            let all = CorpusCheck.traces(in: traces)
            guard !all.isEmpty else { throw ValidationError("no traces found in \(traces.joined(separator: " "))") }
            let paths = shard.map { CorpusCheck.shard(all, index: $0.index, count: $0.count) } ?? all
            var seen: [String: String] = [:]
            for path in paths {
                let log = check.expectedPath(for: path)
                if let other = seen[log] {
                    throw TraceError(file: path, reason: "has the same expected log as \(other) (\(log)); rename one")
                }
                seen[log] = path
            }
            let start = ContinuousClock.now
            let results = check.run(paths, jobs: jobs)
            let elapsed = (ContinuousClock.now - start).seconds
            var counts = (unchanged: 0, changed: 0, new: 0, failed: 0, accepted: 0)
            let output = LineOutput()
            for result in results {
                switch result.outcome {
                case .unchanged:
                    counts.unchanged += 1
                case .changed(let diff):
                    counts.changed += 1
                    for line in diff { output.write(line) }
                case .new:
                    counts.new += 1
                    output.write("new: \(result.trace) (no \(result.expectedPath))")
                case .failed(let message):
                    counts.failed += 1
                    output.flush()
                    writeError(message)
                }
                if accept, result.outcome != .unchanged, !result.isFailure {
                    try check.accept(result)
                    counts.accepted += 1
                }
            }
            output.flush()
            if let junit {
                let report = JUnitReport.xml(results, elapsed: elapsed, accepting: accept, shard: shard)
                let handle = try EvemuWriter.openForWriting(junit)
                defer { try? handle.close() }
                do {
                    try handle.write(contentsOf: Data(report.utf8))
                } catch {
                    throw TraceError(file: junit, reason: "cannot be written (\(error.localizedDescription))")
                }
            }
            let rate = elapsed > 0 ? Double(results.count) / elapsed : 0
            var summary = (shard.map { "shard \($0.index)/\($0.count) of \(all.count) traces: " } ?? "") + "\(results.count) traces: \(counts.unchanged) unchanged, \(counts.changed) changed, "
                + "\(counts.new) new, \(counts.failed) failed"
            if accept { summary += "; \(counts.accepted) accepted into \(expected)" }
            summary += " (\(fixed(elapsed, decimals: 2)) s, \(fixed(rate, decimals: 1)) traces/s, "
                + "\(min(jobs, results.count)) jobs)"
            writeError(summary)
            let clean = counts.failed == 0 && (accept || counts.changed + counts.new == 0)
            if !clean { throw ExitCode.failure }
        }
    }
}

extension CorpusCheck.Result {
    var isFailure: Bool {
        if case .failed = outcome { return true }
        return false
    }
}

/// A non-negative number with a fixed count of decimals, rounded to nearest (`12.35`), as `%.Nf` prints it
/// (ties, which a measured time never is exactly, may round the other way).
func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard scaled.isFinite, scaled >= 0, scaled < 1e18 else { return "\(value)" }
    let units = UInt64(scaled), divisor = UInt64(scale)
    let fraction = String(units % divisor)
    return "\(units / divisor)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}
