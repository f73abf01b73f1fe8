import Tactile
import Testing

// Acceptance checks for how recognizers coordinate and how touches reach views, written from Apple's UIKit
// documentation (UIGestureRecognizer and its delegate, UIView.hitTest / isMultipleTouchEnabled /
// isExclusiveTouch, UIResponder's touch methods, UIControl) and the spec (Tactile.docc/UIKitSemantics.md §3–§5,
// scenarios S4, S5, S8–S12), public API only.

/// A container C (full window) holding a child V (100, 100, 200, 200) that records its touches.
private func containerScene() -> (Application, RecordingView, RecordingView, AcceptanceLog, Fingers) {
    let (application, _, container, log, fingers) = acceptanceScene(label: "C")
    let child = RecordingView("V", frame: Rect(x: 100, y: 100, width: 200, height: 200), log: log)
    let parent = container
    parent.addSubview(child)
    return (application, parent, child, log, fingers)
}

/// Moves one finger by `step` every 16 ms, `count` times, starting from `start` at `origin` ms.
private func moves(_ fingers: Fingers, id: UInt64 = 1, from start: Point, step: Point, count: Int, at origin: Double) {
    for index in 1...count {
        fingers.move(origin + Double(index) * 16, (id, start + step * Double(index)))
    }
}

@Suite("Acceptance: failure requirements and delegates (UIGestureRecognizerDelegate)")
struct AcceptanceDelegateTests {
    func tapPair(_ configure: (TapGestureRecognizer, TapGestureRecognizer, ConfigurableDelegate) -> Void)
        -> AcceptanceLog
    {
        let (_, log, fingers, single, double) = tapPairScene(singleWaits: false)
        let delegate = ConfigurableDelegate()
        configure(single, double, delegate)
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.wait(until: 429)
        log.entries.append("— 429 ms")
        fingers.wait(until: 430)
        withExtendedLifetime(delegate) {}
        return log
    }

    @Test("shouldRequireFailureOf returning true makes the single tap wait for the double tap, as require(toFail:)")
    func shouldRequireFailureOf() {
        let log = tapPair { single, double, delegate in
            delegate.requireFailure = { recognizer, other in recognizer === single && other === double }
            single.delegate = delegate
        }
        #expect(log.entries == ["V began #1", "— 429 ms", "V cancelled #1", "single ended"])
    }

    @Test("shouldBeRequiredToFailBy returning true on the double tap's delegate has the same effect")
    func shouldBeRequiredToFailBy() {
        let log = tapPair { single, double, delegate in
            delegate.beRequiredToFail = { recognizer, other in recognizer === double && other === single }
            double.delegate = delegate
        }
        #expect(log.entries == ["V began #1", "— 429 ms", "V cancelled #1", "single ended"])
    }

    @Test("Without a requirement the single tap fires at the lift")
    func noRequirement() {
        let log = tapPair { _, _, _ in }
        #expect(log.entries == ["V began #1", "V cancelled #1", "single ended", "— 429 ms"])
    }

    @Test("S8a: a pan and a swipe on one view, no dependency: the pan recognizes first, the swipe never")
    func panBeatsSwipe() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(SwipeGestureRecognizer(), "swipe", in: log))
        view.addGestureRecognizer(recordActions(PanGestureRecognizer(), "pan", in: log))
        fingers.down(0, (1, pt(50, 400)))
        moves(fingers, from: pt(50, 400), step: pt(20, 0), count: 5, at: 0)
        fingers.up(100, (1, pt(150, 400)))
        #expect(log.entries(of: "swipe").isEmpty)
        #expect(log.entries(of: "pan").first == "pan began")
        #expect(log.entries(of: "pan").last == "pan ended")
        #expect(log.entries.prefix(3) == ["V began #1", "V cancelled #1", "pan began"])
    }

    @Test("S8b: pan.require(toFail: swipe): a flick is a swipe; the pan waits (reads possible) and fails")
    func swipeBeforePan() {
        let (_, log, fingers, pan) = swipeThenPanScene()
        fingers.down(0, (1, pt(50, 400)))
        fingers.move(16, (1, pt(70, 400)))
        #expect(pan.state == .possible)
        fingers.move(32, (1, pt(90, 400)))
        #expect(log.entries == ["V began #1", "V moved #1", "V moved #1"])
        fingers.move(48, (1, pt(110, 400)))
        #expect(log.entries == ["V began #1", "V moved #1", "V moved #1", "V cancelled #1", "swipe ended"])
        fingers.move(64, (1, pt(130, 400)))
        fingers.up(80, (1, pt(130, 400)))
        #expect(log.entries(of: "pan").isEmpty)
    }

    @Test("S8c: pan.require(toFail: swipe), slow drag: the pan begins when the swipe's 0.5 s runs out")
    func slowDragPansAfterSwipeFails() {
        let (view, log, fingers, pan) = swipeThenPanScene()
        var beganTranslation: Point?
        _ = pan.addAction { if $0.state == .began { beganTranslation = pan.translation(in: view) } }
        fingers.down(0, (1, pt(50, 400)))
        moves(fingers, from: pt(50, 400), step: pt(1.5, 0), count: 31, at: 0)  // to t = 496
        #expect(log.entries(of: "pan").isEmpty)
        #expect(pan.state == .possible)
        #expect(log.entries.filter { $0 == "V moved #1" }.count == 31)  // nothing recognized: V keeps moving
        fingers.wait(until: 500)
        #expect(log.entries.suffix(2) == ["V cancelled #1", "pan began"])
        if let translation = beganTranslation {
            // From touch-down (issue 37): the whole 31 × 1.5 pt the finger moved while the pan waited.
            #expect(abs(translation.x - 46.5) <= 0.01 && abs(translation.y) <= 0.01, "\(translation)")
        }
        fingers.move(512, (1, pt(100, 400)))
        fingers.up(528, (1, pt(100, 400)))
        #expect(log.entries(of: "pan") == ["pan began", "pan changed", "pan ended"])
        #expect(log.entries(of: "swipe").isEmpty)
    }

    @Test("S5b: a pan that begins first excludes the long press")
    func panExcludesPress() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        view.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(200, 400)))
        fingers.move(100, (1, pt(215, 400)))
        fingers.wait(until: 700)
        fingers.up(800, (1, pt(215, 400)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "P began", "P ended"])
    }

    @Test("S5a: a long press that begins first excludes the pan; later movement only changes the press")
    func pressExcludesPan() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        view.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(200, 400)))
        fingers.move(600, (1, pt(260, 400)))
        fingers.up(900, (1, pt(260, 400)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "LP began", "LP changed", "LP ended"])
    }

    @Test("S5c: shouldRecognizeSimultaneouslyWith true lets the pan begin during the press, in the same dispatch")
    func pressAndPanTogether() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = { _, _ in true }
        press.delegate = delegate
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(200, 400)))
        fingers.wait(until: 500)
        #expect(log.entries == ["V began #1", "V cancelled #1", "LP began"])
        fingers.move(600, (1, pt(260, 400)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "LP began", "LP changed", "P began"])
        fingers.up(900, (1, pt(260, 400)))
        #expect(log.entries.suffix(2).sorted() == ["LP ended", "P ended"])
    }

    @Test("gestureRecognizerShouldBegin false (S9): the pan fails, asked once; the child sees the whole sequence")
    func shouldBeginFalse() {
        let (_, container, _, log, fingers) = containerScene()
        let pan = recordActions(PanGestureRecognizer(), "pan", in: log)
        let delegate = ConfigurableDelegate()
        delegate.shouldBegin = { _ in false }
        pan.delegate = delegate
        container.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(150, 150)))
        moves(fingers, from: pt(150, 150), step: pt(3, 0), count: 6, at: 0)
        fingers.up(112, (1, pt(168, 150)))
        #expect(log.entries(of: "pan").isEmpty)
        #expect(delegate.shouldBeginAsked == 1)
        #expect(log.entries == ["V began #1"] + Array(repeating: "V moved #1", count: 6) + ["V ended #1"])
    }

    @Test("A view's gestureRecognizerShouldBegin false, on the hit view, vetoes an ancestor's recognizer")
    func viewVeto() {
        final class NoPanView: RecordingView {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
                !(gestureRecognizer is PanGestureRecognizer)
            }
        }
        let (_, container, _, log, fingers) = acceptanceScene(label: "C")
        let child = NoPanView("W", frame: Rect(x: 100, y: 100, width: 200, height: 200), log: log)
        container.addSubview(child)
        container.addGestureRecognizer(recordActions(PanGestureRecognizer(), "pan", in: log))
        fingers.down(0, (1, pt(150, 150)))
        moves(fingers, from: pt(150, 150), step: pt(5, 0), count: 4, at: 0)
        fingers.up(80, (1, pt(170, 150)))
        #expect(log.entries(of: "pan").isEmpty)
        #expect(log.entries(of: "W").last == "W ended #1")
    }
}

@Suite("Acceptance: cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded")
struct AcceptanceTouchDelayTests {
    @Test("S9: a superview's pan cancels the child's touch when it begins; later phases never reach the child")
    func superviewPanCancels() {
        let (_, container, _, log, fingers) = containerScene()
        container.addGestureRecognizer(recordActions(PanGestureRecognizer(), "pan", in: log))
        fingers.down(0, (1, pt(150, 150)))
        moves(fingers, from: pt(150, 150), step: pt(3, 0), count: 6, at: 0)
        fingers.up(112, (1, pt(168, 150)))
        #expect(log.entries == [
            "V began #1", "V moved #1", "V moved #1", "V moved #1", "V cancelled #1", "pan began", "pan changed",
            "pan changed", "pan ended",
        ])
    }

    @Test("S9: cancelsTouchesInView = false: the child sees every phase while the pan runs")
    func noCancel() {
        let (_, container, _, log, fingers) = containerScene()
        let pan = recordActions(PanGestureRecognizer(), "pan", in: log)
        pan.cancelsTouchesInView = false
        container.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(150, 150)))
        moves(fingers, from: pt(150, 150), step: pt(3, 0), count: 6, at: 0)
        fingers.up(112, (1, pt(168, 150)))
        #expect(log.entries(of: "V") == ["V began #1"] + Array(repeating: "V moved #1", count: 6) + ["V ended #1"])
        #expect(log.entries(of: "pan") == ["pan began", "pan changed", "pan changed", "pan ended"])
    }

    @Test("A tap with cancelsTouchesInView = false: the view gets its ended, then the action")
    func tapNoCancel() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries.filter { $0.hasPrefix("V") } == ["V began #1", "V ended #1"])
        #expect(log.entries(of: "tap") == ["tap ended"])
    }

    @Test("S10a: delaysTouchesBegan: a recognized tap means the view never hears of the touch")
    func delayedTap() {
        let (_, container, _, log, fingers) = containerScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        tap.delaysTouchesBegan = true
        container.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(150, 150)))
        #expect(log.entries.isEmpty)
        fingers.up(90, (1, pt(150, 150)))
        #expect(log.entries == ["tap ended"])
    }

    @Test("S10b: delaysTouchesBegan: when the tap fails the withheld began is delivered at its own location, then moved")
    func delayedThenReleased() {
        let (_, container, child, log, fingers) = containerScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        tap.delaysTouchesBegan = true
        container.addGestureRecognizer(tap)
        var locations: [String: Point] = [:]
        child.inspect = { method, touches, _ in
            if let touch = touches.first { locations[method] = touch.location(in: nil) }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(112, 100)))
        fingers.move(32, (1, pt(124, 100)))
        fingers.move(48, (1, pt(136, 100)))
        fingers.move(64, (1, pt(145, 100)))
        #expect(log.entries.isEmpty)  // 45 pt is not more than 45: still a possible tap
        fingers.move(80, (1, pt(151, 100)))
        #expect(log.entries == ["V began #1", "V moved #1"])
        #expect(locations["began"] == pt(100, 100))
        #expect(locations["moved"] == pt(151, 100))
        fingers.move(96, (1, pt(160, 100)))
        fingers.up(112, (1, pt(160, 100)))
        #expect(log.entries == ["V began #1", "V moved #1", "V moved #1", "V ended #1"])
    }

    @Test("S10c: delaysTouchesBegan: a held finger is delivered when the tap's 0.75 s runs out")
    func delayedHold() {
        let (_, container, _, log, fingers) = containerScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        tap.delaysTouchesBegan = true
        container.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(150, 150)))
        fingers.wait(until: 749)
        #expect(log.entries.isEmpty)
        fingers.wait(until: 750)
        #expect(log.entries == ["V began #1"])
        fingers.up(800, (1, pt(150, 150)))
        #expect(log.entries == ["V began #1", "V ended #1"])
    }

    @Test("S10d: delaysTouchesBegan: a finger that moved while withheld is flushed as one move from where it went down")
    func delayedMoveFlushedFromDown() {
        let (_, container, child, log, fingers) = containerScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        tap.delaysTouchesBegan = true
        container.addGestureRecognizer(tap)
        // A drawing view's usual bookkeeping: the sum of its touchesMoved steps, and what each call saw.
        var drawn = Point.zero
        var movedCalls: [(phase: TouchPhase, location: Point, previous: Point)] = []
        child.inspect = { method, touches, _ in
            guard method == "moved", let touch = touches.first else { return }
            let location = touch.location(in: nil)
            let previous = touch.previousLocation(in: nil)
            movedCalls.append((touch.phase, location, previous))
            drawn = Point(x: drawn.x + location.x - previous.x, y: drawn.y + location.y - previous.y)
        }
        fingers.down(0, (1, pt(150, 150)))
        fingers.move(100, (1, pt(156, 150)))
        fingers.move(200, (1, pt(160, 153)))
        #expect(log.entries.isEmpty)
        // The tap's 0.75 s run out while the finger rests: the view gets the touch at last, in a dispatch in
        // which the finger did not move.
        fingers.wait(until: 750)
        #expect(log.entries == ["V began #1", "V moved #1"])
        #expect(movedCalls.count == 1)
        #expect(movedCalls.first?.phase == .moved)
        #expect(movedCalls.first?.location == pt(160, 153))
        #expect(movedCalls.first?.previous == pt(150, 150))
        fingers.move(800, (1, pt(170, 160)))
        fingers.up(816, (1, pt(170, 160)))
        // Every step the finger took reached the view: its drawing ends where the finger lifted.
        #expect(drawn == pt(20, 10))
    }
}

@Suite("Acceptance: isEnabled and removal mid-gesture (UIGestureRecognizer)")
struct AcceptanceEnableRemoveTests {
    @Test("isEnabled = false while the pan is recognizing cancels it (one cancelled action); re-enabling works later")
    func disableMidGesture() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        moves(fingers, from: pt(100, 100), step: pt(6, 0), count: 3, at: 0)
        #expect(log.entries(of: "P") == ["P began", "P changed"])
        pan.isEnabled = false
        fingers.move(64, (1, pt(130, 100)))
        fingers.up(80, (1, pt(130, 100)))
        #expect(log.entries(of: "P") == ["P began", "P changed", "P cancelled"])
        #expect(pan.state == .possible)
        pan.isEnabled = true
        fingers.down(1000, (2, pt(100, 100)))
        moves(fingers, id: 2, from: pt(100, 100), step: pt(6, 0), count: 3, at: 1000)
        fingers.up(1064, (2, pt(118, 100)))
        #expect(log.entries(of: "P").suffix(3) == ["P began", "P changed", "P ended"])
    }

    @Test("isEnabled = false while possible fails silently: no action, the view gets the rest of the sequence")
    func disableWhilePossible() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 100)))
        tap.isEnabled = false
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries == ["V began #1", "V ended #1"])
    }

    @Test("Removing a recognizing pan from its view cancels it (one cancelled action, no ended)")
    func removeMidGesture() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        moves(fingers, from: pt(100, 100), step: pt(6, 0), count: 3, at: 0)
        view.removeGestureRecognizer(pan)
        fingers.move(64, (1, pt(130, 100)))
        fingers.up(80, (1, pt(130, 100)))
        #expect(log.entries(of: "P") == ["P began", "P changed", "P cancelled"])
        #expect(pan.view == nil)
    }
}

@Suite("Acceptance: hit-testing, multiple and exclusive touch, responder chain")
struct AcceptanceDeliveryTests {
    @Test("Hidden, alpha < 0.01 and isUserInteractionEnabled = false views are skipped by hit-testing")
    func hitTestSkips() {
        let (_, _, back, log, fingers) = acceptanceScene()
        let front = RecordingView("F", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        let inner = RecordingView("I", frame: Rect(x: 50, y: 50, width: 50, height: 50), log: log)
        front.addSubview(inner)
        back.addSubview(front)
        var id: UInt64 = 0
        func tap() -> [String] {
            log.clear()
            id += 1
            fingers.down(Double(id) * 1000, (id, pt(60, 60)))
            fingers.up(Double(id) * 1000 + 50, (id, pt(60, 60)))
            return log.entries.map { String($0.prefix(1)) }
        }
        #expect(tap() == ["I", "I"])
        inner.isHidden = true
        #expect(tap() == ["F", "F"])
        inner.isHidden = false
        inner.alpha = 0.009
        #expect(tap() == ["F", "F"])
        inner.alpha = 0.01  // "less than 0.01" is skipped; 0.01 is not
        #expect(tap() == ["I", "I"])
        front.isUserInteractionEnabled = false  // the view and all its subviews
        #expect(tap() == ["V", "V"])
        front.isUserInteractionEnabled = true
        front.isHidden = true
        #expect(tap() == ["V", "V"])
        #expect(back.hitTest(pt(60, 60), with: nil) === back)
        front.isHidden = false
        #expect(back.hitTest(pt(60, 60), with: nil) === inner)
        #expect(back.hitTest(pt(500, 60), with: nil) == nil)
    }

    @Test("The last added of overlapping siblings is hit first")
    func frontmostSibling() {
        let (_, _, back, log, fingers) = acceptanceScene()
        back.addSubview(RecordingView("A", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log))
        back.addSubview(RecordingView("B", frame: Rect(x: 100, y: 100, width: 200, height: 200), log: log))
        fingers.down(0, (1, pt(150, 150)))
        fingers.up(50, (1, pt(150, 150)))
        #expect(log.entries == ["B began #1", "B ended #1"])
    }

    @Test("S12: isMultipleTouchEnabled = false: the second touch is not delivered to the view")
    func singleTouchView() {
        let (_, _, view, log, fingers) = acceptanceScene()
        fingers.down(0, (1, pt(100, 100)))
        fingers.down(50, (2, pt(150, 100)))
        fingers.move(60, (1, pt(120, 100)), (2, pt(170, 100)))
        fingers.up(100, (2, pt(170, 100)))
        fingers.up(120, (1, pt(120, 100)))
        #expect(log.entries == ["V began #1", "V moved #1", "V ended #1"])
        log.clear()
        view.isMultipleTouchEnabled = true
        fingers.down(1000, (3, pt(100, 100)))
        fingers.down(1050, (4, pt(150, 100)))
        fingers.up(1100, (4, pt(150, 100)))
        fingers.up(1120, (3, pt(100, 100)))
        #expect(log.entries == ["V began #3", "V began #4", "V ended #4", "V ended #3"])
    }

    @Test("S12: the single-touch view's recognizers still get the second touch: a two-finger pan begins")
    func singleTouchViewRecognizerSeesAll() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        pan.minimumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        fingers.down(50, (2, pt(150, 100)))
        #expect(log.entries == ["V began #1"])
        for index in 1...4 {
            let dx = Double(index) * 5
            fingers.move(50 + Double(index) * 16, (1, pt(100 + dx, 100)), (2, pt(150 + dx, 100)))
        }
        #expect(log.entries(of: "P").first == "P began")
        #expect(log.entries.contains("V cancelled #1"))
        #expect(!log.entries.contains { $0.hasPrefix("V") && $0.contains("#2") })
        fingers.up(200, (1, pt(120, 100)), (2, pt(170, 100)))
    }

    @Test("S11: an exclusive view tracking a touch blocks other views' new touches, for their whole life")
    func exclusiveTouch() {
        let (a, _, log, fingers) = exclusivePairScene()
        fingers.down(0, (1, pt(100, 50)))
        fingers.down(50, (2, pt(300, 50)))
        fingers.up(200, (1, pt(100, 50)))
        fingers.move(250, (2, pt(310, 50)))
        fingers.up(300, (2, pt(310, 50)))
        #expect(log.entries == ["A began #1", "A ended #1"])
        log.clear()
        // Reverse: B tracks first, then a touch on the exclusive A is not delivered.
        fingers.down(1000, (3, pt(300, 50)))
        fingers.down(1050, (4, pt(100, 50)))
        fingers.up(1100, (4, pt(100, 50)))
        fingers.up(1200, (3, pt(300, 50)))
        #expect(log.entries == ["B began #3", "B ended #3"])
        log.clear()
        // Control: both non-exclusive.
        a.isExclusiveTouch = false
        fingers.down(2000, (5, pt(100, 50)))
        fingers.down(2050, (6, pt(300, 50)))
        fingers.up(2100, (5, pt(100, 50)), (6, pt(300, 50)))
        #expect(log.entries.sorted() == ["A began #5", "A ended #5", "B began #6", "B ended #6"])
    }

    @Test("A view that does not override the touch methods passes touches up the responder chain")
    func responderChain() {
        final class ChainController: ViewController {
            var heard: [String] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { heard.append("began") }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { heard.append("ended") }
        }
        let (_, _, parent, log, fingers) = acceptanceScene()
        let plain = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(plain)
        let forwarding = RecordingView("C", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: log)
        forwarding.forwards = true
        parent.addSubview(forwarding)
        fingers.down(0, (1, pt(50, 50)))
        fingers.up(50, (1, pt(50, 50)))
        #expect(log.entries == ["V began #1", "V ended #1"])
        log.clear()
        fingers.down(1000, (2, pt(250, 50)))
        fingers.up(1050, (2, pt(250, 50)))
        #expect(log.entries == ["C began #2", "V began #2", "C ended #2", "V ended #2"])

        // A plain root view of a view controller passes them to the controller.
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        let controller = ChainController(view: View())
        window.rootViewController = controller
        let input = Fingers(application)
        input.down(0, (1, pt(50, 50)))
        input.up(50, (1, pt(50, 50)))
        #expect(controller.heard == ["began", "ended"])
    }
}

@Suite("Acceptance: UIControl tracking and controls under recognizers")
struct AcceptanceControlTests {
    func buttonScene() -> (Application, View, Control, AcceptanceLog, Fingers) {
        let log = AcceptanceLog()
        let (application, _, container, _, fingers) = acceptanceScene(label: "C")
        let button = Control(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        container.addSubview(button)
        for (event, label) in [
            (Control.Events.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"),
            (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"), (.touchDragExit, "touchDragExit"),
            (.touchDragEnter, "touchDragEnter"),
        ] {
            _ = button.addAction(for: event) { _ in log.entries.append("B \(label)") }
        }
        return (application, container, button, log, fingers)
    }

    @Test("A tap on a control: touchDown (highlighted), then touchUpInside (not highlighted)")
    func tapControl() {
        let (_, _, button, log, fingers) = buttonScene()
        fingers.down(0, (1, pt(150, 120)))
        #expect(button.isHighlighted)
        #expect(button.isTracking)
        fingers.up(90, (1, pt(151, 120)))
        #expect(!button.isHighlighted)
        #expect(log.entries == ["B touchDown", "B touchUpInside"])
    }

    @Test("Dragging far outside a control: touchDragExit, then touchUpOutside; no touchUpInside")
    func dragOut() {
        let (_, _, button, log, fingers) = buttonScene()
        fingers.down(0, (1, pt(150, 120)))
        fingers.move(100, (1, pt(150, 400)))
        #expect(!button.isHighlighted)
        fingers.up(200, (1, pt(150, 400)))
        #expect(log.entries == ["B touchDown", "B touchDragExit", "B touchUpOutside"])
    }

    @Test("S4a: a quick tap on a control inside a pan container is the control's")
    func quickTapInPanContainer() {
        let (_, container, _, log, fingers) = buttonScene()
        container.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(150, 120)))
        fingers.up(90, (1, pt(151, 120)))
        #expect(log.entries == ["B touchDown", "B touchUpInside"])
    }

    @Test("S4b: a drag on the control: the container's pan begins and the control gets touchCancel first")
    func dragInPanContainer() {
        let (_, container, button, log, fingers) = buttonScene()
        container.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(150, 120)))
        fingers.move(16, (1, pt(154, 120)))
        fingers.move(32, (1, pt(158, 120)))
        fingers.move(48, (1, pt(161, 120)))
        #expect(log.entries == ["B touchDown", "B touchCancel", "P began"])
        #expect(!button.isHighlighted)
        fingers.move(64, (1, pt(170, 120)))
        fingers.up(200, (1, pt(170, 120)))
        #expect(log.entries == ["B touchDown", "B touchCancel", "P began", "P changed", "P ended"])
    }

    @Test("A single tap on a control beats an ancestor's tap recognizer; a tap on the control itself prevents it")
    func controlVersusTap() {
        let (_, container, button, log, fingers) = buttonScene()
        container.addGestureRecognizer(recordActions(TapGestureRecognizer(), "outer", in: log))
        fingers.down(0, (1, pt(150, 120)))
        fingers.up(90, (1, pt(150, 120)))
        fingers.settle()
        #expect(log.entries == ["B touchDown", "B touchUpInside"])
        log.clear()
        button.addGestureRecognizer(recordActions(TapGestureRecognizer(), "own", in: log))
        fingers.down(1000, (2, pt(150, 120)))
        fingers.up(1090, (2, pt(150, 120)))
        fingers.settle()
        #expect(log.entries == ["B touchDown", "B touchCancel", "own ended"])
    }
}
