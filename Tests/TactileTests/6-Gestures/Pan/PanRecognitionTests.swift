import Testing
@testable import Tactile

@Suite("Pan recognition (spec §6.3)")
struct PanRecognitionTests {
    /// The rules' numbers below are stated from recognition (the `began` action sees (0, 0)), the reading
    /// rules 1–8 were written in; the default, touch-down, is checked by ``defaultOrigin()`` and the S4b pair.
    let pan = PanRecognition(configuration: .init(translationOrigin: .recognition))

    @Test("The default translation origin is touch-down (§9 open question 1, issue 37); a scroll view's pan measures from recognition")
    func defaultOrigin() {
        #expect(PanRecognition().configuration.translationOrigin == .touchDown)
        #expect(PanGestureRecognizer().translationOrigin == .touchDown)
        #expect(ScrollView().panGestureRecognizer.translationOrigin == .recognition)
        #expect(ScreenEdgePanGestureRecognizer().translationOrigin == .touchDown)
    }

    /// Replays `timeline` and returns each verdict with the translation the action would see.
    func actions(_ machine: PanRecognition, _ timeline: String) -> [String] {
        var machine = machine
        var lines: [String] = []
        replay(Timeline(timeline), on: &machine) { entry, machine in
            lines.append("\(entry) translation \(machine.translation)")
        }
        return lines
    }

    @Test("S4b: the drag begins at dx = 11 (t = 48) with translation (0, 0), then (9, 0)")
    func scenarioS4b() {
        #expect(actions(pan, "t=0 T1↓(150,120); t=16 T1→(154,120); t=32 T1→(158,120); t=48 T1→(161,120); "
            + "t=64 T1→(170,120); t=200 T1↑") == [
                "t=48 moved → begin: moved 11 pt in x ≥ 10 pt translation (0, 0)",
                "t=64 moved → change translation (9, 0)",
                "t=200 ended → end: all touches lifted translation (9, 0)",
            ])
    }

    @Test("S4b with the touch-down origin: the began action already sees (11, 0)")
    func scenarioS4bTouchDownOrigin() {
        let machine = PanRecognition(configuration: .init(translationOrigin: .touchDown))
        #expect(actions(machine, "t=0 T1↓(150,120); t=48 T1→(161,120); t=64 T1→(170,120); t=200 T1↑") == [
            "t=48 moved → begin: moved 11 pt in x ≥ 10 pt translation (11, 0)",
            "t=64 moved → change translation (20, 0)",
            "t=200 ended → end: all touches lifted translation (20, 0)",
        ])
    }

    @Test("S4a: a quick tap never crosses 10 pt and fails at the lift")
    func scenarioS4a() {
        #expect(log(pan, "t=0 T1↓(150,120); t=90 T1↑(151,120)") == ["t=90 ended → fail: lifted before recognition"])
    }

    @Test("S8c: a slow drag of 1.5 pt per 16 ms begins at t = 112 (dx = 10.5)")
    func scenarioS8cSlowDrag() {
        let timeline = (0...40).map { i in "t=\(i * 16) T1\(i == 0 ? "↓" : "→")(\(50 + 1.5 * Double(i)),400)" }
        var machine = pan
        let log = replay(Timeline(timeline.joined(separator: "; ")), on: &machine)
        #expect(log.first?.description == "t=112 moved → begin: moved 10.5 pt in x ≥ 10 pt")
        #expect(machine.translation == Point(x: 60 - 10.5, y: 0))
    }

    @Test("Rule 1: the hysteresis is per axis — a 9.9 pt diagonal does not begin, 10 pt in y does")
    func perAxisHysteresis() {
        #expect(log(pan, "t=0 T1↓(100,100); t=16 T1→(107,107); t=32 T1→(109.9,90.1)").isEmpty)
        #expect(log(pan, "t=0 T1↓(100,100); t=16 T1→(107,107); t=32 T1→(107,90)")
            == ["t=32 moved → begin: moved 10 pt in y ≥ 10 pt"])
    }

    @Test("Rule 4: a second finger landing far away moves the centroid but is no movement")
    func fingerLandingIsNotMovement() {
        #expect(log(pan, "t=0 T1↓(100,100); t=16 T2↓(300,100); t=32 T1→(105,100) T2→(305,100)").isEmpty)
        #expect(log(pan, "t=0 T1↓(100,100); t=16 T2↓(300,100); t=32 T1→(110,100) T2→(310,100)")
            == ["t=32 moved → begin: moved 10 pt in x ≥ 10 pt"])
    }

    @Test("Rule 4: adding and removing fingers while panning never makes the translation jump")
    func rebasingWhilePanning() {
        #expect(actions(pan, "t=0 T1↓(100,100); t=16 T1→(120,100); t=32 T1→(130,100); t=48 T2↓(300,300); "
            + "t=64 T1→(140,100) T2→(310,300); t=80 T1↑; t=96 T2→(320,310); t=112 T2↑") == [
                "t=16 moved → begin: moved 20 pt in x ≥ 10 pt translation (0, 0)",
                "t=32 moved → change translation (10, 0)",
                "t=64 moved → change translation (20, 0)",
                "t=96 moved → change translation (30, 10)",
                "t=112 ended → end: all touches lifted translation (30, 10)",
            ])
    }

    @Test("Rule 2: more fingers than the maximum cannot begin; back in range, movement counts from there")
    func maximumWhilePossible() {
        let machine = PanRecognition(configuration: .init(maximumNumberOfTouches: 1))
        #expect(log(machine, "t=0 T1↓(100,100) T2↓(200,100); t=16 T1→(150,100) T2→(250,100); t=32 T2↑; "
            + "t=48 T1→(159,100); t=64 T1→(160,100)") == ["t=64 moved → begin: moved 10 pt in x ≥ 10 pt"])
    }

    @Test("Rule 2: once begun, fingers beyond the maximum are ignored")
    func maximumAfterBegan() {
        let machine = PanRecognition(configuration: .init(maximumNumberOfTouches: 2, translationOrigin: .recognition))
        var pan = machine
        let log = replay(Timeline("t=0 T1↓(100,100); t=16 T1→(120,100); t=32 T2↓(200,100) T3↓(300,100) T4↓(0,0); "
            + "t=48 T3→(400,100) T4→(50,50); t=64 T1→(130,100)"), on: &pan)
        #expect(log.map(\.description) == [
            "t=16 moved → begin: moved 20 pt in x ≥ 10 pt",
            "t=32 began → ignore {#3,#4}: a fourth touch landed",
            "t=64 moved → change",
        ])
        #expect(pan.numberOfTouches == 2)
        #expect(pan.translation == Point(x: 5, y: 0))
    }

    @Test("S12: with a minimum of two fingers, movement of one finger alone does not count")
    func scenarioS12MinimumTwo() {
        let machine = PanRecognition(configuration: .init(minimumNumberOfTouches: 2))
        #expect(log(machine, "t=0 T1↓(100,100); t=20 T1→(130,100); t=50 T2↓(150,100); "
            + "t=60 T1→(135,100) T2→(155,100); t=76 T1→(150,100) T2→(170,100)")
            == ["t=76 moved → begin: moved 20 pt in x ≥ 10 pt"])
    }

    @Test("Rule 1: with a minimum of two, the hysteresis counts from the centroid of the frame where the second lands")
    func minimumReachedWhileTheFirstMoves() {
        // One dispatch at t=20: T1 moves 100 → 112 in y and T2 lands, so the origin is (150, 106) — not (150, 100)
        // with T1 where it was before the frame. 7 pt at t=40 do not begin; 12 pt at t=60 do.
        let machine = PanRecognition(configuration: .init(minimumNumberOfTouches: 2))
        #expect(log(machine, "t=0 T1↓(100,100); t=20 T1→(100,112) T2↓(200,100); t=40 T1→(100,116) T2→(200,110); "
            + "t=60 T1→(100,122) T2→(200,114)") == ["t=60 moved → begin: moved 12 pt in y ≥ 10 pt"])
    }

    @Test("Rule 6: a finger landing in the frame where the lone finger moves resumes without counting that move")
    func resumeWhileTheOtherMoves() {
        // Frozen at (0, 10) when T1 lifts; at t=80 T2 moves 20 pt alone as T3 lands: no update, so the pan resumes
        // at (0, 10) and the pair's 10 pt at t=100 make (0, 20).
        let machine = PanRecognition(configuration: .init(minimumNumberOfTouches: 2, translationOrigin: .recognition))
        #expect(actions(machine, "t=0 T1↓(100,100) T2↓(200,100); t=20 T1→(100,120) T2→(200,120); "
            + "t=40 T1→(100,130) T2→(200,130); t=60 T1↑; t=80 T2→(200,150) T3↓(100,150); "
            + "t=100 T2→(200,160) T3→(100,160); t=120 T2↑ T3↑") == [
                "t=20 moved → begin: moved 20 pt in y ≥ 10 pt translation (0, 0)",
                "t=40 moved → change translation (0, 10)",
                "t=80 moved → change translation (0, 10)",
                "t=100 moved → change translation (0, 20)",
                "t=120 ended → end: all touches lifted translation (0, 20)",
            ])
    }

    @Test("Rule 6: below the minimum the pan stays changed without updates, and resumes without a jump")
    func suspension() {
        let machine = PanRecognition(configuration: .init(minimumNumberOfTouches: 2, translationOrigin: .recognition))
        #expect(actions(machine, "t=0 T1↓(100,100) T2↓(200,100); t=16 T1→(120,100) T2→(220,100); "
            + "t=32 T1→(130,100) T2→(230,100); t=48 T2↑; t=64 T1→(180,100); t=80 T3↓(400,400); "
            + "t=96 T1→(190,100) T3→(410,400); t=112 T1↑ T3↑") == [
                "t=16 moved → begin: moved 20 pt in x ≥ 10 pt translation (0, 0)",
                "t=32 moved → change translation (10, 0)",
                "t=96 moved → change translation (20, 0)",
                "t=112 ended → end: all touches lifted translation (20, 0)",
            ])
    }

    @Test("A system cancel fails a possible pan and cancels a recognizing one")
    func cancellation() {
        #expect(log(pan, "t=0 T1↓(100,100); t=16 T1✕") == ["t=16 cancelled → fail: touches cancelled"])
        #expect(actions(pan, "t=0 T1↓(100,100); t=16 T1→(120,100); t=32 T1→(125,100); t=48 T1✕") == [
            "t=16 moved → begin: moved 20 pt in x ≥ 10 pt translation (0, 0)",
            "t=32 moved → change translation (5, 0)",
            "t=48 cancelled → cancel: touches cancelled translation (5, 0)",
        ])
    }

    @Test("setTranslation rebases the translation; the velocity read right after it is the fingers' (issue 37)")
    func setTranslation() {
        var machine = pan
        replay(Timeline("t=0 T1↓(100,100); t=16 T1→(120,100); t=32 T1→(140,100)"), on: &machine)
        #expect(machine.translation == Point(x: 20, y: 0))
        let before = machine.velocity
        #expect(before.x > 1000)
        machine.setTranslation(Point(x: -5, y: 3))
        #expect(machine.translation == Point(x: -5, y: 3))
        // "Changing the translation value resets the velocity of the pan" (UIPanGestureRecognizer): the assignment
        // never enters the estimate, which stays the fingers' velocity (UIKitSemantics.md §9 open question 1).
        #expect(machine.velocity == before)
        _ = machine.touchesMoved([sample(1, 150, 90, at: 48)], at: ms(48))
        #expect(machine.translation == Point(x: 5, y: -7))
        // Drag and fling: the next input's velocity comes from the touches' history, not from zero.
        #expect(machine.velocity.x > 500)
        // Before recognition there is nothing to rebase.
        var possible = pan
        _ = possible.touchesBegan([sample(1, 0, 0, at: 0)], at: ms(0))
        possible.setTranslation(Point(x: 9, y: 9))
        #expect(possible.translation == .zero)
    }

    @Test("Rule 7: the velocity follows the drag and is about zero after a rest before the lift")
    func velocity() {
        var machine = pan
        let drag = (0...12).map { i in "t=\(i * 8) T1\(i == 0 ? "↓" : "→")(\(100 + 8 * i),100)" }
        replay(Timeline(drag.joined(separator: "; ")), on: &machine)
        #expect(abs(machine.velocity.x - 1000) < 1e-6)
        #expect(abs(machine.velocity.y) < 1e-6)
        var flick = machine
        _ = flick.touchesEnded([sample(1, 196, 100, at: 104)], at: ms(104))
        #expect(flick.velocity.x > 900)
        var rested = machine
        _ = rested.touchesEnded([sample(1, 196, 100, at: 200)], at: ms(200))
        #expect(rested.velocity == .zero)
        #expect(rested.location == Point(x: 196, y: 100))
    }

    @Test("The location is the centroid of the tracked touches")
    func location() {
        var machine = pan
        _ = machine.touchesBegan([sample(1, 100, 100, at: 0), sample(2, 200, 300, at: 0)], at: ms(0))
        #expect(machine.location == Point(x: 150, y: 200))
        #expect(machine.numberOfTouches == 2)
        machine.reset()
        #expect(machine.location == nil)
        #expect(machine.state == .possible(origin: nil))
    }
}
