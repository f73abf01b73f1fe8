import Foundation
import Glibc
import Synchronization
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

/// `tactile check --jobs N`: N worker processes, each checking every N-th trace and writing its results as lines,
/// merged by the parent in the traces' order; a worker that fails is an error naming it, never a hang or a
/// missing trace.
@Suite("A corpus check on worker processes", .serialized)
struct CorpusCheckWorkersTests {
    static let traces = ["tap", "pan", "double-tap", "rotation", "swipe"].map { Package.path("Traces/\($0).evemu") }

    /// A check with an expected folder holding every log but `swipe`'s, and `pan`'s changed.
    static func check() throws -> CorpusCheck {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: expected)
        for result in check.run(Array(traces.dropLast())) { try check.accept(result) }
        try "changed\n".write(toFile: expected + "/pan.log", atomically: true, encoding: .utf8)
        return check
    }

    /// Workers that run the built `tactile check` as the command line does (`--worker I/N`), except worker
    /// `failing`, which runs `sh -c SCRIPT`.
    static func workers(_ check: CorpusCheck, failing: Int? = nil, script: String = "") -> CorpusCheck.Workers {
        let expected = check.expectedDirectory
        let executable = Tactile.executable.path
        return CorpusCheck.Workers(executable: "/bin/sh") { index, count in
            if index == failing { return ["-c", script, "sh", "\(index)"] }
            let check = [executable, "check"] + traces + ["--expected", expected, "--worker", "\(index)/\(count)"]
            return ["-c", #"exec "$@""#, "sh"] + check
        }
    }

    @Test(
        "Two workers give the results of one process, in the traces' order, with progress after each",
        arguments: [2, 3, 9])
    func mergedInOrder(count: Int) throws {
        let check = try Self.check()
        let reported = Mutex<[String]>([])
        let results = try check.run(Self.traces, workers: Self.workers(check), count: count) { result in
            reported.withLock { $0.append(result.trace) }
        }
        let serial = check.run(Self.traces)
        #expect(results.map(\.trace) == Self.traces)
        #expect(results.map(\.outcome) == serial.map(\.outcome))
        #expect(results.map(\.lines) == serial.map(\.lines))
        #expect(results.map(\.expectedPath) == serial.map(\.expectedPath))
        #expect(results.map(\.outcome).filter { if case .changed = $0 { true } else { false } }.count == 1)
        #expect(results.last?.outcome == .new)
        #expect(reported.withLock { $0.sorted() } == Self.traces.sorted(), "progress once per trace")
    }

    @Test(
        "A worker that fails is an error naming it, what it printed and the trace it was checking",
        arguments: [
            (
                "echo garbage",
                #"worker 2/2 printed a line that is not a result: "garbage" (after 0 of its 2 traces; checking "#
            ),
            ("echo 'no result' >&2; exit 1", "worker 2/2 exited with status 1 (after 0 of its 2 traces; checking "),
            ("kill -SEGV $$", "worker 2/2 was killed by signal 11 (after 0 of its 2 traces; checking "),
            ("true", "worker 2/2 exited with status 0 before reporting all its traces (after 0 of its 2 traces"),
            ("printf '{'", #"worker 2/2 printed an unfinished line: "{" (after 0 of its 2 traces"#),
            (#"echo '{"trace":"x","outcome":"new","lines":[],"seconds":0}'"#, "worker 2/2 reported x, which is"),
            (#"echo '{"trace":"x","outcome":"changed","lines":[],"seconds":0}'"#, "worker 2/2 printed a line that"),
            (#"echo '{"trace":"x","outcome":"new","lines":[],"seconds":-1}'"#, "worker 2/2 printed a line that"),
        ])
    func failingWorker(script: String, message: String) throws {
        let check = try Self.check()
        let workers = Self.workers(check, failing: 2, script: script)
        let error = try #require(throws: CorpusCheck.WorkerFailure.self) {
            try check.run(Self.traces, workers: workers, count: 2)
        }
        #expect(error.description.hasPrefix("tactile check: " + message), "\(error)")
        if message.hasSuffix("checking ") {
            #expect(error.description.contains("checking \(Self.traces[1])"), "worker 2's first trace: \(error)")
        }
        if script.contains(">&2") { #expect(error.description.hasSuffix("its standard error ends: no result")) }
    }

    @Test("A worker reporting its part and then one line more is an error; a missing executable too")
    func extraLineAndMissingExecutable() throws {
        let check = try Self.check()
        let extra = CorpusCheck.workerLine(check.check(Self.traces[0]))
        let workers = CorpusCheck.Workers(executable: "/bin/sh") { index, count in
            ["-c", "printf '%s\\n%s\\n' \"$1\" \"$1\"", "sh", extra]
        }
        let error = try #require(throws: CorpusCheck.WorkerFailure.self) {
            try check.run([Self.traces[0], Self.traces[1]], workers: workers, count: 2)
        }
        #expect(error.description.contains("which is not its next trace"), "\(error)")
        let missing = CorpusCheck.Workers(executable: "/nonexistent/tactile") { _, _ in [] }
        #expect(throws: CorpusCheck.WorkerFailure.self) { try check.run(Self.traces, workers: missing, count: 2) }
    }

    @Test("Asked to stop, the run kills and reaps every worker, and does not wait for them")
    func stopKillsWorkers() throws {
        let folder = temporaryDirectory().path
        let workers = CorpusCheck.Workers(executable: "/bin/sh") { index, _ in
            ["-c", "echo $$ > \(folder)/pid.\(index); exec sleep 60"]
        }
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: folder)
        let start = ContinuousClock.now
        #expect(throws: CorpusCheck.Interruption.self) {
            try check.run(Self.traces, workers: workers, count: 2, stopRequested: {
                (1...2).allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/pid.\($0)") }
            })
        }
        #expect(ContinuousClock.now - start < .seconds(30))
        for index in 1...2 {
            let text = try String(contentsOfFile: "\(folder)/pid.\(index)", encoding: .utf8)
            let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "worker \(index) (pid \(pid)) is gone, reaped")
        }
    }

    @Test(
        "--jobs 1, or one trace, starts no worker; two jobs and two traces do",
        arguments: [(2, 1, false), (1, 2, false), (2, 2, true)])
    func workersOnlyWhenParallel(jobs: Int, traceCount: Int, startsWorkers: Bool) throws {
        let check = try Self.check()
        let failing = CorpusCheck.Workers(executable: "/bin/sh") { _, _ in ["-c", "exit 1"] }
        let traces = Array(Self.traces.prefix(traceCount))
        let run = {
            try check.runReporting(
                traces, shard: nil, jobs: jobs, workers: failing, accepting: true, quiet: true, junit: nil)
        }
        if startsWorkers {
            #expect(throws: CorpusCheck.WorkerFailure.self) { try run() }
        } else {
            try run()
        }
    }

    @Test("A worker's line holds every outcome exactly; other JSON is not a result")
    func lineRoundTrip() throws {
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: "/tmp/expected")
        let outcomes: [CorpusCheck.Outcome] = [
            .unchanged, .changed(diff: ["--- a", "+++ b", "@@ -1 +1 @@", "-\"x\"\\", "+y/z"]), .new,
            .failed("a.evemu:3: bad"),
        ]
        for outcome in outcomes {
            let result = CorpusCheck.Result(
                trace: "dir/a b.evemu", expectedPath: check.expectedPath(for: "dir/a b.evemu"), outcome: outcome,
                lines: ["0.000s view: began{#1}", "é\u{1}\n"], seconds: 0.125)
            let line = CorpusCheck.workerLine(result)
            #expect(!line.contains("\n"))
            let back = try #require(check.result(ofWorkerLine: line[...]))
            #expect(back.trace == result.trace && back.outcome == outcome && back.lines == result.lines)
            #expect(back.seconds == 0.125 && back.expectedPath == "/tmp/expected/a b.log")
        }
        for text in ["", "{}", "[]", #"{"trace":"a","outcome":"gone","lines":[],"seconds":0}"#,
            #"{"trace":"a","outcome":"failed","lines":[],"seconds":0}"#,
            #"{"trace":"a","outcome":"new","error":"e","lines":[],"seconds":0}"#]
        {
            #expect(check.result(ofWorkerLine: text[...]) == nil, "\(text)")
        }
    }
}
