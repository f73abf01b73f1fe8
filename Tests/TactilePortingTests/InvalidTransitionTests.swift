import Tactile
import Testing

// Issue 37: a custom recognizer that asks for an invalid state change (`.failed` after `.began`, …) is tolerated as
// UIKit tolerates it — logged and coerced (UIKitSemantics.md §5.2), never a crash, in a debug build too (this test
// target is built for debugging and sets no hook). Each pair is checked, the valid ones on the other side.

/// A custom recognizer written as a UIKit subclass would be: its touch methods set `state`, in order, from a
/// script, and it records what `state` reads back after the last assignment.
final class ScriptedStateRecognizer: GestureRecognizer {
    let script: [State]
    var readBack: State?

    init(_ script: [State]) {
        self.script = script
        super.init()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard readBack == nil else { return }
        for next in script { state = next }
        readBack = state
    }
}

/// One request in one state: the script that reaches the state and asks, what the state reads back, the actions
/// the recognizer sends, and the entry the delivery log shows for it (nil: none, a valid change).
nonisolated struct TransitionCase: CustomTestStringConvertible, Sendable {
    var script: [GestureRecognizer.State]
    var readBack: GestureRecognizer.State
    var actions: [GestureRecognizer.State]
    var coercion: String?

    var testDescription: String { script.map { "\($0)" }.joined(separator: " → ") }
}

@Suite("Invalid state changes are logged and coerced, never a crash (issue 37)")
struct InvalidTransitionTests {
    nonisolated static let cases: [TransitionCase] = [
        // From possible.
        TransitionCase(script: [.possible], readBack: .possible, actions: [], coercion: nil),
        TransitionCase(script: [.began], readBack: .began, actions: [.began], coercion: nil),
        TransitionCase(script: [.changed], readBack: .began, actions: [.began],
                       coercion: "illegal possible → changed requested, treated as began"),
        TransitionCase(script: [.ended], readBack: .ended, actions: [.ended], coercion: nil),
        TransitionCase(script: [.cancelled], readBack: .failed, actions: [],
                       coercion: "illegal possible → cancelled requested, treated as failed"),
        TransitionCase(script: [.failed], readBack: .failed, actions: [], coercion: nil),
        // From began.
        TransitionCase(script: [.began, .changed], readBack: .changed, actions: [.began, .changed], coercion: nil),
        TransitionCase(script: [.began, .ended], readBack: .ended, actions: [.began, .ended], coercion: nil),
        TransitionCase(script: [.began, .cancelled], readBack: .cancelled, actions: [.began, .cancelled], coercion: nil),
        TransitionCase(script: [.began, .failed], readBack: .cancelled, actions: [.began, .cancelled],
                       coercion: "illegal began → failed requested, treated as cancelled"),
        TransitionCase(script: [.began, .began], readBack: .changed, actions: [.began, .changed],
                       coercion: "illegal began → began requested, treated as changed"),
        TransitionCase(script: [.began, .possible], readBack: .began, actions: [.began],
                       coercion: "illegal began → possible requested, ignored"),
        // From changed.
        TransitionCase(script: [.began, .changed, .changed], readBack: .changed,
                       actions: [.began, .changed, .changed], coercion: nil),
        TransitionCase(script: [.began, .changed, .failed], readBack: .cancelled,
                       actions: [.began, .changed, .cancelled],
                       coercion: "illegal changed → failed requested, treated as cancelled"),
        TransitionCase(script: [.began, .changed, .began], readBack: .changed,
                       actions: [.began, .changed, .changed],
                       coercion: "illegal changed → began requested, treated as changed"),
        // From a final state: ignored until the reset.
        TransitionCase(script: [.ended, .failed], readBack: .ended, actions: [.ended], coercion: nil),
        TransitionCase(script: [.began, .cancelled, .began], readBack: .cancelled, actions: [.began, .cancelled],
                       coercion: nil),
        TransitionCase(script: [.failed, .began], readBack: .failed, actions: [], coercion: nil),
    ]

    @Test("Each request in each state", arguments: cases)
    func transition(_ expected: TransitionCase) throws {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        window.addSubview(view)
        let recognizer = ScriptedStateRecognizer(expected.script)
        recognizer.name = "R"
        var actions: [GestureRecognizer.State] = []
        recognizer.addAction { actions.append($0.state) }
        view.addGestureRecognizer(recognizer)
        let fingers = Fingers(application)
        fingers.down(0, (1, Point(x: 100, y: 100)))
        fingers.move(16, (1, Point(x: 120, y: 100)))
        fingers.up(32, (1, Point(x: 120, y: 100)))
        #expect(recognizer.readBack == expected.readBack)
        #expect(actions == expected.actions)
        // A final state resets at the end of its dispatch; a gesture still recognizing stays (its subclass never
        // ended it).
        let final: [GestureRecognizer.State] = [.ended, .cancelled, .failed]
        #expect(recognizer.state == (final.contains(expected.readBack) ? .possible : expected.readBack))
        let lines = application.deliveries.map { "\($0)" }
        let coercions = lines.filter { $0.contains("illegal") }
        #expect(coercions == expected.coercion.map { ["0.016s R: \($0)"] } ?? [], "\(lines)")
    }
}
