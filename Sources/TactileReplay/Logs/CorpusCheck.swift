import Foundation
import Tactile
import TactileInput

/// A regression corpus: recorded traces with their expected logs (`tactile check`).
///
/// Each trace replays through the scene into the text log that `tactile replay` prints; the log is compared
/// with `EXPECTED/NAME.log`, where `NAME` is the trace's file name without its extension. Each trace replays
/// through its own ``SceneInstance`` (its own `Application`), one at a time in a process; a check runs in
/// parallel on worker processes (``Workers``), each handed one trace at a time, so the logs are the same as one
/// at a time, in any order.
public struct CorpusCheck: Sendable {
    /// The scene every trace replays through.
    public let scene: Scene
    /// The folder of expected logs.
    public let expectedDirectory: String
    /// How each trace is read (`--description`, `--allow-touchpad`, `--record-device`).
    public let options: TraceOptions

    /// What became of one trace.
    public struct Result: Sendable {
        /// The trace's path, as given.
        public var trace: String
        /// The expected log's path.
        public var expectedPath: String
        /// The outcome.
        public var outcome: Outcome
        /// The log this run printed (empty when the replay failed).
        public var lines: [String]
        /// The wall time the trace took to check, in seconds (for reports).
        public var seconds: Double = 0
    }

    /// The outcome of one trace.
    public enum Outcome: Hashable, Sendable {
        /// The log is the expected one.
        case unchanged
        /// The log differs; the unified diff, expected (`-`) to actual (`+`).
        case changed(diff: [String])
        /// There is no expected log yet.
        case new
        /// The trace could not be replayed (or the expected log read); the one-line error.
        case failed(String)
    }

    /// A check of traces through `scene` against the logs in `expectedDirectory`, each read as `options` say.
    public init(scene: Scene, expectedDirectory: String, options: TraceOptions = TraceOptions()) {
        self.scene = scene
        self.expectedDirectory = expectedDirectory
        self.options = options
    }

    /// The extensions of trace files: evemu recordings (`.evemu`, or `.events` beside a `.desc`) and libinput
    /// record files (`.yml`, `.yaml`). A folder given to ``traces(in:)`` is searched for these; the command
    /// line's completion scripts offer them.
    public static let traceFileExtensions = ["evemu", "events", "yml", "yaml"]

    /// The traces named by `arguments`: files as given, and for a folder the trace files in it
    /// (``traceFileExtensions``), sorted by name.
    public static func traces(in arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue
            else { return [argument] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            return names.filter { name in traceFileExtensions.contains { name.hasSuffix("." + $0) } }
                .sorted().map { (argument as NSString).appendingPathComponent($0) }
        }
    }

    /// The expected log's path for a trace.
    public func expectedPath(for trace: String) -> String {
        let base = ((trace as NSString).lastPathComponent as NSString).deletingPathExtension
        return (expectedDirectory as NSString).appendingPathComponent(base + ".log")
    }

    /// The text log of one trace, as `tactile replay --scene` prints it.
    ///
    /// - Throws: `TraceError` or ``SceneError``.
    @preconcurrency @MainActor
    public func log(of trace: String) throws -> [String] {
        let instance = try scene.instantiate()
        let printer = ReplayLogPrinter(format: .text, instance: instance)
        var lines: [String] = []
        let driver = SceneDriver(instance: instance) { lines += printer.lines(for: $0) }
        let source = try TraceSource(path: trace, descriptionPath: options.descriptionPath)
        defer { source.removeTemporaryCopy() }
        do throws(TraceError) {
            try driver.replay(
                source.open(scene: scene, allowingTouchpad: options.allowsTouchpad, recordDevice: options.recordDevice))
        } catch {
            throw source.renamed(error)
        }
        return lines + printer.flush()
    }

    /// Checks one trace.
    @preconcurrency @MainActor
    public func check(_ trace: String) -> Result {
        let expected = expectedPath(for: trace)
        let lines: [String]
        do {
            lines = try log(of: trace)
        } catch {
            return Result(trace: trace, expectedPath: expected, outcome: .failed("\(error)"), lines: [])
        }
        guard FileManager.default.fileExists(atPath: expected) else {
            return Result(trace: trace, expectedPath: expected, outcome: .new, lines: lines)
        }
        guard let stored = Self.storedLines(at: expected) else {
            return Result(
                trace: trace, expectedPath: expected, outcome: .failed("\(expected): cannot be read as UTF-8 text"),
                lines: lines)
        }
        let outcome: Outcome = stored == lines
            ? .unchanged : .changed(diff: LineDiff.unified(stored, lines, from: expected, to: trace))
        return Result(trace: trace, expectedPath: expected, outcome: outcome, lines: lines)
    }

    /// Checks every trace in this process, one at a time, and returns the results in the traces' order;
    /// `progress` is called after each trace. ``run(_:workers:count:progress:stopRequested:)`` checks them on
    /// worker processes instead.
    @preconcurrency @MainActor
    public func run(_ traces: [String], progress: ((Result) -> Void)? = nil) -> [Result] {
        traces.map { trace in
            let start = ContinuousClock.now
            var result = check(trace)
            let elapsed = ContinuousClock.now - start
            result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            progress?(result)
            return result
        }
    }

    /// The lines of the expected log at `path`; `nil` when it cannot be read as UTF-8 text.
    static func storedLines(at path: String) -> [String]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var stored = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if stored.last == "" { stored.removeLast() }
        return stored
    }

    /// Writes a result's log as the expected one (creating the folder).
    ///
    /// - Throws: `TraceError` naming the file when it cannot be written.
    public func accept(_ result: Result) throws(TraceError) {
        do {
            try FileManager.default.createDirectory(atPath: expectedDirectory, withIntermediateDirectories: true)
            try Data((result.lines.joined(separator: "\n") + "\n").utf8)
                .write(to: URL(fileURLWithPath: result.expectedPath), options: .atomic)
        } catch {
            throw TraceError(file: result.expectedPath, reason: "cannot be written (\(error.localizedDescription))")
        }
    }
}

/// A line diff in the unified format (`@@ -a,b +c,d @@`, `-`/`+`/` ` lines, 3 lines of context).
public enum LineDiff {
    /// The unified diff from `old` to `new`; empty when they are equal.
    ///
    /// The common prefix and suffix are taken off first; the middle is diffed by longest common subsequence when
    /// it is small (≤ 4 million line pairs), otherwise shown as removed then added. Hunks longer than
    /// `maximumLines` are cut with a `… N more lines` note, so a log that changed everywhere prints a bounded diff.
    public static func unified(
        _ old: [String], _ new: [String], from: String, to: String, context: Int = 3, maximumLines: Int = 200
    ) -> [String] {
        guard old != new else { return [] }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])
        // Edit script over the middle: (tag, line).
        var middle: [(Character, String)] = []
        if a.count * b.count <= 4_000_000 {
            middle = lcsScript(a, b)
        } else {
            middle = a.map { ("-", $0) } + b.map { ("+", $0) }
        }
        let before = old[max(0, prefix - context)..<prefix].map { (Character(" "), $0) }
        let after = old[(old.count - suffix)..<min(old.count, old.count - suffix + context)].map { (Character(" "), $0) }
        let lines = before + middle + after
        let oldStart = max(0, prefix - context)
        let oldCount = lines.filter { $0.0 != "+" }.count
        let newCount = lines.filter { $0.0 != "-" }.count
        var out = ["--- \(from)", "+++ \(to)", "@@ -\(oldStart + 1),\(oldCount) +\(oldStart + 1),\(newCount) @@"]
        for (tag, line) in lines.prefix(maximumLines) { out.append("\(tag)\(line)") }
        if lines.count > maximumLines { out.append("… \(lines.count - maximumLines) more lines") }
        return out
    }

    private static func lcsScript(_ a: [String], _ b: [String]) -> [(Character, String)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return a.map { ("-", $0) } + b.map { ("+", $0) } }
        // lengths[i][j] = LCS of a[i...] and b[j...], in one flat array.
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] = a[i] == b[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var script: [(Character, String)] = []
        var i = 0, j = 0
        while i < n, j < m {
            if a[i] == b[j] {
                script.append((" ", a[i])); i += 1; j += 1
            } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                script.append(("-", a[i])); i += 1
            } else {
                script.append(("+", b[j])); j += 1
            }
        }
        script += a[i...].map { ("-", $0) } + b[j...].map { ("+", $0) }
        return script
    }
}
