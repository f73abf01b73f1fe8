import Tactile
import TactileInput
import Testing

@testable import TactileReplay

/// A ``LiveInput`` that hands out scripted steps (then deadlines), with frames as its output and strings as
/// its notes; handing over an empty output notes "empty output", so that the tests see when the session did.
final class ScriptedSessionInput: LiveInput {
    var steps: [LiveInputStep<[TouchFrame], String>]
    var finalFrames: [TouchFrame]?
    private(set) var finalOutputRequests = 0
    /// The deadline of every wait, in order.
    private(set) var deadlines: [Timestamp] = []
    /// Called at the start of every wait, before its step is handed out.
    var willWait: (() -> Void)?

    init(_ steps: [LiveInputStep<[TouchFrame], String>], finalFrames: [TouchFrame]? = nil) {
        self.steps = steps
        self.finalFrames = finalFrames
    }

    func nextStep(deadline: Timestamp) -> LiveInputStep<[TouchFrame], String> {
        deadlines.append(deadline)
        willWait?()
        return steps.isEmpty ? .deadlinePassed(deadline) : steps.removeFirst()
    }

    func finalOutput(at time: Timestamp) -> [TouchFrame]? {
        finalOutputRequests += 1
        return finalFrames
    }

    /// Sends the frames; an empty output reaches nothing and says so as a note.
    static func handle(
        _ output: [TouchFrame], with driver: SceneDriver, at time: Timestamp, note: (String) -> Void
    ) -> Bool {
        guard !output.isEmpty else {
            note("empty output")
            return false
        }
        for frame in output { driver.send(frame) }
        return true
    }

    static func frames(of output: [TouchFrame]) -> [TouchFrame] { output }
}

@Suite("A live session over any input")
struct LiveInputSessionTests {
    static func frame(_ milliseconds: Int64, _ phase: TouchContact.Phase) -> [TouchFrame] {
        [TouchFrame(
            timestamp: Timestamp(nanoseconds: milliseconds * 1_000_000),
            contacts: [TouchContact(id: .init(1), phase: phase, location: Point(x: 100, y: 100))])]
    }

    /// A session over `input` on a clock that stands at 1 s, with what it logged, noted and handled.
    static func session(
        _ input: ScriptedSessionInput
    ) throws -> (LiveSession<ScriptedSessionInput>, () -> [String], () -> [String], () -> Int) {
        var lines: [String] = []
        var notes: [String] = []
        var handled = 0
        let session = LiveSession(
            input: input, instance: try Scene.defaultScene().instantiate(), now: { Timestamp(seconds: 1) }
        ) { event in
            if let line = ReplayLogFormat.textLine(for: event) { lines.append(line) }
        }
        session.didNote = { notes.append($0) }
        session.didHandleOutput = { _ in handled += 1 }
        return (session, { lines }, { notes }, { handled })
    }

    @Test("A removal that ends the input hands on its output and note, then ends with deviceRemoved")
    func removalEndingTheInput() throws {
        let input = ScriptedSessionInput([
            .output(Self.frame(0, .began)), .deviceRemoved(Self.frame(10, .cancelled), note: "gone", then: .inputEnded),
            .note("never read"),
        ])
        let (session, lines, notes, handled) = try Self.session(input)
        #expect(session.run(until: { false }) == .deviceRemoved)
        #expect(notes() == ["gone"])
        #expect(handled() == 2)
        #expect(session.lastReceiveTime == Timestamp(seconds: 1))
        #expect(input.steps.count == 1)
        // the input's own output cancelled the touch: the session does not stop the input
        #expect(input.finalOutputRequests == 0)
        #expect(lines().contains { $0.hasSuffix("screen: cancelled{#1}") }, "\(lines())")
    }

    @Test("A removal that continues keeps reading; the last device's removal stops with the input's final output")
    func removalsThenLastDevice() throws {
        let input = ScriptedSessionInput(
            [
                .output(Self.frame(0, .began)), .deviceRemoved([], note: "other device gone", then: .continues),
                .note("added"), .deviceRemoved([], note: "last device gone", then: .lastDeviceRemoved),
            ],
            finalFrames: Self.frame(20, .cancelled))
        let (session, lines, notes, handled) = try Self.session(input)
        #expect(session.run(until: { false }) == .deviceRemoved)
        // an empty output reaches neither the driver nor didHandleOutput; the handler's own notes come first
        #expect(notes() == ["empty output", "other device gone", "added", "empty output", "last device gone"])
        #expect(input.finalOutputRequests == 1)
        #expect(handled() == 2)
        #expect(lines().last { $0.contains(" screen: ") }?.hasSuffix("screen: cancelled{#1}") == true, "\(lines())")
    }

    @Test("A stop request stops the input and cancels what is still down")
    func stopRequest() throws {
        let input = ScriptedSessionInput([.output(Self.frame(0, .began))])
        let (session, lines, notes, _) = try Self.session(input)
        var looks = 0
        #expect(session.run(until: { looks += 1; return looks > 3 }) == .stopped)
        #expect(input.finalOutputRequests == 1)
        // no final output: the driver cancels the touch itself
        #expect(notes().isEmpty)
        #expect(lines().last { $0.contains(" screen: ") }?.hasSuffix("screen: cancelled{#1}") == true, "\(lines())")
    }

    /// A session whose touch went down at 0 and stays, so that the swipe's deadline is due at 0.35 s (on a clock
    /// that stands at 0.6 s, with a poll interval of 1 s that does not cut the waits short), then `step`: the input
    /// and whether the swipe's deadline ran by the next wait.
    static func graceSession(grace: Duration, _ step: LiveInputStep<[TouchFrame], String>) throws
        -> (input: ScriptedSessionInput, ran: Bool)
    {
        let input = ScriptedSessionInput([.output(frame(0, .began)), step])
        var lines: [String] = []
        var linesAtWait: [[String]] = []
        input.willWait = { linesAtWait.append(lines) }
        let session = LiveSession(
            input: input, instance: try Scene.defaultScene().instantiate(), now: { Timestamp(nanoseconds: 600_000_000) }
        ) { event in
            if let line = ReplayLogFormat.textLine(for: event) { lines.append(line) }
        }
        session.pollInterval = .seconds(1)
        session.deadlineGrace = grace
        var looks = 0
        session.run(until: { looks += 1; return looks > 3 })
        return (input, linesAtWait[2].contains("0.350s deadline: swipe"))
    }

    @Test("With a deadline grace the session waits past a deadline by the grace and runs it only then, at its own time")
    func deadlineGrace() throws {
        let end = Timestamp(nanoseconds: 350_000_000) + .milliseconds(50)
        let early = try Self.graceSession(grace: .milliseconds(50), .deadlinePassed(end - .nanoseconds(1)))
        #expect(early.input.deadlines[1] == end)
        #expect(!early.ran)
        #expect(try Self.graceSession(grace: .milliseconds(50), .deadlinePassed(end)).ran)
    }

    @Test("Without a grace the session waits until the deadline and runs it as soon as it passed")
    func noDeadlineGrace() throws {
        let due = Timestamp(nanoseconds: 350_000_000)
        let early = try Self.graceSession(grace: .zero, .deadlinePassed(due - .nanoseconds(1)))
        #expect(early.input.deadlines[1] == due)
        #expect(!early.ran)
        #expect(try Self.graceSession(grace: .zero, .deadlinePassed(due)).ran)
    }
}
