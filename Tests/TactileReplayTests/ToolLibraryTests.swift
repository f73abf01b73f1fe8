import Foundation
import Tactile
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// The pieces the command-line tool takes from the library: each as a user of the library calls it.
@Suite("The tool's library pieces")
struct ToolLibraryTests {
    @Test("Two traces that share an expected log are refused, naming both and the log; distinct logs pass")
    func expectedLogClash() throws {
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: "expected")
        try check.requireDistinctExpectedLogs(["a/tap.evemu", "a/pan.evemu", "b/tap-2.yml"])
        do {
            try check.requireDistinctExpectedLogs(["a/tap.evemu", "a/pan.evemu", "b/tap.yml"])
            Issue.record("no error for two traces with the same expected log")
        } catch {
            #expect("\(error)" == "b/tap.yml: has the same expected log as a/tap.evemu (expected/tap.log); rename one")
        }
    }

    @Test("Log targets: each view, recognizer, scroll view's pan, the window, the application; split at commas")
    func targetNames() throws {
        let instance = try Scene.defaultScene().instantiate()
        let names = ReplayLogFilter.targetNames(in: instance)
        for name in instance.views.keys { #expect(names.contains(name)) }
        for name in instance.recognizers.keys { #expect(names.contains(name)) }
        #expect(names.contains(instance.window.logName) && names.contains(instance.application.logName))
        #expect(names.count == Set(instance.views.keys).union(instance.recognizers.keys).count + 2)
        #expect(ReplayLogFilter.parseTargets(["button,pan", ",tap,", "button"]) == ["button", "pan", "tap"])
        #expect(ReplayLogFilter.parseTargets([",", ""]).isEmpty)
    }

    @Test("A text file is written whole, replacing what was there; an unwritable path is an error naming it")
    func textFile() throws {
        let path = TestScratch.directory("text-file").appendingPathComponent("out.svg").path
        try TextFile.write("a longer first text\n", to: path)
        try TextFile.write("<svg/>\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<svg/>\n")
        let missing = TestScratch.directory("text-file").appendingPathComponent("no/such/folder/out.svg").path
        do {
            try TextFile.write("x", to: missing)
            Issue.record("no error for \(missing)")
        } catch {
            #expect("\(error)".hasPrefix(missing + ": "), "\(error)")
        }
    }

    @Test("A --latency line: the frame's time, when it was logged, and when it was received only when known")
    func latencyLine() {
        let frame = Timestamp(nanoseconds: 5), logged = Timestamp(nanoseconds: 70), received = Timestamp(nanoseconds: 9)
        #expect(LiveLogOutput.latencyLine(frame: frame, logged: logged) == "latency 5 70")
        #expect(LiveLogOutput.latencyLine(frame: frame, logged: logged, received: received) == "latency 5 70 9")
    }

    @Test("A contact stream's output reaches the driver: diagnostics reported first, then frames; none: false")
    func contactStreamOutput() throws {
        var events: [String] = []
        let driver = SceneDriver(instance: try Scene.defaultScene().instantiate()) { event in
            if case .frame = event { events.append("frame") }
        }
        let diagnostic = ContactStream.Diagnostic.nonFiniteLocation(id: 4)
        #expect(!driver.send(ContactStream.Output(diagnostics: [diagnostic])) { events.append("\($0)") })
        #expect(events == ["\(diagnostic)"])
        events = []
        let down = TouchFrame(
            timestamp: Timestamp(nanoseconds: 2),
            contacts: [TouchContact(id: .init(1), phase: .began, location: Point(x: 10, y: 10))])
        #expect(driver.send(ContactStream.Output(frames: [down], diagnostics: [diagnostic])) { events.append("\($0)") })
        #expect(events == ["\(diagnostic)", "frame"])
    }

    @Test("A run's jitter filter and calibration replace the scene's; a calibration past ±maximumMagnitude is refused")
    func mappingOverrides() throws {
        let scene = ScreenMapping()
        #expect(scene.overriding(jitterFilter: nil, calibration: nil) == scene)
        let filtered = try #require(scene.overriding(jitterFilter: .fuzz(7), calibration: nil))
        #expect(filtered.jitterFilter == .fuzz(7) && filtered.calibration == scene.calibration)
        let limit = Scene.maximumMagnitude
        let calibrated = try #require(scene.overriding(jitterFilter: nil, calibration: "\(-limit) 0 \(limit) 0 1 0"))
        #expect(calibrated.calibration.a == -limit && calibrated.calibration.c == limit)
        #expect(!calibrated.honorsDeviceCalibration && calibrated.jitterFilter == scene.jitterFilter)
        #expect(scene.overriding(jitterFilter: nil, calibration: "1 0 \(limit.nextUp) 0 1 0") == nil)
        #expect(scene.overriding(jitterFilter: nil, calibration: "1 0 0 0 \(-limit.nextUp) 0") == nil)
        #expect(scene.overriding(jitterFilter: nil, calibration: "1 0 0 0 1") == nil)
        #expect(scene.overriding(jitterFilter: .off, calibration: "1 0 0 0 1 zero") == nil)
    }
}
