import Tactile
import Testing

// Acceptance checks for the recognizer state machine as a subclass sees it, system cancellation, ordering
// between a view's and its superview's recognizers, and the remaining responder and hit-testing rules. From
// Apple's UIKit documentation (UIGestureRecognizer.State, "About the gesture recognizer state machine",
// ignore(_:for:), UIView.hitTest, UIResponder) and the spec (§3.1, §3.3, §4.7, §5.2, §5.6, §5.13, §6.2), public API.
// (Illegal transitions requested by a subclass — §5.2 — stop at a debug assertion, which the spec allows, so
// their release-build coercion is not checked here.)

/// A custom discrete recognizer: recognizes at the lift of a touch that did not move.
private final class StillTapRecognizer: GestureRecognizer {
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        state = .failed
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        state = .recognized
    }
}

/// A pan that ignores every touch after the first, through `ignore(_:for:)`.
private final class FirstTouchPan: PanGestureRecognizer {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where touch.id.rawValue != 1 { ignore(touch, for: event) }
        super.touchesBegan(touches.filter { $0.id.rawValue == 1 }, with: event)
    }
}

@Suite("Acceptance: the state machine as subclasses and clients see it")
struct AcceptanceStateMachineTests {
    @Test("A custom discrete recognizer: possible → recognized sends one action after cancelling the view's touch")
    func customDiscrete() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let still = recordActions(StillTapRecognizer(), "S", in: log)
        view.addGestureRecognizer(still)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(100, (1, pt(100, 100)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "S ended"])
        fingers.down(1000, (2, pt(100, 100)))
        fingers.move(1050, (2, pt(105, 100)))
        fingers.up(1100, (2, pt(105, 100)))
        #expect(log.entries.suffix(3) == ["V began #2", "V moved #2", "V ended #2"])
    }

    @Test("A failed recognizer does not restart for a finger that stays down; it takes part again with new touches")
    func noRestartAfterFailure() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(TapGestureRecognizer(), "tap", in: log))
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(50, (1, pt(160, 100)))  // both fail
        fingers.move(100, (1, pt(160, 101)))
        fingers.wait(until: 1000)  // the finger rests: no press restarts
        fingers.up(1100, (1, pt(160, 101)))
        #expect(log.entries(of: "LP").isEmpty && log.entries(of: "tap").isEmpty)
        fingers.down(2000, (2, pt(100, 100)))
        fingers.up(2080, (2, pt(100, 100)))
        #expect(log.entries(of: "tap") == ["tap ended"])
    }

    @Test("A touch cancelled by the system cancels a recognizing pan and the view's touch, each once")
    func systemCancel() {
        let (application, window, view, log, fingers) = acceptanceScene(
            viewFrame: Rect(x: 0, y: 0, width: 400, height: 600))
        // A sibling: a subview of V would have its new touch join V's active pan and not be delivered (§5.7).
        let other = RecordingView("W", frame: Rect(x: 0, y: 600, width: 400, height: 200), log: log)
        window.addSubview(other)
        view.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(120, 100)))
        fingers.down(32, (2, pt(100, 700)))
        application.cancelAllTouches(at: Timestamp(seconds: 0.05))
        #expect(log.entries(of: "P") == ["P began", "P cancelled"])
        #expect(log.entries(of: "W") == ["W began #2", "W cancelled #2"])
        #expect(log.entries(of: "V") == ["V began #1", "V cancelled #1"])
    }

    @Test("A contact that the digitizer cancels (a palm) reaches the view as touchesCancelled")
    func contactCancelled() {
        let (application, _, _, log, _) = acceptanceScene()
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0), contacts: [
            TouchContact(id: .init(1), phase: .began, location: pt(100, 100)),
        ]))
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0.05), contacts: [
            TouchContact(id: .init(1), phase: .cancelled, location: pt(100, 100)),
        ]))
        #expect(log.entries == ["V began #1", "V cancelled #1"])
    }

    @Test("A touch ignored with ignore(_:for:) is not cancelled in the view when the recognizer begins")
    func ignoredTouch() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(recordActions(FirstTouchPan(), "P", in: log))
        fingers.down(0, (1, pt(100, 100)), (2, pt(200, 100)))
        fingers.move(16, (1, pt(120, 100)), (2, pt(220, 100)))
        fingers.up(32, (1, pt(120, 100)), (2, pt(220, 100)))
        #expect(log.entries(of: "P") == ["P began", "P ended"])
        #expect(log.entries.contains("V cancelled #1"))
        #expect(!log.entries.contains { $0.hasPrefix("V cancelled") && $0.contains("#2") })
        #expect(log.entries.contains { $0.hasPrefix("V ended") && $0.contains("#2") })
    }

    @Test("§5.13: taps on a view and on its superview recognizing at the same lift: the subview's wins")
    func deeperTapWins() {
        let (_, _, parent, log, fingers) = acceptanceScene(label: "C")
        let child = RecordingView("V", frame: Rect(x: 100, y: 100, width: 200, height: 200), log: log)
        parent.addSubview(child)
        parent.addGestureRecognizer(recordActions(TapGestureRecognizer(), "outer", in: log))
        child.addGestureRecognizer(recordActions(TapGestureRecognizer(), "inner", in: log))
        fingers.down(0, (1, pt(150, 150)))
        fingers.up(80, (1, pt(150, 150)))
        fingers.settle()
        #expect(log.entries(of: "inner") == ["inner ended"])
        #expect(log.entries(of: "outer").isEmpty)
    }

    @Test("A recognizer sees touches of its view's subviews, never of sibling views")
    func recognizerScope() {
        let (_, _, parent, log, fingers) = acceptanceScene(label: "C")
        let left = RecordingView("L", frame: Rect(x: 0, y: 0, width: 200, height: 400), log: log)
        let right = RecordingView("R", frame: Rect(x: 200, y: 0, width: 200, height: 400), log: log)
        parent.addSubview(left)
        parent.addSubview(right)
        left.addGestureRecognizer(recordActions(TapGestureRecognizer(), "leftTap", in: log))
        fingers.down(0, (1, pt(300, 100)))
        fingers.up(80, (1, pt(300, 100)))
        fingers.settle()
        #expect(log.entries == ["R began #1", "R ended #1"])
    }

    @Test("Touch.gestureRecognizers lists the recognizers that receive the touch")
    func touchRecognizers() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        var listed: [GestureRecognizer] = []
        view.inspect = { method, touches, _ in
            if method == "began", let touch = touches.first { listed = touch.gestureRecognizers }
        }
        fingers.down(0, (1, pt(100, 100)))
        #expect(listed.count == 2)
        #expect(listed.contains { $0 === tap } && listed.contains { $0 === pan })
        fingers.up(80, (1, pt(100, 100)))
    }

    @Test("Event.allTouches holds every touch down; touches(for: view) those of the view")
    func eventTouches() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let other = RecordingView("W", frame: Rect(x: 0, y: 600, width: 400, height: 200), log: log)
        view.addSubview(other)
        var all = 0
        var forOther = 0
        other.inspect = { method, _, event in
            if method == "began", let event {
                all = event.allTouches.count
                forOther = event.touches(for: other).count
            }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.down(30, (2, pt(100, 700)))
        #expect(all == 2)
        #expect(forOther == 1)
        fingers.up(60, (1, pt(100, 100)), (2, pt(100, 700)))
    }

    @Test("require(toFail:) refuses a cycle")
    func requirementCycle() {
        let a = TapGestureRecognizer()
        let b = TapGestureRecognizer()
        #expect(a.require(toFail: b) == nil)
        #expect(b.require(toFail: a) != nil)
    }
}

@Suite("Acceptance: long-press and pan details (spec §6.2, §6.3)")
struct AcceptanceRecognizerDetailTests {
    @Test("A long press does not send changed for dispatches in which its finger did not move")
    func stationaryNoChange() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let other = RecordingView("W", frame: Rect(x: 0, y: 600, width: 400, height: 200), log: log)
        view.addSubview(other)
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.wait(until: 500)
        fingers.down(600, (2, pt(100, 700)))
        fingers.move(616, (2, pt(120, 700)))
        fingers.move(632, (2, pt(140, 700)))
        fingers.up(648, (2, pt(140, 700)))
        #expect(log.entries(of: "LP") == ["LP began"])
        fingers.up(700, (1, pt(100, 100)))
        #expect(log.entries(of: "LP") == ["LP began", "LP ended"])
    }

    @Test("More fingers than numberOfTouchesRequired fail a long press")
    func tooManyFingers() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.down(100, (2, pt(200, 100)))
        fingers.wait(until: 1000)
        fingers.up(1100, (1, pt(100, 100)), (2, pt(200, 100)))
        #expect(log.entries(of: "LP").isEmpty)
    }

    @Test("A pan's velocity at ended is about zero when the finger rested before lifting")
    func restBeforeLift() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let pan = PanGestureRecognizer()
        var endVelocity: Point?
        _ = pan.addAction { if $0.state == .ended { endVelocity = pan.velocity(in: view) } }
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        for index in 1...10 { fingers.move(Double(index) * 8, (1, pt(100 + Double(index) * 4, 100))) }
        fingers.up(400, (1, pt(140, 100)))
        #expect(endVelocity.map { abs($0.x) < 1 && abs($0.y) < 1 } ?? false, "\(String(describing: endVelocity))")
    }

    @Test("translation(in:) of a pan is the same vector in a view and in its (untransformed) superview")
    func translationInSuperview() {
        let (_, window, parent, _, fingers) = acceptanceScene(label: "C")
        let child = View(frame: Rect(x: 50, y: 80, width: 200, height: 200))
        parent.addSubview(child)
        let pan = PanGestureRecognizer()
        var pairs: [(Point, Point, Point)] = []
        _ = pan.addAction { _ in
            pairs.append((pan.translation(in: child), pan.translation(in: parent), pan.translation(in: window)))
        }
        child.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(115, 100)))
        fingers.move(32, (1, pt(130, 120)))
        fingers.up(48, (1, pt(130, 120)))
        #expect(pairs.count == 3)
        if let (inChild, inParent, inWindow) = pairs.dropLast().last {
            #expect(inChild == pt(30, 20))  // from touch-down (issue 37)
            #expect(inParent == inChild && inWindow == inChild)
        }
    }
}

@Suite("Acceptance: hit-testing bounds and the end of the responder chain")
struct AcceptanceHitTestChainTests {
    @Test("A subview outside its parent's bounds is not hit there; point(inside:with:) can enlarge a hit area")
    func outsideBounds() {
        final class BigTarget: RecordingView {
            override func point(inside point: Point, with event: Event?) -> Bool {
                bounds.outset(dx: 30, dy: 30).contains(point)
            }
        }
        let (_, _, back, log, fingers) = acceptanceScene()
        let box = RecordingView("B", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let poking = RecordingView("P", frame: Rect(x: 80, y: 0, width: 100, height: 50), log: log)
        box.addSubview(poking)
        back.addSubview(box)
        fingers.down(0, (1, pt(150, 20)))  // inside P's frame, outside B's bounds
        fingers.up(50, (1, pt(150, 20)))
        #expect(log.entries == ["V began #1", "V ended #1"])
        log.clear()
        let target = BigTarget("T", frame: Rect(x: 200, y: 300, width: 40, height: 40), log: log)
        back.addSubview(target)
        fingers.down(1000, (2, pt(190, 310)))  // 10 pt left of T
        fingers.up(1050, (2, pt(190, 310)))
        #expect(log.entries == ["T began #2", "T ended #2"])
    }

    @Test("Touches no view handles travel up to the window and the application")
    func upToApplication() {
        final class RecordingApplication: Application {
            var heard: [String] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { heard.append("began") }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { heard.append("ended") }
        }
        let application = RecordingApplication()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        window.addSubview(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)))
        #expect(window.next === application)
        let fingers = Fingers(application)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(50, (1, pt(100, 100)))
        #expect(application.heard == ["began", "ended"])
    }

    @Test("A control sends touchDownRepeat for the second tap of a double tap")
    func touchDownRepeat() {
        let log = AcceptanceLog()
        let (_, _, container, _, fingers) = acceptanceScene(label: "C")
        let button = Control(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        container.addSubview(button)
        _ = button.addAction(for: .touchDown) { _ in log.entries.append("down") }
        _ = button.addAction(for: .touchDownRepeat) { _ in log.entries.append("repeat") }
        fingers.down(0, (1, pt(150, 120)))
        fingers.up(60, (1, pt(150, 120)))
        fingers.down(160, (2, pt(152, 121)))
        fingers.up(220, (2, pt(152, 121)))
        #expect(log.entries == ["down", "down", "repeat"] || log.entries == ["down", "repeat", "down"])
        #expect(log.entries.filter { $0 == "repeat" }.count == 1)
    }
}
