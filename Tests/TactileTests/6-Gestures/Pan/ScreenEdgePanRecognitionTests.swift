import Testing
@testable import Tactile

@Suite("Screen-edge pan recognition (spec §6.4)")
struct ScreenEdgePanRecognitionTests {
    static let screen = Rect(x: 0, y: 0, width: 400, height: 800)
    // Translations stated from recognition (the default, touch-down, is checked in PanRecognitionTests).
    let left = ScreenEdgePanRecognition(
        configuration: .init(edges: .left, screenBounds: screen, translationOrigin: .recognition))
    let all = ScreenEdgePanRecognition(
        configuration: .init(edges: .all, screenBounds: screen, translationOrigin: .recognition))

    @Test("A touch at the left edge moving right begins at 11 pt with translation (0, 0)")
    func beginsAwayFromEdge() {
        var machine = left
        var translations: [Point] = []
        let log = replay(Timeline("t=0 T1↓(10,400); t=16 T1→(15,401); t=32 T1→(21,402); t=48 T1→(41,400); t=64 T1↑"),
            on: &machine) { _, machine in translations.append(machine.translation) }
        #expect(log.map(\.description) == [
            "t=32 moved → begin: moved 11 pt away from the left edge ≥ 10 pt",
            "t=48 moved → change",
            "t=64 ended → end: all touches lifted",
        ])
        #expect(translations == [.zero, Point(x: 20, y: -2), Point(x: 20, y: -2)])
        #expect(machine.velocity.x > 0)
    }

    @Test("Rule 1: the first touch must begin within 20 pt of a configured edge")
    func marginRule() {
        #expect(log(left, "t=0 T1↓(35,400)") == ["t=0 began → fail: began 35 pt from the nearest edge > 20 pt"])
        #expect(log(left, "t=0 T1↓(20,400); t=16 T1→(30,400)")
            == ["t=16 moved → begin: moved 10 pt away from the left edge ≥ 10 pt"])
        #expect(log(left, "t=0 T1↓(-3,400); t=16 T1→(12,400)")
            == ["t=16 moved → begin: moved 15 pt away from the left edge ≥ 10 pt"])
        // Near the right edge, but only the left edge is configured.
        #expect(log(left, "t=0 T1↓(395,400)") == ["t=0 began → fail: began 395 pt from the nearest edge > 20 pt"])
    }

    @Test("With no edge configured (UIKit's default) the gesture fails at the first touch")
    func noEdges() {
        let none = ScreenEdgePanRecognition(configuration: .init(screenBounds: Self.screen))
        #expect(log(none, "t=0 T1↓(5,400)") == ["t=0 began → fail: no screen edge is configured"])
    }

    @Test("Rule 2: movement mostly along the edge, or toward it, fails")
    func wrongDirection() {
        #expect(log(left, "t=0 T1↓(10,400); t=16 T1→(13,412)")
            == ["t=16 moved → fail: moved along or toward the left edge"])
        #expect(log(left, "t=0 T1↓(15,400); t=16 T1→(4,400)")
            == ["t=16 moved → fail: moved along or toward the left edge"])
        #expect(log(left, "t=0 T1↓(10,400); t=16 T1→(21,412)")
            == ["t=16 moved → fail: moved along or toward the left edge"])
        #expect(log(left, "t=0 T1↓(10,400); t=16 T1→(22,412)")
            == ["t=16 moved → begin: moved 12 pt away from the left edge ≥ 10 pt"])
    }

    @Test("Every edge measures away from itself")
    func everyEdge() {
        #expect(log(all, "t=0 T1↓(395,400); t=16 T1→(380,400)")
            == ["t=16 moved → begin: moved 15 pt away from the right edge ≥ 10 pt"])
        #expect(log(all, "t=0 T1↓(200,790); t=16 T1→(200,770)")
            == ["t=16 moved → begin: moved 20 pt away from the bottom edge ≥ 10 pt"])
        #expect(log(all, "t=0 T1↓(200,2); t=16 T1→(201,14)")
            == ["t=16 moved → begin: moved 12 pt away from the top edge ≥ 10 pt"])
        // In a corner either edge may be left.
        #expect(log(all, "t=0 T1↓(5,5); t=16 T1→(25,8)")
            == ["t=16 moved → begin: moved 20 pt away from the left edge ≥ 10 pt"])
    }

    @Test("Every touch after the first is ignored, also in the same frame")
    func ignoresLaterTouches() {
        var machine = left
        let log = replay(Timeline("t=0 T2↓(200,400) T1↓(10,400); t=16 T3↓(300,300); t=32 T1→(30,400); "
            + "t=48 T4↓(10,10); t=64 T1↑"), on: &machine)
        #expect(log.map(\.description) == [
            "t=0 began → ignore {#2}: only the first touch is followed",
            "t=16 began → ignore {#3}: only the first touch is followed",
            "t=32 moved → begin: moved 20 pt away from the left edge ≥ 10 pt",
            "t=48 began → ignore {#4}: only the first touch is followed",
            "t=64 ended → end: all touches lifted",
        ])
    }

    @Test("Lifting before moving fails; a system cancel after beginning cancels")
    func liftAndCancel() {
        #expect(log(left, "t=0 T1↓(10,400); t=50 T1↑") == ["t=50 ended → fail: lifted before recognition"])
        #expect(log(left, "t=0 T1↓(10,400); t=16 T1→(30,400); t=32 T1✕") == [
            "t=16 moved → begin: moved 20 pt away from the left edge ≥ 10 pt",
            "t=32 cancelled → cancel: touches cancelled",
        ])
    }

    @Test("setTranslation rebases the translation; reset starts over")
    func setTranslationAndReset() {
        var machine = left
        replay(Timeline("t=0 T1↓(10,400); t=16 T1→(30,400); t=32 T1→(50,400)"), on: &machine)
        #expect(machine.translation == Point(x: 20, y: 0))
        machine.setTranslation(.zero)
        _ = machine.touchesMoved([sample(1, 55, 400, at: 48)], at: ms(48))
        #expect(machine.translation == Point(x: 5, y: 0))
        machine.reset()
        #expect(machine.state == .ready)
        #expect(machine.translation == .zero)
        #expect(log(machine, "t=100 T9↓(5,100); t=116 T9→(20,100)")
            == ["t=116 moved → begin: moved 15 pt away from the left edge ≥ 10 pt"])
    }
}
