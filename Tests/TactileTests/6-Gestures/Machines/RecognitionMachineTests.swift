import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

/// Invariants every built-in machine keeps, checked on random touch scripts (up to three fingers, moves,
/// lifts, cancels and waits).
@Suite("Recognition machines: invariants over random touch scripts")
nonisolated struct RecognitionMachineTests {
    /// A machine under test; `make` builds it for a scene translated by `offset` (only the screen-edge pan's
    /// screen bounds depend on it).
    struct Subject: Sendable {
        var name: String
        var isDiscrete: Bool
        var make: @Sendable (_ offset: Point) -> any RecognitionMachine
    }

    nonisolated static let screen = Rect(x: 0, y: 0, width: 400, height: 800)

    static let subjects: [Subject] = [
        Subject(name: "tap", isDiscrete: true) { _ in TapRecognition() },
        Subject(name: "double tap", isDiscrete: true) { _ in TapRecognition(configuration: .init(numberOfTapsRequired: 2)) },
        Subject(name: "two-finger tap", isDiscrete: true) { _ in
            TapRecognition(configuration: .init(numberOfTouchesRequired: 2))
        },
        Subject(name: "long press", isDiscrete: false) { _ in LongPressRecognition() },
        Subject(name: "tap then long press", isDiscrete: false) { _ in
            LongPressRecognition(configuration: .init(numberOfTapsRequired: 1))
        },
        Subject(name: "pan", isDiscrete: false) { _ in PanRecognition() },
        Subject(name: "two-finger pan", isDiscrete: false) { _ in
            PanRecognition(configuration: .init(minimumNumberOfTouches: 2, maximumNumberOfTouches: 2))
        },
        Subject(name: "edge pan", isDiscrete: false) { offset in
            var bounds = screen
            bounds.origin = bounds.origin + offset
            return ScreenEdgePanRecognition(configuration: .init(edges: [.left, .bottom], screenBounds: bounds, edgeMargin: 60))
        },
        Subject(name: "swipe", isDiscrete: true) { _ in SwipeRecognition(configuration: .init(direction: [.right, .up])) },
        Subject(name: "decaying swipe", isDiscrete: true) { _ in
            SwipeRecognition(configuration: .init(direction: [.left, .down], thresholdDecay: .init()))
        },
        Subject(name: "pinch", isDiscrete: false) { _ in PinchRecognition() },
        Subject(name: "rotation", isDiscrete: false) { _ in RotationRecognition() },
    ]

    /// What a replay produced.
    struct Trace {
        var verdicts: [RecordedVerdict] = []
        var locations: [Point?] = []
        /// After every call: its time and the machine's deadline.
        var deadlines: [(Timestamp, Timestamp?)] = []
        var isFinished = false
    }

    func run(_ machine: some RecognitionMachine, _ timeline: Timeline) -> Trace {
        var machine = machine
        var trace = Trace()
        trace.verdicts = replay(timeline, on: &machine,
            observe: { _, machine in trace.locations.append(machine.location) },
            inspect: { time, machine in trace.deadlines.append((time, machine.deadline)) })
        trace.isFinished = machine.isFinished
        return trace
    }

    @Test("Verdicts follow the legal transitions and nothing comes after a terminal one")
    func legalTransitions() async {
        await propertyCheck(count: PropertyCases.count(250), input: TouchScript.steps) { steps in
            let timeline = TouchScript.timeline(steps)
            for subject in Self.subjects {
                let trace = run(subject.make(.zero), timeline)
                var began = false
                var terminal = false
                for entry in trace.verdicts {
                    #expect(!terminal, "\(subject.name): \(entry) after a terminal verdict in \(timeline)")
                    switch entry.verdict {
                    case .nothing:
                        Issue.record("nothing is never recorded")
                    case .ignore(let ids, _):
                        #expect(entry.call == "began" && !ids.isEmpty, "\(subject.name): \(entry)")
                    case .begin:
                        #expect(!subject.isDiscrete && !began, "\(subject.name): \(entry) in \(timeline)")
                        began = true
                    case .change:
                        #expect(began, "\(subject.name): change before begin in \(timeline)")
                    case .recognize:
                        #expect(subject.isDiscrete, "\(subject.name): \(entry)")
                    case .end:
                        #expect(began && entry.call == "ended", "\(subject.name): \(entry) in \(timeline)")
                    case .cancel:
                        #expect(began && entry.call == "cancelled", "\(subject.name): \(entry) in \(timeline)")
                    case .fail:
                        #expect(!began, "\(subject.name): fail after begin in \(timeline)")
                    }
                    terminal = terminal || entry.verdict.isTerminal
                }
                #expect(trace.isFinished == terminal, "\(subject.name): isFinished disagrees in \(timeline)")
                // Every finger lifts at the end of a script: a continuous gesture that began has ended.
                #expect(!began || terminal, "\(subject.name): began but never ended in \(timeline)")
                for (time, deadline) in trace.deadlines {
                    #expect(deadline.map { $0 >= time } ?? true, "\(subject.name): deadline before \(time) in \(timeline)")
                }
            }
        }
    }

    @Test("Translating all input by a vector changes nothing but the locations")
    func translationInvariance() async {
        await propertyCheck(count: PropertyCases.count(150), input: TouchScript.steps, Gen.double(in: -500...500), Gen.double(in: -500...500)) {
            steps, dx, dy in
            let offset = Point(x: dx, y: dy)
            let timeline = TouchScript.timeline(steps)
            let moved = timeline.applying(AffineTransform(translationX: dx, y: dy))
            for subject in Self.subjects {
                let a = run(subject.make(.zero), timeline)
                let b = run(subject.make(offset), moved)
                #expect(a.verdicts.map(\.description) == b.verdicts.map(\.description), "\(subject.name) in \(timeline)")
                #expect(a.locations.count == b.locations.count)
                for (la, lb) in zip(a.locations, b.locations) {
                    guard let la, let lb else {
                        #expect(la == nil && lb == nil, "\(subject.name): location \(String(describing: la)) vs \(String(describing: lb))")
                        continue
                    }
                    #expect((la + offset).distance(to: lb) < 1e-9, "\(subject.name): location \(la) + \(offset) vs \(lb)")
                }
            }
        }
    }

    @Test("Shifting all timestamps changes nothing but the times and deadlines")
    func timeShiftInvariance() async {
        await propertyCheck(count: PropertyCases.count(150), input: TouchScript.steps, Gen.int64(in: -1_000_000_000_000...1_000_000_000_000_000)) {
            steps, nanoseconds in
            let shift = Duration.nanoseconds(nanoseconds)
            let timeline = TouchScript.timeline(steps)
            for subject in Self.subjects {
                let a = run(subject.make(.zero), timeline)
                let b = run(subject.make(.zero), timeline.shifted(by: shift))
                #expect(a.verdicts.map { [$0.call, "\($0.verdict)"] } == b.verdicts.map { [$0.call, "\($0.verdict)"] },
                    "\(subject.name) in \(timeline)")
                #expect(a.verdicts.map { $0.time + shift } == b.verdicts.map(\.time))
                #expect(a.locations == b.locations)
                #expect(a.deadlines.map { $0.1.map { $0 + shift } } == b.deadlines.map(\.1), "\(subject.name) in \(timeline)")
            }
        }
    }

    @Test("After reset a machine behaves like a new one")
    func resetIsFresh() async {
        await propertyCheck(count: PropertyCases.count(150), input: TouchScript.steps, TouchScript.steps) { first, second in
            let later = TouchScript.timeline(second).shifted(by: .seconds(100))
            for subject in Self.subjects {
                let used = reset(after: TouchScript.timeline(first), subject.make(.zero))
                #expect(run(used, later).verdicts == run(subject.make(.zero), later).verdicts, "\(subject.name)")
            }
        }
    }

    func reset<Machine: RecognitionMachine>(after timeline: Timeline, _ machine: Machine) -> Machine {
        var machine = machine
        replay(timeline, on: &machine)
        machine.reset()
        #expect(!machine.isFinished)
        #expect(machine.numberOfTouches == 0)
        #expect(machine.deadline == nil)
        return machine
    }
}
