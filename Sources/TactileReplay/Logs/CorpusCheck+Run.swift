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

    /// Checks `all` (or its shard) on `jobs` worker threads and reports as `tactile check` does: each result's
    /// lines on standard output (``reportLines(for:accepting:quiet:)``), failures on standard error, with
    /// `accepting` the new logs written as the expected ones, with `junit` a JUnit XML report written there, and
    /// unless `quiet` the summary line on standard error.
    ///
    /// - Throws: `TraceError` when the expected folder is missing (unless `accepting`), two traces share an
    ///   expected log, or a file cannot be written; a ``ToolFailure`` with status 1 when a log changed, is new
    ///   (unless `accepting`), or a trace failed.
    @preconcurrency @MainActor public func runReporting(
        _ all: [String], shard: (index: Int, count: Int)?, jobs: Int, accepting: Bool, quiet: Bool, junit: String?
    ) throws {
        if !accepting { try requireExpectedDirectory() }
        let paths = shard.map { Self.shard(all, index: $0.index, count: $0.count) } ?? all
        try requireDistinctExpectedLogs(paths)
        let start = ContinuousClock.now
        let results = run(paths, jobs: jobs)
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
}
