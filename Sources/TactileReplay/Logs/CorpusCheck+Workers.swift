import Foundation
import Glibc
import Synchronization

extension CorpusCheck {
    /// The worker processes of a check (`tactile check --jobs N`): worker `I` of `N` checks part `I` of the traces,
    /// split as `--shard` splits a corpus (every `N`-th trace from the `I`-th), and writes each result on its
    /// standard output as one line as soon as it is known (``runWorker(_:shard:part:)``); the parent reads them as
    /// they come and merges them in the traces' order.
    ///
    /// A process replays one trace at a time, on its main thread; a check's parallelism is its processes'.
    public struct Workers: Sendable {
        /// The executable each worker runs: `tactile`'s own (`/proc/self/exe`).
        public var executable: String
        /// The command line of worker `index` of `count` (1-based), without the executable: one that calls
        /// ``runWorker(_:shard:part:)`` with the parent's traces, scene, options and shard and the part
        /// `index`/`count` (`tactile check … --worker I/N`).
        public var arguments: @Sendable (_ index: Int, _ count: Int) -> [String]

        /// Workers that run `executable` with `arguments(index, count)`.
        public init(executable: String, arguments: @escaping @Sendable (_ index: Int, _ count: Int) -> [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    /// A worker process that did not report its part: it could not be started, exited with a status other than
    /// 0 or was killed, printed a line that is not a result, or reported other traces than its own. The check
    /// stops its other workers and reports nothing of the run.
    public struct WorkerFailure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Which worker (`worker 2/4`), what went wrong, the trace it was checking and what it printed.
        public var description: String
    }

    /// The check was asked to stop (``run(_:workers:count:progress:stopRequested:)``'s `stopRequested`); its
    /// worker processes were killed and reaped.
    public struct Interruption: Error, Hashable, Sendable {}

    /// Checks part `part` of `all` (or of its shard `shard`) in this process, one trace at a time, and writes
    /// each result on standard output as one line as soon as it is known: a worker of
    /// ``run(_:workers:count:progress:stopRequested:)``. The part is the one the parent expects from the same
    /// traces, shard and part.
    public func runWorker(_ all: [String], shard: (index: Int, count: Int)?, part: (index: Int, count: Int)) {
        let paths = shard.map { Self.shard(all, index: $0.index, count: $0.count) } ?? all
        _ = run(Self.shard(paths, index: part.index, count: part.count)) { result in
            let line = Array((Self.workerLine(result) + "\n").utf8)
            StandardStreams.writeAll(line, to: STDOUT_FILENO, name: "standard output")
        }
    }

    /// Checks `traces` on `count` worker processes (at least 1, at most one per trace) started from `workers`,
    /// and returns the results in the traces' order. `progress` is called (on a reading thread, one call at a
    /// time) after each trace, as its worker reports it. `stopRequested` is polled every 100 ms while the workers
    /// run.
    ///
    /// - Throws: ``WorkerFailure`` when a worker fails (the others are killed); ``Interruption`` when
    ///   `stopRequested` returned `true` (every worker is killed and reaped first).
    public func run(
        _ traces: [String], workers: Workers, count: Int, progress: (@Sendable (Result) -> Void)? = nil,
        stopRequested: () -> Bool = { false }
    ) throws -> [Result] {
        guard !traces.isEmpty else { return [] }
        let count = max(1, min(count, traces.count))
        let parts = (1...count).map { Self.shard(traces, index: $0, count: count) }
        let run = WorkerRun(parts: parts, check: self, progress: progress)
        var processes: [Process] = []
        defer {
            // Every way out: no worker outlives the check, and each is reaped.
            for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for process in processes { process.waitUntilExit() }
        }
        for index in 1...count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: workers.executable)
            process.arguments = workers.arguments(index, count)
            process.standardInput = FileHandle.nullDevice
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
            } catch {
                let reason = "cannot run \(workers.executable): \(error.localizedDescription)"
                throw WorkerFailure(description: "tactile check: worker \(index)/\(count): \(reason)")
            }
            processes.append(process)
            run.drain(output.fileHandleForReading, part: index - 1, isOutput: true)
            run.drain(errors.fileHandleForReading, part: index - 1, isOutput: false)
        }
        while !run.isFinished {
            if stopRequested() { throw Interruption() }
            if let failure = run.failure { throw failure }
            run.wait(milliseconds: 100)
        }
        if let failure = run.failure { throw failure }
        for (part, process) in processes.enumerated() {
            process.waitUntilExit()
            if let failure = run.exitFailure(of: part, process.terminationReason, process.terminationStatus) {
                throw failure
            }
        }
        return run.merged(count: traces.count)
    }

    /// A result as a worker's line: one JSON object (`trace`, `outcome` — `unchanged`, `changed`, `new` or
    /// `failed` —, `diff` when changed, `error` when failed, `lines`, `seconds`).
    static func workerLine(_ result: Result) -> String {
        var line = WorkerLine(trace: result.trace, outcome: "", lines: result.lines, seconds: result.seconds)
        switch result.outcome {
        case .unchanged: line.outcome = "unchanged"
        case .changed(let diff): line.outcome = "changed"; line.diff = diff
        case .new: line.outcome = "new"
        case .failed(let message): line.outcome = "failed"; line.error = message
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self)
    }

    /// The result a worker's line stands for, `nil` when it is not one.
    func result(ofWorkerLine text: Substring) -> Result? {
        guard let line = try? JSONDecoder().decode(WorkerLine.self, from: Data(text.utf8)) else { return nil }
        let outcome: Outcome
        switch (line.outcome, line.diff, line.error) {
        case ("unchanged", nil, nil): outcome = .unchanged
        case ("changed", let diff?, nil): outcome = .changed(diff: diff)
        case ("new", nil, nil): outcome = .new
        case ("failed", nil, let message?): outcome = .failed(message)
        default: return nil
        }
        guard line.seconds.isFinite, line.seconds >= 0 else { return nil }
        return Result(
            trace: line.trace, expectedPath: expectedPath(for: line.trace), outcome: outcome, lines: line.lines,
            seconds: line.seconds)
    }
}

/// One result as a worker writes it.
private struct WorkerLine: Codable {
    var trace: String
    var outcome: String
    var diff: [String]?
    var error: String?
    var lines: [String]
    var seconds: Double
}

/// What the workers of one run reported so far, filled by one reading thread per pipe.
private final class WorkerRun: Sendable {
    /// One worker's part and what it reported.
    struct Part {
        var traces: [String]
        var results: [CorpusCheck.Result] = []
        /// Its standard output's bytes after the last complete line.
        var pending: [UInt8] = []
        /// Its standard error's last 2,000 bytes.
        var errors: [UInt8] = []
        /// The pipes still open (standard output and standard error).
        var openPipes = 2
    }

    private let state: Mutex<(parts: [Part], failure: CorpusCheck.WorkerFailure?)>
    private let progress: (@Sendable (CorpusCheck.Result) -> Void)?
    private let wake = DispatchSemaphore(value: 0)
    /// The check whose traces the workers report (it reads their lines).
    private let check: CorpusCheck
    private let workerCount: Int

    init(parts: [[String]], check: CorpusCheck, progress: (@Sendable (CorpusCheck.Result) -> Void)?) {
        state = Mutex((parts.map { Part(traces: $0) }, nil))
        workerCount = parts.count
        self.check = check
        self.progress = progress
    }

    var isFinished: Bool { state.withLock { $0.parts.allSatisfy { $0.openPipes == 0 } } }
    var failure: CorpusCheck.WorkerFailure? { state.withLock { $0.failure } }

    func wait(milliseconds: Int) { _ = wake.wait(timeout: .now() + .milliseconds(milliseconds)) }

    /// Reads `handle` to its end on a thread of its own: results from standard output, the last bytes of
    /// standard error.
    func drain(_ handle: FileHandle, part: Int, isOutput: Bool) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let descriptor = handle.fileDescriptor
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                if isOutput { received(buffer[..<count], part: part) } else { kept(buffer[..<count], part: part) }
            }
            try? handle.close()
            state.withLock { state in
                if isOutput, !state.parts[part].pending.isEmpty, state.failure == nil {
                    let line = String(decoding: state.parts[part].pending, as: UTF8.self)
                    state.failure = self.failure(part, state.parts[part], "printed an unfinished line", line)
                }
                state.parts[part].openPipes -= 1
            }
            wake.signal()
        }
    }

    /// Keeps the last 2,000 bytes of a worker's standard error.
    private func kept(_ bytes: ArraySlice<UInt8>, part: Int) {
        state.withLock { state in
            state.parts[part].errors += bytes
            state.parts[part].errors.removeFirst(max(0, state.parts[part].errors.count - 2_000))
        }
    }

    private func received(_ bytes: ArraySlice<UInt8>, part index: Int) {
        state.withLock { state in
            state.parts[index].pending += bytes
            while state.failure == nil, let end = state.parts[index].pending.firstIndex(of: UInt8(ascii: "\n")) {
                let part = state.parts[index]
                let text = String(decoding: part.pending[..<end], as: UTF8.self)
                state.parts[index].pending.removeFirst(end + 1)
                guard let result = check.result(ofWorkerLine: text[...]) else {
                    state.failure = failure(index, part, "printed a line that is not a result", text)
                    break
                }
                guard part.results.count < part.traces.count, result.trace == part.traces[part.results.count] else {
                    state.failure = failure(index, part, "reported \(result.trace), which is not its next trace", nil)
                    break
                }
                state.parts[index].results.append(result)
                progress?(result)
            }
        }
        wake.signal()
    }

    /// Why worker `part` failed once it exited, or `nil` when it exited with status 0 having reported its part.
    func exitFailure(
        of index: Int, _ reason: Process.TerminationReason, _ status: Int32
    ) -> CorpusCheck.WorkerFailure? {
        let part = state.withLock { $0.parts[index] }
        if reason == .uncaughtSignal { return failure(index, part, "was killed by signal \(status)", nil) }
        if status != 0 { return failure(index, part, "exited with status \(status)", nil) }
        if part.results.count < part.traces.count {
            return failure(index, part, "exited with status 0 before reporting all its traces", nil)
        }
        return nil
    }

    /// A failure of worker `index`: what it did, how far it got, the line it printed and the end of its standard
    /// error.
    private func failure(_ index: Int, _ part: Part, _ what: String, _ line: String?) -> CorpusCheck.WorkerFailure {
        var text = "tactile check: worker \(index + 1)/\(workerCount) \(what)"
        if let line { text += ": \"\(line.count > 200 ? String(line.prefix(200)) + "…" : line)\"" }
        let done = part.results.count
        text += " (after \(done) of its \(part.traces.count) traces"
        text += done < part.traces.count ? "; checking \(part.traces[done]))" : ")"
        let errors = String(decoding: part.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        text += errors.isEmpty ? "; it wrote nothing on standard error" : "; its standard error ends: \(errors)"
        return CorpusCheck.WorkerFailure(description: text)
    }

    /// Every part's results, in the traces' order (part `i` holds traces `i`, `i + N`, …).
    func merged(count: Int) -> [CorpusCheck.Result] {
        let parts = state.withLock { $0.parts }
        return (0..<count).map { parts[$0 % parts.count].results[$0 / parts.count] }
    }
}
