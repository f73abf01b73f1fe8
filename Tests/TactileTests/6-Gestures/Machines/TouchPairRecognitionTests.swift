import Testing
@testable import Tactile

@Suite("Two-finger gestures: the pair, suspension and rebasing (spec §6.6, §6.7)")
nonisolated struct TouchPairRecognitionTests {
    let pinch = PinchRecognition()

    /// Replays and returns each verdict with the scale the action would see.
    func actions(_ machine: PinchRecognition, _ timeline: String) -> [String] {
        var machine = machine
        var lines: [String] = []
        replay(Timeline(timeline), on: &machine) { entry, machine in
            lines.append("\(entry) scale \(formatPoints(machine.scale))")
        }
        return lines
    }

    @Test("One finger is not a pair; lifting it fails the gesture")
    func oneFinger() {
        #expect(log(pinch, "t=0 T1↓(100,400); t=20 T1→(150,400); t=40 T1↑") == ["t=40 ended → fail: lifted before recognition"])
    }

    @Test("A third touch is ignored, before and after the gesture begins")
    func thirdTouchIgnored() {
        var machine = pinch
        let log = replay(Timeline("t=0 T1↓(100,400) T2↓(300,400) T3↓(200,200); t=20 T1→(80,400); "
            + "t=40 T4↓(10,10); t=60 T2→(340,400)"), on: &machine)
        #expect(log.map(\.description) == [
            "t=0 began → ignore {#3}: a third touch landed",
            "t=20 moved → begin: span changed by 20 pt, |Δ| ≥ 10 pt",
            "t=40 began → ignore {#4}: a third touch landed",
            "t=60 moved → change",
        ])
        #expect(machine.numberOfTouches == 2)
        #expect(machine.scale == 260.0 / 200)
    }

    @Test("One finger up: the value freezes without actions; both up ends with the frozen value")
    func suspension() {
        #expect(actions(pinch, "t=0 T1↓(100,400); t=20 T2↓(300,400); t=40 T1→(80,400); t=60 T1→(60,400); "
            + "t=400 T1↑; t=410 T2→(500,400); t=420 T2↑") == [
                "t=40 moved → begin: span changed by 20 pt, |Δ| ≥ 10 pt scale 1.1",
                "t=60 moved → change scale 1.2",
                "t=420 ended → end: all touches lifted scale 1.2",
            ])
    }

    @Test("A finger landing while suspended re-forms the pair and the value continues without a jump")
    func resumeAfterSuspension() {
        #expect(actions(pinch, "t=0 T1↓(100,400); t=20 T2↓(300,400); t=40 T1→(80,400); t=60 T1↑; "
            + "t=80 T3↓(300,0); t=100 T3→(300,-40); t=120 T2↑ T3↑") == [
                "t=40 moved → begin: span changed by 20 pt, |Δ| ≥ 10 pt scale 1.1",
                "t=100 moved → change scale 1.21",
                "t=120 ended → end: all touches lifted scale 1.21",
            ])
    }

    @Test("Rule 1: the second finger landing in the frame where the first moves measures from the first's new location")
    func landingWhileTheFirstMoves() {
        // One dispatch at t=20: T1 moves 100 → 94 and T2 lands, so d0 = 206 (not 200 from T1's previous
        // location). The 4 pt at t=40 stay under the hysteresis; the 10 pt at t=60 begin, at 216 / 206.
        var machine = pinch
        let spans = replay(Timeline("t=0 T1↓(100,400); t=20 T1→(94,400) T2↓(300,400); t=40 T1→(90,400); "
            + "t=60 T1→(84,400)"), on: &machine).map(\.description)
        #expect(spans == ["t=60 moved → begin: span changed by 10 pt, |Δ| ≥ 10 pt"])
        #expect(abs(machine.scale - 216.0 / 206) < 1e-12)
        // T1 moving inward as T2 lands, then spreading (the golden photo-viewer case): d0 = 194, so the 204 pt at
        // t=40 begin there, not a frame late.
        #expect(log(pinch, "t=0 T1↓(100,400); t=20 T1→(106,400) T2↓(300,400); t=40 T1→(96,400)")
            == ["t=40 moved → begin: span changed by 10 pt, |Δ| ≥ 10 pt"])
    }

    @Test("A finger landing while suspended, in the frame where the other moves, re-forms the pair where they are")
    func resumeWhileTheOtherMoves() {
        // Frozen at 1.1; at t=80 T2 moves 400 → 380 as T3 lands: the pair T2–T3 starts at 380 pt and the scale
        // continues from 1.1 without counting T2's move made while it was alone.
        #expect(actions(pinch, "t=0 T1↓(100,400); t=20 T2↓(300,400); t=40 T1→(80,400); t=60 T1↑; "
            + "t=80 T2→(300,380) T3↓(300,0); t=100 T3→(300,-38); t=120 T2↑ T3↑") == [
                "t=40 moved → begin: span changed by 20 pt, |Δ| ≥ 10 pt scale 1.1",
                "t=80 moved → change scale 1.1",
                "t=100 moved → change scale 1.21",
                "t=120 ended → end: all touches lifted scale 1.21",
            ])
    }

    @Test("Before the gesture begins, a lift drops the measurement and a new pair measures afresh")
    func newPairBeforeBeginning() {
        // T1–T2 spread by 8 pt, T1 lifts, T3 lands: the 8 pt do not count toward the new pair's threshold.
        #expect(log(pinch, "t=0 T1↓(100,400) T2↓(300,400); t=20 T1→(92,400); t=40 T1↑; t=60 T3↓(100,400); "
            + "t=80 T3→(95,400); t=100 T3→(90,400)") == ["t=100 moved → begin: span changed by 10 pt, |Δ| ≥ 10 pt"])
    }

    @Test("A system cancel fails a measuring gesture and cancels a recognizing one")
    func cancellation() {
        #expect(log(pinch, "t=0 T1↓(100,400) T2↓(300,400); t=20 T2✕") == ["t=20 cancelled → fail: touches cancelled"])
        #expect(log(pinch, "t=0 T1↓(100,400) T2↓(300,400); t=20 T1→(80,400); t=40 T2✕")
            == ["t=20 moved → begin: span changed by 20 pt, |Δ| ≥ 10 pt", "t=40 cancelled → cancel: touches cancelled"])
    }

    @Test("Assigning the value rebases the metric; before recognition it has no effect")
    func setValue() {
        var machine = pinch
        replay(Timeline("t=0 T1↓(100,400) T2↓(300,400); t=20 T1→(80,400)"), on: &machine)
        #expect(machine.scale == 1.1)
        let before = machine.velocity
        machine.setScale(2)
        #expect(machine.scale == 2)
        // Read right after the assignment, the velocity is the fingers' (as the pan's after setTranslation,
        // UIKitSemantics §9 q1), in the new scale's terms: the history rescaled by 2 / 1.1 — not zero.
        #expect(before > 1 && abs(machine.velocity - before * 2 / 1.1) < 1e-9 * before)
        _ = machine.touchesMoved([sample(2, 410, 400, at: 40)], at: ms(40))
        #expect(abs(machine.scale - 2 * 330 / 220) < 1e-12)
        // Multiplicative: the history was rescaled by 2 / 1.1, so the next input reads a spreading speed in the
        // new scale's terms (more than before, not restarting from zero).
        #expect(machine.velocity > before * 2 / 1.1)
        var early = pinch
        _ = early.touchesBegan([sample(1, 0, 0, at: 0), sample(2, 100, 0, at: 0)], at: ms(0))
        early.setScale(3)
        #expect(early.scale == 1)
    }

    @Test("The location is the midpoint of the pair, and stays where it was after the last lift")
    func location() {
        var machine = pinch
        _ = machine.touchesBegan([sample(1, 100, 400, at: 0), sample(2, 300, 200, at: 0)], at: ms(0))
        #expect(machine.location == Point(x: 200, y: 300))
        #expect(machine.touchesMoved([sample(1, 80, 420, at: 5)], at: ms(5)) != .nothing)
        #expect(machine.location == Point(x: 190, y: 310))
        _ = machine.touchesEnded([sample(1, 80, 420, at: 10)], at: ms(10))
        #expect(machine.location == Point(x: 300, y: 200))
        #expect(machine.touchesEnded([sample(2, 300, 200, at: 20)], at: ms(20)) == .end(.allTouchesLifted))
        #expect(machine.location == Point(x: 300, y: 200))
        machine.reset()
        #expect(machine.location == nil)
        #expect(machine.state == .waiting)
    }
}
