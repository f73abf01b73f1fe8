import Tactile
import Testing

// Acceptance checks for scroll views' content touches, the delegate's touch filters, recognizers losing their
// view, multi-finger details of the built-in recognizers, and transformed views. From Apple's UIKit documentation
// (UIScrollView.delaysContentTouches / canCancelContentTouches / touchesShouldCancel(in:),
// gestureRecognizer(_:shouldReceive:), UIPanGestureRecognizer, UIScreenEdgePanGestureRecognizer,
// UITapGestureRecognizer.location(ofTouch:in:)) and the spec (§4.6, §5.5, §5.6, §6.3, §6.4, scenario S4c, S8d).

private final class TouchFilter: GestureRecognizerDelegate {
    var refuse: (Touch) -> Bool = { _ in false }
    var refuseEvents = false
    var touchesAsked = 0
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        touchesAsked += 1
        return !refuse(touch)
    }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        !refuseEvents
    }
}

@Suite("Acceptance: scroll view content touches (S4c)")
struct AcceptanceScrollViewTests {
    func scrollScene() -> (ScrollView, Control, AcceptanceLog, Fingers) {
        let log = AcceptanceLog()
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        scroll.contentSize = Size(width: 400, height: 3000)
        window.addSubview(scroll)
        let button = Control(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        scroll.addSubview(button)
        for (event, label) in [
            (Control.Events.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"), (.touchCancel, "touchCancel"),
        ] {
            _ = button.addAction(for: event) { _ in log.entries.append("B \(label)") }
        }
        return (scroll, button, log, Fingers(application))
    }

    @Test("A quick tap on a button in a scroll view: touchDown and touchUpInside both at the lift")
    func quickTap() {
        let (_, _, log, fingers) = scrollScene()
        fingers.down(0, (1, pt(150, 120)))
        #expect(log.entries.isEmpty)  // delaysContentTouches: the touch-down is held back
        fingers.up(90, (1, pt(151, 120)))
        #expect(log.entries == ["B touchDown", "B touchUpInside"])
    }

    @Test("A quick drag on a button in a scroll view scrolls; the button never sees the touch")
    func quickDrag() {
        let (scroll, _, log, fingers) = scrollScene()
        fingers.down(0, (1, pt(150, 150)))
        for index in 1...6 { fingers.move(Double(index) * 16, (1, pt(150, 150 - Double(index) * 8))) }
        fingers.up(112, (1, pt(150, 102)))
        #expect(log.entries.isEmpty)
        #expect(scroll.contentOffset.y > 0)
    }

    @Test("A finger resting 200 ms on a button, then dragging: the button gets touchDown at 150 ms, no scroll")
    func restThenDrag() {
        let (scroll, button, log, fingers) = scrollScene()
        fingers.down(0, (1, pt(150, 130)))
        fingers.wait(until: 149)
        #expect(log.entries.isEmpty)
        fingers.wait(until: 150)
        #expect(log.entries == ["B touchDown"])
        #expect(button.isHighlighted)
        for index in 1...4 { fingers.move(200 + Double(index) * 16, (1, pt(150, 130 - Double(index) * 10))) }
        fingers.up(300, (1, pt(150, 90)))
        #expect(!log.entries.contains("B touchCancel"))
        #expect(scroll.contentOffset == pt(0, 0))
    }
}

@Suite("Acceptance: gestureRecognizer(_:shouldReceive:) filters")
struct AcceptanceShouldReceiveTests {
    @Test("shouldReceive touch false: the recognizer never sees the touch, the view gets all of it")
    func refuseTouch() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        let filter = TouchFilter()
        filter.refuse = { $0.location(in: nil).y > 400 }  // the bottom half is not for this tap
        tap.delegate = filter
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 600)))
        fingers.up(80, (1, pt(100, 600)))
        #expect(log.entries == ["V began #1", "V ended #1"])
        fingers.down(1000, (2, pt(100, 100)))
        fingers.up(1080, (2, pt(100, 100)))
        #expect(log.entries.suffix(3) == ["V began #2", "V cancelled #2", "tap ended"])
        #expect(filter.touchesAsked == 2)
    }

    @Test("shouldReceive event false: the touch variant is not asked and the recognizer sees nothing")
    func refuseEvent() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        let filter = TouchFilter()
        filter.refuseEvents = true
        tap.delegate = filter
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries == ["V began #1", "V ended #1"])
        #expect(filter.touchesAsked == 0)
    }
}

@Suite("Acceptance: recognizers losing their view; ignoring interaction events")
struct AcceptanceLifecycleTests {
    @Test("Removing the recognizer's view from the window while it recognizes cancels the recognizer")
    func viewRemoved() {
        let (_, _, parent, log, fingers) = acceptanceScene(label: "C")
        let child = RecordingView("V", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        parent.addSubview(child)
        child.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(120, 100)))
        #expect(log.entries(of: "P") == ["P began"])
        child.removeFromSuperview()
        fingers.move(32, (1, pt(140, 100)))
        fingers.up(48, (1, pt(140, 100)))
        #expect(log.entries(of: "P") == ["P began", "P cancelled"])
    }

    @Test("A long press disabled while possible never begins, and works again for a later press")
    func disablePossiblePress() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(100, 100)))
        fingers.wait(until: 200)
        press.isEnabled = false
        fingers.wait(until: 800)
        press.isEnabled = true
        fingers.wait(until: 1500)
        fingers.up(1600, (1, pt(100, 100)))
        #expect(log.entries(of: "LP").isEmpty)
        #expect(log.entries == ["V began #1", "V ended #1"])
        fingers.down(2000, (2, pt(100, 100)))
        fingers.wait(until: 2500)
        fingers.up(2600, (2, pt(100, 100)))
        #expect(log.entries(of: "LP") == ["LP began", "LP ended"])
    }

    @Test("While the application ignores interaction events, new touches are not delivered")
    func ignoringInteraction() {
        let (application, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(TapGestureRecognizer(), "tap", in: log))
        application.beginIgnoringInteractionEvents()
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries.isEmpty)
        application.endIgnoringInteractionEvents()
        fingers.down(1000, (2, pt(100, 100)))
        fingers.up(1080, (2, pt(100, 100)))
        #expect(log.entries == ["V began #2", "V cancelled #2", "tap ended"])
    }
}

@Suite("Acceptance: multi-finger details of the built-in recognizers")
struct AcceptanceMultiFingerTests {
    @Test("A second finger joining a pan does not make the translation jump")
    func fingerJoinsPan() {
        let (_, _, view, _, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        var translations: [Point] = []
        var counts: [Int] = []
        _ = pan.addAction { _ in
            translations.append(pan.translation(in: view))
            counts.append(pan.numberOfTouches)
        }
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(115, 100)))  // began
        fingers.move(32, (1, pt(125, 100)))  // 10
        fingers.down(48, (2, pt(300, 100)))  // the centroid leaps to 212.5: no jump in translation
        fingers.move(64, (1, pt(135, 100)), (2, pt(310, 100)))  // both +10
        #expect(counts.last == 2)
        if translations.count >= 3 {
            #expect(abs(translations[1].x - 25) < 0.01)  // from touch-down (issue 37)
            #expect(abs(translations.last!.x - 35) < 0.01, "\(translations)")
        }
        fingers.up(80, (1, pt(135, 100)), (2, pt(310, 100)))
    }

    @Test("A screen-edge pan ignores every touch after the first")
    func edgePanFirstTouchOnly() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let edge = recordActions(ScreenEdgePanGestureRecognizer(), "E", in: log)
        edge.edges = .left
        view.addGestureRecognizer(edge)
        var counts: [Int] = []
        _ = edge.addAction { counts.append($0.numberOfTouches) }
        fingers.down(0, (1, pt(4, 400)))
        fingers.move(16, (1, pt(20, 400)))
        fingers.down(32, (2, pt(200, 400)))
        fingers.move(48, (1, pt(40, 400)), (2, pt(150, 400)))
        fingers.up(64, (1, pt(40, 400)), (2, pt(150, 400)))
        #expect(log.entries(of: "E").first == "E began")
        #expect(counts.dropLast().allSatisfy { $0 == 1 }, "\(counts)")
    }

    @Test("A two-finger tap's location(ofTouch:in:) gives each finger's touch-down point")
    func tapTouchLocations() {
        let (_, _, view, _, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        var points: Set<Point> = []
        _ = tap.addAction { recognizer in
            for index in 0..<recognizer.numberOfTouches { points.insert(recognizer.location(ofTouch: index, in: view)) }
        }
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(150, 300)), (2, pt(220, 300)))
        fingers.up(100, (1, pt(150, 300)), (2, pt(220, 300)))
        #expect(points == [pt(150, 300), pt(220, 300)])
    }

    @Test("A one-finger swipe fails when a second finger lands")
    func swipeExtraFinger() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(recordActions(SwipeGestureRecognizer(), "S", in: log))
        fingers.down(0, (1, pt(50, 400)))
        fingers.down(10, (2, pt(50, 500)))
        for index in 1...4 {
            fingers.move(10 + Double(index) * 16, (1, pt(50 + Double(index) * 20, 400)), (2, pt(50 + Double(index) * 20, 500)))
        }
        fingers.up(100, (1, pt(130, 400)), (2, pt(130, 500)))
        #expect(log.entries(of: "S").isEmpty)
    }

    @Test("S8d: pan.require(toFail: swipe), +5 pt every 16 ms: the swipe recognizes when dx reaches 50 (t = 160)")
    func mediumDrag() {
        let (_, log, fingers, _) = swipeThenPanScene()
        fingers.down(0, (1, pt(50, 400)))
        for index in 1...9 { fingers.move(Double(index) * 16, (1, pt(50 + Double(index) * 5, 400))) }
        #expect(log.entries(of: "swipe").isEmpty)
        fingers.move(160, (1, pt(100, 400)))
        #expect(log.entries(of: "swipe") == ["swipe ended"])
        fingers.up(176, (1, pt(100, 400)))
        #expect(log.entries(of: "pan").isEmpty)
    }

    @Test("Pan translation and velocity in a view rotated a quarter turn are the screen vector rotated")
    func rotatedView() {
        let (_, _, parent, _, fingers) = acceptanceScene(label: "C")
        let rotated = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        rotated.transform = AffineTransform(rotationAngle: Double.pi / 2)
        parent.addSubview(rotated)
        let pan = PanGestureRecognizer()
        var inRotated: Point?
        var inParent: Point?
        _ = pan.addAction { _ in
            inRotated = pan.translation(in: rotated)
            inParent = pan.translation(in: parent)
        }
        parent.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(50, 50)))
        fingers.move(16, (1, pt(70, 50)))
        fingers.move(32, (1, pt(90, 50)))
        if let inRotated, let inParent {
            #expect(inParent == pt(40, 0))  // from touch-down (issue 37)
            #expect(abs(inRotated.x) < 1e-9 && abs(inRotated.y + 40) < 1e-9, "\(inRotated)")
        }
        #expect(inRotated != nil)
        fingers.up(48, (1, pt(90, 50)))
    }
}
