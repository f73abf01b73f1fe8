import Foundation
import TactileInput

extension CorpusCheck.Result {
    /// Whether the trace could not be checked (``CorpusCheck/Outcome/failed(_:)``).
    public var isFailure: Bool {
        if case .failed = outcome { return true }
        return false
    }
}

extension CorpusCheck {
    /// The folder of expected logs must exist unless the check writes them (`--accept` creates it).
    ///
    /// - Throws: `TraceError` naming the folder when it does not exist or is a file.
    public func requireExpectedDirectory() throws(TraceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expectedDirectory, isDirectory: &isDirectory) else {
            throw TraceError(
                file: expectedDirectory,
                reason: "the folder of expected logs does not exist; tactile check --accept writes them there")
        }
        guard isDirectory.boolValue else {
            throw TraceError(file: expectedDirectory, reason: "not a folder (--expected names the folder of expected logs)")
        }
    }

    /// Two traces must not share an expected log (`a.evemu` and `a.yml` are both `a.log`).
    ///
    /// - Throws: `TraceError` naming the second trace, the first and their log.
    public func requireDistinctExpectedLogs(_ traces: [String]) throws(TraceError) {
        var seen: [String: String] = [:]
        for path in traces {
            let log = expectedPath(for: path)
            if let other = seen[log] {
                throw TraceError(file: path, reason: "has the same expected log as \(other) (\(log)); rename one")
            }
            seen[log] = path
        }
    }

    /// What `tactile check` prints on standard output for one result: a changed log's diff (with `quiet`, one
    /// `changed:` line instead), a `new:` line, and with `accepting` an `accepted:` line for each log written in
    /// place of the `new:` line (`quiet` leaves it out). A failure is reported on standard error instead, and an
    /// unchanged log prints nothing.
    public static func reportLines(for result: Result, accepting: Bool, quiet: Bool) -> [String] {
        switch result.outcome {
        case .unchanged, .failed:
            return []
        case .changed(let diff):
            if accepting { return quiet ? [] : diff + ["accepted: \(result.trace) as \(result.expectedPath) (changed)"] }
            return quiet ? ["changed: \(result.trace) (\(result.expectedPath))"] : diff
        case .new:
            if accepting { return quiet ? [] : ["accepted: \(result.trace) as \(result.expectedPath) (new)"] }
            return ["new: \(result.trace) (no \(result.expectedPath))"]
        }
    }

    /// How many traces had each outcome, for the summary line.
    public struct Tally: Hashable, Sendable {
        public var unchanged = 0
        public var changed = 0
        public var new = 0
        public var failed = 0
        /// The logs written as the expected ones (`--accept`).
        public var accepted = 0

        public init() {}

        /// Counts one result; `accepted`: its log was written as the expected one.
        public mutating func count(_ result: Result, accepted: Bool) {
            switch result.outcome {
            case .unchanged: unchanged += 1
            case .changed: changed += 1
            case .new: new += 1
            case .failed: failed += 1
            }
            if accepted { self.accepted += 1 }
        }

        /// The traces counted.
        public var total: Int { unchanged + changed + new + failed }

        /// Whether the check passed: nothing failed, and (unless accepting) every log was unchanged.
        public func passed(accepting: Bool) -> Bool { failed == 0 && (accepting || changed + new == 0) }

        /// The summary line: `55 traces: 46 unchanged, 1 changed, 0 new, 8 failed (2.50 s, 22.0 traces/s, 2 jobs)`,
        /// with `; N accepted into FOLDER` when accepting and `shard I/N of M traces: ` before it for a shard.
        public func summary(
            shard: (index: Int, count: Int, traces: Int)? = nil, acceptedInto folder: String? = nil, seconds: Double,
            jobs: Int
        ) -> String {
            var text = shard.map { "shard \($0.index)/\($0.count) of \(counted($0.traces, "trace")): " } ?? ""
            text += "\(counted(total, "trace")): \(unchanged) unchanged, \(changed) changed, \(new) new, \(failed) failed"
            if let folder { text += "; \(accepted) accepted into \(folder)" }
            let rate = seconds > 0 ? Double(total) / seconds : 0
            text += " (\(fixed(seconds, decimals: 2)) s, \(fixed(rate, decimals: 1)) traces/s, "
                + "\(counted(min(jobs, total), "job")))"
            return text
        }
    }
}

/// `1 trace`, `2 traces`: a count and a noun made plural with an `s` unless the count is one.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
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
