import TactileTesting
import TactileUIKit
import Testing

/// SwiftMessages' PhysicsPanHandler: a message view dragged by a pan; lifted fast (speed over 600 points per
/// second, with enough energy) it flies off with the pan's velocity and is hidden once off screen; lifted slower it
/// springs back to where it rested.
@MainActor
@Suite("PhysicsPanHandler (SwiftMessages): a fast flick dismisses the message, a slow one puts it back")
struct PhysicsPanHandlerTests {
    final class Delegate: AnimationDelegate {
        var calls: [String] = []
        func hide(animator: Animator) { calls.append("hide") }
        func panStarted(animator: Animator) { calls.append("panStarted") }
        func panEnded(animator: Animator) { calls.append("panEnded") }
    }

    struct Setup {
        let handler: PhysicsPanHandler
        let message: UIView
        let container: UIView
        let delegate: Delegate
        let animator: Animator
        let player: GesturePlayer
    }

    func make() -> Setup {
        let (_, window, player) = makeScreen()
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let message = UIView(frame: CGRect(x: 100, y: 100, width: 600, height: 120))
        container.addSubview(message)
        let handler = PhysicsPanHandler()
        handler.hideDelay = 0
        let animator = Animator()
        let delegate = Delegate()
        animator.delegate = delegate
        handler.configure(context: AnimationContext(messageView: message, containerView: container), animator: animator)
        return Setup(
            handler: handler, message: message, container: container, delegate: delegate, animator: animator,
            player: player)
    }

    /// A finger put down on the message and moved straight down at `speed` points per second for 400 ms, lifted
    /// while still moving.
    func flick(_ setup: Setup, speed: Double) {
        let start = CGPoint(x: 400, y: 160)
        setup.player.play([
            .down(1, at: start),
            .move(
                [GestureScript.Motion(finger: 1, to: CGPoint(x: 400, y: 160 + speed * 0.4))], over: .milliseconds(400),
                easing: .linear),
            .lift(1),
        ])
    }

    @Test("at 700 points per second the message keeps the pan's velocity, leaves the screen and is hidden")
    func fastFlickDismisses() async throws {
        let setup = make()
        flick(setup, speed: 700)
        let state = try #require(setup.handler.state, "the pan ended in the fly-off branch")
        let velocity = state.itemBehavior.linearVelocity(for: setup.message)
        #expect(abs(velocity.y - 700) < 35 && abs(velocity.x) < 1e-6, "the pan's velocity: \(velocity)")
        #expect(state.attachmentBehavior == nil, "released from the finger")
        #expect(setup.delegate.calls == ["panStarted"])
        for _ in 0..<20 where !setup.handler.isOffScreen {
            state.dynamicAnimator.step(by: 0.1)
        }
        #expect(setup.handler.isOffScreen)
        #expect(setup.message.frame.minY > setup.container.bounds.maxY)
        for _ in 0..<100 where !setup.delegate.calls.contains("hide") {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(setup.delegate.calls == ["panStarted", "hide"])
    }

    @Test("at 500 points per second it springs back to its resting place and the pan ends", arguments: [500.0, 560.0])
    func slowFlickReturns(speed: Double) {
        let setup = make()
        let resting = setup.message.center
        flick(setup, speed: speed)
        #expect(setup.handler.state == nil)
        #expect(setup.delegate.calls == ["panStarted", "panEnded"])
        #expect(setup.message.center == resting)
        #expect(!setup.handler.isOffScreen)
    }

    @Test("just over the threshold (640 points per second) it flies off")
    func justOverTheThreshold() {
        let setup = make()
        flick(setup, speed: 640)
        #expect(setup.handler.state != nil)
        #expect(setup.delegate.calls == ["panStarted"])
    }
}
