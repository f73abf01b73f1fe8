import Foundation
import TactileInput
import TactileReplay
import TactileTestSupport
import Testing

/// Issue 26, "clear answers to wrong input": one line each that says what is wrong and what to do.
@Suite("Wrong input gets one line that says what to do", .serialized)
struct WrongInputTests {
    /// `Traces/pan.evemu` cut before its lift: its finger is down when the trace ends.
    static func cutOffPan() throws -> String {
        let lines = try String(contentsOfFile: Package.path("Traces/pan.evemu"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let lastEvent = try #require(lines.lastIndex { $0.hasPrefix("E:") && $0.contains(" 0003 0039 ") })  // the lift
        return temporaryFile(lines[..<lastEvent].joined(separator: "\n") + "\n", name: "cut-pan.evemu")
    }

    @Test("A file of another kind says which kind it looks like")
    func wrongKind() throws {
        let json = temporaryFile("{\"version\": 1, \"views\": []}\n", name: "scene.json")
        expectOneLineError(try Tactile.run(["replay", json]), "\(json):1: not an evemu or libinput record file: looks like JSON")
        let markdown = temporaryFile("# Notes\n\nA touchscreen trace would go here.\n", name: "notes")
        expectOneLineError(
            try Tactile.run(["render", markdown, "-o", "/dev/null"]),
            "\(markdown):3: not an evemu or libinput record file: looks like Markdown")
        let readme = Package.path("README.md")
        let result = try Tactile.run(["replay", readme])
        #expect(result.errorLines.last?.hasSuffix("not an evemu or libinput record file: looks like Markdown") == true, "\(result.errors)")
        // A libinput record file without its first comment still reads (a YAML key first).
        let record = try String(contentsOfFile: Package.path("Tests/TactileInputTests/Fixtures/handwritten-touchscreen.yml"), encoding: .utf8)
        let bare = temporaryFile(record.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n"), name: "record")
        #expect(try Tactile.run(["replay", bare]).status == 0)
    }

    @Test("A trace cut off with a finger down: a decoder line names the cancelled touch, exit status 2 unless allowed")
    func cutOff() throws {
        let trace = try Self.cutOffPan()
        let result = try Tactile.run(["replay", trace])
        #expect(result.status == 2)
        #expect(result.errorLines == ["\(trace): the trace ends with #1 down (cancelled); exit status 2 (--allow-touches-down for 0)"])
        let line = try #require(result.outputLines.first { $0.contains("decoder:") })
        #expect(line.hasSuffix("decoder: the trace ends with #1 down: cancelled it (a recording cut off mid-gesture?)"))
        // Every line of the log is printed before it (and after it, the cancellation's consequences).
        let allowed = try Tactile.run(["replay", trace, "--allow-touches-down"])
        #expect(allowed.status == 0 && allowed.errors.isEmpty && allowed.output == result.output)
        let picture = temporaryDirectory().appendingPathComponent("cut.svg").path
        #expect(try Tactile.run(["render", trace, "-o", picture]).status == 2)
        #expect(try Tactile.run(["render", trace, "-o", picture, "--allow-touches-down"]).status == 0)
        // The whole trace: no such line, status 0.
        let whole = try Tactile.run(["replay", "Traces/pan.evemu"])
        #expect(whole.status == 0 && !whole.output.contains("decoder:"))
        // The library: the statistics and the diagnostic name the contact.
        let replay = try TraceReplay(path: trace)
        _ = try replay.remainingFrames()
        #expect(replay.statistics.touchesDownAtEnd.map(\.rawValue) == [1])
        #expect(replay.diagnostics.contains(.traceEndedWithTouchesDown(replay.statistics.touchesDownAtEnd)))
    }

    @Test("A description alone says it has no events and how to replay the recording")
    func descriptionAlone() throws {
        let text = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)
        let description = temporaryFile(text.split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n"), name: "device.desc")
        for command in ["replay", "render"] {
            let message = "\(description): has no events (a device description alone?); \(command) the recording's events file with it: tactile \(command) FILE.events --description \(description)"
            expectOneLineError(try Tactile.run([command, description] + (command == "render" ? ["-o", "/dev/null"] : [])), message)
        }
    }

    @Test("render -o - writes the SVG to standard output")
    func renderToStandardOutput() throws {
        let file = temporaryDirectory().appendingPathComponent("tap.svg").path
        #expect(try Tactile.run(["render", "Traces/tap.evemu", "-o", file]).status == 0)
        let piped = try Tactile.run(["render", "Traces/tap.evemu", "-o", "-"])
        #expect(piped.status == 0 && piped.errors.isEmpty)
        #expect(piped.output == (try String(contentsOfFile: file, encoding: .utf8)))
        #expect(piped.output.hasPrefix("<svg") && !FileManager.default.fileExists(atPath: Package.path("-")))
    }

    @Test("--width out of range, an unknown --target or --only: a usage error each", arguments: [
        (["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "0"], "--width takes the picture's width in pixels, from 100 to 100000, such as 960 (got 0)"),
        (["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "50"], "--width takes the picture's width in pixels, from 100 to 100000, such as 960 (got 50)"),
        (["replay", "Traces/tap.evemu", "--target", "row2"], "--target: nothing in the scene is named \"row2\"; names: application, doubleTap, edgePan, longPress, pan, pinch, rotation, screen, swipe, tap, twoFingerTap, window"),
        (["replay", "Traces/tap.evemu", "--only", "touchez"], "--only: unknown kind of entry \"touchez\" (known: \(ReplayLogFilter.allKinds.joined(separator: ", ")))"),
    ])
    func oneLine(arguments: [String], message: String) throws {
        expectUsageError(try Tactile.run(arguments), message)
    }

    @Test("--target takes a scroll view's pan and the responder chain's window and application")
    func targets() throws {
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", "Traces/scenes/button-list.json", "--target", "list.pan,row2"])
        #expect(result.status == 0 && result.output.contains("list.pan: possible → failed"))
    }

    @Test("render -o and synth -o write into a FIFO in place, never replacing it with a file", arguments: ["render", "synth"])
    func specialOutput(command: String) throws {
        let fifo = temporaryDirectory().appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            _ = handle?.readDataToEndOfFile()
        }
        reader.start()
        let arguments = command == "render" ? ["render", "Traces/tap.evemu", "-o", fifo] : ["synth", "tap", "-o", fifo]
        let result = try Tactile.run(arguments)
        #expect(result.status == 0, "\(result.errors)")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "\(fifo) is still a FIFO")
    }
}
