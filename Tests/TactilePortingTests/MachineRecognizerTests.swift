import Foundation
import Tactile
import Testing

// The code of the article "Building a recognizer from a machine" (BuildingARecognizerFromAMachine.md), as the
// article shows it: a recognition machine written as a user would, from the public API only — a *dwell*, one
// finger that rests within a radius of where it landed for a while, recognized as a discrete gesture, with
// reasons of its own — and its recognizer. `articleCodeIsThisFile` fails when the article and this file differ.

struct DwellRecognition: RecognitionMachine {
    struct Configuration: Sendable {
        var duration: Duration = .milliseconds(300)
        var radius: Double = 10
    }
    enum State: Sendable {
        case ready
        case resting(id: TouchContact.ID, origin: Point, since: Timestamp)
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
            return .fail(.moreThanOneFinger)
        case .finished:
            return .nothing
        }
    }

    mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        guard case .resting(_, let origin, _) = state else { return .nothing }
        for sample in samples where sample.location.distance(to: origin) > configuration.radius {
            state = .finished
            return .fail(.wandered(sample.location.distance(to: origin), radius: configuration.radius))
        }
        return .nothing
    }

    mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        guard case .resting = state else { return .nothing }
        state = .finished
        return .fail(.liftedBeforeResting(configuration.duration))
    }

    mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict {
        guard case .resting = state else { return .nothing }
        state = .finished
        return .fail(.restInterrupted)
    }

    mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict {
        guard let deadline, time >= deadline else { return .nothing }
        state = .finished
        return .recognize(.rested(for: configuration.duration))
    }

    // reset() is the protocol's default: a new machine with the same configuration.
}

nonisolated extension RecognitionReason {
    static func rested(for duration: Duration) -> RecognitionReason {
        RecognitionReason("rested for \(duration)")
    }
    static func wandered(_ distance: Double, radius: Double) -> RecognitionReason {
        RecognitionReason("wandered \(Int(distance)) pt from where it landed, beyond \(Int(radius)) pt")
    }
    static func liftedBeforeResting(_ duration: Duration) -> RecognitionReason {
        RecognitionReason("lifted before resting for \(duration)")
    }
    static let moreThanOneFinger = RecognitionReason("more than one finger")
    static let restInterrupted = RecognitionReason("the resting touch was cancelled")
}

final class DwellGestureRecognizer: MachineGestureRecognizer<DwellRecognition> {
    var duration: Duration {
        get { configuration.duration }
        set { configuration.duration = newValue }
    }
}

/// The article's lines that attach the recognizer, compiled here (`view` is the article's free variable).
func attachDwellAsTheArticleDoes(to view: View) {
    let dwell = DwellGestureRecognizer()
    dwell.addAction { recognizer in print("dwelled at", recognizer.location(in: nil)) }
    view.addGestureRecognizer(dwell)
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
    @Test("The machine's own reasons reach the delivery log: recognized after resting, failed when it wandered")
    func ownReasonsInTheLog() {
        let (application, _, _) = scene()
        application.send(frame(0, .began))
        application.advance(to: Timestamp(seconds: 0.3))
        application.send(frame(0.4, .ended))
        application.send(frame(1, .began))
        application.send(frame(1.1, .moved, x: 215))
        application.send(frame(1.2, .ended, x: 215))
        let reasons = application.deliveries.compactMap { entry -> String? in
            guard case .recognizerState("dwell", .possible, let to, .recognition(let reason)) = entry.kind else {
                return nil
            }
            return "\(to): \(reason)"
        }
        #expect(reasons == [
            "recognized: rested for 0.3 seconds", "failed: wandered 15 pt from where it landed, beyond 10 pt",
        ])
        #expect(RecognitionReason.moreThanOneFinger == RecognitionReason("more than one finger"))
        #expect(RecognitionReason.moreThanOneFinger != RecognitionReason.restInterrupted)
        #expect(RecognitionReason("a touch lifted") != RecognitionReason.touchLifted)
    }

    @Test("The protocol's default reset makes a new machine with the same configuration")
    func defaultReset() {
        var machine = DwellRecognition(configuration: .init(duration: .seconds(2), radius: 4))
        _ = machine.touchesBegan([TouchSample(id: .init(1), location: Point(x: 1, y: 1), timestamp: .zero)], at: .zero)
        #expect(machine.numberOfTouches == 1 && machine.deadline == Timestamp(seconds: 2))
        machine.reset()
        #expect(machine.numberOfTouches == 0 && machine.deadline == nil && !machine.isFinished)
        #expect(machine.configuration.duration == .seconds(2) && machine.configuration.radius == 4)
    }

    @Test("The article's code is this file's: each of its Swift blocks appears here line for line")
    func articleCodeIsThisFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/Tactile/Tactile.docc/BuildingARecognizerFromAMachine.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func lines(_ text: some StringProtocol) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let sourceLines = lines(source)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            lines($0.components(separatedBy: "```")[0])
        }
        #expect(blocks.count == 3)
        for block in blocks {
            let found = sourceLines.indices.contains { start in
                sourceLines[start...].starts(with: block)
            }
            #expect(found, "not in MachineRecognizerTests.swift: the article's block starting \(block.first ?? "")")
        }
    }
}
