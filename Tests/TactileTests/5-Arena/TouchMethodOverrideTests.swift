import Testing
@testable import Tactile

// What code that overrides the touch methods is given, whatever path the runtime takes for the built-ins: the
// arena feeds a built-in's own class straight from its changed touches, and keeps calling
// `touchesBegan/Moved/Ended/Cancelled` with a `Set<Touch>` for every other class — subclasses of the built-ins,
// custom recognizers — and for views (spec §4.2 steps 3 and 5, §5.6).

/// One touch call as an override saw it: the phase, the contacts of the set (sorted), and each touch's phase.
struct SeenCall: Equatable, CustomStringConvertible {
    var phase: TouchPhase
    var ids: [UInt64]
    var touchPhases: [TouchPhase]

    init(_ phase: TouchPhase, _ touches: Set<Touch>) {
        self.phase = phase
        let sorted = touches.sorted { $0.id < $1.id }
        ids = sorted.map(\.id.rawValue)
        touchPhases = sorted.map(\.phase)
    }

    init(_ phase: TouchPhase, _ ids: [UInt64]) {
        self.phase = phase
        self.ids = ids
        touchPhases = ids.map { _ in phase }
    }

    var description: String { "\(phase)\(ids)" }
}

/// Records the calls of the four touch methods of a recognizer subclass, which then calls `super`.
final class TouchCallLog {
    var calls: [SeenCall] = []
    /// Runs inside each call, with the touches and the event.
    var onCall: ((Set<Touch>, Event) -> Void)?

    func note(_ phase: TouchPhase, _ touches: Set<Touch>, _ event: Event) {
        calls.append(SeenCall(phase, touches))
        onCall?(touches, event)
    }
}

final class LoggingPan: PanGestureRecognizer {
    let log = TouchCallLog()
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.note(.began, touches, event)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log.note(.moved, touches, event)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.note(.ended, touches, event)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        log.note(.cancelled, touches, event)
        super.touchesCancelled(touches, with: event)
    }
}

final class LoggingPinch: PinchGestureRecognizer {
    let log = TouchCallLog()
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.note(.ended, touches, event)
        super.touchesEnded(touches, with: event)
    }
}

final class LoggingRotation: RotationGestureRecognizer {
    let log = TouchCallLog()
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log.note(.moved, touches, event)
        super.touchesMoved(touches, with: event)
    }
}

final class LoggingTap: TapGestureRecognizer {
    let log = TouchCallLog()
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.note(.began, touches, event)
        super.touchesBegan(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.note(.ended, touches, event)
        super.touchesEnded(touches, with: event)
    }
}

/// A subclass that changes nothing but its class: it takes the set path, and must behave as the built-in.
final class PlainLongPressSubclass: LongPressGestureRecognizer {}

/// A subclass of a built-in that hides the moves of touch 2 from the machine (overrides touchesMoved without
/// passing everything to `super`).
final class PanWithoutSecondTouchMoves: PanGestureRecognizer {
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        let kept = touches.filter { $0.id != TouchContact.ID(2) }
        if !kept.isEmpty { super.touchesMoved(kept, with: event) }
    }
}

/// A custom recognizer (a direct subclass of the base class) that only records.
final class RecordingRecognizer: GestureRecognizer {
    let log = TouchCallLog()
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { log.note(.began, touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { log.note(.moved, touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { log.note(.ended, touches, event) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { log.note(.cancelled, touches, event) }
}

/// A view that overrides the touch methods and keeps nothing of what it is given but weak references.
final class ForgetfulView: View {
    var calls: [SeenCall] = []
    var weakTouches: [WeakTouch] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        calls.append(SeenCall(.began, touches))
        weakTouches += touches.map(WeakTouch.init)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { calls.append(SeenCall(.moved, touches)) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append(SeenCall(.ended, touches)) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        calls.append(SeenCall(.cancelled, touches))
    }
}

struct WeakTouch {
    weak var touch: Touch?
    init(_ touch: Touch) { self.touch = touch }
}

/// Three fingers: 1 and 2 land, move, 3 lands while 1 moves (2 stationary), 1 lifts while 2 and 3 move,
/// 2 moves alone, 2 lifts and 3 is cancelled.
private let threeFingers: [TouchFrame] = [
    .at(0, .down(1, 100, 100), .down(2, 200, 100)),
    .at(16, .move(1, 130, 100), .move(2, 230, 100)),
    .at(32, .move(1, 160, 110), .still(2, 230, 100), .down(3, 300, 300)),
    .at(48, .up(1, 160, 110), .move(2, 260, 120), .move(3, 320, 300)),
    .at(64, .move(2, 290, 140), .still(3, 320, 300)),
    .at(80, .up(2, 290, 140), .cancel(3, 320, 300)),
]

/// What every recognizer of the touches is given for ``threeFingers`` while none of them is reset: each
/// frame's changed touches, one call per phase, in the order began, moved, ended, cancelled.
private let threeFingerCalls: [SeenCall] = [
    SeenCall(.began, [1, 2]),
    SeenCall(.moved, [1, 2]),
    SeenCall(.began, [3]), SeenCall(.moved, [1]),
    SeenCall(.moved, [2, 3]), SeenCall(.ended, [1]),
    SeenCall(.moved, [2]),
    SeenCall(.ended, [2]), SeenCall(.cancelled, [3]),
]

/// A scene with one multiple-touch view `V` and `recognizer` (named `R`) on it.
private func scene(_ recognizer: GestureRecognizer, view: View? = nil) -> GestureScene {
    var scene = GestureScene()
    let v = scene.add(view ?? TouchSinkView(), "V")
    v.frame = Rect(x: 0, y: 0, width: 400, height: 800)
    v.isMultipleTouchEnabled = true
    scene.attach(recognizer, "R", to: v)
    return scene
}

/// ``scene(_:view:)`` after `frames`: its log, drained.
private func run(_ recognizer: GestureRecognizer, _ frames: [TouchFrame], view: View? = nil) -> [String] {
    runScenario(scene(recognizer, view: view), frames)
}

@Suite("Touch methods: subclasses of the built-ins, custom recognizers and views get their sets (spec §4.2, §5.6)")
struct TouchMethodOverrideTests {
    @Test("A pan subclass overriding the four touch methods sees every touch in every phase, one call per phase")
    func panSubclassSeesEveryTouch() {
        let pan = LoggingPan()
        pan.cancelsTouchesInView = false
        pan.hysteresis = 1000  // never recognizes: it keeps every touch until the end
        _ = run(pan, threeFingers)
        #expect(pan.log.calls == threeFingerCalls)
    }

    @Test("A custom recognizer gets every changed touch of its own, in sets, one call per phase")
    func customRecognizerSeesEveryTouch() {
        let recognizer = RecordingRecognizer()
        _ = run(recognizer, threeFingers)
        #expect(recognizer.log.calls == threeFingerCalls)
    }

    @Test("A subclass of a built-in that calls super recognizes exactly as the built-in: same log, same values",
          arguments: ["pan", "pinch", "rotation", "tap", "longPress"])
    func subclassBehavesAsTheBuiltIn(kind: String) {
        let (subclass, builtIn): (GestureRecognizer, GestureRecognizer) = switch kind {
        case "pan": (LoggingPan(), PanGestureRecognizer())
        case "pinch": (LoggingPinch(), PinchGestureRecognizer())
        case "rotation": (LoggingRotation(), RotationGestureRecognizer())
        case "tap": (LoggingTap(), TapGestureRecognizer())
        default: (PlainLongPressSubclass(), LongPressGestureRecognizer())
        }
        #expect(!subclass.isExactlyBuiltIn && builtIn.isExactlyBuiltIn)
        let frames: [TouchFrame] = kind == "tap" || kind == "longPress"
            ? [.at(0, .down(1, 100, 100)), .at(40, .move(1, 101, 100)), .at(90, .up(1, 101, 100))]
                + [.at(800, .down(2, 50, 50)), .at(1500, .up(2, 50, 50))]
            : [.at(0, .down(1, 100, 100), .down(2, 200, 100))]
                + (1...12).map { step in
                    let d = Double(step)
                    return .at(Int64(step) * 16, .move(1, 100 - 4 * d, 100 - 3 * d), .move(2, 200 + 6 * d, 100 + 5 * d))
                }
                + [.at(220, .up(1, 52, 64)), .at(236, .up(2, 272, 160))]
        var subclassValues: [String] = []
        var builtInValues: [String] = []
        func values(_ recognizer: GestureRecognizer) -> String {
            var text = "\(recognizer.state) \(recognizer.numberOfTouches) \(recognizer.location(in: nil))"
            if let pan = recognizer as? PanGestureRecognizer { text += " \(pan.translation(in: nil)) \(pan.velocity(in: nil))" }
            if let pinch = recognizer as? PinchGestureRecognizer { text += " \(pinch.scale) \(pinch.velocity)" }
            if let rotation = recognizer as? RotationGestureRecognizer { text += " \(rotation.rotation)" }
            return text
        }
        subclass.addAction { subclassValues.append(values($0)) }
        builtIn.addAction { builtInValues.append(values($0)) }
        let subclassLog = run(subclass, frames)
        let builtInLog = run(builtIn, frames)
        #expect(subclassLog == builtInLog)
        #expect(subclassValues == builtInValues)
        #expect(!builtInValues.isEmpty)
    }

    @Test("A pan subclass that hides a touch's moves from super changes what the pan measures")
    func subclassFilteringTouchesIsHonoured() {
        let frames: [TouchFrame] = [.at(0, .down(1, 100, 100), .down(2, 300, 100))]
            + (1...6).map { .at(Int64($0) * 16, .still(1, 100, 100), .move(2, 300 + 10 * Double($0), 100)) }
        let filtering = PanWithoutSecondTouchMoves()
        let plain = PanGestureRecognizer()
        let filteringLog = run(filtering, frames)
        let plainLog = run(plain, frames)
        // Only touch 2 moves: the plain pan's centroid moves 30 pt and it begins; the subclass never sees a move.
        #expect(plainLog.contains { $0.contains("R: possible → began") })
        #expect(!filteringLog.contains { $0.contains("R: possible → began") })
    }

    @Test("A view that overrides the touch methods gets the same sets with and without a built-in recognizer")
    func viewGetsItsSets() {
        let alone = ForgetfulView()
        let pan = PanGestureRecognizer()
        pan.hysteresis = 1000
        pan.delaysTouchesEnded = false
        let recorder = RecordingRecognizer()
        recorder.delaysTouchesEnded = false
        _ = run(recorder, threeFingers, view: alone)
        let withPan = ForgetfulView()
        _ = run(pan, threeFingers, view: withPan)
        #expect(alone.calls == threeFingerCalls)
        #expect(withPan.calls == threeFingerCalls)
    }

    @Test("A set a view keeps from one call does not change when later calls reuse the runtime's storage")
    func keptSetsStayAsGiven() {
        let view = TouchSinkView()
        let recorder = RecordingRecognizer()
        recorder.delaysTouchesEnded = false
        _ = run(recorder, threeFingers, view: view)
        #expect(view.calls.map { SeenCall($0.phase, $0.touches).description } == threeFingerCalls.map(\.description))
        #expect(view.calls.map { $0.touches.count } == [2, 2, 1, 1, 2, 1, 1, 1, 1])
    }

    @Test("Event.allTouches and touches(for:) inside a subclass's touch method and a built-in's action")
    func eventQueriesDuringCallbacks() {
        let pan = LoggingPan()
        pan.cancelsTouchesInView = false
        pan.hysteresis = 1000
        var seen: [String] = []
        pan.log.onCall = { [unowned pan] touches, event in
            let all = event.allTouches.map(\.id.rawValue).sorted()
            let mine = event.touches(for: pan).map(\.id.rawValue).sorted()
            let inView = pan.view.map { event.touches(for: $0).map(\.id.rawValue).sorted() } ?? []
            seen.append("\(all) \(mine) \(inView) \(touches.isSubset(of: event.allTouches))")
        }
        var actionSeen: [String] = []
        let plain = PanGestureRecognizer()
        plain.addAction { actionSeen.append("\($0.numberOfTouches)") }
        _ = run(pan, threeFingers)
        #expect(seen == [
            "[1, 2] [1, 2] [1, 2] true", "[1, 2] [1, 2] [1, 2] true",
            "[1, 2, 3] [1, 2, 3] [1, 2, 3] true", "[1, 2, 3] [1, 2, 3] [1, 2, 3] true",
            "[1, 2, 3] [1, 2, 3] [1, 2, 3] true", "[1, 2, 3] [1, 2, 3] [1, 2, 3] true",
            "[2, 3] [2, 3] [2, 3] true",
            "[2, 3] [2, 3] [2, 3] true", "[2, 3] [2, 3] [2, 3] true",
        ])
        _ = run(plain, threeFingers)
        #expect(actionSeen.first == "2")
    }

    @Test("Touches are freed once they lifted: neither the built-ins' path nor the reused sets keep them")
    func touchesAreFreedAfterTheSequence() {
        for recognizer in [PanGestureRecognizer(), LoggingPan(), LiftRecognizer()] as [GestureRecognizer] {
            recognizer.delaysTouchesEnded = false
            recognizer.cancelsTouchesInView = false
            let view = ForgetfulView()
            let scene = scene(recognizer, view: view)
            _ = runScenario(scene, threeFingers)
            #expect(view.weakTouches.count == 3)
            #expect(view.weakTouches.map { $0.touch == nil } == [true, true, true], "\(type(of: recognizer))")
            // The application is still there: nothing but the touches' own sequence held them.
            #expect(scene.app.dispatcher.storage.value.followed.inOrder.isEmpty)
        }
    }
}

/// A delegate that moves the window 100 pt to the right the first time it is asked whether its recognizer may
/// begin.
final class WindowMovingDelegate: GestureRecognizerDelegate {
    weak var window: Window?
    private(set) var moved = false

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if !moved, let window {
            moved = true
            window.frame.origin.x += 100
        }
        return true
    }
}

@Suite("The built-ins' samples follow views that outside code moves during step 3")
struct SampleLocationTests {
    @Test("A gatekeeper that moves the window: a later recognizer of the same touch measures it where it now is")
    func gatekeeperMovesTheWindow() {
        var scene = GestureScene()
        let view = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let first = scene.attach(PanGestureRecognizer(), "first", to: view)
        let second = scene.attach(PanGestureRecognizer(), "second", to: view)
        let delegate = WindowMovingDelegate()
        delegate.window = scene.window
        scene.setDelegate(delegate, on: "first")
        scene.setDelegate(TestDelegate(simultaneous: true), on: "second")
        var touch: Touch?
        view.onCall = { _, touches, _ in touch = touches.first }
        scene.app.send(.at(0, .down(1, 100, 100)))
        // Both pans pass their hysteresis in this frame: the first one's delegate moves the window before the
        // second one's samples are taken.
        scene.app.send(.at(16, .move(1, 130, 100)))
        #expect(delegate.moved)
        let now = touch?.location(in: nil)
        #expect(now == Point(x: 30, y: 100))
        #expect(second.location(in: nil) == now)
        #expect(first.location(in: nil) == Point(x: 130, y: 100))  // measured before its delegate moved it
        withExtendedLifetime(scene) {}
    }
}
