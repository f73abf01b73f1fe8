import Foundation
import Tactile
import TactileInput
import TactileReplay
import TactileTestSupport
import Testing

/// The touchpad recordings in `Traces/recordings`, with the device name of their `N:` line and what makes each a
/// touchpad (their `P:` line: POINTER set, or only SEMI_MT/BUTTONPAD bits with BTN_TOOL_FINGER).
private let touchpads: [(file: String, name: String, evidence: String)] = [
    ("cypress-touchpad__2finger-tap.evemu", "CyPS/2 Cypress Trackpad", "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
    ("cypress-touchpad__3finger-tap.evemu", "CyPS/2 Cypress Trackpad", "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
    ("apple-bcm5974-touchpad__3finger-click.evemu", "bcm5974", "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
    ("apple-bcm5974-touchpad__typeA-session-1-to-4-fingers.evemu", "bcm5974 Virtual Device", "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
    ("alps-glidepoint-touchpad__1finger-double-tap.evemu", "AlpsPS/2 ALPS GlidePoint", "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
    ("alps-glidepoint-touchpad__2finger-tap.evemu", "AlpsPS/2 ALPS GlidePoint", "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
    ("synaptics-ps2-touchpad__2finger-scroll-vertical.events", "SynPS/2 Synaptics TouchPad", "INPUT_PROP_POINTER"),
    ("wacom-intuos5-m-touchpad__2finger-circle.events", "Wacom Intuos5 touch M Finger", "INPUT_PROP_POINTER"),
]

@Suite("Touchpads are refused unless asked for")
struct TouchpadRefusalTests {
    @Test("Replaying a touchpad recording through a scene fails with the file, the device and the way out")
    func replayRefusesTouchpads() throws {
        for pad in touchpads {
            let path = SharedTraces.path(pad.file)
            let error = #expect(throws: TraceError.self) { try TraceReplay(path: path, scene: Scene.defaultScene()) }
            #expect(
                error?.description
                    == "\(path): \"\(pad.name)\" is a touchpad, not a touchscreen (\(pad.evidence)); pass --allow-touchpad to map it anyway")
        }
    }

    @Test("Asked explicitly, a touchpad recording replays as the decoder reads it")
    func allowedTouchpadsDecode() throws {
        for pad in touchpads {
            let path = SharedTraces.path(pad.file)
            let scene = Scene.defaultScene()
            let mapped = try TraceReplay(path: path, scene: scene, allowingTouchpad: true).remainingFrames()
            let plain = try TraceReplay(path: path, configuration: .init(mapping: scene.screen)).remainingFrames()
            #expect(!mapped.isEmpty, "\(pad.file)")
            #expect(mapped == plain, "\(pad.file)")
        }
    }

    @Test("Every touchscreen recording replays through a scene exactly as before: no refusal, the same frames")
    func touchscreensUnchanged() throws {
        let screens = SharedTraces.recordings().filter { file in !touchpads.contains { $0.file == file } }
        #expect(screens.count == 33)
        let scene = Scene.defaultScene()
        for file in screens {
            let path = SharedTraces.path(file)
            let replayed = try TraceReplay(path: path, scene: scene).remainingFrames()
            let plain = try TraceReplay(path: path, configuration: .init(mapping: scene.screen)).remainingFrames()
            #expect(replayed == plain, "\(file)")
        }
    }

    @Test("tactile replay, render and synth --device refuse a touchpad with one line; --allow-touchpad maps it")
    func commandLine() throws {
        let cypress = SharedTraces.path("cypress-touchpad__2finger-tap.evemu")
        let expected = "\(cypress): \"CyPS/2 Cypress Trackpad\" is a touchpad, not a touchscreen (BTN_TOOL_FINGER without INPUT_PROP_DIRECT); pass --allow-touchpad to map it anyway"
        expectOneLineError(try Tactile.run(["replay", cypress]), expected)
        let svg = temporaryDirectory().appendingPathComponent("pad.svg").path
        expectOneLineError(try Tactile.run(["render", cypress, "-o", svg]), expected)
        #expect(!FileManager.default.fileExists(atPath: svg))

        let allowed = try Tactile.run(["replay", cypress, "--allow-touchpad", "--json"])
        #expect(allowed.status == 0)
        #expect(allowed.outputLines.contains { $0.contains("\"began\"") })

        let intuos = SharedTraces.path("wacom-intuos5-m-touchpad.desc")
        let output = temporaryDirectory().appendingPathComponent("pad.evemu").path
        expectOneLineError(
            try Tactile.run(["synth", "tap", "--device", intuos, "-o", output]),
            "\(intuos): \"Wacom Intuos5 touch M Finger\" is a touchpad, not a touchscreen (INPUT_PROP_POINTER); pass --allow-touchpad to map it anyway")
        #expect(!FileManager.default.fileExists(atPath: output))
        let synthesized = try Tactile.run(["synth", "tap", "--device", intuos, "-o", output, "--allow-touchpad"])
        #expect(synthesized.status == 0, "\(synthesized.errors)")
        #expect(try TraceReader(path: output).deviceDescription.touchpadEvidence == "INPUT_PROP_POINTER")
    }
}
