import Testing
@testable import Tactile

@Suite("Swipe recognition (spec §6.5)")
struct SwipeRecognitionTests {
    let right = SwipeRecognition()

    /// A one-finger drag from (50, 400) moving `step` pt in x every 16 ms, for `frames` frames.
    func drag(step: Double, frames: Int, dy: Double = 0) -> String {
        (0...frames).map { i in
            "t=\(i * 16) T1\(i == 0 ? "↓" : "→")(\(50 + step * Double(i)),\(400 + dy * Double(i)))"
        }.joined(separator: "; ")
    }

    @Test("S8a/S8b: a fast flick of +20 pt per 16 ms recognizes at t = 48 (dx = 60)")
    func scenarioS8Flick() {
        var machine = right
        let log = replay(Timeline(drag(step: 20, frames: 10)), on: &machine)
        #expect(log.map(\.description) == ["t=48 moved → recognize: swiped right 60 pt in 0.048 s"])
        #expect(machine.recognizedDirection == .right)
        #expect(machine.location == Point(x: 50, y: 400))
    }

    @Test("S8c: a slow drag of +1.5 pt per 16 ms fails when the 0.5 s deadline passes (dx ≈ 46.9)")
    func scenarioS8cSlowDrag() {
        var machine = right
        _ = machine.touchesBegan([sample(1, 50, 400, at: 0)], at: ms(0))
        #expect(machine.deadline == ms(500))
        #expect(log(right, drag(step: 1.5, frames: 40)) == ["t=500 deadline → fail: maximum duration 0.5 s passed"])
    }

    @Test("S8d: a medium drag of +5 pt per 16 ms recognizes at t = 160 with the fixed thresholds")
    func scenarioS8dMediumDrag() {
        #expect(log(right, drag(step: 5, frames: 20)) == ["t=160 moved → recognize: swiped right 50 pt in 0.16 s"])
    }

    @Test("Rule 5 (option): with decaying thresholds the medium drag recognizes earlier and a slow drag recognizes")
    func timeDependentThresholds() {
        let decaying = SwipeRecognition(configuration: .init(thresholdDecay: .init()))
        // At t = 144: dx = 45 ≥ 50 − 25 × 0.288 = 42.8.
        #expect(log(decaying, drag(step: 5, frames: 20)) == ["t=144 moved → recognize: swiped right 45 pt in 0.144 s"])
        // At t = 352: dx = 33 ≥ 50 − 25 × 0.704 = 32.4.
        #expect(log(decaying, drag(step: 1.5, frames: 40)) == ["t=352 moved → recognize: swiped right 33 pt in 0.352 s"])
        // …but it wants more precision: a drift of 0.4 × primary is fine until the ratio decays below 0.4
        // after 0.2 s (at t = 208 the ratio is 0.396), while the fixed ratio of 0.5 never objects.
        #expect(decaying.thresholds(after: .zero) == (50, 0.5))
        #expect(decaying.thresholds(after: .milliseconds(500)) == (25, 0.25))
        #expect(decaying.thresholds(after: .seconds(3)) == (25, 0.25))
        #expect(log(decaying, drag(step: 1.5, frames: 40, dy: 0.6))
            == ["t=208 moved → fail: moved 7.8 pt off the axis > 7.72 pt"])
        #expect(log(right, drag(step: 1.5, frames: 40, dy: 0.6)) == ["t=500 deadline → fail: maximum duration 0.5 s passed"])
    }

    @Test("Rule 4: 10 pt in a direction that is not allowed fails")
    func wrongDirection() {
        #expect(log(right, drag(step: -5, frames: 10)) == ["t=32 moved → fail: moved left 10 pt, not right"])
        let sideways = SwipeRecognition(configuration: .init(direction: [.left, .right]))
        #expect(log(sideways, drag(step: -20, frames: 5)) == ["t=48 moved → recognize: swiped left 60 pt in 0.048 s"])
        #expect(log(sideways, "t=0 T1↓(50,400); t=16 T1→(50,390)") == ["t=16 moved → fail: moved up 10 pt, not [right, left]"])
    }

    @Test("Vertical swipes: up is toward smaller y")
    func vertical() {
        let vertical = SwipeRecognition(configuration: .init(direction: [.up, .down]))
        #expect(log(vertical, "t=0 T1↓(200,400); t=16 T1→(205,370); t=32 T1→(210,340)")
            == ["t=32 moved → recognize: swiped up 60 pt in 0.032 s"])
        #expect(log(vertical, "t=0 T1↓(200,400); t=16 T1→(195,460)")
            == ["t=16 moved → recognize: swiped down 60 pt in 0.016 s"])
    }

    @Test("Rule 4: a secondary movement above half the primary fails once primary ≥ 10 pt")
    func notStraight() {
        #expect(log(right, "t=0 T1↓(50,400); t=16 T1→(58,407); t=32 T1→(62,407)")
            == ["t=32 moved → fail: moved 7 pt off the axis > 6 pt"])
        // Before 10 pt of primary movement nothing is judged.
        #expect(log(right, "t=0 T1↓(50,400); t=16 T1→(59,408); t=32 T1→(110,420)")
            == ["t=32 moved → recognize: swiped right 60 pt in 0.032 s"])
        // The bound is inclusive.
        #expect(log(right, "t=0 T1↓(50,400); t=16 T1→(110,430)") == ["t=16 moved → recognize: swiped right 60 pt in 0.016 s"])
    }

    @Test("Rule 4: lifting before recognition fails; so does a system cancel")
    func liftAndCancel() {
        #expect(log(right, "t=0 T1↓(50,400); t=16 T1→(80,400); t=32 T1↑") == ["t=32 ended → fail: lifted before recognition"])
        #expect(log(right, "t=0 T1↓(50,400); t=16 T1✕") == ["t=16 cancelled → fail: touches cancelled"])
    }

    @Test("Rule 1: a two-finger swipe needs both fingers, located at their began centroid; a third fails")
    func twoFingers() {
        let two = SwipeRecognition(configuration: .init(numberOfTouchesRequired: 2))
        var machine = two
        let recorded = replay(Timeline("t=0 T1↓(50,400) T2↓(50,440); t=16 T1→(80,400) T2→(80,440); "
            + "t=32 T1→(110,400) T2→(110,440)"), on: &machine)
        #expect(recorded.map(\.description) == ["t=32 moved → recognize: swiped right 60 pt in 0.032 s"])
        #expect(machine.location == Point(x: 50, y: 420))
        // One finger alone moving far does not recognize a two-finger swipe.
        #expect(log(two, "t=0 T1↓(50,400); t=16 T1→(80,400); t=32 T1→(110,400)", drain: false).isEmpty)
        #expect(log(two, "t=0 T1↓(50,400) T2↓(50,440); t=16 T3↓(90,400)")
            == ["t=16 began → fail: a third touch landed"])
        #expect(log(right, "t=0 T1↓(50,400); t=8 T2↓(60,400)") == ["t=8 began → fail: a second touch landed"])
    }

    @Test("Reset starts over and terminal states ignore input")
    func resetAndTerminal() {
        var machine = right
        replay(Timeline(drag(step: 20, frames: 3)), on: &machine)
        #expect(machine.isFinished)
        #expect(machine.touchesMoved([sample(1, 500, 400, at: 64)], at: ms(64)) == .nothing)
        machine.reset()
        #expect(machine.state == .ready)
        #expect(machine.recognizedDirection == nil)
        #expect(machine.location == nil)
    }
}
