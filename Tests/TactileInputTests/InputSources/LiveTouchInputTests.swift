import Tactile
import Testing

@testable import TactileInput

/// A live source that replays a script of libevdev read outcomes, with a clock that jumps to each wait's
/// deadline.
final class ScriptedSource: LiveEventSource {
    enum Step {
        case event(InputEvent)
        case dropped
        /// libevdev's repair events, read in sync mode after `.dropped`.
        case sync([InputEvent])
        case nothing
        case removed
    }

    var steps: [Step]
    var pendingSync: [InputEvent] = []
    var clock = Timestamp(seconds: 200, microseconds: 0)
    var waits: [Timestamp?] = []

    init(_ steps: [Step]) { self.steps = steps }

    func read(synchronizing: Bool) throws(InputDeviceError) -> InputDevice.ReadResult {
        if synchronizing {
            return pendingSync.isEmpty ? .noEvent : .event(pendingSync.removeFirst())
        }
        guard !steps.isEmpty else { return .noEvent }
        switch steps.removeFirst() {
        case .event(let event):
            clock = max(clock, event.timestamp)
            return .event(event)
        case .dropped:
            if case .sync(let events) = steps.first {
                steps.removeFirst()
                pendingSync = events
            }
            return .eventsDropped(InputEvent(timestamp: clock, .dropped))
        case .sync: return .noEvent
        case .nothing: return .noEvent
        case .removed: throw .deviceRemoved(path: "/dev/input/event7")
        }
    }

    func waitForEvents(until deadline: Timestamp?) throws(InputDeviceError) -> Bool {
        waits.append(deadline)
        if let deadline, steps.isEmpty || { if case .nothing = steps.first { true } else { false } }() {
            clock = max(clock, deadline)
            return false
        }
        return true
    }

    func now() -> Timestamp { clock }
}

@Suite("The live poll loop")
struct LiveTouchInputTests {
    func input(_ steps: [ScriptedSource.Step]) throws -> (LiveTouchInput, ScriptedSource) {
        let source = ScriptedSource(steps)
        let input = try LiveTouchInput(source: source, description: scriptedScreen, configuration: scriptedConfiguration)
        return (input, source)
    }

    func events(_ build: (inout DecoderScript) -> Void) -> [ScriptedSource.Step] {
        var script = DecoderScript()
        script.time = Timestamp(seconds: 200, microseconds: 0)
        build(&script)
        return script.events.map { .event($0) }
    }

    @Test("Events become frames, one report at a time")
    func framesFromEvents() throws {
        let (input, _) = try input(events {
            $0.report(.id(1), .x(100), .y(100))
            $0.report(.x(150))
        })
        guard case .frames(let first) = try input.next(deadline: nil), case .frames(let second) = try input.next(deadline: nil)
        else {
            Issue.record("expected two frame outputs")
            return
        }
        #expect(summary(first.frames + second.frames) == ["#1:began@(100, 100)", "#1:moved@(150, 100)"])
    }

    @Test("With no events, the deadline the core asked for is reported when it passes")
    func deadlinePasses() throws {
        let (input, source) = try input([.nothing])
        let deadline = Timestamp(seconds: 200, microseconds: 500_000)
        guard case .deadlinePassed(let time) = try input.next(deadline: deadline) else {
            Issue.record("expected the deadline")
            return
        }
        #expect(time == deadline)
        #expect(source.waits == [deadline])
    }

    @Test("After SYN_DROPPED the loop reads libevdev's repair, and the decoder cancels the vanished touch")
    func resynchronization() throws {
        var steps = events {
            $0.report(.id(1), .x(100), .y(100), .slot(1), .id(2), .x(200), .y(200))
        }
        var sync = DecoderScript()
        sync.time = Timestamp(seconds: 200, microseconds: 50_000)
        sync.report(.slot(1), .id(-1))
        sync.report(.slot(0), .x(180))
        steps += [.dropped, .sync(sync.events)]
        steps += events {
            $0.time = Timestamp(seconds: 200, microseconds: 60_000)
            $0.report(.slot(0), .id(-1))
        }
        let (input, _) = try input(steps)
        var frames: [TouchFrame] = []
        for _ in 0..<4 {
            if case .frames(let output) = try input.next(deadline: nil) { frames += output.frames }
        }
        #expect(summary(frames) == [
            "#1:began@(100, 100) #2:began@(200, 200)",
            "#1:stationary@(100, 100) #2:cancelled@(200, 200)",
            "#1:moved@(180, 100)",
            "#1:ended@(180, 100)",
        ])
    }

    @Test("When the device goes away every touch is cancelled in one frame, and the loop stays ended")
    func deviceRemoved() throws {
        var steps = events { $0.report(.id(1), .x(100), .y(100), .slot(1), .id(2), .x(200), .y(200)) }
        steps.append(.removed)
        let (input, _) = try input(steps)
        _ = try input.next(deadline: nil)
        guard case .ended(let output) = try input.next(deadline: nil) else {
            Issue.record("expected the end")
            return
        }
        #expect(summary(output.frames) == ["#1:cancelled@(100, 100) #2:cancelled@(200, 200)"])
        guard case .ended(let again) = try input.next(deadline: nil) else {
            Issue.record("expected the end again")
            return
        }
        #expect(again.frames.isEmpty)
    }

    @Test("A protocol-A device drops libevdev's repair and cancels its touches, then tracks new fingers")
    func protocolARepair() throws {
        let device = DeviceDescription(
            name: "Type A", codes: [.key: [Key.touch.rawValue]],
            axes: [
                .multitouchPositionX: AxisInfo(minimum: 0, maximum: 999),
                .multitouchPositionY: AxisInfo(minimum: 0, maximum: 999),
            ])
        var time = Timestamp(seconds: 200, microseconds: 0)
        func frame(_ contacts: [(Int32, Int32)]) -> [ScriptedSource.Step] {
            time = time + .milliseconds(10)
            var steps: [ScriptedSource.Step] = []
            for (x, y) in contacts {
                steps.append(.event(InputEvent(timestamp: time, .multitouchPositionX, x)))
                steps.append(.event(InputEvent(timestamp: time, .multitouchPositionY, y)))
                steps.append(.event(InputEvent(timestamp: time, .multitouchReport)))
            }
            if contacts.isEmpty { steps.append(.event(InputEvent(timestamp: time, .multitouchReport))) }
            steps.append(.event(InputEvent(timestamp: time, .report)))
            return steps
        }
        var steps = frame([(100, 100)])
        steps += [.dropped, .sync([InputEvent(timestamp: time, .multitouchPositionX, 555), InputEvent(timestamp: time, .report)])]
        steps += frame([(110, 100)])
        steps += frame([(120, 100), (800, 800)])
        steps += frame([])
        let source = ScriptedSource(steps)
        let input = try LiveTouchInput(source: source, description: device, configuration: scriptedConfiguration)
        var frames: [TouchFrame] = []
        while !source.steps.isEmpty {
            if case .frames(let output) = try input.next(deadline: nil) { frames += output.frames }
        }
        #expect(summary(frames) == [
            "#1:began@(100, 100)",
            "#1:cancelled@(100, 100)",
            "#2:began@(800, 800)",
            "#2:ended@(800, 800)",
        ])
    }
}
