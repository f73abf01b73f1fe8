import Foundation
import TactileTestSupport
import Testing

@testable import TactileReplay

/// Issue 34, "The messages a newcomer met": each message a first hour with the tool ran into, through the built
/// command, with the input on both sides of every bound.
@Suite("The messages a newcomer met", .serialized)
struct NewcomerMessagesTests {
    static let missingInput =
        "/dev/input does not exist: this machine has no input devices, or they are not visible here (in a container, pass the device in, for example docker run --device /dev/input/event5)"

    // MARK: check

    @Test("check: a missing --expected folder says it does not exist; --accept creates it; a file is not a folder")
    func missingExpectedFolder() throws {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        expectOneLineError(
            try Tactile.run(["check", "Traces/tap.evemu", "--expected", expected]),
            "\(expected): the folder of expected logs does not exist; tactile check --accept writes them there")
        #expect(!FileManager.default.fileExists(atPath: expected))
        let accepted = try Tactile.run(["check", "Traces/tap.evemu", "--expected", expected, "--accept"])
        #expect(accepted.status == 0, "\(accepted.errors)")
        #expect(FileManager.default.fileExists(atPath: expected + "/tap.log"))
        let file = temporaryFile("x\n", name: "expected.log")
        expectOneLineError(
            try Tactile.run(["check", "Traces/tap.evemu", "--expected", file]),
            "\(file): not a folder (--expected names the folder of expected logs)")
    }

    @Test("check --accept says accepted, not new; the summary counts 1 trace and 1 job in the singular")
    func acceptSaysAccepted() throws {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        let accepted = try Tactile.run(["check", "Traces/tap.evemu", "--expected", expected, "--accept", "--jobs", "4"])
        #expect(accepted.status == 0)
        #expect(accepted.outputLines == ["accepted: Traces/tap.evemu as \(expected)/tap.log (new)"])
        #expect(!accepted.output.contains("new: "))
        #expect(accepted.errorLines.last?.hasPrefix("1 trace: 0 unchanged, 0 changed, 1 new, 0 failed; 1 accepted into \(expected) (") == true, "\(accepted.errors)")
        #expect(accepted.errorLines.last?.hasSuffix(" traces/s, 1 job)") == true, "min(4 jobs, 1 trace): \(accepted.errors)")
        // Two traces on one job: plural traces, singular job.
        let two = try Tactile.run(["check", "Traces/tap.evemu", "Traces/pan.evemu", "--expected", expected, "--accept", "--jobs", "1"])
        #expect(two.errorLines.last?.hasPrefix("2 traces: 1 unchanged, 0 changed, 1 new, 0 failed; 1 accepted into") == true, "\(two.errors)")
        #expect(two.errorLines.last?.hasSuffix(" traces/s, 1 job)") == true)
        let both = try Tactile.run(["check", "Traces/tap.evemu", "Traces/pan.evemu", "--expected", expected, "--jobs", "2"])
        #expect(both.status == 0 && both.errorLines.last?.hasSuffix(" traces/s, 2 jobs)") == true, "\(both.errors)")
        // A changed log, accepted: its diff, then what was written.
        let log = expected + "/pan.log"
        try "0.000s nothing\n".write(toFile: log, atomically: true, encoding: .utf8)
        let changed = try Tactile.run(["check", "Traces/pan.evemu", "--expected", expected, "--accept"])
        #expect(changed.status == 0)
        #expect(changed.outputLines.first == "--- \(log)")
        #expect(changed.outputLines.last == "accepted: Traces/pan.evemu as \(log) (changed)")
    }

    @Test("check --quiet: nothing when every log is unchanged; one line per changed or new log, no diff, no summary")
    func quiet() throws {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        #expect(try Tactile.run(["check", "Traces/tap.evemu", "Traces/pan.evemu", "--expected", expected, "--accept", "-q"]).status == 0)
        let clean = try Tactile.run(["check", "Traces/tap.evemu", "Traces/pan.evemu", "--expected", expected, "--quiet"])
        #expect(clean.status == 0 && clean.output.isEmpty && clean.errors.isEmpty, "\(clean.output)\(clean.errors)")
        try "0.000s nothing\n".write(toFile: expected + "/pan.log", atomically: true, encoding: .utf8)
        let result = try Tactile.run(
            ["check", "Traces/tap.evemu", "Traces/pan.evemu", "Traces/swipe.evemu", "Traces/no-such.evemu", "--expected", expected, "--quiet"])
        #expect(result.status == 1)
        #expect(result.outputLines == [
            "changed: Traces/pan.evemu (\(expected)/pan.log)", "new: Traces/swipe.evemu (no \(expected)/swipe.log)",
        ])
        #expect(result.errorLines == ["Traces/no-such.evemu: no such file"], "errors still print; no summary")
        // Without --quiet the same run prints the diff and the summary.
        let loud = try Tactile.run(["check", "Traces/tap.evemu", "Traces/pan.evemu", "--expected", expected])
        #expect(loud.outputLines.first == "--- \(expected)/pan.log" && loud.errorLines.last?.hasPrefix("2 traces: ") == true)
    }

    // MARK: traces

    @Test("An empty trace says it is empty, whatever its name; a file with one line of content is not empty",
        arguments: ["empty.evemu", "empty.yml", "empty.events", "empty.txt"])
    func emptyTrace(name: String) throws {
        for content in ["", "\n\n  \n"] {
            let file = temporaryFile(content, name: name)
            expectOneLineError(try Tactile.run(["replay", file]), "\(file): the file is empty")
            expectOneLineError(try Tactile.run(["analyze", file]), "\(file): the file is empty")
        }
        let content = temporaryFile("\nnot a trace\n", name: name)
        let result = try Tactile.run(["replay", content])
        #expect(result.status == 1 && !result.errors.contains("the file is empty"), "\(result.errors)")
    }

    @Test("An empty events file given with --description, and empty standard input, say they are empty")
    func emptyEventsAndStandardInput() throws {
        let events = temporaryFile("", name: "tap.events")
        let description = temporaryFile(
            try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n",
            name: "tap.desc")
        expectOneLineError(try Tactile.run(["replay", events, "--description", description]), "\(events): the file is empty")
        let standardInput = try shell("'\(Tactile.executable.path)' replay - < /dev/null")
        #expect(standardInput.status == 1)
        #expect(standardInput.errors == "<stdin>: the file is empty\n")
    }

    @Test("A libinput record file without events says so, not to pass --description (evemu files' option)")
    func libinputRecordWithoutEvents() throws {
        let fixture = try String(
            contentsOfFile: Package.path("Tests/TactileInputTests/Fixtures/handwritten-touchscreen.yml"), encoding: .utf8)
        let header = fixture[..<fixture.range(of: "    events:")!.lowerBound].replacingOccurrences(of: "ndevices: 2", with: "ndevices: 1")
        let file = temporaryFile(header + "    events:\n", name: "untouched.yml")
        let message = "\(file): has no events: libinput record wrote the device but no event (touch it while it records)"
        expectOneLineError(try Tactile.run(["replay", file]), message)
        expectOneLineError(try Tactile.run(["render", file, "-o", "/dev/null"]), message)
        expectOneLineError(try Tactile.run(["analyze", file]), message)
        #expect(!(try Tactile.run(["replay", file])).errors.contains("--description"))
    }

    /// Bytes that are not text: invalid UTF-8 from the first byte, no NUL (so the reason is the same however
    /// many of them were read).
    static let binary: [UInt8] = (0..<1024).map { UInt8(0x80 | ($0 * 37 % 0x7f)) }

    @Test("Binary on standard input is refused at its first KiB, with the words the same bytes in a file get")
    func binaryStandardInput() throws {
        let file = temporaryDirectory().appendingPathComponent("binary.evemu")
        try Data(Self.binary).write(to: file)
        let fromFile = try Tactile.run(["replay", file.path])
        #expect(fromFile.status == 1)
        let reason = try #require(fromFile.errorLines.first?.dropFirst(file.path.count))
        #expect(reason.hasPrefix(": not a text trace"))
        // One KiB written, and the pipe kept open: the command must decide from those bytes alone.
        let process = Process()
        process.executableURL = Tactile.executable
        process.arguments = ["replay", "-"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(Self.binary))
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(ended, "still reading standard input after 1 KiB of binary")
        #expect(process.terminationStatus == 1)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text == "<stdin>" + reason + "\n")
    }

    @Test("Text on standard input is not refused for its first bytes: a trace piped in replays")
    func textStandardInput() throws {
        let result = try shell("cat Traces/tap.evemu | '\(Tactile.executable.path)' replay - | head -1")
        #expect(result.status == 0 && result.output == "0.000s edgePan: possible → failed (began 386.9 pt from the nearest edge > 20 pt)\n", "\(result.errors)")
    }

    // MARK: scenes

    @Test("A misspelled required scene key is named with the key it is a slip for, at file:line:column")
    func misspelledRequiredKey() throws {
        let scene = temporaryFile(
            """
            {
              "version": 1,
              "window": {"width": 400, "height": 300},
              "views": [
                {"name": "panel",
                 "frmae": {"x": 0, "y": 0, "width": 10, "height": 10}}
              ]
            }
            """, name: "scene.json")
        expectOneLineError(
            try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene]),
            "\(scene):6:6: views[0]: unknown key \"frmae\" (did you mean \"frame\"?)")
        // A key too far from any (three edits) is not a slip: the required key is missing.
        try Self.expectRefused(#"{"version": 1, "window": {"width": 400, "height": 300}, "views": [{"name": "panel", "fr": {}}]}"#) {
            "\($0): views[0]: missing key \"frame\" (or \"bounds\" and \"center\")"
        }
        // A misspelled optional key is unknown, with its suggestion; the window's required width too.
        try Self.expectRefused(#"{"version": 1, "window": {"widht": 400, "height": 300}}"#) {
            "\($0):1:27: window: unknown key \"widht\" (did you mean \"width\"?)"
        }
    }

    /// Replays a trace through the scene `json` and expects the one line `message(file)` and exit status 1.
    static func expectRefused(
        _ json: String, sourceLocation: SourceLocation = #_sourceLocation, _ message: (String) -> String
    ) throws {
        let file = temporaryFile(json, name: "scene.json")
        expectOneLineError(
            try Tactile.run(["replay", "Traces/tap.evemu", "--scene", file]), message(file), sourceLocation: sourceLocation)
    }

    @Test("A slip is at most two edits, and fewer than either key's letters", arguments: [
        ("frmae", ["frame"], "frame"),  // two letters swapped: one edit
        ("fram", ["frame"], "frame"),  // one letter missing
        ("frm", ["frame"], "frame"),  // two missing: two edits, fewer than 3 letters
        ("fr", ["frame"], nil),  // three missing
        ("framexx", ["frame"], "frame"),  // two added
        ("framexxx", ["frame"], nil),  // three added
        ("ax", ["ay"], "ay"),  // one edit, two letters
        ("ab", ["xy"], nil),  // two edits but only two letters
        ("tapz", ["kind", "name", "taps"], "taps"),
        ("frame", ["frame"], nil),  // the same key is no slip
    ] as [(String, [String], String?)])
    func slipBounds(key: String, candidates: [String], match: String?) {
        #expect(JSONObjectReader.closeMatch(to: key, among: candidates) == match)
    }

    @Test("A scene of another version names it as the file does: version 2, not 2.0")
    func versionNumber() throws {
        try Self.expectRefused(#"{"version": 2, "window": {"width": 400, "height": 300}}"#) {
            "\($0): version: unsupported version 2 (this build reads version 1)"
        }
        try Self.expectRefused(#"{"version": 1.5, "window": {"width": 400, "height": 300}}"#) {
            "\($0): version: unsupported version 1.5 (this build reads version 1)"
        }
    }

    @Test("One recognizer that withholds an end delays it; two delay it")
    func delaysInTheSingular() throws {
        let scene = temporaryFile(
            #"{"version": 1, "window": {"width": 800, "height": 480}, "views": [{"name": "screen", "frame": {"x": 0, "y": 0, "width": 800, "height": 480}, "handlesTouches": true, "recognizers": [{"kind": "tap", "name": "doubleTap", "taps": 2}]}]}"#,
            name: "double-tap.json")
        let result = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", scene, "--explain"])
        #expect(result.outputLines.contains("    why: doubleTap has not decided yet and delays touchesEnded (spec §5.9)"), "\(result.output)")
    }

    // MARK: devices

    @Test("live --backend libinput without /dev/input says what the evdev backend says")
    func libinputWithoutInputFolder() throws {
        let evdev = try Tactile.run(["live"])
        let libinput = try Tactile.run(["live", "--backend", "libinput"])
        let node = try Tactile.run(["live", "event99", "--backend", "libinput"])
        if !FileManager.default.fileExists(atPath: "/dev/input") {
            expectOneLineError(evdev, Self.missingInput)
            expectOneLineError(libinput, Self.missingInput)
            expectOneLineError(node, Self.missingInput)
            expectOneLineError(try Tactile.run(["record", "event99", "--backend", "libinput"]), Self.missingInput)
        } else {
            expectOneLineError(node, "/dev/input/event99: no such device")
        }
    }

    @Test("record without a device: the only touchscreen, else says to name one and to run tactile devices")
    func recordWithoutDevice() throws {
        let missing = temporaryDirectory().appendingPathComponent("input").path
        let none = try Tactile.run(["record", "--directory", missing])
        #expect(none.status == 1)
        #expect(none.errorLines == [Self.missingInput.replacingOccurrences(of: "/dev/input does", with: "\(missing) does")])
        let empty = temporaryDirectory().path
        let noTouchscreen = try Tactile.run(["record", "--directory", empty])
        #expect(noTouchscreen.status == 1 && noTouchscreen.output.isEmpty)
        #expect(noTouchscreen.errorLines == [
            "no touchscreen found in \(empty)",
            "give the device node to read: tactile record DEVICE (tactile devices lists the touchscreens)",
        ])
    }

    /// The `--option` names a command's help text mentions.
    static func mentionedOptions(_ help: String) -> Set<String> {
        Set(help.matches(of: /--[a-z][a-z-]*[a-z]/).map { String($0.output) })
    }

    @Test("Every option a command's help mentions is one it takes",
        arguments: ["replay", "render", "synth", "devices", "live", "record", "check", "analyze"])
    func helpOffersOnlyItsOptions(command: String) throws {
        let help = try Tactile.run([command, "--help"])
        #expect(help.status == 0)
        let tool = try ToolDump.load()
        let options = try #require(tool.command(named: command)).optionNames
        let foreign = Self.mentionedOptions(help.output).subtracting(options)
        #expect(foreign.isEmpty, "\(command) --help mentions \(foreign.sorted()), which it does not take")
    }

    // MARK: options that do nothing

    @Test("--record-device on an evemu file warns that it does nothing; on a libinput record file it chooses")
    func recordDeviceOnEvemu() throws {
        let plain = try Tactile.run(["replay", "Traces/tap.evemu"])
        let warned = try Tactile.run(["replay", "Traces/tap.evemu", "--record-device", "1"])
        #expect(warned.status == 0 && warned.output == plain.output)
        #expect(warned.errorLines == [
            "warning: Traces/tap.evemu is an evemu recording of one device: --record-device, which chooses a device of a libinput record file, does nothing",
        ])
        let rendered = try Tactile.run(["render", "Traces/tap.evemu", "-o", "/dev/null", "--record-device", "0"])
        #expect(rendered.status == 0 && rendered.errorLines.count == 1 && rendered.errors.hasPrefix("warning: "))
        let record = Package.path("Tests/TactileInputTests/Fixtures/keyboard-then-touchscreen.yml")
        let chosen = try Tactile.run(["replay", record, "--record-device", "1"])
        #expect(chosen.status == 0 && chosen.errors.isEmpty, "\(chosen.errors)")
    }

    @Test("An empty --only or --target warns that everything is printed; a named one does not", arguments: [
        (["--only", ""], "warning: --only names no kind of entry, so every kind is printed; kinds: \(ReplayLogFilter.allKinds.joined(separator: ", "))"),
        (["--only", ","], "warning: --only names no kind of entry, so every kind is printed; kinds: \(ReplayLogFilter.allKinds.joined(separator: ", "))"),
        (["--target", ""], "warning: --target names nothing, so entries about every name are printed"),
        (["--target", ",,"], "warning: --target names nothing, so entries about every name are printed"),
        (["--only", "touches"], nil),
        (["--target", "screen"], nil),
    ] as [([String], String?)])
    func emptyFilters(options: [String], warning: String?) throws {
        let plain = try Tactile.run(["replay", "Traces/tap.evemu"])
        let result = try Tactile.run(["replay", "Traces/tap.evemu"] + options)
        #expect(result.status == 0)
        #expect(result.errorLines == (warning.map { [$0] } ?? []))
        if warning != nil { #expect(result.output == plain.output) } else { #expect(result.output != plain.output) }
    }

    // MARK: usage errors

    @Test("Every rejected value is a usage error with status 64, and the values beside the bound are taken", arguments: [
        (["check", "Traces/tap.evemu", "--expected", "Traces", "--shard", "0/4"], "--shard takes I/N with 1 ≤ I ≤ N, such as 2/4 for the second of four machines (got 0/4)"),
        (["check", "Traces/tap.evemu", "--expected", "Traces", "--shard", "5/4"], "--shard takes I/N with 1 ≤ I ≤ N, such as 2/4 for the second of four machines (got 5/4)"),
        (["check", "Traces/tap.evemu", "--expected", "Traces", "--jobs", "0"], "--jobs must be at least 1 (got 0)"),
        (["check", "Traces/tap.evemu", "--expected", "Traces", "--jobs", "-2"], "--jobs must be at least 1 (got -2)"),
        (["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "-5"], "--width takes the picture's width in pixels, from 100 to 100000, such as 960 (got -5)"),
        (["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "99"], "--width takes the picture's width in pixels, from 100 to 100000, such as 960 (got 99)"),
        (["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "100001"], "--width takes the picture's width in pixels, from 100 to 100000, such as 960 (got 100001)"),
        (["replay", "Traces/tap.evemu", "--calibration", "1 2"], "--calibration takes six numbers 'a b c d e f' within ±1000000000, such as '1 0 0 0 1 0' (got '1 2')"),
        (["synth", "tap", "--at", "-0.1,0.5"], "--at takes two fractions from 0 to 1, such as 0.5,0.5 (got -0.1,0.5)"),
        (["synth", "tap", "--rate", "9"], "--rate takes 10 to 1000 reports per second, such as 120 (got 9.0)"),
        (["synth", "tap", "--rate", "1001"], "--rate takes 10 to 1000 reports per second, such as 120 (got 1001.0)"),
        (["live", "--wayland", "--deadline-grace", "-1"], "--deadline-grace is a number of milliseconds, 0 or more (got -1)"),
        (["analyze", "summary"], "give the trace to analyze after the report: tactile analyze summary TRACE"),
        (["analyze", "touch-down-state"], "give the trace to analyze after the report: tactile analyze touch-down-state TRACE"),
        (["analyze", "Traces/tap.evemu", "--svg", "-", "--json"], "--svg - writes the picture to standard output in place of the report: give no report, --json or --use-mm with it, or write the picture to a file (--svg FILE)"),
        (["analyze", "touch-down-state", "Traces/tap.evemu", "--svg", "-"], "--svg - writes the picture to standard output in place of the report: give no report, --json or --use-mm with it, or write the picture to a file (--svg FILE)"),
    ] as [([String], String)])
    func usageStatus(arguments: [String], message: String) throws {
        expectUsageError(try Tactile.run(arguments), message)
    }

    @Test("The values at the bounds are taken")
    func valuesAtTheBounds() throws {
        let expected = temporaryDirectory().path
        for arguments in [
            ["check", "Traces/tap.evemu", "--expected", expected, "--accept", "--shard", "4/4"],
            ["check", "Traces/tap.evemu", "--expected", expected, "--accept", "--shard", "1/4", "--jobs", "1"],
            ["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "100"],
            ["render", "Traces/tap.evemu", "-o", "/dev/null", "--width", "100000"],
            ["synth", "tap", "--at", "0,1", "--rate", "10", "-o", "/dev/null"],
            ["synth", "tap", "--rate", "1000", "-o", "/dev/null"],
            ["analyze", "Traces/tap.evemu", "--svg", "-"],
            ["analyze", "summary", "Traces/tap.evemu", "--json", "--svg", "/dev/null"],
        ] {
            let result = try Tactile.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
        }
    }

    @Test("--jobs and --deadline-grace print one default each", arguments: [("check", "--jobs"), ("live", "--deadline-grace")])
    func oneDefault(command: String, option: String) throws {
        let help = try Tactile.run([command, "--help"]).output
        let start = try #require(help.range(of: "  \(option) "))
        // The option's entry: up to the next line that starts another option.
        let rest = help[start.upperBound...]
        let end = rest.range(of: #"\n  -"#, options: .regularExpression)?.lowerBound ?? rest.endIndex
        let entry = rest[..<end]
        #expect(entry.components(separatedBy: "default").count - 1 == 1, "\(entry)")
    }
}
