import Tactile
import Testing

/// A control subclass that overrides the touch methods exactly as UIKit code does, calling `super` so that the
/// control keeps tracking and sending its events.
final class Knob: Control {
    private(set) var calls: [String] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        calls.append("began \(event.map { "\($0.type)" } ?? "no event")")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        calls.append("moved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        calls.append("ended")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        calls.append("cancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// The controller owning the knob: target-action with the sender typed by its class, with and without the
/// event (`knobReleased(_:forEvent:)`).
final class KnobPanel: ViewController {
    let knob = Knob(frame: Rect(x: 100, y: 100, width: 80, height: 80))
    var releasedAt: [Point] = []
    var touchDowns = 0

    init() {
        super.init(view: View(frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        view.addSubview(knob)
        knob.addTarget(self, action: Selector("knobReleased(_:forEvent:)", Self.knobReleased), for: .touchUpInside)
        knob.addTarget(self, action: Self.knobTouched, for: .touchDown)
    }

    func knobTouched(_ sender: Knob) {
        touchDowns += 1
    }

    func knobReleased(_ sender: Knob, forEvent event: Event) {
        for touch in event.touches(for: sender) { releasedAt.append(touch.location(in: sender)) }
    }
}

/// A custom slider written the UIKit way: it follows the tracked touch in `continueTracking(_:with:)` and
/// sends `.valueChanged`.
final class Slider: Control {
    private(set) var value = 0.0

    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        update(with: touch)
        return true
    }

    override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        update(with: touch)
        return true
    }

    private func update(with touch: Touch) {
        let x = touch.location(in: self).x
        let newValue = min(max(x / bounds.width, 0), 1)
        guard newValue != value else { return }
        value = newValue
        sendActions(for: .valueChanged)
    }
}

/// The controller listening to the slider, with a handler typed by the slider's class.
final class VolumeController: ViewController {
    let slider = Slider(frame: Rect(x: 100, y: 100, width: 400, height: 40))
    var values: [Double] = []

    init() {
        super.init(view: View(frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        view.addSubview(slider)
        slider.addTarget(self, action: Self.volumeChanged, for: .valueChanged)
    }

    func volumeChanged(_ sender: Slider) {
        values.append(sender.value)
    }
}

/// The classic idle timer: a window subclass that notes every touch before passing the event on.
final class IdleTimerWindow: Window {
    private(set) var lastActivity: Timestamp?
    private(set) var eventsSeen = 0
    var swallowsEvents = false

    override func sendEvent(_ event: Event) {
        eventsSeen += 1
        if event.type == .touches, event.allTouches.contains(where: { $0.phase == .began || $0.phase == .ended }) {
            lastActivity = event.timestamp
        }
        if !swallowsEvents { super.sendEvent(event) }
    }
}

/// A view that keeps every touch it gets (it does not forward them).
final class TouchRecorder: View {
    private(set) var began = 0
    private(set) var ended = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches.count }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
}

@Suite("Controls, windows and the responder chain as in UIKit")
struct ResponderPortingTests {
    @Test("A Control subclass overrides the touch methods with `Event`, and actions get the sender and event")
    func controlSubclass() {
        let (application, window) = makeApplication()
        let panel = KnobPanel()
        window.rootViewController = panel
        application.send(tapFrames(at: Point(x: 130, y: 150), time: 0))
        #expect(panel.knob.calls == ["began touches", "ended"])
        #expect(panel.touchDowns == 1)
        #expect(panel.releasedAt == [Point(x: 30, y: 50)])
        #expect(!panel.knob.isHighlighted && !panel.knob.isTracking)
    }

    @Test("A custom slider tracks its touch and sends valueChanged to a handler typed by its class")
    func customSlider() {
        let (application, window) = makeApplication()
        let controller = VolumeController()
        window.rootViewController = controller
        let drag = Stroke.steady(from: Point(x: 150, y: 120), velocity: Point(x: 1000, y: 0), rate: 100, duration: 0.2)
        application.send(drag.frames())
        #expect(controller.values.first == 0.125)         // touched down 50 pt into the 400 pt track
        #expect(controller.values.last == 0.625)          // 200 pt further
        #expect(zip(controller.values, controller.values.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("A Window subclass overriding sendEvent sees every touch event and still delivers it")
    func idleTimerWindow() {
        let window = IdleTimerWindow(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let (application, _) = makeApplication(window: window)
        let content = TouchRecorder(frame: window.bounds)
        window.addSubview(content)
        let stroke = Stroke.steady(
            from: Point(x: 100, y: 100), velocity: Point(x: 200, y: 0), rate: 120, duration: 0.05)
        application.send(stroke.frames(startingAt: 2))
        #expect(window.eventsSeen == stroke.samples.count + 1)  // began, each move, ended
        #expect(window.lastActivity == Timestamp(seconds: 2 + 0.05 + 1.0 / 120))
        #expect(content.began == 1 && content.ended == 1)
    }

    @Test("A sendEvent override that does not call super stops delivery, as in UIKit")
    func swallowingWindow() {
        let window = IdleTimerWindow(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        window.swallowsEvents = true
        let (application, _) = makeApplication(window: window)
        let content = TouchRecorder(frame: window.bounds)
        window.addSubview(content)
        application.send(tapFrames(at: Point(x: 10, y: 10), time: 0))
        #expect(window.eventsSeen == 2)
        #expect(content.began == 0 && content.ended == 0)
    }

    /// An application subclass that counts events, as a UIApplication subclass would.
    final class CountingApplication: Application {
        var events = 0
        override func sendEvent(_ event: Event) {
            events += 1
            super.sendEvent(event)
        }
    }

    @Test("Application.sendEvent sees every touch event before the windows")
    func applicationSendEvent() {
        let application = CountingApplication()
        let window = IdleTimerWindow(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        application.addWindow(window)
        application.send(tapFrames(at: Point(x: 10, y: 10), time: 0))
        #expect(application.events == 2 && window.eventsSeen == 2)
    }

    /// The presenting controller handles touches its presented sheet does not.
    final class HomeViewController: ViewController {
        var touchesReceived = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touchesReceived += touches.count }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
    }

    @Test("A presented view controller's next responder is the presenting one (Apple's responder chain)")
    func presentedControllerInChain() {
        let (application, window) = makeApplication()
        let home = HomeViewController(view: View(frame: window.bounds))
        window.rootViewController = home
        let sheet = ViewController(view: View())
        home.present(sheet, animated: true)
        #expect(home.presentedViewController === sheet && sheet.presentingViewController === home)
        #expect(sheet.view.window === window)
        #expect(sheet.view.next === sheet)
        #expect(sheet.next === home)
        #expect(home.next === window)
        // A child of the presented controller: presented by the same controller, chained through its view.
        let list = ViewController(view: View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        sheet.addChild(list)
        sheet.view.addSubview(list.view)
        #expect(list.presentingViewController === home && list.next === sheet.view)
        list.view.removeFromSuperview()
        list.removeFromParent()
        // A touch on the sheet's plain view travels sheet view → sheet → home, which handles it.
        application.send(tapFrames(at: Point(x: 400, y: 300), time: 0))
        #expect(home.touchesReceived == 1)
        sheet.dismiss(animated: true)
        #expect(home.presentedViewController == nil && sheet.view.window == nil && sheet.next == nil)
    }

    @Test("A child view controller's next responder is its view's superview")
    func childControllerInChain() {
        let (_, window) = makeApplication()
        let parent = ViewController(view: View(frame: window.bounds))
        window.rootViewController = parent
        let child = ViewController(view: View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        parent.addChild(child)
        parent.view.addSubview(child.view)
        #expect(child.parent === parent && parent.children.count == 1)
        #expect(child.view.next === child && child.next === parent.view && parent.view.next === parent)
        child.removeFromParent()
        #expect(child.parent == nil && parent.children.isEmpty)
    }
}
