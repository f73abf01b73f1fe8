import Tactile
import Testing

// Acceptance checks for what subclasses override (reset, canPrevent / canBePrevented, shouldRequireFailure(of:),
// UIControl's tracking methods), control events while dragging, windows, and the single-touch view's choice
// between two fingers landing together. From Apple's UIKit documentation (UIGestureRecognizer subclass methods,
// UIControl, UIWindow.windowLevel, UIView.isMultipleTouchEnabled) and the spec (§3.4, §4.3, §4.9, §5.4, §5.11,
// §5.12).

private final class CountingTap: TapGestureRecognizer {
    var resets = 0
    override func reset() {
        super.reset()
        resets += 1
    }
}

/// A swipe that no other recognizer can prevent.
private final class UnpreventableSwipe: SwipeGestureRecognizer {
    override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
}

/// A pan that never prevents another recognizer.
private final class PoliteHorizontalPan: PanGestureRecognizer {
    override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
}

/// A single tap that, as a class rule, waits for any double tap to fail.
private final class PatientTap: TapGestureRecognizer {
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
    }
}

/// A control that refuses to track touches that begin in its right half.
private final class HalfControl: Control {
    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        touch.location(in: self).x < bounds.width / 2
    }
}

@Suite("Acceptance: subclass overrides of UIGestureRecognizer")
struct AcceptanceSubclassOverrideTests {
    @Test("reset() runs once after a recognized tap and once after a failed one")
    func resetCalls() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let tap = CountingTap()
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(tap.resets == 1)
        fingers.down(1000, (2, pt(100, 100)))
        fingers.move(1020, (2, pt(200, 100)))
        #expect(tap.resets == 2)
        fingers.up(1080, (2, pt(200, 100)))
        #expect(tap.resets == 2)
    }

    @Test("canBePrevented(by:) false: a swipe recognizes even though a pan on the same view began first")
    func unpreventable() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(UnpreventableSwipe(), "swipe", in: log))
        view.addGestureRecognizer(recordActions(PanGestureRecognizer(), "pan", in: log))
        fingers.down(0, (1, pt(50, 400)))
        for index in 1...4 { fingers.move(Double(index) * 16, (1, pt(50 + Double(index) * 20, 400))) }
        fingers.up(80, (1, pt(130, 400)))
        #expect(log.entries(of: "swipe") == ["swipe ended"])
        #expect(log.entries(of: "pan").first == "pan began")
    }

    @Test("canPrevent(_:) false: the pan does not exclude the swipe")
    func politePan() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(SwipeGestureRecognizer(), "swipe", in: log))
        view.addGestureRecognizer(recordActions(PoliteHorizontalPan(), "pan", in: log))
        fingers.down(0, (1, pt(50, 400)))
        for index in 1...4 { fingers.move(Double(index) * 16, (1, pt(50 + Double(index) * 20, 400))) }
        fingers.up(80, (1, pt(130, 400)))
        #expect(log.entries(of: "swipe") == ["swipe ended"])
    }

    @Test("shouldRequireFailure(of:) true, as a class rule: the single tap waits for the double tap")
    func classRuleRequirement() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(PatientTap(), "single", in: log))
        let double = recordActions(TapGestureRecognizer(), "double", in: log)
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries(of: "single").isEmpty)
        fingers.down(200, (2, pt(100, 100)))
        fingers.up(280, (2, pt(100, 100)))
        fingers.settle()
        #expect(log.entries(of: "single").isEmpty)
        #expect(log.entries(of: "double") == ["double ended"])
    }

    @Test("A recognizer knows its view; the view lists its recognizers; removal clears both")
    func attachment() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let tap = TapGestureRecognizer()
        #expect(tap.view == nil)
        view.addGestureRecognizer(tap)
        #expect(tap.view === view)
        #expect(view.gestureRecognizers.count == 1 && view.gestureRecognizers.first === tap)
        view.removeGestureRecognizer(tap)
        #expect(tap.view == nil)
        #expect(view.gestureRecognizers.isEmpty)
    }
}

@Suite("Acceptance: UIControl events while dragging and tracking overrides")
struct AcceptanceControlDragTests {
    func controlScene(_ control: Control) -> (AcceptanceLog, Fingers) {
        let log = AcceptanceLog()
        let (_, _, container, _, fingers) = acceptanceScene(label: "C")
        container.addSubview(control)
        for (event, label) in [
            (Control.Events.touchDown, "down"), (.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
            (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upInside"),
            (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        ] {
            _ = control.addAction(for: event) { _ in log.entries.append(label) }
        }
        return (log, fingers)
    }

    @Test("Dragging inside, out beyond the slop and back: dragInside, exit + dragOutside, enter + dragInside, upInside")
    func dragOutAndBack() {
        let button = Control(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        let (log, fingers) = controlScene(button)
        fingers.down(0, (1, pt(150, 120)))
        fingers.move(16, (1, pt(160, 125)))
        fingers.move(32, (1, pt(160, 400)))
        #expect(!button.isHighlighted && !button.isTouchInside)
        fingers.move(48, (1, pt(160, 130)))
        #expect(button.isHighlighted && button.isTouchInside)
        fingers.up(64, (1, pt(160, 130)))
        #expect(log.entries.first == "down")
        #expect(log.entries.last == "upInside")
        let middle = Array(log.entries.dropFirst().dropLast())
        #expect(middle.count == 5)
        #expect(middle.first == "dragInside")
        #expect(Set(middle[1...2]) == ["exit", "dragOutside"])
        #expect(Set(middle[3...4]) == ["enter", "dragInside"])
    }

    @Test("Lifting just outside the bounds but within the tracking slop still counts as inside")
    func slop() {
        let button = Control(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        let (log, fingers) = controlScene(button)
        fingers.down(0, (1, pt(150, 120)))
        fingers.move(16, (1, pt(150, 190)))  // 30 pt below the bottom edge
        fingers.up(32, (1, pt(150, 190)))
        #expect(log.entries == ["down", "dragInside", "upInside"])
    }

    @Test("beginTracking returning false: no touchDown and no events for that touch")
    func refusedTracking() {
        let control = HalfControl(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        let (log, fingers) = controlScene(control)
        fingers.down(0, (1, pt(250, 120)))  // right half
        fingers.move(16, (1, pt(255, 120)))
        fingers.up(32, (1, pt(255, 120)))
        #expect(log.entries.isEmpty)
        #expect(!control.isHighlighted)
        fingers.down(1000, (2, pt(150, 120)))  // left half
        fingers.up(1032, (2, pt(150, 120)))
        #expect(log.entries == ["down", "upInside"])
    }
}

@Suite("Acceptance: windows and simultaneous landings")
struct AcceptanceWindowTests {
    @Test("The window with the higher windowLevel receives the touch where windows overlap")
    func windowLevel() {
        let log = AcceptanceLog()
        let application = Application()
        let high = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        high.windowLevel = 1
        let normal = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(high)
        application.addWindow(normal)
        high.addSubview(RecordingView("H", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log))
        normal.addSubview(RecordingView("N", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log))
        let fingers = Fingers(application)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(50, (1, pt(100, 100)))
        fingers.down(1000, (2, pt(100, 600)))
        fingers.up(1050, (2, pt(100, 600)))
        #expect(log.entries == ["H began #1", "H ended #1", "N began #2", "N ended #2"])
    }

    @Test("Touch.window is the window of the hit view")
    func touchWindow() {
        let (_, window, view, _, fingers) = acceptanceScene()
        var touchWindow: Window?
        view.inspect = { method, touches, _ in if method == "began" { touchWindow = touches.first?.window } }
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(50, (1, pt(100, 100)))
        #expect(touchWindow === window)
    }

    @Test("Two fingers landing together on a single-touch view: the lower slot is the one delivered")
    func lowerSlotWins() {
        let (application, _, _, log, _) = acceptanceScene()
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0), contacts: [
            TouchContact(id: .init(5), phase: .began, location: pt(200, 100), slot: 0),
            TouchContact(id: .init(4), phase: .began, location: pt(100, 100), slot: 1),
        ]))
        application.send(TouchFrame(timestamp: Timestamp(seconds: 0.05), contacts: [
            TouchContact(id: .init(5), phase: .ended, location: pt(200, 100), slot: 0),
            TouchContact(id: .init(4), phase: .ended, location: pt(100, 100), slot: 1),
        ]))
        #expect(log.entries == ["V began #5", "V ended #5"])
    }
}
