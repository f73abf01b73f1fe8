import TactileTesting
import Testing
import TactileUIKit

// Serialized: a test posts UIApplication.willResignActiveNotification, which every live stepper observes.
@Suite("GMStepper: its buttons step the value, holding repeats, the label slides to step", .serialized)
struct GMStepperTests {
    final class ValueLog {
        private(set) var values: [Double] = []
        func changed(_ stepper: GMStepper) { values.append(stepper.value) }
    }

    struct Setup {
        let stepper: GMStepper
        let log: ValueLog
        /// For whole gestures (a script lifts its fingers at its end).
        let player: GesturePlayer
        /// For touches a test holds down: reports sent one by one.
        let application: UIApplication
    }

    /// A 300×60 stepper at (100, 100): the − button spans x 100–175, the label 175–325, the + button 325–400.
    func make() -> Setup {
        let (application, window, player) = makeScreen()
        let stepper = GMStepper(frame: CGRect(x: 100, y: 100, width: 300, height: 60))
        window.addSubview(stepper)
        stepper.layoutSubviews()
        let log = ValueLog()
        stepper.addTarget(log, action: Selector("changed(_:)", ValueLog.changed), for: .valueChanged)
        return Setup(stepper: stepper, log: log, player: player, application: application)
    }

    let minus = CGPoint(x: 130, y: 130)
    let plus = CGPoint(x: 370, y: 130)
    let label = CGPoint(x: 250, y: 130)

    @Test("a tap on + adds one step at touch down and sends valueChanged; − at the minimum does nothing")
    func tapsStep() {
        let setup = make()
        setup.player.play(.tap(at: plus))
        setup.player.play(.tap(at: plus))
        #expect(setup.stepper.value == 2)
        #expect(setup.log.values == [1, 2])
        setup.player.play(.tap(at: minus))
        setup.player.play(.tap(at: minus))
        setup.player.play(.tap(at: minus))
        #expect(setup.stepper.value == 0, "clamped at minimumValue")
        #expect(setup.log.values == [1, 2, 1, 0], "no valueChanged at the limit")
        #expect(setup.stepper.timer == nil, "the lift (touch up inside) resets the autorepeat timer")
    }

    @Test("holding + repeats: the 10th timer fire (0.5 s at 0.05 s) steps again, the 9th does not")
    func holdingRepeats() throws {
        let setup = make()
        let stepper = setup.stepper
        setup.application.send(.at(0, .down(1, plus.x, plus.y)))
        #expect(stepper.value == 1)
        let timer = try #require(stepper.timer, "touch down on + schedules the autorepeat timer")
        #expect(timer.timeInterval == 0.05)
        for _ in 0..<9 { timer.fire() }
        #expect(stepper.value == 1)
        timer.fire()
        #expect(stepper.value == 2)
        #expect(setup.log.values == [1, 2])
        #expect(!stepper.leftButton.isEnabled, "the other button is disabled while + is held")
        setup.application.send(.at(600, .up(1, plus.x, plus.y)))
        #expect(stepper.timer == nil && !timer.isValid, "touch up invalidates the timer")
        #expect(stepper.leftButton.isEnabled)
    }

    @Test("a drag of the label to the right steps up at its right edge, to the left steps down; a lift recentres it")
    func labelSlides() {
        let setup = make()
        let stepper = setup.stepper
        let centre = stepper.label.center
        setup.application.send(.at(0, .down(1, label.x, label.y)))
        for step in 1...12 {
            setup.application.send(.at(8 * step, .move(1, label.x + 2 * Double(step), label.y)))
        }
        #expect(stepper.value == 1)
        #expect(stepper.label.center.x == centre.x + 5, "held at its right edge (labelSlideLength 5)")
        setup.application.send(.at(200, .up(1, label.x + 24, label.y)))
        #expect(stepper.label.center == centre)
        setup.player.play(.drag(from: label, to: CGPoint(x: 200, y: 130), duration: .milliseconds(300)))
        #expect(setup.log.values == [1, 0])
        #expect(stepper.timer == nil)
    }

    @Test("UIApplication.willResignActiveNotification resets a held stepper; a released stepper ignores it")
    func resignActiveResets() throws {
        let setup = make()
        var stepper: GMStepper? = setup.stepper
        setup.application.send(.at(0, .down(1, plus.x, plus.y)))
        let timer = try #require(stepper?.timer)
        NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: nil)
        #expect(stepper?.timer == nil && !timer.isValid)
        #expect(stepper?.leftButton.isEnabled == true)
        setup.application.send(.at(100, .up(1, plus.x, plus.y)))
        weak let released = stepper
        stepper?.removeFromSuperview()
        stepper = nil
        _ = consume setup
        #expect(released == nil, "the observer block holds the stepper weakly")
        NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: nil)
    }
}
