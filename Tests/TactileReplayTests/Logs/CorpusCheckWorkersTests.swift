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

    /// Workers that run the built `tactile check` as the command line does (`--worker`).
    static func workers(_ check: CorpusCheck) -> CorpusCheck.Workers {
        CorpusCheck.Workers(
            executable: Tactile.executable.path,
            arguments: ["check"] + traces + ["--expected", check.expectedDirectory, "--worker"])
    }

    /// Workers running `sh -c SCRIPT ARGUMENTS…`.
    static func shell(_ script: String, _ arguments: String...) -> CorpusCheck.Workers {
        CorpusCheck.Workers(executable: "/bin/sh", arguments: ["-c", script] + arguments)
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

    @Test("Traces are handed out largest file first; equal sizes and unreadable files keep their order")
    func largestFirst() throws {
        let folder = temporaryDirectory().path
        for (name, size) in [("a", 10), ("b", 30), ("c", 20), ("d", 20), ("e", 21)] {
            let text = String(repeating: "x", count: size)
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        }
        let names = ["a", "b", "c", "d", "missing", "e"].map { "\(folder)/\($0)" }
        #expect(CorpusCheck.dispatchOrder(names) == [1, 5, 2, 3, 0, 4])
    }

    @Test(
        "A worker that fails is an error naming it, what it printed and the trace it was checking",
        arguments: [
            ("echo garbage", #"printed a line that is not a result: "garbage" (after 0 traces; checking "#),
            ("echo 'no result' >&2; exit 1", "exited with status 1 (after 0 traces; checking "),
            ("kill -SEGV $$", "was killed by signal 11 (after 0 traces; checking "),
            ("true", "exited with status 0 before reporting its trace (after 0 traces; checking "),
            ("printf '{'", #"printed an unfinished line: "{" (after 0 traces; checking "#),
            (#"echo '{"trace":"x","outcome":"new","lines":[],"seconds":0}'"#, "reported x, which it was not given"),
            (#"echo '{"trace":"x","outcome":"changed","lines":[],"seconds":0}'"#, "printed a line that is not"),
            (#"echo '{"trace":"x","outcome":"new","lines":[],"seconds":-1}'"#, "printed a line that is not"),
        ])
    func failingWorker(script: String, message: String) throws {
        let check = try Self.check()
        let error = try #require(throws: CorpusCheck.WorkerFailure.self) {
            try check.run(Self.traces, workers: Self.shell(script), count: 1)
        }
        #expect(error.description.hasPrefix("tactile check: worker 1/1 " + message), "\(error)")
        if message.hasSuffix("checking ") {
            // The first trace handed out: the largest file.
            let largest = try #require(Self.traces.max { try! Self.size($0) < Self.size($1) })
            #expect(error.description.contains("checking \(largest))"), "\(error)")
        }
        if script.contains(">&2") { #expect(error.description.hasSuffix("its standard error ends: no result")) }
    }

    static func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
    }

    @Test("A worker answering its trace twice, or a missing executable, is an error")
    func extraLineAndMissingExecutable() throws {
        let check = try Self.check()
        let line = CorpusCheck.workerLine(check.check(Self.traces[0]))
        let twice = Self.shell(#"read n; printf '%s\n%s\n' "$0" "$0""#, line)
        let error = try #require(throws: CorpusCheck.WorkerFailure.self) {
            try check.run([Self.traces[0]], workers: twice, count: 1)
        }
        let message = "tactile check: worker 1/1 reported \(Self.traces[0]), which it was not given (after 1 trace)"
        #expect(error.description.hasPrefix(message), "\(error)")
        let missing = CorpusCheck.Workers(executable: "/nonexistent/tactile", arguments: [])
        let notRun = try #require(throws: CorpusCheck.WorkerFailure.self) {
            try check.run(Self.traces, workers: missing, count: 2)
        }
        #expect(notRun.description.hasPrefix("tactile check: worker 1/2: cannot run /nonexistent/tactile: "))
    }

    @Test("Asked to stop, the run kills and reaps every worker, and does not wait for them")
    func stopKillsWorkers() throws {
        let folder = temporaryDirectory().path
        let sleeping = Self.shell("echo $$ > \(folder)/pid.$$; exec sleep 60")
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: folder)
        let pidFiles = { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }
        let start = ContinuousClock.now
        #expect(throws: CorpusCheck.Interruption.self) {
            try check.run(Self.traces, workers: sleeping, count: 2, stopRequested: { pidFiles().count == 2 })
        }
        #expect(ContinuousClock.now - start < .seconds(30))
        for name in pidFiles() {
            let pid = try #require(pid_t(name.dropFirst("pid.".count)))
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "worker \(pid) is gone, reaped")
        }
    }

    @Test(
        "--jobs 1, or one trace, starts no worker; two jobs and two traces do",
        arguments: [(2, 1, false), (1, 2, false), (2, 2, true)])
    func workersOnlyWhenParallel(jobs: Int, traceCount: Int, startsWorkers: Bool) throws {
        let check = try Self.check()
        let failing = Self.shell("exit 1")
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

    @Test("A worker's line holds every outcome (an unchanged log read back from the expected one); other JSON does not")
    func lineRoundTrip() throws {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: expected)
        let outcomes: [CorpusCheck.Outcome] = [
            .unchanged, .changed(diff: ["--- a", "+++ b", "@@ -1 +1 @@", "-\"x\"\\", "+y/z"]), .new,
            .failed("a.evemu:3: bad"),
        ]
        let lines = ["0.000s view: began{#1}", "é\u{1}\t\"/"]
        for outcome in outcomes {
            let result = CorpusCheck.Result(
                trace: "dir/a b.evemu", expectedPath: check.expectedPath(for: "dir/a b.evemu"), outcome: outcome,
                lines: outcome == .failed("a.evemu:3: bad") ? [] : lines, seconds: 0.125)
            if outcome == .unchanged { try check.accept(result) }
            let line = CorpusCheck.workerLine(result)
            #expect(!line.contains("\n"))
            #expect(line.contains("view: began") == (outcome != .unchanged && !result.lines.isEmpty), "\(line)")
            let back = try #require(check.result(ofWorkerLine: line[...]))
            #expect(back.trace == result.trace && back.outcome == outcome && back.lines == result.lines)
            #expect(back.seconds == 0.125 && back.expectedPath == expected + "/a b.log")
        }
        // An unchanged log whose expected file is gone by the time the parent reads it back: the trace fails.
        try FileManager.default.removeItem(atPath: expected + "/a b.log")
        let unchanged = CorpusCheck.workerLine(
            CorpusCheck.Result(trace: "a b.evemu", expectedPath: "", outcome: .unchanged, lines: lines, seconds: 0))
        let unreadable = CorpusCheck.Outcome.failed(expected + "/a b.log: cannot be read as UTF-8 text")
        #expect(check.result(ofWorkerLine: unchanged[...])?.outcome == unreadable)
        for text in ["", "{}", "[]", #"{"trace":"a","outcome":"gone","lines":[],"seconds":0}"#,
            #"{"trace":"a","outcome":"failed","lines":[],"seconds":0}"#,
            #"{"trace":"a","outcome":"new","error":"e","lines":[],"seconds":0}"#,
            #"{"trace":"a","outcome":"new","seconds":0}"#,
            #"{"trace":"a","outcome":"unchanged","lines":[],"seconds":0}"#]
        {
            #expect(check.result(ofWorkerLine: text[...]) == nil, "\(text)")
        }
    }
}
