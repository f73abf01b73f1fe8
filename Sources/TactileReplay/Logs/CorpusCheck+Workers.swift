import Foundation
import Glibc
import Synchronization

extension CorpusCheck {
    /// The worker processes of a check (`tactile check --jobs N`): each is started with a command line that lists
    /// the same traces as the parent (``runWorker(_:shard:)``), is given one trace at a time on its standard input
    /// (the trace's number in that list), and answers each with the result as one line on its standard output.
    /// The parent hands the next trace to whichever worker answered, the largest files first, so that one long
    /// recording does not leave the other workers idle at the end, and merges the results in the traces' order.
    ///
    /// A process replays one trace at a time, on its main thread; a check's parallelism is its processes'.
    public struct Workers: Sendable {
        /// The executable each worker runs: `tactile`'s own (`/proc/self/exe`).
        public var executable: String
        /// The worker's command line, without the executable: one that calls ``runWorker(_:shard:)`` with the
        /// parent's traces, scene, options and shard (`tactile check … --worker`).
        public var arguments: [String]

        /// Workers that run `executable` with `arguments`.
        public init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    /// A worker process that failed: it could not be started, exited with a status other than 0 or was killed,
    /// printed a line that is not a result, or answered with another trace than the one it was given. The check
    /// stops its other workers and reports nothing of the run.
    public struct WorkerFailure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Which worker (`worker 2/4`), what went wrong, the trace it was checking and the end of its standard error.
        public var description: String
    }

    /// The check was asked to stop (``run(_:workers:count:progress:stopRequested:)``'s `stopRequested`); its
    /// worker processes were killed and reaped.
    public struct Interruption: Error, Hashable, Sendable {}

    /// A worker of ``run(_:workers:count:progress:stopRequested:)``: reads trace numbers from standard input, one
    /// a line (0 is the first trace of `all`, or of its shard `shard`), checks each in this process and writes its
    /// result on standard output as one line, until standard input ends.
    ///
    /// - Throws: ``OptionError`` for a line that is not the number of a trace.
    @preconcurrency @MainActor
    public func runWorker(_ all: [String], shard: (index: Int, count: Int)?) throws(OptionError) {
        let paths = shard.map { Self.shard(all, index: $0.index, count: $0.count) } ?? all
        while let line = readLine() {
            guard let index = Int(line), paths.indices.contains(index) else {
                throw OptionError("--worker reads trace numbers from 0 to \(paths.count - 1), one a line (got \(line))")
            }
            let result = Array((Self.workerLine(run([paths[index]])[0]) + "\n").utf8)
            StandardStreams.writeAll(result, to: STDOUT_FILENO, name: "standard output")
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
        // A worker that died is seen at its pipe's end; writing to it must not kill the check with SIGPIPE.
        let previousAction = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previousAction) }
        let run = WorkerRun(traces: traces, check: self, workers: count, progress: progress)
        var processes: [Process] = []
        defer {
            // Every way out: no worker outlives the check, and each is reaped.
            for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            while !run.allExited(processes.count) { run.wait(milliseconds: 100) }
        }
        for worker in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: workers.executable)
            process.arguments = workers.arguments
            let input = Pipe(), output = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            // Foundation reaps the worker; its handler says so at once (`waitUntilExit()` polls every 50 ms).
            process.terminationHandler = { _ in run.exited() }
            do {
                try process.run()
            } catch {
                let reason = "cannot run \(workers.executable): \(error.localizedDescription)"
                throw WorkerFailure(description: "tactile check: worker \(worker + 1)/\(count): \(reason)")
            }
            processes.append(process)
            run.start(worker, input: input.fileHandleForWriting)
            run.drain(output.fileHandleForReading, worker: worker, isOutput: true)
            run.drain(errors.fileHandleForReading, worker: worker, isOutput: false)
        }
        while !run.isFinished || !run.allExited(count) {
            if stopRequested() { throw Interruption() }
            if let failure = run.failure { throw failure }
            run.wait(milliseconds: 100)
        }
        if let failure = run.failure { throw failure }
        for (worker, process) in processes.enumerated() {
            if let failure = run.exitFailure(of: worker, process.terminationReason, process.terminationStatus) {
                throw failure
            }
        }
        return try run.results()
    }

    /// A result as a worker's line: one JSON object (`trace`, `outcome` — `unchanged`, `changed`, `new` or
    /// `failed` —, `diff` when changed, `error` when failed, `lines` unless unchanged, `seconds`). An unchanged
    /// log is the expected one, which the parent reads back: most of a corpus's logs are not sent at all (a third
    /// of the run's time, encoding and decoding them as JSON, on the repository's corpus).
    static func workerLine(_ result: Result) -> String {
        var line = WorkerLine(trace: result.trace, outcome: "", lines: result.lines, seconds: result.seconds)
        switch result.outcome {
        case .unchanged: line.outcome = "unchanged"; line.lines = nil
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
        let expected = expectedPath(for: line.trace)
        let outcome: Outcome, lines: [String]
        switch (line.outcome, line.diff, line.error, line.lines) {
        case ("unchanged", nil, nil, nil):
            // The expected log, read back (a failure to read it is the trace's, as when checked here).
            guard let stored = Self.storedLines(at: expected) else {
                let failure = Outcome.failed("\(expected): cannot be read as UTF-8 text")
                return Result(
                    trace: line.trace, expectedPath: expected, outcome: failure, lines: [], seconds: line.seconds)
            }
            (outcome, lines) = (.unchanged, stored)
        case ("changed", let diff?, nil, let printed?): (outcome, lines) = (.changed(diff: diff), printed)
        case ("new", nil, nil, let printed?): (outcome, lines) = (.new, printed)
        case ("failed", nil, let message?, let printed?): (outcome, lines) = (.failed(message), printed)
        default: return nil
        }
        guard line.seconds.isFinite, line.seconds >= 0 else { return nil }
        return Result(trace: line.trace, expectedPath: expected, outcome: outcome, lines: lines, seconds: line.seconds)
    }

    /// The order to hand `traces` out in: the largest files first (a long recording started last would leave
    /// the other workers idle while it runs), ties and unreadable sizes in the traces' order.
    static func dispatchOrder(_ traces: [String]) -> [Int] {
        let sizes = traces.map { trace in
            ((try? FileManager.default.attributesOfItem(atPath: trace))?[.size] as? NSNumber)?.intValue ?? 0
        }
        return traces.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }
}

/// One result as a worker writes it.
private struct WorkerLine: Codable {
    var trace: String
    var outcome: String
    var diff: [String]?
    var error: String?
    var lines: [String]?
    var seconds: Double
}

/// The traces still to hand out and what the workers of one run reported so far, shared by one reading thread
/// per pipe.
private final class WorkerRun: Sendable {
    /// One worker and what it was given.
    struct Worker {
        /// Its standard input, `nil` once closed (no trace left to give).
        var input: FileHandle?
        /// The trace it is checking (its number), if any.
        var checking: Int?
        /// How many traces it reported.
        var reported = 0
        /// Its standard output's bytes after the last complete line.
        var pending: [UInt8] = []
        /// Its standard error's last 2,000 bytes.
        var errors: [UInt8] = []
        /// The pipes still open (standard output and standard error).
        var openPipes = 2
    }

    struct State {
        var workers: [Worker]
        /// The traces not handed out yet, next last.
        var queue: [Int]
        var results: [CorpusCheck.Result?]
        var failure: CorpusCheck.WorkerFailure?
        /// How many workers have exited and been reaped.
        var exited = 0
    }

    private let state: Mutex<State>
    private let traces: [String]
    private let progress: (@Sendable (CorpusCheck.Result) -> Void)?
    private let wake = DispatchSemaphore(value: 0)
    /// The check whose traces the workers report (it reads their lines).
    private let check: CorpusCheck

    init(traces: [String], check: CorpusCheck, workers: Int, progress: (@Sendable (CorpusCheck.Result) -> Void)?) {
        let queue = Array(CorpusCheck.dispatchOrder(traces).reversed())
        state = Mutex(
            State(workers: Array(repeating: Worker(), count: workers), queue: queue, results: traces.map { _ in nil }))
        self.traces = traces
        self.check = check
        self.progress = progress
    }

    var isFinished: Bool { state.withLock { $0.workers.allSatisfy { $0.openPipes == 0 } } }
    var failure: CorpusCheck.WorkerFailure? { state.withLock { $0.failure } }

    func wait(milliseconds: Int) { _ = wake.wait(timeout: .now() + .milliseconds(milliseconds)) }

    /// Counts a worker that exited and was reaped.
    func exited() {
        state.withLock { $0.exited += 1 }
        wake.signal()
    }

    /// Whether `count` workers have exited and been reaped.
    func allExited(_ count: Int) -> Bool { state.withLock { $0.exited >= count } }

    /// Gives worker `index` (whose standard input is `input`) its first trace.
    func start(_ index: Int, input: FileHandle) {
        state.withLock { state in
            state.workers[index].input = input
            giveNext(to: index, &state)
        }
    }

    /// Writes the next trace's number to the worker, or closes its standard input when none is left.
    private func giveNext(to index: Int, _ state: inout State) {
        guard let input = state.workers[index].input else { return }
        guard let next = state.queue.popLast() else {
            try? input.close()
            state.workers[index].input = nil
            return
        }
        state.workers[index].checking = next
        // A worker that died shows at its output's end; the write's error (EPIPE) adds nothing.
        _ = Array("\(next)\n".utf8).withUnsafeBytes { write(input.fileDescriptor, $0.baseAddress, $0.count) }
    }

    /// Reads `handle` to its end on a thread of its own: results from standard output, the last bytes of
    /// standard error.
    func drain(_ handle: FileHandle, worker: Int, isOutput: Bool) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let descriptor = handle.fileDescriptor
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let bytes = buffer[..<count]
                if isOutput { received(bytes, worker: worker) } else { kept(bytes, worker: worker) }
            }
            try? handle.close()
            state.withLock { state in
                if isOutput, !state.workers[worker].pending.isEmpty, state.failure == nil {
                    let line = String(decoding: state.workers[worker].pending, as: UTF8.self)
                    state.failure = failure(worker, state, "printed an unfinished line", line)
                }
                state.workers[worker].openPipes -= 1
            }
            wake.signal()
        }
    }

    /// Keeps the last 2,000 bytes of a worker's standard error.
    private func kept(_ bytes: ArraySlice<UInt8>, worker: Int) {
        state.withLock { state in
            state.workers[worker].errors += bytes
            state.workers[worker].errors.removeFirst(max(0, state.workers[worker].errors.count - 2_000))
        }
    }

    private func received(_ bytes: ArraySlice<UInt8>, worker index: Int) {
        state.withLock { state in
            state.workers[index].pending += bytes
            while state.failure == nil, let end = state.workers[index].pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: state.workers[index].pending[..<end], as: UTF8.self)
                state.workers[index].pending.removeFirst(end + 1)
                guard let result = check.result(ofWorkerLine: text[...]) else {
                    state.failure = failure(index, state, "printed a line that is not a result", text)
                    break
                }
                guard let given = state.workers[index].checking, result.trace == traces[given] else {
                    state.failure = failure(index, state, "reported \(result.trace), which it was not given", nil)
                    break
                }
                state.results[given] = result
                state.workers[index].checking = nil
                state.workers[index].reported += 1
                progress?(result)
                giveNext(to: index, &state)
            }
        }
        wake.signal()
    }

    /// Why worker `index` failed once it exited, or `nil` when it exited with status 0 having reported every
    /// trace it was given.
    func exitFailure(
        of index: Int, _ reason: Process.TerminationReason, _ status: Int32
    ) -> CorpusCheck.WorkerFailure? {
        state.withLock { state in
            if reason == .uncaughtSignal { return failure(index, state, "was killed by signal \(status)", nil) }
            if status != 0 { return failure(index, state, "exited with status \(status)", nil) }
            if state.workers[index].checking != nil {
                return failure(index, state, "exited with status 0 before reporting its trace", nil)
            }
            return nil
        }
    }

    /// A failure of worker `index`: what it did, how far it got, the line it printed and the end of its standard
    /// error.
    private func failure(_ index: Int, _ state: State, _ what: String, _ line: String?) -> CorpusCheck.WorkerFailure {
        let worker = state.workers[index]
        var text = "tactile check: worker \(index + 1)/\(state.workers.count) \(what)"
        if let line { text += ": \"\(line.count > 200 ? String(line.prefix(200)) + "…" : line)\"" }
        text += " (after \(worker.reported) trace\(worker.reported == 1 ? "" : "s")"
        text += worker.checking.map { "; checking \(traces[$0]))" } ?? ")"
        let errors = String(decoding: worker.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        text += errors.isEmpty ? "; it wrote nothing on standard error" : "; its standard error ends: \(errors)"
        return CorpusCheck.WorkerFailure(description: text)
    }

    /// Every trace's result, in the traces' order.
    ///
    /// - Throws: ``CorpusCheck/WorkerFailure`` naming a trace no worker reported (every worker ended without it).
    func results() throws -> [CorpusCheck.Result] {
        let results = state.withLock { $0.results }
        return try results.enumerated().map { index, result in
            guard let result else {
                throw CorpusCheck.WorkerFailure(
                    description: "tactile check: the workers ended without reporting \(traces[index])")
            }
            return result
        }
    }
}
