import Foundation
import Testing

@testable import Tactile
@testable import TactileInput
@testable import TactileReplay

/// A deadline owner, standing in for a recognizer's timer until recognizers exist.
final class TestTimer: DeadlineTarget {
    let logName: String
    private(set) var fired: [Timestamp] = []
    init(_ name: String) { logName = name }
    func deadlinePassed(_ token: DeadlineToken, in event: Event) { fired.append(event.timestamp) }
}

@Suite("Replay driver")
struct ReplayDriverTests {
    func contact(_ id: UInt64, _ phase: TouchContact.Phase, _ x: Double = 10, _ y: Double = 10) -> TouchContact {
        TouchContact(id: .init(id), phase: phase, location: Point(x: x, y: y))
    }

    func makeDriver() throws -> (SceneDriver, () -> [String]) {
        let instance = try Scene.defaultScene(screenSize: Size(width: 100, height: 100))
            .instantiate()
        var lines: [String] = []
        let driver = SceneDriver(instance: instance) { event in
            // The default scene's edge pan fails at every touch away from an edge; these tests are about the rest.
            if let line = ReplayLogFormat.textLine(for: event), !line.contains(" edgePan: ") { lines.append(line) }
        }
        return (driver, { lines })
    }

    @Test("A deadline between two frames fires at its own time, before the later frame")
    func deadlineBetweenFrames() throws {
        let (driver, lines) = try makeDriver()
        let timer = TestTimer("timer")
        let base = Timestamp(seconds: 1000)
        driver.send(TouchFrame(timestamp: base, contacts: [contact(1, .began)]))
        _ = driver.instance.application.scheduleDeadline(at: Timestamp(seconds: 0.5), for: timer)
        driver.send(TouchFrame(timestamp: base + .seconds(2), contacts: [contact(1, .ended)]))
        // The default scene's long press also came due at 0.5 s; the test timer fires after it, before the lift.
        let log = lines()
        #expect(log.first == "0.000s screen: began{#1}")
        let timerLine = try #require(log.firstIndex(of: "0.500s deadline: timer"))
        #expect(log.firstIndex(of: "0.500s deadline: longPress").map { $0 < timerLine } == true)
        #expect(log[timerLine...].dropFirst().first == "2.000s longPress: began → ended (a touch lifted)")
        #expect(timer.fired == [Timestamp(seconds: 0.5)])
    }

    @Test("Deadlines left after the last input run within the finishing window, not beyond")
    func finishRunsLateDeadlines() throws {
        let (driver, lines) = try makeDriver()
        let soon = TestTimer("soon"), late = TestTimer("late")
        driver.send(TouchFrame(timestamp: .zero, contacts: [contact(1, .began)]))
        driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.1), contacts: [contact(1, .ended)]))
        _ = driver.instance.application.scheduleDeadline(at: Timestamp(seconds: 0.45), for: soon)
        _ = driver.instance.application.scheduleDeadline(at: Timestamp(seconds: 30), for: late)
        driver.finish(at: Timestamp(seconds: 0.1))
        #expect(lines().last == "0.450s deadline: soon")
        #expect(late.fired.isEmpty)
        #expect(driver.nextDeadline == Timestamp(seconds: 30))
    }

    @Test("A synthesized tap on the button list ends in touchUpInside on the row under it")
    func tapOnButtonList() throws {
        let instance = try Scene.load(path: Package.path("Traces/scenes/button-list.json"))
            .instantiate()
        var lines: [String] = []
        var frames = 0
        let driver = SceneDriver(instance: instance) { event in
            if case .frame = event { frames += 1 }
            if let line = ReplayLogFormat.textLine(for: event) { lines.append(line) }
        }
        let statistics = try driver.replay(TraceReplay(path: Package.path("Traces/tap.evemu"), scene: instance.scene))
        #expect(statistics.contactCount == 1)
        #expect(frames == driver.frameCount && frames >= 2)
        // The scroll view holds the began back while its pan decides; the finger lifts within the 0.15 s content
        // delay, so the row gets began and ended back to back at the lift.
        #expect(lines.first == "0.000s row2: began{#1} withheld while list.pan decides")
        #expect(lines.contains("0.117s list.pan: possible → failed (lifted before recognition)"))
        #expect(lines.contains("0.117s row2: began{#1}"))
        #expect(lines.contains { $0.hasSuffix("row2: touchUpInside") })
        #expect(lines.contains { $0.hasSuffix("row2: ended{#1}") })
    }

    @Test("The decoder's diagnostics appear in the log at the frame they came with")
    func decoderDiagnostics() throws {
        var events = try TraceSynthesizer(device: SyntheticTouchscreen.description).events(for: .tap, seed: 1)
        events.insert(InputEvent(timestamp: events[0].timestamp, .multitouchOrientation, 3), at: 1)
        let path = temporaryDirectory().appendingPathComponent("quirk.evemu").path
        let writer = try EvemuWriter(path: path, description: SyntheticTouchscreen.description)
        for event in events { try writer.write(event) }
        try writer.close()
        let (driver, lines) = try makeDriver()
        try driver.replay(TraceReplay(path: path, scene: driver.instance.scene))
        #expect(lines().first == "0.000s decoder: ignored EV_ABS code 0x34 that the device does not advertise")
        #expect(lines().dropFirst().first == "0.000s screen: began{#1}")
    }

    @Test("A malformed line stops the replay with file:line after delivering what came before")
    func malformedLine() throws {
        let text = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstEnd = try #require(lines.firstIndex { $0.contains("SYN_REPORT") })
        lines.insert("E: 0.02 0003 zz 1", at: firstEnd + 1)
        let path = temporaryFile(lines.joined(separator: "\n"), name: "broken.evemu")
        let (driver, log) = try makeDriver()
        #expect {
            try driver.replay(TraceReplay(path: path, scene: driver.instance.scene))
        } throws: { error in
            (error as? TraceError)?.line == firstEnd + 2
        }
        // The touch that was down is cancelled before the error is reported (every touch that began ends).
        #expect(log().first == "0.000s screen: began{#1}")
        #expect(log().filter { $0.contains("screen:") } == ["0.000s screen: began{#1}", "0.000s screen: cancelled{#1}"])
    }
}
