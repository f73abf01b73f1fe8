import Foundation
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

/// The library entry points the `tactile` commands call in one line, each called as a library user calls it.
@Suite("The tool's runs as library calls")
struct ToolEntryPointTests {
    /// `Traces/tap.evemu`'s lines up to its first `SYN_REPORT` (a finger down and never lifted), or with
    /// `events: false` its description alone.
    static func cutTap(events: Bool) throws -> String {
        let lines = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let end = events
            ? lines.firstIndex { $0.hasPrefix("E:") && $0.contains(" 0000 0000 0000") }! + 1
            : lines.firstIndex { $0.hasPrefix("E:") }!
        return lines[..<end].joined(separator: "\n") + "\n"
    }

    @Test("Touches down at a replay's end: status 2 unless allowed; no events: an error naming the command")
    func finish() throws {
        let instance = try Scene.defaultScene().instantiate()
        let downPath = temporaryFile(try Self.cutTap(events: true), name: "cut-tap.evemu")
        let source = try TraceSource(path: downPath)
        let replay = try source.open(scene: instance.scene, options: TraceOptions())
        let statistics = try SceneDriver(instance: instance) { _ in }.replay(replay)
        #expect(statistics.touchesDownAtEnd.count == 1)
        #expect(throws: ToolFailure(status: 2)) {
            try source.finish(statistics, format: .evemu, command: "replay", options: TraceOptions())
        }
        try source.finish(statistics, format: .evemu, command: "replay", options: TraceOptions(allowsTouchesDown: true))
        var lifted = statistics
        lifted.touchesDownAtEnd = []
        try source.finish(lifted, format: .evemu, command: "replay", options: TraceOptions())
        // No events is an error even when touches down are allowed.
        var empty = lifted
        empty.eventCount = 0
        do {
            try source.finish(empty, format: .evemu, command: "render", options: TraceOptions(allowsTouchesDown: true))
            Issue.record("no error for a trace without events")
        } catch let error as TraceError {
            #expect(error.file == downPath)
            #expect(error.reason.contains("tactile render FILE.events --description \(downPath)"), "\(error)")
        }
    }

    @Test("Log options: an unknown --target or --only kind is an option error naming it; the format follows the flags")
    func logOptions() throws {
        let instance = try Scene.defaultScene().instantiate()
        let known = ReplayLogFilter.targetNames(in: instance).sorted()
        do {
            _ = try ReplayLogOptions(targets: ["nosuchview"]).printer(instance: instance)
            Issue.record("no error for an unknown target")
        } catch {
            let names = commaSeparated(known)
            #expect(error.message == "--target: nothing in the scene is named \"nosuchview\"; names: \(names)")
        }
        do {
            _ = try ReplayLogOptions(kinds: ["touches,taps"]).printer(instance: instance)
            Issue.record("no error for an unknown kind")
        } catch {
            #expect(error.message.hasPrefix("--only: unknown kind of entry \"taps\""), "\(error)")
        }
        _ = try ReplayLogOptions(kinds: ["touches"], targets: [known[0]]).printer(instance: instance)
        #expect(ReplayLogOptions().format == .text)
        #expect(ReplayLogOptions(explain: true).format == .explain)
        #expect(ReplayLogOptions(json: true).format == .jsonLines(explain: false))
        #expect(ReplayLogOptions(explain: true, json: true).format == .jsonLines(explain: true))
    }

    @Test("A scene loaded for one run: the overrides replace the scene's; a malformed calibration is an option error")
    func sceneOverrides() throws {
        let plain = try Scene.load(nil, jitterFilter: nil, calibration: nil)
        #expect(plain.screen == Scene.defaultScene().screen)
        let overridden = try Scene.load(nil, jitterFilter: .off, calibration: "0 1 0 1 0 0")
        #expect(overridden.screen.jitterFilter == .off)
        #expect(overridden.screen.calibration != plain.screen.calibration)
        #expect(!overridden.screen.honorsDeviceCalibration)
        for bad in ["1 0 0 0 1", "1 0 0 0 1 0 0", "1 0 0 0 1 2000000000", "a b c d e f"] {
            #expect(throws: OptionError.self, "\(bad)") { try Scene.load(nil, jitterFilter: nil, calibration: bad) }
        }
        // At the limit is still a matrix.
        _ = try Scene.load(nil, jitterFilter: nil, calibration: "1 0 1000000000 0 1 -1000000000")
        #expect(throws: SceneError.self) {
            try Scene.load(temporaryFile("{", name: "broken.json"), jitterFilter: nil, calibration: "1 0 0 0 1 0")
        }
    }

    @Test("Device arguments: a bare node name is in /dev/input, a path is as given; only /dev/input must exist")
    func deviceNodes() throws {
        #expect(DeviceListing.nodePath("event3") == "/dev/input/event3")
        #expect(DeviceListing.nodePath("./event3") == "./event3")
        #expect(DeviceListing.nodePath("/dev/input/by-id/x") == "/dev/input/by-id/x")
        // A missing folder elsewhere is left to the device's own error.
        try DeviceListing.requireInputDirectory("/nonexistent-\(getpid())")
        try DeviceListing.requireInputDirectory(ofNode: "/nonexistent-\(getpid())/event3")
        #expect(throws: ToolFailure(status: 1)) {
            try DeviceListing.requireInputDirectory("/dev/input/nonexistent-\(getpid())")
        }
        #expect(throws: ToolFailure(status: 1)) {
            _ = try DeviceListing.node("/dev/input/nonexistent-\(getpid())/event3", in: "/dev/input", command: "record")
        }
        #expect(try DeviceListing.node("/tmp/event3", in: "/dev/input", command: "record") == "/tmp/event3")
    }
}
