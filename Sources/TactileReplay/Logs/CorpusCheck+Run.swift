import Foundation
import Tactile
import TactileInput

extension CorpusCheck {
    /// `--shard I/N` as numbers: shard `index` of `count`, 1-based.
    ///
    /// - Throws: ``OptionError`` unless the text is `I/N` with 1 ≤ I ≤ N.
    public static func parseShard(_ text: String) throws(OptionError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else {
            throw OptionError(
                "--shard takes I/N with 1 ≤ I ≤ N, such as 2/4 for the second of four machines (got \(text))")
        }
        return (index, count)
    }

    /// Checks `all` (or its shard) on `jobs` worker processes started from `workers` (in this process when
    /// `jobs` is 1, there is one trace, a trace is standard input, `-`, or there are no `workers`) and reports as
    /// `tactile check` does: each result's lines on standard output (``reportLines(for:accepting:quiet:)``),
    /// failures on standard error, with `accepting` the new logs written as the expected ones, with `junit` a
    /// JUnit XML report written there, and unless `quiet` the summary line on standard error. SIGINT or SIGTERM
    /// kills and reaps the workers, then ends the process with that signal.
    ///
    /// - Throws: `TraceError` when the expected folder is missing (unless `accepting`), two traces share an
    ///   expected log, or a file cannot be written; ``WorkerFailure`` when a worker fails; a ``ToolFailure`` with
    ///   status 1 when a log changed, is new (unless `accepting`), or a trace failed.
    @preconcurrency @MainActor public func runReporting(
        _ all: [String], shard: (index: Int, count: Int)?, jobs: Int, workers: Workers? = nil, accepting: Bool,
        quiet: Bool, junit: String?
    ) throws {
        if !accepting { try requireExpectedDirectory() }
        let paths = shard.map { Self.shard(all, index: $0.index, count: $0.count) } ?? all
        try requireDistinctExpectedLogs(paths)
        let start = ContinuousClock.now
        let jobs = workers == nil || paths.contains("-") ? 1 : max(1, min(jobs, paths.count))
        let results =
            if let workers, jobs > 1 { try runStoppable(paths, workers: workers, count: jobs) } else { run(paths) }
        let elapsed = (ContinuousClock.now - start).seconds
        var tally = Tally()
        let output = LineOutput()
        for result in results {
            if case .failed(let message) = result.outcome {
                output.flush()
                StandardStreams.writeError(message + "\n")
            }
            let accepted = accepting && result.outcome != .unchanged && !result.isFailure
            if accepted { try accept(result) }
            for line in Self.reportLines(for: result, accepting: accepted, quiet: quiet) { output.write(line) }
            tally.count(result, accepted: accepted)
        }
        output.flush()
        if let junit {
            let report = JUnitReport.xml(results, elapsed: elapsed, accepting: accepting, shard: shard)
            try TextFile.write(report, to: junit)
        }
        if !quiet {
            let summary = tally.summary(
                shard: shard.map { ($0.index, $0.count, all.count) }, acceptedInto: accepting ? expectedDirectory : nil,
                seconds: elapsed, jobs: jobs)
            StandardStreams.writeError(summary + "\n")
        }
        if !tally.passed(accepting: accepting) { throw ToolFailure(status: 1) }
    }

    /// ``run(_:workers:count:progress:stopRequested:)`` stopped by SIGINT or SIGTERM: the workers killed and
    /// reaped, then this process ended by the same signal, as the shell expects of an interrupted command.
    private func runStoppable(_ paths: [String], workers: Workers, count: Int) throws -> [Result] {
        let signals = StopSignals()
        defer { signals.cancel() }
        // A signal before the sources are registered would be lost (ignored): wait for them (a few milliseconds).
        let clock = ContinuousClock(), deadline = clock.now + .seconds(2)
        while !signals.isWatching, clock.now < deadline { usleep(1_000) }
        do {
            return try run(paths, workers: workers, count: count, stopRequested: { signals.isRequested })
        } catch is Interruption {
            let signal = signals.receivedSignal ?? SIGTERM
            signals.cancel()
            // The signal sources leave the signal blocked (libdispatch reads it from a signalfd): unblock it first.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(signal)
            throw ToolFailure(status: 128 + signal)
        }
    }
}
