import Tactile
import Testing

// Acceptance checks for taps, tap counts and long presses, written from Apple's UIKit documentation
// (UITouch.tapCount, UITapGestureRecognizer, UILongPressGestureRecognizer, UIGestureRecognizer's
// delaysTouchesEnded) and the spec's scenarios S1, S2, S3, S5 and S7 (Tactile.docc/UIKitSemantics.md §7), on the public
// API.

@Suite("Acceptance: touches and tapCount (UITouch, spec S1, §2.6)")
struct AcceptanceTouchTests {
    @Test("S1: a plain tap gives the hit view began then ended, touch.view is the view, tapCount 1")
    func plainTap() {
        let (_, _, view, log, fingers) = acceptanceScene()
        var viewAtBegan: View?
        var phases: [TouchPhase] = []
        view.inspect = { _, touches, _ in
            for touch in touches {
                phases.append(touch.phase)
                if touch.phase == .began { viewAtBegan = touch.view }
            }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries == ["V began #1", "V ended #1"])
        #expect(viewAtBegan === view)
        #expect(phases == [.began, .ended])
        #expect(log.tapCounts[1] == 1)
    }

    @Test("location(in:) and previousLocation(in:) are in the given view's coordinates; phase is moved")
    func locations() {
        let (_, _, view, _, fingers) = acceptanceScene(viewFrame: Rect(x: 50, y: 100, width: 300, height: 400))
        var seen: [(TouchPhase, Point, Point, Point)] = []
        view.inspect = { method, touches, _ in
            guard method == "moved", let touch = touches.first else { return }
            seen.append((touch.phase, touch.location(in: view), touch.previousLocation(in: view),
                         touch.location(in: nil)))
        }
        fingers.down(0, (1, pt(100, 200)))
        fingers.move(16, (1, pt(110, 205)))
        fingers.up(32, (1, pt(110, 205)))
        #expect(seen.count == 1)
        if let (phase, location, previous, inWindow) = seen.first {
            #expect(phase == .moved)
            #expect(location == pt(60, 105))
            #expect(previous == pt(50, 100))
            #expect(inWindow == pt(110, 205))
        }
    }

    @Test("tapCount counts quick taps at the same place: 1, 2, 3")
    func tapCountCounts() {
        let (_, _, _, log, fingers) = acceptanceScene()
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(103, 101))
        fingers.down(400, (3, pt(99, 102)))
        fingers.up(480, (3, pt(99, 102)))
        #expect(log.tapCounts == [1: 1, 2: 2, 3: 3])
    }

    @Test("tapCount starts again at 1 after a slow second tap (S2c) or one far from the first")
    func tapCountRestarts() {
        let (_, _, _, log, fingers) = acceptanceScene()
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        fingers.down(500, (2, pt(100, 100)))  // 420 ms after the lift
        fingers.up(580, (2, pt(100, 100)))
        fingers.down(700, (3, pt(300, 500)))  // quick but far away
        fingers.up(780, (3, pt(300, 500)))
        #expect(log.tapCounts == [1: 1, 2: 1, 3: 1])
    }
}

@Suite("Acceptance: UITapGestureRecognizer")
struct AcceptanceTapTests {
    @Test("Defaults are one tap of one touch; a tap is discrete: its only action is recognized (= ended)")
    func discreteTap() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let tap = recordActions(TapGestureRecognizer(), "tap", in: log)
        #expect(tap.numberOfTapsRequired == 1)
        #expect(tap.numberOfTouchesRequired == 1)
        #expect(tap.cancelsTouchesInView && !tap.delaysTouchesBegan && tap.delaysTouchesEnded)
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 100)))
        #expect(tap.state == .possible)
        fingers.up(80, (1, pt(100, 100)))
        // The view's ended phase is withheld then cancelled, immediately before the action.
        #expect(log.entries == ["V began #1", "V cancelled #1", "tap ended"])
        #expect(tap.state == .possible)  // reset after the sequence
        #expect(GestureRecognizer.State.recognized == .ended)
    }

    @Test("location(in:) of a recognized tap is where the finger touched down")
    func tapLocation() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let tap = TapGestureRecognizer()
        var location: Point?
        _ = tap.addAction { location = $0.location(in: view) }
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(120, 240)))
        fingers.move(30, (1, pt(124, 243)))
        fingers.up(80, (1, pt(124, 243)))
        #expect(location == pt(120, 240))
    }

    @Test("A finger moving more than 45 pt is not a tap; the view gets its ended")
    func movedTooFar() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(TapGestureRecognizer(), "tap", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(30, (1, pt(150, 100)))
        fingers.up(80, (1, pt(150, 100)))
        #expect(log.entries == ["V began #1", "V moved #1", "V ended #1"])
    }

    @Test("A finger held longer than the maximum tap duration (0.75 s) is not a tap")
    func heldTooLong() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(TapGestureRecognizer(), "tap", in: log))
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(900, (1, pt(100, 100)))
        #expect(log.entries == ["V began #1", "V ended #1"])
    }

    @Test("S2a: the single tap requiring the double tap to fail fires after the 0.35 s interval")
    func singleWaitsForDouble() {
        let (_, log, fingers, single, double) = tapPairScene(singleWaits: true)
        fingers.tap(0, 1, at: pt(100, 100))
        #expect(log.entries == ["V began #1"])  // ended withheld by both, single waiting
        #expect(single.state == .possible)
        #expect(double.state == .possible)
        fingers.wait(until: 429)
        #expect(log.entries == ["V began #1"])
        fingers.wait(until: 430)
        #expect(log.entries == ["V began #1", "V cancelled #1", "single ended"])
        #expect(fingers.application.nextDeadline == nil)
    }

    @Test("S2b: a double tap fires only the double tap; the view gets began, began, cancelled, cancelled")
    func doubleTapWins() {
        let (_, log, fingers, _, _) = tapPairScene(singleWaits: true)
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(103, 101))
        fingers.settle()
        #expect(log.tapCounts[2] == 2)
        let cancelled = log.entries.filter { $0.hasPrefix("V cancelled") }
        #expect(cancelled == ["V cancelled #1,#2"] || cancelled == ["V cancelled #1", "V cancelled #2"])
        #expect(log.entries.first == "V began #1")
        #expect(log.entries.dropFirst().first == "V began #2")
        #expect(log.entries.last == "double ended")
        #expect(!log.entries.contains("single ended"))
        #expect(!log.entries.contains { $0.hasPrefix("V ended") })
    }

    @Test("S2c: taps too slow for a double tap are two single taps")
    func slowTapsAreSingles() {
        let (_, log, fingers, _, _) = tapPairScene(singleWaits: true)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(80, (1, pt(100, 100)))
        fingers.down(500, (2, pt(103, 101)))
        #expect(log.entries(of: "single") == ["single ended"])
        fingers.up(580, (2, pt(103, 101)))
        fingers.wait(until: 929)
        #expect(log.entries(of: "single") == ["single ended"])
        fingers.wait(until: 930)
        #expect(log.entries(of: "single") == ["single ended", "single ended"])
        #expect(log.entries(of: "double").isEmpty)
    }

    @Test("S2d: with delaysTouchesEnded = false the view gets began, ended, began, cancelled")
    func doubleTapWithoutDelayedEnds() {
        let (_, log, fingers, single, double) = tapPairScene(singleWaits: true)
        single.delaysTouchesEnded = false
        double.delaysTouchesEnded = false
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(103, 101))
        fingers.settle()
        #expect(log.entries == ["V began #1", "V ended #1", "V began #2", "V cancelled #2", "double ended"])
    }

    @Test("S3: without a failure requirement a double tap sends the single tap's action, then the double's")
    func noRequirementBothFire() {
        let (_, log, fingers, _, _) = tapPairScene(singleWaits: false)
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(103, 101))
        fingers.settle()
        #expect(log.entries == [
            "V began #1", "V cancelled #1", "single ended", "V began #2", "V cancelled #2", "double ended",
        ])
    }

    @Test("A triple-tap recognizer needs three taps; two taps fail after the interval")
    func tripleTap() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let triple = recordActions(TapGestureRecognizer(), "triple", in: log)
        triple.numberOfTapsRequired = 3
        view.addGestureRecognizer(triple)
        fingers.down(0, (1, pt(100, 100)))
        fingers.up(60, (1, pt(100, 100)))
        fingers.down(160, (2, pt(100, 100)))
        fingers.up(220, (2, pt(100, 100)))
        fingers.settle()
        #expect(log.entries(of: "triple").isEmpty)
        fingers.down(1000, (3, pt(100, 100)))
        fingers.up(1060, (3, pt(100, 100)))
        fingers.down(1160, (4, pt(100, 100)))
        fingers.up(1220, (4, pt(100, 100)))
        fingers.down(1320, (5, pt(100, 100)))
        fingers.up(1380, (5, pt(100, 100)))
        #expect(log.entries(of: "triple") == ["triple ended"])
    }

    @Test("S7: a two-finger tap recognizes at the last lift; location is the centroid (185, 300)")
    func twoFingerTap() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let tap2 = recordActions(TapGestureRecognizer(), "tap2", in: log)
        tap2.numberOfTouchesRequired = 2
        var location: Point?
        var touchCount = 0
        _ = tap2.addAction {
            location = $0.location(in: view)
            touchCount = $0.numberOfTouches
        }
        view.addGestureRecognizer(tap2)
        fingers.down(0, (1, pt(150, 300)))
        fingers.down(30, (2, pt(220, 300)))
        fingers.up(120, (1, pt(150, 300)))
        #expect(log.entries == ["V began #1", "V began #2"])
        fingers.up(140, (2, pt(220, 300)))
        let cancelled = log.entries.filter { $0.hasPrefix("V cancelled") }
        #expect(cancelled == ["V cancelled #1,#2"] || cancelled == ["V cancelled #1", "V cancelled #2"])
        #expect(log.entries.last == "tap2 ended")
        #expect(location == pt(185, 300))
        #expect(touchCount == 2)
    }

    @Test("S7 variants: one finger fails a two-finger tap (the view gets its ended); three fingers fail it too")
    func twoFingerTapFailures() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let tap2 = recordActions(TapGestureRecognizer(), "tap2", in: log)
        tap2.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap2)
        fingers.down(0, (1, pt(150, 300)))
        fingers.up(120, (1, pt(150, 300)))
        fingers.settle()
        #expect(log.entries == ["V began #1", "V ended #1"])
        log.clear()
        fingers.down(2000, (2, pt(150, 300)))
        fingers.down(2030, (3, pt(220, 300)))
        fingers.down(2060, (4, pt(180, 350)))
        fingers.up(2120, (2, pt(150, 300)), (3, pt(220, 300)), (4, pt(180, 350)))
        fingers.settle()
        #expect(log.entries(of: "tap2").isEmpty)
        #expect(log.entries.filter { $0.hasPrefix("V ended") }.count >= 1)
        #expect(Set(log.entries.filter { $0.hasPrefix("V ended") }.flatMap { entry in
            entry.dropFirst("V ended ".count).split(separator: ",").map(String.init)
        }) == ["#2", "#3", "#4"])
    }
}

@Suite("Acceptance: UILongPressGestureRecognizer")
struct AcceptanceLongPressTests {
    @Test("Defaults: 0.5 s, 10 pt, 0 taps, 1 touch")
    func defaults() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == .milliseconds(500))
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0)
        #expect(press.numberOfTouchesRequired == 1)
    }

    @Test("S5a: began at 0.5 s after cancelling the view's touch, changed on moves with no limit, ended at lift")
    func pressLifecycle() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(200, 400)))
        fingers.wait(until: 499)
        #expect(log.entries == ["V began #1"])
        fingers.wait(until: 500)
        #expect(log.entries == ["V began #1", "V cancelled #1", "LP began"])
        fingers.move(600, (1, pt(260, 400)))
        fingers.move(700, (1, pt(300, 450)))
        fingers.up(900, (1, pt(300, 450)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "LP began", "LP changed", "LP changed", "LP ended"])
    }

    @Test("Moving more than allowableMovement before the duration fails the press; within it, it still begins")
    func allowableMovement() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        fingers.down(0, (1, pt(200, 400)))
        fingers.move(100, (1, pt(211, 400)))
        fingers.wait(until: 800)
        fingers.up(900, (1, pt(211, 400)))
        #expect(log.entries(of: "LP").isEmpty)
        #expect(log.entries == ["V began #1", "V moved #1", "V ended #1"])
        log.clear()
        fingers.down(2000, (2, pt(200, 400)))
        fingers.move(2100, (2, pt(206, 406)))  // 8.5 pt away
        fingers.wait(until: 2500)
        #expect(log.entries(of: "LP") == ["LP began"])
        fingers.up(2600, (2, pt(206, 406)))
    }

    @Test("allowableMovement and minimumPressDuration are honoured when changed")
    func customThresholds() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        press.minimumPressDuration = .seconds(1)
        press.allowableMovement = 30
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(200, 400)))
        fingers.move(100, (1, pt(220, 400)))
        fingers.wait(until: 999)
        #expect(log.entries(of: "LP").isEmpty)
        fingers.wait(until: 1000)
        #expect(log.entries(of: "LP") == ["LP began"])
        fingers.up(1100, (1, pt(220, 400)))
        #expect(log.entries(of: "LP") == ["LP began", "LP ended"])
    }

    @Test("A finger lifted before the duration is no press; the view gets its ended")
    func liftedEarly() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.addGestureRecognizer(recordActions(LongPressGestureRecognizer(), "LP", in: log))
        fingers.down(0, (1, pt(200, 400)))
        fingers.up(300, (1, pt(200, 400)))
        fingers.settle()
        #expect(log.entries == ["V began #1", "V ended #1"])
    }

    @Test("numberOfTouchesRequired = 2: one finger never begins; two fingers begin, and lifting one ends it")
    func twoFingerPress() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        press.numberOfTouchesRequired = 2
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(200, 400)))
        fingers.wait(until: 1000)
        fingers.up(1100, (1, pt(200, 400)))
        #expect(log.entries(of: "LP").isEmpty)
        fingers.down(2000, (2, pt(200, 400)), (3, pt(260, 400)))
        fingers.wait(until: 2499)
        #expect(log.entries(of: "LP").isEmpty)
        fingers.wait(until: 2500)
        #expect(log.entries(of: "LP") == ["LP began"])
        fingers.up(2700, (2, pt(200, 400)))
        #expect(log.entries(of: "LP") == ["LP began", "LP ended"])
        fingers.up(2800, (3, pt(260, 400)))
        #expect(log.entries(of: "LP") == ["LP began", "LP ended"])
    }

    @Test("numberOfTapsRequired = 1: a tap then a press begins; a press alone does not")
    func tapThenPress() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let press = recordActions(LongPressGestureRecognizer(), "LP", in: log)
        press.numberOfTapsRequired = 1
        view.addGestureRecognizer(press)
        fingers.down(0, (1, pt(200, 400)))
        fingers.wait(until: 1000)
        fingers.up(1100, (1, pt(200, 400)))
        fingers.settle()
        #expect(log.entries(of: "LP").isEmpty)
        fingers.down(2000, (2, pt(200, 400)))
        fingers.up(2080, (2, pt(200, 400)))
        fingers.down(2200, (3, pt(202, 401)))
        fingers.wait(until: 2700)
        #expect(log.entries(of: "LP") == ["LP began"])
        fingers.up(2800, (3, pt(202, 401)))
        #expect(log.entries(of: "LP") == ["LP began", "LP ended"])
    }
}
