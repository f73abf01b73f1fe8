import Tactile
import TactileGestures
import Testing

@testable import TactileInput
@testable import TactileReplay

/// Every way input stops, with the lifecycle invariant checked on the whole log: every touch a view saw begin
/// ends or is cancelled exactly once.
@Suite("Stop paths: every touch that began ends or is cancelled")
struct StopPathTests {
    let synthesizer = try! TraceSynthesizer(device: SyntheticTouchscreen.description)

    /// A live session over scripted events, its log checked by ``TouchLifecycle``.
    func liveSession(
        _ source: ScriptedLiveSource
    ) throws -> (LiveSession<LiveTouchInput>, () -> [String], () -> [String]) {
        let instance = try Scene.defaultScene().instantiate()
        let input = try LiveTouchInput(
            source: source, description: SyntheticTouchscreen.description,
            configuration: .init(mapping: instance.scene.screen))
        var lines: [String] = []
        var lifecycle = TouchLifecycle()
        let session = LiveSession(input: input, instance: instance, now: { source.now() }) { event in
            if let line = ReplayLogFormat.textLine(for: event) { lines.append(line) }
            lifecycle.observe(event)
        }
        return (session, { lines }, { lifecycle.violations })
    }

    /// A tap's events, up to and including its lift: the view's `ended` is then withheld by the double tap.
    func tapEvents() throws -> [InputEvent] {
        try synthesizer.events(for: .tap, seed: 4)
    }

    @Test("Stopped (SIGINT/SIGTERM in tactile live) right after a lift whose ended is withheld")
    func stopWhileEndedWithheld() throws {
        let source = ScriptedLiveSource(try tapEvents())
        let (session, lines, violations) = try liveSession(source)
        #expect(try session.run(until: { source.events.isEmpty }) == .stopped)
        #expect(lines().contains { $0.hasSuffix("screen: ended{#1} withheld while tap and doubleTap decide") }, "\(lines())")
        #expect(lines().contains { $0.hasSuffix("screen: cancelled{#1}") }, "\(lines())")
        #expect(violations() == [])
    }

    @Test("The device goes away right after a lift whose ended is withheld")
    func deviceRemovedWhileEndedWithheld() throws {
        let source = ScriptedLiveSource(try tapEvents(), removeWhenEmpty: true)
        let (session, lines, violations) = try liveSession(source)
        #expect(try session.run(until: { false }) == .deviceRemoved)
        #expect(lines().contains { $0.hasSuffix("screen: began{#1}") })
        #expect(violations() == [])
    }

    @Test("The device goes away with a finger down, and while stopped with two down")
    func removedAndStoppedWithFingersDown() throws {
        for (gesture, removed) in [(SynthesizedGesture.pan, true), (.pinchIn, false), (.twoFingerTap, true)] {
            let events = try synthesizer.events(for: gesture, seed: 5)
            let source = ScriptedLiveSource(Array(events.prefix(events.count / 2)), removeWhenEmpty: removed)
            let (session, lines, violations) = try liveSession(source)
            _ = try session.run(until: { source.events.isEmpty })
            #expect(lines().contains { $0.contains("began{") }, "\(gesture)")
            #expect(violations() == [], "\(gesture): \(lines())")
        }
    }

    @Test("A replay that ends while a long press waits beyond the finishing window cancels the touch")
    func finishCancelsBeyondTheWindow() throws {
        let replay = try CheckedReplay()
        let driver = replay.driver
        let point = Point(x: 100, y: 100)
        driver.finishingWindow = .milliseconds(100)
        driver.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(1), phase: .began, location: point)]))
        driver.send(TouchFrame(timestamp: Timestamp(seconds: 0.05), contacts: [TouchContact(id: .init(1), phase: .ended, location: point)]))
        driver.finish(at: Timestamp(seconds: 0.05))
        #expect(replay.lines.contains("0.150s screen: cancelled{#1}"), "\(replay.lines)")
        #expect(replay.lifecycle.violations == [])
    }

    @Test("Every trace of the project replays with the invariant, also cut in the middle by a bad line")
    func projectTracesCutAnywhere() throws {
        let names = ["tap", "double-tap", "long-press", "pan", "pinch-in", "rotation", "swipe", "two-finger-tap", "edge-pan"]
        for name in names {
            let text = try String(contentsOfFile: Package.path("Traces/\(name).evemu"), encoding: .utf8)
            let original = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let events = original.indices.filter { original[$0].hasPrefix("E:") }
            for cut in [nil, events[events.count / 3], events[events.count / 2], events[events.count * 4 / 5]] {
                var lines = original
                if let cut { lines[cut] = "E: not an event" }
                let path = temporaryFile(lines.joined(separator: "\n"), name: "\(name).evemu")
                let replay = try CheckedReplay()
                do {
                    try replay.driver.replay(TraceReplay(path: path, scene: replay.driver.instance.scene))
                    #expect(cut == nil, "\(name) replayed past its bad line")
                } catch {
                    #expect(error.line == cut.map { $0 + 1 }, "\(name): \(error)")
                }
                #expect(replay.lifecycle.violations == [], "\(name) cut at \(String(describing: cut)): \(replay.lines)")
            }
        }
    }
}
