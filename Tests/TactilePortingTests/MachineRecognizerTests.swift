import Tactile
import Testing

/// A recognition machine written as a user would, from the public API only (the article
/// "Building a recognizer from a machine"): a *dwell* — one finger that rests within a radius of where it landed
/// for a while — recognized as a discrete gesture.
struct DwellRecognition: RecognitionMachine {
    struct Configuration: Sendable {
        /// How long the finger must rest.
        var duration: Duration = .milliseconds(300)
        /// How far, in points, it may wander from where it landed.
        var radius: Double = 10
    }

    enum State: Sendable {
        /// No finger yet.
        case ready
        /// One finger resting since `since`, at `origin`.
        case resting(id: TouchContact.ID, origin: Point, since: Timestamp)
        /// Recognized or failed: nothing until reset.
        case finished
    }

    var configuration = Configuration()
    private(set) var state = State.ready

    init() {}
    init(configuration: Configuration) { self.configuration = configuration }

    var deadline: Timestamp? {
        guard case .resting(_, _, let since) = state else { return nil }
        return since + configuration.duration
    }
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }
    var numberOfTouches: Int {
        if case .resting = state { return 1 }
        return 0
    }
    var location: Point? {
        guard case .resting(_, let origin, _) = state else { return nil }
        return origin
    }
    var description: String { "\(state)" }

    mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        switch state {
        case .ready where samples.count == 1:
            let sample = samples[samples.startIndex]
            state = .resting(id: sample.id, origin: sample.location, since: time)
            return .nothing
        case .ready, .resting:
            state = .finished
            return .fail(.tooManyTouches(count: samples.count + numberOfTouches))
        case .finished:
            return .nothing
        }
    }

    mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        guard case .resting(_, let origin, _) = state else { return .nothing }
        for sample in samples where sample.location.distance(to: origin) > configuration.radius {
            state = .finished
            return .fail(.movedTooFar(distance: sample.location.distance(to: origin), allowed: configuration.radius))
        }
        return .nothing
    }

    mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        guard case .resting = state else { return .nothing }
        state = .finished
        return .fail(.liftedBeforeMinimumDuration(configuration.duration))
    }

    mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        guard case .resting = state else { return .nothing }
        state = .finished
        return .fail(.touchesCancelled)
    }

    mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict {
        guard let deadline, time >= deadline else { return .nothing }
        state = .finished
        return .recognize(.pressed(duration: configuration.duration))
    }

    mutating func reset() { state = .ready }
}

/// The recognizer: the machine behind UIKit's API, nothing forwarded by hand.
final class DwellGestureRecognizer: MachineGestureRecognizer<DwellRecognition> {
    /// How long the finger must rest (default 0.3 s).
    var duration: Duration {
        get { configuration.duration }
        set { configuration.duration = newValue }
    }
}

/// A view that records the phases it is given.
private final class DwellTestView: View {
    var phases: [TouchPhase] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { phases.append(.began) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { phases.append(.moved) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { phases.append(.ended) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { phases.append(.cancelled) }
}

@Suite("A recognizer built from a user's machine")
struct MachineRecognizerTests {
    private func frame(_ time: Double, _ phase: TouchContact.Phase, x: Double = 200, y: Double = 200) -> TouchFrame {
        TouchFrame(timestamp: Timestamp(seconds: time), contacts: [
            TouchContact(id: .init(1), phase: phase, location: Point(x: x, y: y)),
        ])
    }

    private func scene() -> (Application, DwellTestView, DwellGestureRecognizer) {
        let (application, window) = makeApplication()
        let view = DwellTestView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        window.addSubview(view)
        let dwell = DwellGestureRecognizer()
        dwell.name = "dwell"
        view.addGestureRecognizer(dwell)
        return (application, view, dwell)
    }

    @Test("A finger resting for the machine's duration recognizes at the deadline, cancelling the touch in its view")
    func restingRecognizes() {
        let (application, view, dwell) = scene()
        var actions: [GestureRecognizer.State] = []
        dwell.addAction { actions.append($0.state) }
        application.send(frame(0, .began))
        application.send(frame(0.1, .moved, x: 203))
        #expect(dwell.deadline == Timestamp(seconds: 0.3))
        #expect(dwell.location(in: view) == Point(x: 200, y: 200))
        application.advance(to: Timestamp(seconds: 0.3))
        #expect(actions == [.ended])
        #expect(view.phases == [.began, .moved, .cancelled])
        application.send(frame(0.5, .ended, x: 203))
        #expect(dwell.state == .possible)
        #expect(dwell.machine.isFinished == false)
    }

    @Test("A finger that wanders past the radius fails the machine: no action, the view keeps its touch")
    func wanderingFails() {
        let (application, view, dwell) = scene()
        var actions = 0
        dwell.addAction { _ in actions += 1 }
        application.send(frame(0, .began))
        application.send(frame(0.1, .moved, x: 215))
        application.advance(to: Timestamp(seconds: 1))
        application.send(frame(1.1, .ended, x: 215))
        #expect(actions == 0)
        #expect(view.phases == [.began, .moved, .ended])
        let failed = application.deliveries.contains { entry in
            if case .recognizerState("dwell", .possible, .failed, _) = entry.kind { return true }
            return false
        }
        #expect(failed)
    }

    @Test("The configuration set on the recognizer is the machine's: a longer duration recognizes later")
    func configurationReachesTheMachine() {
        let (application, _, dwell) = scene()
        dwell.duration = .milliseconds(800)
        #expect(dwell.machine.configuration.duration == .milliseconds(800))
        application.send(frame(0, .began))
        application.advance(to: Timestamp(seconds: 0.5))
        #expect(dwell.state == .possible)
        #expect(dwell.deadline == Timestamp(seconds: 0.8))
    }

    @Test("A built-in made from a configured machine behaves as one configured through its properties")
    func builtInFromAMachine() {
        let (application, window) = makeApplication()
        let tap = TapGestureRecognizer(machine: TapRecognition(configuration: .init(numberOfTapsRequired: 2)))
        window.addGestureRecognizer(tap)
        var recognized = 0
        tap.addAction { _ in recognized += 1 }
        #expect(tap.numberOfTapsRequired == 2)
        application.send(frame(0, .began))
        application.send(frame(0.05, .ended))
        #expect(recognized == 0)
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0.2), contacts: [
            TouchContact(id: .init(2), phase: .began, location: Point(x: 200, y: 200)),
        ]))
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0.25), contacts: [
            TouchContact(id: .init(2), phase: .ended, location: Point(x: 200, y: 200)),
        ]))
        #expect(recognized == 1)
    }
}
