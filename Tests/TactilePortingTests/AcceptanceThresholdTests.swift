import Foundation
import Tactile
import Testing

// Acceptance checks at the documented thresholds and their edges, from the spec's table of defaults (§6.0) and
// rules (§6.1–§6.7, §5.9): each pair of cases sits just on either side of a number the spec states.

@Suite("Acceptance: thresholds of the built-in recognizers")
struct AcceptanceThresholdTests {
    /// V with a lone double-tap recognizer logged as "double".
    func doubleTapScene() -> (AcceptanceLog, Fingers) {
        let (_, _, view, log, fingers) = acceptanceScene()
        let double = recordActions(TapGestureRecognizer(), "double", in: log)
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        return (log, fingers)
    }

    @Test("A double tap whose second tap lands more than 45 pt from the first is no double tap")
    func doubleTapTooFar() {
        let (log, fingers) = doubleTapScene()
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(200, 100))
        fingers.settle()
        #expect(log.entries(of: "double").isEmpty)
        #expect(log.tapCounts[2] == 1)
    }

    @Test("A double-tap recognizer alone holds the view's ended until its interval passes (delaysTouchesEnded)")
    func heldEnded() {
        let (log, fingers) = doubleTapScene()
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries == ["V began #1"])
        fingers.wait(until: 429)
        #expect(log.entries == ["V began #1"])
        fingers.wait(until: 430)
        #expect(log.entries == ["V began #1", "V ended #1"])
    }

    @Test("S7 variant: a third finger fails the two-finger tap at once; the view then gets every phase")
    func thirdFinger() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let tap2 = recordActions(TapGestureRecognizer(), "tap2", in: log)
        tap2.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap2)
        fingers.down(0, (1, pt(150, 300)))
        fingers.down(30, (2, pt(220, 300)))
        fingers.down(60, (3, pt(180, 360)))
        fingers.up(120, (1, pt(150, 300)))
        #expect(log.entries.last == "V ended #1")  // not withheld: the tap already failed
        fingers.up(140, (2, pt(220, 300)), (3, pt(180, 360)))
        #expect(log.entries(of: "tap2").isEmpty)
    }

    @Test("A two-finger long press times its 0.5 s from the second finger")
    func staggeredPress() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        press.numberOfTouchesRequired = 2
        var location: Point?
        _ = press.addAction { if $0.state == .began { location = $0.location(in: view) } }
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(100, 400)))
        fingers.down(300, (2, pt(200, 400)))
        fingers.wait(until: 799)
        #expect(log.entries(of: "LP").isEmpty)
        fingers.wait(until: 800)
        #expect(log.entries(of: "LP") == ["LP began"])
        #expect(location == pt(150, 400))  // the centroid
        fingers.up(900, (1, pt(100, 400)), (2, pt(200, 400)))
    }

    @Test("A pan begins at exactly 10 pt along y, not at 9.5 pt")
    func panHysteresis() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(PanGestureRecognizer(), "P", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(100, 109.5)))
        #expect(log.entries(of: "P").isEmpty)
        fingers.move(32, (1, pt(100, 110)))
        #expect(log.entries(of: "P") == ["P began"])
        fingers.up(48, (1, pt(100, 110)))
    }

    @Test("A two-finger pan whose fingers drop below the minimum stays changed without updates until all lift")
    func belowMinimum() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        pan.minimumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 300)), (2, pt(160, 300)))
        fingers.move(16, (1, pt(115, 300)), (2, pt(175, 300)))
        fingers.move(32, (1, pt(120, 300)), (2, pt(180, 300)))
        #expect(log.entries(of: "P") == ["P began", "P changed"])
        fingers.up(48, (1, pt(120, 300)))
        fingers.move(64, (2, pt(220, 300)))
        #expect(log.entries(of: "P") == ["P began", "P changed"])
        #expect(pan.state == .changed)
        fingers.up(80, (2, pt(220, 300)))
        #expect(log.entries(of: "P") == ["P began", "P changed", "P ended"])
    }

    @Test("A pinch needs its span to change by 10 pt; a rotation needs 0.05 rad")
    func pairThresholds() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(recordActions(PinchGestureRecognizer(), "pinch", in: log))
        fingers.down(0, (1, pt(100, 400)), (2, pt(300, 400)))
        fingers.move(20, (1, pt(96, 400)), (2, pt(304, 400)))  // +8
        #expect(log.entries(of: "pinch").isEmpty)
        fingers.move(40, (1, pt(95, 400)), (2, pt(305, 400)))  // +10
        #expect(log.entries(of: "pinch") == ["pinch began"])
        fingers.up(60, (1, pt(95, 400)), (2, pt(305, 400)))

        let (_, _, other, rotationLog, more) = acceptanceScene()
        other.isMultipleTouchEnabled = true
        other.addGestureRecognizer(recordActions(RotationGestureRecognizer(), "rot", in: rotationLog))
        func at(_ angle: Double) -> Point { pt(200 + 100 * cos(angle), 400 + 100 * sin(angle)) }
        more.down(0, (1, pt(200, 400)), (2, at(0)))
        more.move(20, (2, at(0.04)))
        #expect(rotationLog.entries(of: "rot").isEmpty)
        more.move(40, (2, at(0.06)))
        #expect(rotationLog.entries(of: "rot") == ["rot began"])
        more.up(60, (1, pt(200, 400)), (2, at(0.06)))
    }

    @Test("A pinch ignores a third finger: the scale follows the first two")
    func pinchThirdFinger() {
        let (_, _, view, _, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        _ = pinch.addAction { _ in scales.append(pinch.scale) }
        view.addGestureRecognizer(pinch)
        fingers.down(0, (1, pt(100, 400)), (2, pt(300, 400)))
        fingers.move(20, (1, pt(90, 400)), (2, pt(310, 400)))  // 220: 1.1
        fingers.down(40, (3, pt(200, 600)))
        fingers.move(60, (3, pt(200, 700)))  // only the third moves
        fingers.move(80, (1, pt(80, 400)), (2, pt(320, 400)))  // 240: 1.2
        #expect(scales.first.map { abs($0 - 1.1) < 1e-9 } ?? false)
        #expect(scales.last.map { abs($0 - 1.2) < 1e-9 } ?? false, "\(scales)")
        fingers.up(100, (1, pt(80, 400)), (2, pt(320, 400)), (3, pt(200, 700)))
    }

    @Test("A swipe that is too diagonal (secondary movement over half the primary) is no swipe")
    func diagonalSwipe() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(SwipeGestureRecognizer(), "S", in: log))
        fingers.down(0, (1, pt(50, 400)))
        for index in 1...4 { fingers.move(Double(index) * 16, (1, pt(50 + Double(index) * 20, 400 + Double(index) * 14))) }
        fingers.up(80, (1, pt(130, 456)))
        #expect(log.entries(of: "S").isEmpty)
    }

    @Test("Pan velocity in a view scaled by 2 is half the screen velocity")
    func scaledVelocity() {
        let (_, _, parent, _, fingers) = acceptanceScene(label: "C")
        let zoomed = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        zoomed.transform = AffineTransform(scaleX: 2, y: 2)
        parent.addSubview(zoomed)
        let pan = PanGestureRecognizer()
        var pairs: [(Point, Point)] = []
        _ = pan.addAction { _ in pairs.append((pan.velocity(in: nil), pan.velocity(in: zoomed))) }
        parent.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(50, 500)))
        for index in 1...12 { fingers.move(Double(index) * 8, (1, pt(50 + Double(index) * 4, 500))) }
        if let (screen, inZoomed) = pairs.last {
            #expect(screen.x > 100)
            #expect(abs(inZoomed.x - screen.x / 2) < 1e-6 && abs(inZoomed.y) < 1e-6, "\(screen) \(inZoomed)")
        }
        #expect(!pairs.isEmpty)
        fingers.up(110, (1, pt(98, 500)))
    }

    @Test("A timer dispatch happens at the timer's due time: a press's began is at touch-down + 0.5 s exactly")
    func timerTime() {
        let (application, _, view, _, fingers) = acceptanceScene()
        let press = LongPressGestureRecognizer()
        var times: [Timestamp?] = []
        _ = press.addAction { _ in times.append(application.currentTime) }
        view.addGestureRecognizer(press)
        fingers.down(1234, (1, pt(100, 100)))
        fingers.wait(until: 5000)
        #expect(times == [Timestamp(seconds: 1.734)])
        fingers.up(5100, (1, pt(100, 100)))
    }

    @Test("allowableMovement is a distance: (8, 8) from the touch-down (11.3 pt) fails a press")
    func euclideanMovement() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        fingers.down(0, (1, pt(200, 400)))
        fingers.move(100, (1, pt(208, 408)))
        fingers.wait(until: 700)
        fingers.up(800, (1, pt(208, 408)))
        #expect(log.entries(of: "LP").isEmpty)
    }

    @Test("A double tap's location(in:) is where the first tap touched down")
    func doubleTapLocation() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        var location: Point?
        _ = double.addAction { location = $0.location(in: view) }
        view.addGestureRecognizer(double)
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(110, 105))
        #expect(location == pt(100, 100))
    }

    @Test("A two-finger swipe's location(in:) is the centroid where it began")
    func swipeLocation() {
        let (_, _, view, _, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let swipe = SwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        var location: Point?
        _ = swipe.addAction { location = $0.location(in: view) }
        view.addGestureRecognizer(swipe)
        fingers.down(0, (1, pt(50, 300)), (2, pt(50, 360)))
        for index in 1...4 {
            let dx = Double(index) * 20
            fingers.move(Double(index) * 16, (1, pt(50 + dx, 300)), (2, pt(50 + dx, 360)))
        }
        fingers.up(80, (1, pt(130, 300)), (2, pt(130, 360)))
        #expect(location == pt(50, 330))
    }

    @Test("translation(in:) in the ended action is the total translation, not zero")
    func translationAtEnd() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let pan = PanGestureRecognizer()
        var ended: Point?
        _ = pan.addAction { if $0.state == .ended { ended = pan.translation(in: view) } }
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(112, 100)))  // began; translation measured from touch-down (issue 37)
        fingers.move(32, (1, pt(130, 110)))
        fingers.up(48, (1, pt(130, 110)))
        #expect(ended == pt(30, 10))
    }
}

@Suite("Acceptance: several recognizers holding one touch (spec §4.3, §5.8, §5.9)")
struct AcceptanceSeveralHoldersTests {
    @Test("delaysTouchesBegan on two recognizers: the view gets the touch only when both have failed")
    func twoDelayers() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        tap.delaysTouchesBegan = true
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(112, 100)))  // the press fails (12 pt > 10), the tap is still possible
        #expect(log.entries.isEmpty)
        fingers.move(32, (1, pt(150, 100)))  // the tap fails (50 pt > 45): flush
        #expect(log.entries == ["V began #1", "V moved #1"])
        fingers.up(48, (1, pt(150, 100)))
        #expect(log.entries.last == "V ended #1")
    }

    @Test("The recognizer that recognizes has cancelsTouchesInView = false: the held ended is released, not cancelled")
    func recognizerThatDoesNotCancel() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        tap.cancelsTouchesInView = false
        let double = recordActions(TapGestureRecognizer(), "double", in: log)
        double.numberOfTapsRequired = 2
        _ = tap.require(toFail: double)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(double)
        fingers.tap(0, 1, at: pt(100, 100))
        #expect(log.entries == ["V began #1"])
        fingers.settle()
        #expect(log.entries.filter { $0.hasPrefix("V") } == ["V began #1", "V ended #1"])
        #expect(log.entries(of: "tap") == ["tap ended"])
    }

    @Test("A touch refused by an exclusive view's rule does not reach that view's recognizers either")
    func exclusiveRejectedTouchSkipsRecognizers() {
        let (_, b, log, fingers) = exclusivePairScene()
        b.addGestureRecognizer(recordActions(TapGestureRecognizer(), "tapB", in: log))
        fingers.down(0, (1, pt(100, 50)))
        fingers.tap(50, 2, at: pt(300, 50))
        fingers.up(300, (1, pt(100, 50)))
        fingers.settle()
        #expect(log.entries == ["A began #1", "A ended #1"])
    }
}
