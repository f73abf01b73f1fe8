import Tactile

/// The example of the TactileTesting article: a custom recognizer for a two-finger long press.
///
/// It begins when exactly two fingers have rested together for ``minimumPressDuration`` (each within
/// ``allowableMovement`` points of where it landed), changes as they move, and ends when one lifts. A third
/// finger anywhere on the screen, an early lift or too much movement before it begins makes it fail.
///
/// `plantedBug` brings back the mistake the article's property test finds: the timer starts when the *first*
/// finger lands instead of when the second one does, so a second finger that lands late begins the gesture too
/// early.
final class TwoFingerLongPressGestureRecognizer: GestureRecognizer {
    /// How long both fingers must rest together (default 0.5 s, as UIKit's long press).
    var minimumPressDuration: Duration = .milliseconds(500)
    /// How far a finger may move before the gesture begins, in points (default 10).
    var allowableMovement = 10.0
    /// The bug of the article, for its failing run.
    let plantedBug: Bool

    private var starts: [Touch: Point] = [:]

    init(plantedBug: Bool = false) {
        self.plantedBug = plantedBug
        super.init()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { starts[touch] = touch.location(in: nil) }
        // Fingers it no longer tracks count too: after failing it is reset at once (spec §5.4) while they rest.
        let down = event.allTouches.filter { !$0.phase.isFinal }.count
        if starts.count > 2 || down > 2 {
            state = state == .possible ? .failed : .ended
            return
        }
        if plantedBug {
            // The bug: the timer starts with the first finger.
            if deadline == nil { deadline = event.timestamp + minimumPressDuration }
        } else if starts.count == 2 {
            deadline = event.timestamp + minimumPressDuration
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            let wandered = touches.contains { touch in
                starts[touch].map { touch.location(in: nil).distance(to: $0) > allowableMovement } ?? false
            }
            if wandered { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { finish(touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { finish(touches, cancelled: true) }

    private func finish(_ touches: Set<Touch>, cancelled: Bool = false) {
        for touch in touches { starts[touch] = nil }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = cancelled ? .cancelled : .ended
        default: break
        }
    }

    override func deadlinePassed(at time: Timestamp) {
        if state == .possible, starts.count == 2 { state = .began }
    }

    override func reset() {
        super.reset()
        starts = [:]
    }
}
