import Foundation
import Tactile
import TactileEvemuReference
import TactileInput
import TactileReplay
import TactileTestSupport
import Testing

private let window = #""window": {"width": 400, "height": 300}"#

private func decode(_ json: String) throws(SceneError) -> Scene {
    try Scene.decode(Data(json.utf8), file: "scene.json")
}

/// A copy of a recording with `# udev:` comment lines inserted before its first event.
private func withUdevComments(_ path: String, _ comments: [String]) throws -> String {
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
    let first = lines.firstIndex { $0.hasPrefix("E:") } ?? lines.count
    lines.insert(contentsOf: comments.map { "# udev: " + $0 }, at: first)
    return temporaryFile(lines.joined(separator: "\n"), name: "udev.evemu")
}

@Suite("Jitter filter and calibration in scenes, recordings and the command line")
struct InputMappingTests {
    @Test("A scene's screen takes jitterFilter off, automatic or a fuzz; anything else is an error at its path")
    func sceneJitterFilter() throws {
        #expect(try decode(#"{"version": 1, \#(window)}"#).screen.jitterFilter == .automatic)
        #expect(try decode(#"{"version": 1, \#(window), "screen": {"jitterFilter": "off"}}"#).screen.jitterFilter == .off)
        #expect(try decode(#"{"version": 1, \#(window), "screen": {"jitterFilter": "automatic"}}"#).screen.jitterFilter == .automatic)
        #expect(try decode(#"{"version": 1, \#(window), "screen": {"jitterFilter": 12}}"#).screen.jitterFilter == .fuzz(12))
        let expected = #"scene.json: screen.jitterFilter: expected "off", "automatic" or a fuzz in device units (a whole number from 0)"#
        for bad in [#""sometimes""#, "-1", "2.5", "true", "[1]"] {
            let error = #expect(throws: SceneError.self) {
                try decode(#"{"version": 1, \#(window), "screen": {"jitterFilter": \#(bad)}}"#)
            }
            #expect(error?.description == expected, "\(bad)")
        }
    }

    @Test("A scene's calibration wins over udev's; without one the device's LIBINPUT_CALIBRATION_MATRIX applies")
    func sceneCalibration() throws {
        #expect(try decode(#"{"version": 1, \#(window)}"#).screen.honorsDeviceCalibration)
        let explicit = try decode(#"{"version": 1, \#(window), "screen": {"calibration": [1, 0, 0, 0, 1, 0]}}"#)
        #expect(!explicit.screen.honorsDeviceCalibration)
    }

    @Test("A recording's udev calibration moves every touch as libinput's matrix says, unless the scene sets one")
    func recordedCalibration() throws {
        let original = SharedTraces.path("wacom-isdv4-e6-ts__1finger-pan-down.events")
        let text = try String(contentsOfFile: original, encoding: .utf8)
        let description = try String(contentsOfFile: SharedTraces.path("wacom-isdv4-e6-ts.desc"), encoding: .utf8)
        let combined = temporaryFile(description + text, name: "pan.evemu")
        // Mirrored left to right: x' = 1 − x.
        let mirrored = try withUdevComments(combined, ["LIBINPUT_CALIBRATION_MATRIX=-1 0 1 0 1 0"])
        let plainScene = try decode(#"{"version": 1, \#(window)}"#)
        let plain = try TraceReplay(path: combined, scene: plainScene).remainingFrames()
        let flipped = try TraceReplay(path: mirrored, scene: plainScene).remainingFrames()
        #expect(plain.count == flipped.count && !plain.isEmpty)
        for (a, b) in zip(plain, flipped) {
            for (p, q) in zip(a.contacts, b.contacts) {
                #expect(abs(p.location.x + q.location.x - 400) < 1e-9)
                #expect(p.location.y == q.location.y)
            }
        }
        let overriding = try decode(#"{"version": 1, \#(window), "screen": {"calibration": [1, 0, 0, 0, 1, 0]}}"#)
        #expect(try TraceReplay(path: mirrored, scene: overriding).remainingFrames() == plain)
        // A malformed matrix is ignored, as libinput ignores it.
        let malformed = try withUdevComments(combined, ["LIBINPUT_CALIBRATION_MATRIX=1 0 0 0 1"])
        #expect(try TraceReplay(path: malformed, scene: plainScene).remainingFrames() == plain)
    }

    @Test("udev's database: E: lines of c<major>:<minor>, all kept; recordings keep those Tactile uses; malformed values are ignored")
    func udevDatabase() throws {
        let folder = temporaryDirectory()
        let record = """
            I:123456
            E:ID_INPUT=1
            E:ID_INPUT_TOUCHSCREEN=1
            E:LIBINPUT_FUZZ_35=15
            E:LIBINPUT_FUZZ_36=bad
            E:LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1
            G:seat
            """
        try Data(record.utf8).write(to: folder.appendingPathComponent("c13:70"))
        let properties = try #require(UdevProperties.read(deviceNumber: (13, 70), directory: folder.path))
        #expect(properties.values.keys.sorted() == ["ID_INPUT", "ID_INPUT_TOUCHSCREEN", "LIBINPUT_CALIBRATION_MATRIX", "LIBINPUT_FUZZ_35", "LIBINPUT_FUZZ_36"])
        #expect(properties.fuzz(for: .multitouchPositionX) == 15)
        #expect(properties.fuzz(for: .multitouchPositionY) == nil)
        #expect(properties.calibrationMatrix == ScreenMapping.CalibrationMatrix(0, 1, 0, -1, 0, 1))
        #expect(UdevProperties.read(deviceNumber: (13, 71), directory: folder.path) == nil)
        #expect(properties.commentLines == [
            "# udev: LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1", "# udev: LIBINPUT_FUZZ_35=15", "# udev: LIBINPUT_FUZZ_36=bad",
        ])
    }

    @Test("A scene's screens give each touchscreen its area, matched by name or udev property; the first match wins")
    func deviceScreens() throws {
        let scene = try decode(#"""
            {"version": 1, "window": {"width": 2560, "height": 800},
             "screen": {"jitterFilter": "off"},
             "screens": [
               {"device": {"name": "Left Panel"}, "x": 0, "y": 0, "width": 1280, "height": 800},
               {"device": {"udev": {"ID_PATH": "pci-0000:00:14.0-usb-0:2:1.0"}}, "x": 1280, "width": 1280, "height": 800,
                "rotation": 180, "jitterFilter": 8}
             ]}
            """#)
        #expect(scene.deviceScreens.count == 2)
        let left = try #require(scene.mapping(forDeviceNamed: "Left Panel", udev: UdevProperties()))
        #expect(left.origin == Point(x: 0, y: 0))
        let right = try #require(
            scene.mapping(forDeviceNamed: "Other", udev: UdevProperties(["ID_PATH": "pci-0000:00:14.0-usb-0:2:1.0"])))
        #expect(right.origin == Point(x: 1280, y: 0) && right.rotation == .upsideDown && right.jitterFilter == .fuzz(8))
        #expect(scene.mapping(forDeviceNamed: "Other", udev: UdevProperties()) == nil, "no area takes it")
        // A device's corner lands in its own area.
        let axis = AxisInfo(minimum: 0, maximum: 999)
        #expect(right.location(x: 0, y: 0, xAxis: axis, yAxis: axis) == Point(x: 2560, y: 800))
        #expect(left.location(x: 0, y: 0, xAxis: axis, yAxis: axis) == Point(x: 0, y: 0))
        // Without screens, every device maps onto the scene's screen.
        let single = try decode(#"{"version": 1, \#(window)}"#)
        #expect(single.mapping(forDeviceNamed: "Any", udev: UdevProperties()) == single.screen)

        let noDevice = #expect(throws: SceneError.self) {
            try decode(#"{"version": 1, \#(window), "screens": [{"x": 0}]}"#)
        }
        #expect(noDevice?.description.hasPrefix("scene.json: screens[0]: missing key \"device\"") == true)
        let badUdev = #expect(throws: SceneError.self) {
            try decode(#"{"version": 1, \#(window), "screens": [{"device": {"udev": {"ID_PATH": 3}}}]}"#)
        }
        #expect(badUdev?.description == "scene.json: screens[0].device.udev: the value of ID_PATH must be a string")
    }

    @Test("tactile live without a device follows a directory: a node that appears is reported, SIGINT ends it with 0")
    func liveFollowsDirectory() throws {
        let folder = temporaryDirectory()
        let process = Process()
        process.executableURL = Tactile.executable
        process.arguments = ["live", "--directory", folder.path, "--json"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
        try Data("not a device".utf8).write(to: folder.appendingPathComponent("event4"))
        Thread.sleep(forTimeInterval: 0.5)
        process.interrupt()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("waiting for touchscreens in \(folder.path)"))
        #expect(text.contains("\(folder.path)/event4"), "\(text)")
        let conflict = try Tactile.run(["live", "/dev/input/event0", "--all"])
        #expect(conflict.status != 0 && conflict.errors.contains("--all reads every touchscreen"))
    }

    @Test("A recording keeps the udev properties it was made with, as comments libevemu skips")
    func recordingKeepsUdevProperties() throws {
        let path = temporaryDirectory().appendingPathComponent("kept.evemu").path
        let properties = UdevProperties([
            "LIBINPUT_FUZZ_35": "15", "LIBINPUT_FUZZ_36": "15", "LIBINPUT_CALIBRATION_MATRIX": "0 1 0 -1 0 1",
            "ID_INPUT": "1",
        ])
        let writer = try EvemuWriter(path: path, description: SyntheticTouchscreen.description, udevProperties: properties)
        try writer.write(InputEvent(timestamp: .zero, .report))
        try writer.close()
        let reader = try TraceReader(path: path)
        var kept = properties
        kept.values["ID_INPUT"] = nil
        #expect(reader.udevProperties == kept)
        #expect(reader.deviceDescription == SyntheticTouchscreen.description)
        #expect(try reader.nextEvent() == InputEvent(timestamp: .zero, .report))
        // libevemu reads the file as any other evemu recording.
        let library = try EvemuLibraryReading(path: path)
        #expect(library.name == SyntheticTouchscreen.description.name && library.events.count == 1)
    }

    @Test("tactile replay --jitter-filter off lets the WeTab's jitter through; --calibration overrides; bad values are one-line errors")
    func commandLine() throws {
        let wetab = SharedTraces.path("wetab-egalax-ts__1finger-taps-x11.evemu")
        let scene = ["--scene", "Tests/Live/scenes/touches.json", "--json"]
        let automatic = try Tactile.run(["replay", wetab] + scene)
        let off = try Tactile.run(["replay", wetab, "--jitter-filter", "off"] + scene)
        let fuzz = try Tactile.run(["replay", wetab, "--jitter-filter", "31"] + scene)
        #expect(automatic.status == 0 && off.status == 0 && fuzz.status == 0)
        func moves(_ result: Tactile.Result) -> Int { result.outputLines.filter { $0.contains(#""phase":"moved""#) }.count }
        #expect(moves(off) == moves(automatic) + 3, "the filter holds back 3 of the WeTab's motions")
        #expect(fuzz.output == automatic.output, "the WeTab's own fuzz is 31")

        // Upside down, the taps land on other rows of the button list.
        let list = ["--scene", "Traces/scenes/button-list.json"]
        let upright = try Tactile.run(["replay", wetab] + list)
        let flipped = try Tactile.run(["replay", wetab, "--calibration=1 0 0 0 -1 1"] + list)
        #expect(upright.status == 0 && flipped.status == 0)
        #expect(upright.outputLines.filter { $0.contains("touchUpInside") } != flipped.outputLines.filter { $0.contains("touchUpInside") })
        let bad = try Tactile.run(["replay", wetab, "--jitter-filter", "some"])
        #expect(bad.status != 0 && bad.errors.contains("--jitter-filter"))
        let badMatrix = try Tactile.run(["replay", wetab, "--calibration", "1 0 0"])
        #expect(badMatrix.status != 0)
        #expect(badMatrix.errorLines.contains { $0.contains("--calibration takes six numbers 'a b c d e f'") })
    }
}
