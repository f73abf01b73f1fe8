import Foundation
import TactileTestSupport
import Testing

/// Runs the built `tactile` executable (it sits beside the test bundle in the build folder).
struct Tactile {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var outputLines: [String] { output.split(separator: "\n").map(String.init) }
        var errorLines: [String] { errors.split(separator: "\n").map(String.init) }
    }

    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactile")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return Package.root.appendingPathComponent(".build/debug/tactile")
    }()

    static func run(
        _ arguments: [String], environment: [String: String]? = nil, executable: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = Package.root
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once: a child that writes much to stderr (a sanitizer's report) while the
        // test reads stdout would otherwise block on a full pipe, and the test with it.
        let errorReader = PipeDrain(errors.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
nonisolated final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()  // written by the reading thread before `done` is signalled, read after

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A failed run reports one clear line and no crash.
func expectOneLineError(_ result: Tactile.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status != 0, sourceLocation: sourceLocation)
    #expect(result.errorLines.last == message, sourceLocation: sourceLocation)
    #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Stack dump"), sourceLocation: sourceLocation)
}

/// A rejected command line or option value: exit status 64 (`EX_USAGE`), the reason on the first line of stderr
/// (as swift-argument-parser writes it, `Error: REASON`), then the command's usage; no crash.
func expectUsageError(_ result: Tactile.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 64, "\(result.errors)", sourceLocation: sourceLocation)
    #expect(result.errorLines.first == "Error: " + message, sourceLocation: sourceLocation)
    #expect(result.errorLines.contains { $0.hasPrefix("Usage: tactile ") }, sourceLocation: sourceLocation)
    #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Stack dump"), sourceLocation: sourceLocation)
}

@Suite("The tactile command", .serialized)
struct CommandLineTests {
    @Test("replay prints the same log as the golden replay and nothing on stderr")
    func replayHappyPath() throws {
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", "Traces/scenes/button-list.json"])
        #expect(result.status == 0)
        let golden = try String(contentsOfFile: Package.path("Tests/TactileReplayTests/Golden/tap@button-list.log"), encoding: .utf8)
        #expect(result.outputLines == golden.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        #expect(result.errors.isEmpty)
    }

    @Test("replay --json prints one JSON object per line; --explain adds why lines")
    func replayFormats() throws {
        let json = try Tactile.run(["replay", "Traces/two-finger-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json", "--json"])
        #expect(json.status == 0 && json.outputLines.count > 4)
        #expect(json.outputLines.first == #"{"type":"schema","name":"tactile-delivery-log","version":2}"#)
        for line in json.outputLines.dropFirst() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["t"] is Double && object?["type"] is String, "\(line)")
        }
        let explained = try Tactile.run(["replay", "Traces/tap.evemu", "--explain", "--target", "screen,tap"])
        let lines = explained.outputLines
        #expect(lines.prefix(2) == [
            "0.000s screen: began{#1}",
            "    why: hit-testing chose screen: the front-most view that contains the point and takes interaction (spec §3.1)",
        ])
        #expect(lines.count % 2 == 0)
        #expect(lines.enumerated().allSatisfy { $0.offset % 2 == 0 ? $0.element.first?.isNumber == true : $0.element.hasPrefix("    why: ") })
        // The default scene's single tap waits for its double tap, and the why says so.
        let committed = try #require(lines.firstIndex { $0.hasSuffix("s tap: possible → recognized (doubleTap failed)") })
        #expect(lines[committed + 1] == "    why: it had recognized but waited for doubleTap to fail; doubleTap failed, so it commits now (spec §5.12)")
        let waits = try #require(lines.firstIndex { $0.hasSuffix("s tap waits for doubleTap to fail (1 tap of 1 touch)") })
        #expect(lines[waits + 1].hasPrefix("    why: it would recognize (1 tap of 1 touch) but requires doubleTap to fail first"))
    }

    @Test("replay --realtime takes as long as the trace")
    func realtime() throws {
        let start = Date()
        let result = try Tactile.run(["replay", "Traces/double-tap.evemu", "--realtime"])
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(start) >= 0.3)
    }

    @Test("No progress bar when stderr is not a terminal, even for a long trace")
    func noProgressWhenPiped() throws {
        let result = try Tactile.run(["replay", SharedTraces.path("atmel-maxtouch-ts__1finger-long-drawing-18s.evemu")])
        #expect(result.status == 0 && result.outputLines.count > 1000)
        #expect(!result.errors.contains("%"))
    }

    @Test("An unknown recognizer kind fails with the file, the JSON path and the kinds that exist")
    func unknownRecognizerKind() throws {
        let scene = temporaryFile(
            #"{"version": 1, "window": {"width": 100, "height": 100}, "views": [{"frame": {"width": 10, "height": 10}, "recognizers": [{"kind": "tapz"}]}]}"#,
            name: "scene.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene])
        expectOneLineError(result,
            "\(scene): views[0].recognizers[0].kind: unknown recognizer kind \"tapz\" (expected one of tap, longPress, pan, screenEdgePan, swipe, pinch, rotation)")
        #expect(result.output.isEmpty && result.errorLines.count == 1)
    }

    @Test("A missing recognizer name fails with the file and the JSON path")
    func missingName() throws {
        let scene = temporaryFile(
            #"{"version": 1, "window": {"width": 100, "height": 100}, "views": [{"frame": {"width": 10, "height": 10}, "recognizers": [{"name": "one", "kind": "tap", "requireToFail": ["two"]}]}]}"#,
            name: "scene.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene])
        expectOneLineError(result, "\(scene): views[0].recognizers[0].requireToFail[0]: no recognizer named \"two\"; known: one")
    }

    @Test("Failure requirements that form a cycle fail with the file, the JSON path and the cycle")
    func requirementCycle() throws {
        let scene = temporaryFile(
            #"{"version": 1, "window": {"width": 100, "height": 100}, "views": [{"frame": {"width": 10, "height": 10}, "recognizers": [{"name": "one", "kind": "tap", "requireToFail": ["two"]}, {"name": "two", "kind": "tap", "taps": 2, "requireToFail": ["one"]}]}]}"#,
            name: "scene.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene])
        expectOneLineError(result, "\(scene): views[0].recognizers[1].requireToFail[0]: requiring \"one\" to fail closes the cycle two → one → two")
        #expect(result.output.isEmpty)
    }

    @Test("A bad trace line fails with file:line and the reason after printing what came before")
    func badTraceLine() throws {
        var lines = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8).split(separator: "\n").map(String.init)
        let firstReport = try #require(lines.firstIndex { $0.contains("SYN_REPORT") })
        lines.insert("E: 0.020000 0003 0035 12x", at: firstReport + 1)
        let trace = temporaryFile(lines.joined(separator: "\n") + "\n", name: "broken.evemu")
        let result = try Tactile.run(["replay", trace])
        // The touch that was down is cancelled before the error is reported.
        #expect(result.outputLines.filter { $0.contains("screen:") } == ["0.000s screen: began{#1}", "0.000s screen: cancelled{#1}"])
        #expect(result.errorLines.last?.hasPrefix("\(trace):\(firstReport + 2): ") == true, "\(result.errors)")
        expectOneLineError(result, result.errorLines.last ?? "")
    }

    @Test("A missing trace fails with one line")
    func missingTrace() throws {
        let result = try Tactile.run(["replay", "/nonexistent/trace.evemu"])
        #expect(result.status != 0)
        #expect(result.errorLines.last?.hasPrefix("/nonexistent/trace.evemu") == true)
    }

    @Test("synth writes the same bytes for the same seed, and render draws the result")
    func synthAndRender() throws {
        let directory = temporaryDirectory()
        let a = directory.appendingPathComponent("a.evemu").path, b = directory.appendingPathComponent("b.evemu").path
        #expect(try Tactile.run(["synth", "rotation", "-o", a, "--seed", "7"]).status == 0)
        #expect(try Tactile.run(["synth", "rotation", "-o", b, "--seed", "7"]).status == 0)
        #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
        let svg = directory.appendingPathComponent("a.svg").path
        let render = try Tactile.run(["render", a, "--scene", "Traces/scenes/photo-viewer.json", "-o", svg])
        #expect(render.status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg") && text.contains(">photo</text>"))
    }

    @Test("synth rejects an unknown gesture")
    func synthUnknownGesture() throws {
        let unknown = try Tactile.run(["synth", "triple-tap", "-o", temporaryDirectory().appendingPathComponent("x.evemu").path])
        #expect(unknown.status != 0 && unknown.errors.contains("triple-tap"))
    }

    @Test("synth rejects a device description that cannot play it")
    func synthUnsuitableDevice() throws {
        let output = temporaryDirectory().appendingPathComponent("x.evemu").path
        let typeA = try Tactile.run(["synth", "tap", "-o", output, "--device", SharedTraces.path("ntrig-multitouch-ts.desc")])
        expectOneLineError(typeA,
            "\"N-Trig MultiTouch\" is not a protocol-B multitouch device (it needs ABS_MT_SLOT, ABS_MT_TRACKING_ID and ABS_MT_POSITION_X/Y); synth writes slot-based traces only")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("devices fails when no touchscreen is found and says why nodes could not be used")
    func devicesErrors() throws {
        let empty = temporaryDirectory()
        expectOneLineError(try Tactile.run(["devices", "--directory", empty.path]), "no touchscreen found in \(empty.path)")
        let fake = temporaryDirectory()
        _ = FileManager.default.createFile(atPath: fake.appendingPathComponent("event0").path, contents: Data("x".utf8))
        let result = try Tactile.run(["devices", "--directory", fake.path])
        #expect(result.errorLines.first == "warning: \(fake.path)/event0: not an evdev input device")
        expectOneLineError(result, "no touchscreen found in \(fake.path)")
    }

    @Test("live and record fail with one line for a missing node or a file that is not a device")
    func liveAndRecordErrors() throws {
        // A node that cannot exist on any machine: a name in a new, empty folder.
        let missing = temporaryDirectory().appendingPathComponent("event99").path
        expectOneLineError(try Tactile.run(["live", missing]), "\(missing): no such device")
        expectOneLineError(try Tactile.run(["live", "/dev/null", "--grab"]), "/dev/null: not an evdev input device")
        let output = temporaryDirectory().appendingPathComponent("never.evemu").path
        expectOneLineError(try Tactile.run(["record", "/dev/null", "-o", output]), "/dev/null: not an evdev input device")
        #expect(!FileManager.default.fileExists(atPath: output), "no file is left behind")
    }
}
