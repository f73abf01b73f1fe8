import Testing
@testable import Tactile

/// One input of the exhaustive scope.
enum SmallScopeInput: CaseIterable, CustomStringConvertible {
    /// A finger lands (a second one while one is down; nothing with two down).
    case down
    /// Every finger moves 3 pt.
    case smallMove
    /// Every finger moves 30 pt (a pan's hysteresis; two of them pass a tap's 45 pt).
    case farMove
    /// The latest finger lifts.
    case up
    /// 250 ms pass without input (deadlines run).
    case wait

    var description: String {
        switch self {
        case .down: "D"
        case .smallMove: "m"
        case .farMove: "M"
        case .up: "U"
        case .wait: "·"
        }
    }
}

/// Runs one sequence against V with `single` (requires `double` to fail), `double`, `press` and `pan`, ending
/// with every finger lifted and 2 s of clock; returns the checker's problems and the log.
func runSmallScope(_ inputs: [SmallScopeInput]) -> (problems: [String], log: [Delivery]) {
    var scene = GestureScene()
    let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
    v.isMultipleTouchEnabled = true
    let single = scene.attach(TapGestureRecognizer(), "single", to: v)
    let double = scene.attach(TapGestureRecognizer(), "double", to: v)
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    let press = scene.attach(LongPressGestureRecognizer(), "press", to: v)
    let pan = scene.attach(PanGestureRecognizer(), "pan", to: v)
    let checker = ArenaInvariantChecker(
        app: scene.app, recognizers: [single, double, press, pan], requirements: ["single": ["double"]])

    var fingers: [(id: UInt64, at: Point)] = []
    var nextID: UInt64 = 1
    var time: Int64 = 0
    func send(_ contacts: [TouchContact]) {
        time += 16
        scene.app.send(TouchFrame(timestamp: .ms(time), contacts: contacts))
    }
    func moveAll(by dx: Double, _ dy: Double) {
        guard !fingers.isEmpty else { return }
        for index in fingers.indices { fingers[index].at = fingers[index].at + Point(x: dx, y: dy) }
        send(fingers.map { .move($0.id, $0.at.x, $0.at.y) })
    }
    for input in inputs {
        switch input {
        case .down:
            guard fingers.count < 2 else { continue }
            let point = Point(x: 100 + 40 * Double(fingers.count), y: 100)
            send(fingers.map { .still($0.id, $0.at.x, $0.at.y) } + [.down(nextID, point.x, point.y)])
            fingers.append((nextID, point))
            nextID += 1
        case .smallMove: moveAll(by: 3, 1)
        case .farMove: moveAll(by: 30, 0)
        case .up:
            guard let last = fingers.popLast() else { continue }
            send(fingers.map { .still($0.id, $0.at.x, $0.at.y) } + [.up(last.id, last.at.x, last.at.y)])
        case .wait:
            time += 250
            scene.app.advance(to: .ms(time))
        }
    }
    if !fingers.isEmpty { send(fingers.map { .up($0.id, $0.at.x, $0.at.y) }) }
    scene.app.advance(to: .ms(time + 2000))
    checker.finish()
    return (checker.problems, checker.log)
}

@Suite("Gesture arena, exhaustive small scope: tap, double tap, long press and pan on one view")
struct GestureArenaExhaustiveTests {
    @Test("Every sequence of up to five inputs over {down, small move, far move, up, wait} keeps the invariants")
    func everySequenceUpToFive() {
        var sequences: [[SmallScopeInput]] = [[]]
        var checked = 0, failures = 0
        var fired: [String: Int] = [:]
        for _ in 1...5 {
            sequences = sequences.flatMap { prefix in SmallScopeInput.allCases.map { prefix + [$0] } }
            for inputs in sequences {
                let (problems, log) = runSmallScope(inputs)
                for entry in log { if case .action(let name, _) = entry.kind { fired[name, default: 0] += 1 } }
                checked += 1
                if !problems.isEmpty {
                    failures += 1
                    if failures <= 5 { Issue.record("\(inputs.map(\.description).joined()): \(problems)") }
                }
            }
        }
        #expect(checked == 5 + 25 + 125 + 625 + 3125)
        #expect(failures == 0)
        // Not vacuous: every recognizer sent actions in some sequences.
        #expect(Set(fired.keys) == ["single", "double", "press", "pan"], "\(fired)")
    }

    @Test("The checker reports a touch whose end never reaches its view (a recognizer that never decides)")
    func checkerCatchesProblems() {
        // A sanity check of the checker itself: a recognizer that never decides withholds the end forever.
        final class Undecided: GestureRecognizer {}
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let stuck = scene.attach(Undecided(), "stuck", to: v)
        let checker = ArenaInvariantChecker(app: scene.app, recognizers: [stuck], requirements: [:])
        scene.app.send(.at(0, .down(1, 10, 10)), .at(50, .up(1, 10, 10)))
        checker.finish()
        #expect(checker.problems.contains { $0.contains("#1 was delivered [began]") })
        #expect(checker.problems.contains { $0.contains("withheld touches left") })
    }
}
