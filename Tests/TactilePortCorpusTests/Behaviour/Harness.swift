import TactileTesting
import TactileUIKit

// The corpus's test harness: an application with one 800×600 window, and a player that sends TactileTesting's
// gesture scripts at 120 Hz without jitter (so that each expectation is about the ported code, not the noise).

/// An application with one 800×600 window, and a player for it.
func makeScreen() -> (application: UIApplication, window: UIWindow, player: GesturePlayer) {
    let application = UIApplication()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    application.addWindow(window)
    return (application, window, GesturePlayer(application: application, sampling: .exact(rate: 120)))
}

/// A view that records the touch methods it receives, by phase.
final class RecordingView: UIView {
    private(set) var phases: [String] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if phases.last != "moved" { phases.append("moved") }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("cancelled") }
}

/// Counts the calls of a gesture recognizer's action, with the state it had at each.
final class ActionCounter {
    private(set) var states: [UIGestureRecognizer.State] = []
    var count: Int { states.count }

    func handle(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
}
