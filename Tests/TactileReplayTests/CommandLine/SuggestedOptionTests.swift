import Foundation
import TactileTestSupport
import Testing

/// Issue 26, "one set of input options": every command that reads a trace takes the same input options, and an
/// option that one of its messages suggests is one it accepts — and that, given, does what the message says.
@Suite("Every option a message suggests is accepted by the command that prints it", .serialized)
struct SuggestedOptionTests {
    /// The options a message names (`--allow-touchpad`, `--description`, …).
    static func suggestedOptions(_ text: String) -> Set<String> {
        let pattern = /--[a-z][a-z-]*[a-z]/
        return Set(text.matches(of: pattern).map { String($0.output) })
    }

    /// Input that makes a command suggest an option, and the arguments that follow the suggestion.
    nonisolated struct Case: CustomStringConvertible {
        var name: String
        /// The trace (or device file, for synth).
        var file: String
        /// The option the message must name.
        var suggested: String
        /// What to add to follow it.
        var fix: [String]
        var description: String { name }
    }

    nonisolated static let cases: [Case] = {
        let directory = temporaryDirectory()
        // A touchpad: the synthesized touchscreen's trace with INPUT_PROP_POINTER instead of INPUT_PROP_DIRECT.
        let synthesized = (try? String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)) ?? ""
        let touchpad = directory.appendingPathComponent("pad.evemu").path
        try? Data(synthesized.replacingOccurrences(of: "P: 02 00", with: "P: 01 00").utf8).write(to: URL(fileURLWithPath: touchpad))
        // An events file whose description is elsewhere (not NAME.desc or DEVICE.desc beside it).
        let lines = synthesized.split(separator: "\n", omittingEmptySubsequences: false)
        let events = directory.appendingPathComponent("alone.events").path
        let description = directory.appendingPathComponent("other/screen.desc").path
        try? FileManager.default.createDirectory(atPath: directory.appendingPathComponent("other").path, withIntermediateDirectories: true)
        try? Data(lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: events))
        try? Data(lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: description))
        let keyboardFirst = Package.path("Tests/TactileInputTests/Fixtures/keyboard-then-touchscreen.yml")
        return [
            Case(name: "touchpad", file: touchpad, suggested: "--allow-touchpad", fix: ["--allow-touchpad"]),
            Case(name: "events without a description", file: events, suggested: "--description", fix: ["--description", description]),
            Case(name: "a keyboard chosen in a multi-device recording", file: keyboardFirst, suggested: "--record-device", fix: ["--record-device", "1"]),
        ]
    }()

    /// The command line of `command` reading `file`, with `extra` arguments.
    static func arguments(_ command: String, _ file: String, _ extra: [String], output: String) -> [String] {
        switch command {
        case "render": ["render", file, "-o", output] + extra
        case "check": ["check", file, "--expected", output, "--accept"] + extra
        default: [command, file] + extra
        }
    }

    @Test("replay, render, check and analyze: each suggestion is an option of the command, and following it works",
          arguments: ["replay", "render", "check", "analyze"], cases)
    func traceCommands(command: String, input: Case) throws {
        let output = temporaryDirectory().appendingPathComponent(command == "check" ? "expected" : "out.svg").path
        if command == "check" { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        // The multi-device case: choosing the keyboard is what the message is about.
        let provoke = input.suggested == "--record-device" ? ["--record-device", "0"] : []
        let failed = try Tactile.run(Self.arguments(command, input.file, provoke, output: output))
        #expect(failed.status == 1, "\(failed.errors)")
        let suggested = Self.suggestedOptions(failed.errors)
        #expect(suggested.contains(input.suggested), "\(failed.errors)")
        let help = try Tactile.run([command, "--help"])
        for option in suggested {
            #expect(help.output.contains(option + " ") || help.output.contains(option + "\n"), "\(command) --help lacks \(option)")
        }
        let fixed = try Tactile.run(Self.arguments(command, input.file, input.fix, output: output))
        #expect(fixed.status == 0, "\(command) \(input.fix): \(fixed.errors)")
    }

    @Test("synth: a touchpad or a multi-device file as --device names options synth takes")
    func synth() throws {
        for input in Self.cases where input.suggested != "--description" {
            let provoke = input.suggested == "--record-device" ? ["--record-device", "0"] : []
            let failed = try Tactile.run(["synth", "tap", "--device", input.file] + provoke)
            #expect(failed.status == 1)
            let suggested = Self.suggestedOptions(failed.errors)
            #expect(suggested.contains(input.suggested), "\(failed.errors)")
            let help = try Tactile.run(["synth", "--help"])
            for option in suggested { #expect(help.output.contains(option), "synth --help lacks \(option)") }
            let fixed = try Tactile.run(["synth", "tap", "--device", input.file] + input.fix)
            #expect(fixed.status == 0, "\(fixed.errors)")
            // --description is synth's --device under replay's name.
            let named = try Tactile.run(["synth", "tap", "--description", input.file] + input.fix)
            #expect(named.status == 0 && named.output == fixed.output)
        }
    }

    @Test("The input options are the same in replay, render and check, and --jitter-filter and --calibration in live")
    func sameOptions() throws {
        let input = ["--description", "--allow-touchpad", "--record-device", "--jitter-filter", "--calibration"]
        for command in ["replay", "render", "check"] {
            let help = try Tactile.run([command, "--help"])
            for option in input { #expect(help.output.contains(option), "\(command) --help lacks \(option)") }
        }
        let live = try Tactile.run(["live", "--help"])
        #expect(live.output.contains("--jitter-filter") && live.output.contains("--calibration"))
        // The same values are accepted: a calibration is applied by each.
        let rotated = ["--calibration", "0 1 0 -1 0 1"]
        let replay = try Tactile.run(["replay", "Traces/tap.evemu", "--positions"] + rotated)
        let plain = try Tactile.run(["replay", "Traces/tap.evemu", "--positions"])
        #expect(replay.status == 0 && replay.output != plain.output)
        let bad = try Tactile.run(["render", "Traces/tap.evemu", "-o", "/dev/null", "--calibration", "1 2"])
        #expect(bad.status == 64 && Self.suggestedOptions(bad.errorLines.first ?? "") == ["--calibration"], "\(bad.errors)")
    }

    @Test("A multi-device libinput record file: the first touchscreen by default, any device by number or name")
    func multiDevice() throws {
        let file = Package.path("Tests/TactileInputTests/Fixtures/keyboard-then-touchscreen.yml")
        let single = try Tactile.run(["replay", Package.path("Tests/TactileInputTests/Fixtures/handwritten-touchscreen.yml")])
        let chosen = try Tactile.run(["replay", file])
        #expect(chosen.status == 0 && !chosen.outputLines.isEmpty)
        #expect(chosen.outputLines == single.outputLines, "the touchscreen after the keyboard is read")
        #expect(try Tactile.run(["replay", file, "--record-device", "1"]).outputLines == single.outputLines)
        #expect(try Tactile.run(["replay", file, "--record-device", "touchscreen"]).outputLines == single.outputLines)
        expectOneLineError(
            try Tactile.run(["replay", file, "--record-device", "9"]),
            "\(file): no device 9 in this recording (it has 0: \"AT Translated Set 2 keyboard\", 1: \"Handwritten Touchscreen: #1\"); choose one with --record-device N")
    }
}
