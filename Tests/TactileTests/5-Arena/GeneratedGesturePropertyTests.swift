import PropertyBased
import Tactile
import TactileTesting
import Testing

/// Properties of the built-in recognizers over TactileTesting's generated gestures, sampled like a touchscreen.
@Suite("Built-in recognizers on generated gestures (TactileTesting)")
struct GeneratedGesturePropertyTests {
    /// A window with a view `V` carrying a tap, a double tap (the tap requires it to fail), a long press, a pan,
    /// a pinch and a rotation, the last two recognizing together.
    static func builtInScene() -> Application {
        let (app, window) = makeScreen()
        let view = View(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let tap = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        tap.require(toFail: double)
        let recognizers: [(String, GestureRecognizer)] = [
            ("tap", tap), ("double tap", double), ("long press", LongPressGestureRecognizer()),
            ("pan", PanGestureRecognizer()), ("pinch", PinchGestureRecognizer()),
            ("rotation", RotationGestureRecognizer()),
        ]
        for (name, recognizer) in recognizers {
            recognizer.name = name
            view.addGestureRecognizer(recognizer)
        }
        return app
    }

    static let area = Rect(x: 0, y: 0, width: 400, height: 800)

    @Test("Any generated gesture or multitouch sequence keeps the invariants and gives the same log twice")
    func invariants() async {
        await propertyCheck(count: 80, input: GestureGen.any(in: Self.area), GestureGen.multitouch(in: Self.area)) {
            gesture, sequence in
            expectInvariants(scene: Self.builtInScene, playing: [gesture, sequence])
        }
    }

    @Test("Two taps are a double tap exactly when the second lands within 350 ms of the first lift (spec §6.1 rule 4)")
    func doubleTapInterval() async {
        await propertyCheck(count: 120, input: GestureGen.doubleTap(in: Self.area), Gen.uint64(in: 0...1000)) {
            script, seed in
            let run = SceneRun(scene: Self.builtInScene, playing: [script], sampling: .realistic(seed: seed))
            let lifts = run.frames.filter { $0.contacts.contains { $0.phase == .ended } }.map(\.timestamp)
            let downs = run.frames.filter { $0.contacts.contains { $0.phase == .began } }.map(\.timestamp)
            try #require(lifts.count == 2 && downs.count == 2)
            let recognized = run.log.contains {
                if case .recognizerState("double tap", .possible, .recognized, _) = $0.kind { true } else { false }
            }
            // The deadline at the first lift + 350 ms runs before a frame at the same time: a tap then is late.
            #expect(recognized == (downs[1] - lifts[0] < .milliseconds(350)), "gap \(downs[1] - lifts[0])")
            #expect(run.violations == [])
        }
    }

    @Test("A still press begins the long press exactly when the finger stayed down 500 ms (spec §6.3)")
    func longPressThreshold() async {
        await propertyCheck(count: 120, input: GestureGen.press(in: Self.area, drift: 0), Gen.uint64(in: 0...1000)) {
            script, seed in
            let run = SceneRun(scene: Self.builtInScene, playing: [script], sampling: .realistic(seed: seed))
            let began = run.frames.first { $0.contacts.contains { $0.phase == .began } }!.timestamp
            let lifted = run.frames.last!.timestamp
            let recognized = run.log.contains {
                if case .recognizerState("long press", .possible, .began, _) = $0.kind { true } else { false }
            }
            // The deadline runs before a frame at the same time (spec §5.14), so a lift exactly at 500 ms is late.
            #expect(recognized == (lifted - began >= .milliseconds(500)), "held \(lifted - began)")
            #expect(run.violations == [])
        }
    }
}
