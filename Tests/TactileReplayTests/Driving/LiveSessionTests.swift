import Tactile
import Testing

@testable import TactileInput
@testable import TactileReplay

/// A live source that hands out a list of events, then nothing; its clock jumps to each wait's deadline.
final class ScriptedLiveSource: LiveEventSource {
    var events: [InputEvent]
    var clock: Timestamp
    var removeWhenEmpty: Bool
    private(set) var waits = 0

    init(_ events: [InputEvent], removeWhenEmpty: Bool = false) {
        self.events = events
        self.removeWhenEmpty = removeWhenEmpty
        clock = events.first?.timestamp ?? .zero
    }

    func read(synchronizing: Bool) throws(InputDeviceError) -> InputDevice.ReadResult {
        guard !events.isEmpty else {
            if removeWhenEmpty { throw .deviceRemoved(path: "/dev/input/event3") }
            return .noEvent
        }
        let event = events.removeFirst()
        clock = max(clock, event.timestamp)
        return .event(event)
    }

    func waitForEvents(until deadline: Timestamp?) throws(InputDeviceError) -> Bool {
        waits += 1
        if let deadline { clock = max(clock, deadline) }
        return !events.isEmpty
    }

    func now() -> Timestamp { clock }
}

@Suite("Live sessions")
struct LiveSessionTests {
    let synthesizer = try! TraceSynthesizer(device: SyntheticTouchscreen.description)

    func session(_ source: ScriptedLiveSource) throws -> (LiveSession<LiveTouchInput>, () -> [String]) {
        let instance = try Scene.defaultScene().instantiate()
        let input = try LiveTouchInput(
            source: source, description: SyntheticTouchscreen.description,
            configuration: .init(mapping: instance.scene.screen))
        var lines: [String] = []
        let session = LiveSession(input: input, instance: instance, now: { source.now() }) { event in
            if let line = ReplayLogFormat.textLine(for: event) { lines.append(line) }
        }
        return (session, { lines })
    }

    @Test("A live pan gives the same log as replaying the same events")
    func liveMatchesReplay() throws {
        let events = try synthesizer.events(for: .pan, seed: 1)
        let source = ScriptedLiveSource(events)
        let (session, lines) = try session(source)
        let ending = try session.run(until: { source.events.isEmpty && source.waits > 2 })
        #expect(ending == .stopped)

        let path = temporaryDirectory().appendingPathComponent("pan.evemu").path
        let writer = try EvemuWriter(path: path, description: SyntheticTouchscreen.description)
        for event in events { try writer.write(event) }
        try writer.close()
        var replayLines: [String] = []
        let replayDriver = SceneDriver(instance: try Scene.defaultScene().instantiate()) {
            if let line = ReplayLogFormat.textLine(for: $0) { replayLines.append(line) }
        }
        try replayDriver.replay(TraceReplay(path: path, scene: Scene.defaultScene()))
        #expect(lines().count > 10)
        #expect(lines() == replayLines)
    }

    @Test("Stopping while a finger is down cancels its touch")
    func stopCancels() throws {
        let events = try synthesizer.events(for: .longPress, seed: 1)
        let half = events.prefix { $0.timestamp < Timestamp(seconds: 0.3) }
        let source = ScriptedLiveSource(Array(half))
        let (session, lines) = try session(source)
        try session.run(until: { source.events.isEmpty })
        #expect(lines().first { !$0.contains(" edgePan: ") } == "0.000s screen: began{#1}")
        #expect(lines().last { $0.contains(" screen: ") }?.hasSuffix("screen: cancelled{#1}") == true, "\(lines())")
        #expect(lines().contains { $0.hasSuffix("longPress: possible → failed (touches cancelled)") }, "\(lines())")
    }

    @Test("A device that goes away ends the session with its touches cancelled")
    func deviceRemoved() throws {
        let events = try synthesizer.events(for: .pan, seed: 2)
        let source = ScriptedLiveSource(Array(events.prefix(40)), removeWhenEmpty: true)
        let (session, lines) = try session(source)
        #expect(try session.run(until: { false }) == .deviceRemoved)
        #expect(lines().last { $0.contains(" screen: ") }?.hasSuffix("screen: cancelled{#1}") == true, "\(lines())")
        #expect(lines().contains { $0.hasSuffix("longPress: possible → failed (touches cancelled)") }, "\(lines())")
    }

    @Test("Each frame is handed on at its own SYN_REPORT, with its log entries written, before the next event is read")
    func framesAreNotHeldBack() throws {
        let events = try synthesizer.events(for: .pan, seed: 3)
        let source = ScriptedLiveSource(events)
        let (session, lines) = try session(source)
        var handled: [(frame: Timestamp, linesSoFar: Int, unread: Int)] = []
        session.didHandleOutput = { output in
            for frame in output.frames { handled.append((frame.timestamp, lines().count, source.events.count)) }
        }
        try session.run(until: { source.events.isEmpty && source.waits > 2 })

        // where each SYN_REPORT is in the stream, by its time (a report that changes no contact gives no frame)
        var reportOffsets: [Timestamp: Int] = [:]
        for (offset, event) in events.enumerated() where event.type == .synchronization && event.code == 0 {
            reportOffsets[event.timestamp] = offset
        }
        #expect(handled.count > 50)
        for entry in handled {
            // the frame carries its SYN_REPORT's kernel time, and nothing after that SYN_REPORT was read yet
            let offset = try #require(reportOffsets[entry.frame])
            #expect(entry.unread == events.count - offset - 1)
        }
        // the first frame's entries (its touch began) were logged before the hook ran
        #expect(handled.first.map { $0.linesSoFar > 0 } == true)
    }
}
