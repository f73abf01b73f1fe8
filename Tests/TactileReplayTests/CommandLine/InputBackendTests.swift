import Foundation
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// `--backend evdev|libinput` of `tactile live` and `tactile record`, and `LibinputTouchInput`'s errors, without a
/// device (the live VM suite, `Tests/Live`, reads real devices through both backends).
@Suite("Input backends: --backend and libinput's errors", .serialized)
struct InputBackendTests {
    @Test("live and record say which backend is the default and why")
    func helpStatesTheDefault() throws {
        for command in ["live", "record"] {
            let help = try Tactile.run([command, "--help"])
            #expect(help.status == 0)
            let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("--backend <evdev|libinput>"), "\(command): \(text)")
            #expect(text.contains(command == "live" ? "evdev is the default" : "evdev writes the device's own events"), "\(command)")
            #expect(text.contains("default: evdev)"), "\(command)")
        }
    }

    @Test("An unknown backend and --grab with libinput are usage errors")
    func usageErrors() throws {
        let unknown = try Tactile.run(["live", "event5", "--backend", "x11"])
        #expect(unknown.status == 64)
        #expect(unknown.errors.contains("--backend"), "\(unknown.errors)")
        let grab = try Tactile.run(["live", "event5", "--backend", "libinput", "--grab"])
        #expect(grab.status == 64)
        #expect(grab.errors.contains("--grab reads with evdev: not with --backend libinput"), "\(grab.errors)")
    }

    @Test("A node that does not exist is one line naming it, through libinput as through evdev")
    func missingNode() throws {
        for arguments in [["live", "/nonexistent/event9", "--backend", "libinput"],
                          ["record", "/nonexistent/event9", "--backend", "libinput"]] {
            let result = try Tactile.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines.count == 1, "\(arguments): \(result.errors)")
            #expect(result.errors.contains("/nonexistent/event9"), "\(arguments): \(result.errors)")
        }
    }

    @Test("libinput's path backend refuses a file that is not an input device")
    func notADevice() throws {
        let file = temporaryDirectory().appendingPathComponent("event9")
        try Data("not a device".utf8).write(to: file)
        #expect(throws: InputDeviceError.self) {
            _ = try LibinputTouchInput(backend: .path([file.path]))
        }
    }
}
