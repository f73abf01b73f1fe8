import Tactile
import Testing

@testable import TactileInput
@testable import TactileReplay

/// A recording source that hands out events, a drop with its repair, then goes away.
final class ScriptedRecordingSource: RecordingSource {
    enum Step { case event(InputEvent), dropped(InputEvent, repair: [InputEvent]), nothing, removed }
    var steps: [Step]
    var repair: [InputEvent] = []
    let deviceDescription = SyntheticTouchscreen.description

    init(_ steps: [Step]) { self.steps = steps }

    func readEvent() throws(InputDeviceError) -> InputDevice.ReadResult {
        guard !steps.isEmpty else { return .noEvent }
        switch steps.removeFirst() {
        case .event(let event): return .event(event)
        case .dropped(let event, let repair):
            self.repair = repair
            return .eventsDropped(event)
        case .nothing: return .noEvent
        case .removed: throw .deviceRemoved(path: "/dev/input/event3")
        }
    }

    func readSynchronizationEvent() throws(InputDeviceError) -> InputEvent? {
        repair.isEmpty ? nil : repair.removeFirst()
    }

    func waitForEvents(until deadline: Timestamp?) throws(InputDeviceError) -> Bool { !steps.isEmpty }
}

@Suite("Recording")
struct TraceRecorderTests {
    @Test("A recording has relative times, keeps a drop with its repair, and reads back")
    func recordsRelativeTimes() throws {
        let t0 = Timestamp(seconds: 5000)
        let events = try TraceSynthesizer(device: SyntheticTouchscreen.description).events(for: .tap, seed: 1)
        let shifted = events.map { event -> InputEvent in
            var copy = event
            copy.timestamp = t0 + .nanoseconds(event.timestamp.nanoseconds)
            return copy
        }
        let drop = InputEvent(timestamp: t0 + .milliseconds(50), .dropped)
        let repair = [InputEvent(timestamp: t0 + .milliseconds(51), .multitouchPositionX, 100), InputEvent(timestamp: t0 + .milliseconds(51), .report)]
        let steps = shifted.prefix(10).map(ScriptedRecordingSource.Step.event) + [.nothing, .dropped(drop, repair: repair)]
            + shifted.dropFirst(10).map(ScriptedRecordingSource.Step.event) + [.removed]
        let path = temporaryDirectory().appendingPathComponent("recorded.evemu").path
        let recorder = try TraceRecorder(source: ScriptedRecordingSource(steps), path: path, now: { t0 })
        try recorder.run(until: { false })
        #expect(recorder.eventCount == events.count + 3)
        let reader = try TraceReader(path: path)
        #expect(reader.deviceDescription.name == SyntheticTouchscreen.name)
        var read: [InputEvent] = []
        while let event = try reader.nextEvent() { read.append(event) }
        #expect(read.first?.timestamp == .zero)
        // Times are relative to the first event, which the synthesizer stamps at 1 µs.
        #expect(read[10] == InputEvent(timestamp: Timestamp(nanoseconds: 50_000_000 - 1000), .dropped))
        #expect(read[11].absoluteAxis == .multitouchPositionX && read[11].value == 100)
        #expect(read.last?.isReport == true)
    }

    @Test("A stop request ends the recording with a readable file")
    func stops() throws {
        let path = temporaryDirectory().appendingPathComponent("empty.evemu").path
        let recorder = try TraceRecorder(source: ScriptedRecordingSource([.nothing, .nothing]), path: path, now: { .zero })
        var checks = 0
        try recorder.run(until: { checks += 1; return checks > 3 })
        #expect(recorder.eventCount == 0)
        #expect(try TraceReader(path: path).deviceDescription == SyntheticTouchscreen.description)
    }
}
