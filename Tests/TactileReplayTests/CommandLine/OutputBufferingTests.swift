import Foundation
import TactileInput
import TactileReplay
import TactileTestSupport
import Testing

/// `tactile replay` buffers its log: nothing already delivered is lost when the trace fails midway, and a closed
/// standard output ends the process quietly.
@Suite("The tool's buffered output", .serialized)
struct OutputBufferingTests {
    /// `trace` cut after `fraction` of its event lines, with a malformed event line after them.
    static func brokenCopy(of trace: String, fraction: Double) throws -> (path: String, badLine: Int) {
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let events = lines.indices.filter { lines[$0].hasPrefix("E: ") }
        let cut = events[Int(Double(events.count) * fraction)]
        let text = lines[..<cut].joined(separator: "\n") + "\nE: 1.000000 zzzz 0000 0\n" + lines[cut...].joined(separator: "\n")
        return (temporaryFile(text, name: "broken.evemu"), cut + 1)
    }

    /// What the library delivers for `path` before its error, as text lines (the log the tool must print).
    static func deliveredBeforeError(_ path: String) throws -> [String] {
        let instance = try Scene.defaultScene().instantiate()
        let printer = ReplayLogPrinter(format: .text, instance: instance)
        var lines: [String] = []
        let driver = SceneDriver(instance: instance) { lines += printer.lines(for: $0) }
        #expect(throws: TraceError.self) { try driver.replay(TraceReplay(path: path, scene: instance.scene)) }
        return lines + printer.flush()
    }

    static func expectCompleteThenError(_ trace: String, fraction: Double) throws {
        let (path, badLine) = try brokenCopy(of: trace, fraction: fraction)
        let expected = try deliveredBeforeError(path)
        let result = try Tactile.run(["replay", path])
        #expect(result.status == 1)
        #expect(result.errors == "\(path):\(badLine): event type 'zzzz' is not a hex number 0000–001f\n")
        #expect(result.output == expected.map { $0 + "\n" }.joined(), "\(result.outputLines.count) of \(expected.count) lines")
        #expect(expected.count > 5)
    }

    @Test("A trace that fails midway prints every entry delivered before the error, then the error on stderr")
    func failureMidway() throws {
        try Self.expectCompleteThenError(Package.path("Traces/rotation.evemu"), fraction: 0.6)
    }

    @Test(
        "A failure after more than one buffer of log loses nothing either")
    func failureAfterManyBuffers() throws {
        try Self.expectCompleteThenError(
            SharedTraces.path("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu"), fraction: 0.5)
    }

    /// Runs `tactile replay TRACE | head -1` under `/bin/sh`, with `SIGPIPE` ignored when asked; returns the first
    /// line, tactile's exit status and its stderr.
    static func replayIntoHead(_ trace: String, ignoringSIGPIPE: Bool) throws -> (line: String, status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let script = (ignoringSIGPIPE ? "trap '' PIPE; " : "")
            + #"( "$0" replay "$1" 2>"$2"; echo $? >"$3" ) | head -1"#
        let directory = temporaryDirectory()
        let errors = directory.appendingPathComponent("errors").path
        let status = directory.appendingPathComponent("status").path
        process.arguments = ["-c", script, Tactile.executable.path, trace, errors, status]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let code = try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return (
            String(decoding: data, as: UTF8.self), Int32(code) ?? -1,
            (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        )
    }

    @Test(
        "A closed standard output (| head -1) ends the replay without a hang or a stack trace")
    func closedOutput() throws {
        let trace = SharedTraces.path("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu")
        let first = "0.000s edgePan: possible → failed (began 150.02 pt from the nearest edge > 20 pt)\n"
        // SIGPIPE ignored: the failed write is reported once and the status is 1.
        let ignored = try Self.replayIntoHead(trace, ignoringSIGPIPE: true)
        #expect(ignored.line == first)
        #expect(ignored.status == 1)
        #expect(ignored.errors == "tactile: standard output: Broken pipe\n")
        // As the shell leaves it (SIGPIPE by default, unless the test runner ignores it): killed by SIGPIPE
        // (128 + 13) as any filter is, or the same one line and status 1.
        let plain = try Self.replayIntoHead(trace, ignoringSIGPIPE: false)
        #expect(plain.line == first)
        #expect((plain.status == 141 && plain.errors.isEmpty) || (plain.status == 1 && plain.errors == ignored.errors))
    }
}
