import Tactile
import TactileGestures
import TactileTesting
import Testing

/// A 1000 × 1400 pt window (159 × 222 mm) with a view `V` carrying one recognizer of each built-in kind.
func makeRecognizerScene() -> Application {
    let app = Application()
    let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 1000, height: 1400))
    let view = View(name: "V", frame: Rect(x: 0, y: 0, width: 1000, height: 1400))
    view.isMultipleTouchEnabled = true
    let doubleTap = TapGestureRecognizer()
    let twoFingerTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    twoFingerTap.numberOfTouchesRequired = 2
    let swipe = SwipeGestureRecognizer()
    swipe.direction = .right
    let edge = ScreenEdgePanGestureRecognizer()
    edge.edges = .left
    let recognizers: [(String, GestureRecognizer)] = [
        ("tap", TapGestureRecognizer()), ("double tap", doubleTap), ("two-finger tap", twoFingerTap),
        ("long press", LongPressGestureRecognizer()), ("pan", PanGestureRecognizer()), ("swipe", swipe),
        ("pinch", PinchGestureRecognizer()), ("rotation", RotationGestureRecognizer()), ("edge pan", edge),
    ]
    for (name, recognizer) in recognizers {
        recognizer.name = name
        // Let every recognizer see the whole gesture: what matters here is which ones recognize.
        recognizer.cancelsTouchesInView = false
        view.addGestureRecognizer(recognizer)
        recognizer.delegate = AllTogether.shared
    }
    window.addSubview(view)
    app.addWindow(window)
    return app
}

/// Lets every pair recognize together.
final class AllTogether: GestureRecognizerDelegate {
    static let shared = AllTogether()
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
}

@Suite("TactileTesting plays tactile synth's gestures")
struct SynthesizedGestureTests {
    @Test(
        "Each synthesized gesture is recognized by its recognizer, over several seeds",
        arguments: SynthesizedGesture.allCases)
    func recognized(gesture: SynthesizedGesture) {
        let expected: String =
            switch gesture {
            case .tap: "tap: possible → recognized"
            case .doubleTap: "double tap: possible → recognized"
            case .twoFingerTap: "two-finger tap: possible → recognized"
            case .longPress: "long press: possible → began"
            case .pan: "pan: possible → began"
            case .swipe: "swipe: possible → recognized"
            case .pinchIn, .pinchOut: "pinch: possible → began"
            case .rotation: "rotation: possible → began"
            case .edgePan: "edge pan: possible → began"
            // A pen's stroke is a drag; a finger turning palm is cancelled; a resting palm never begins, the tap does.
            case .pen: "pan: possible → began"
            case .palm: "V: cancelled{#1}"
            case .palmAndTap: "tap: possible → recognized"
            }
        for seed: UInt64 in 1...5 {
            let app = makeRecognizerScene()
            let checker = InvariantChecker(application: app)
            let player = GesturePlayer(application: app, sampling: .realistic(seed: seed))
            let frames = player.play(gesture, at: Point(x: 500, y: 700), seed: seed)
            checker.finish()
            #expect(checker.violations == [], "\(gesture) seed \(seed)")
            let touches =
                switch gesture {
                case .doubleTap: 2
                case .palmAndTap: 1  // the palm's contact never becomes a touch
                default: gesture.fingerCount
                }
            #expect(Set(frames.flatMap { $0.contacts.map(\.id) }).count == touches)
            if gesture == .pen {
                #expect(frames.allSatisfy { $0.contacts.allSatisfy { $0.tool == .pen } })
            }
            expectLog(checker.log, contains: expected)
        }
    }
}
