import Testing
@testable import Tactile

@Suite("Long-press recognition (spec §6.2)")
struct LongPressRecognitionTests {
    let press = LongPressRecognition()

    @Test("S5a: the press begins when 0.5 s pass, changes on a 60 pt move and ends at the lift")
    func scenarioS5a() {
        var machine = press
        var locations: [Point?] = []
        let log = replay(Timeline("t=0 T1↓(200,400); t=100 T1→(205,400); t=600 T1→(260,400); t=900 T1↑"), on: &machine) {
            _, machine in locations.append(machine.location)
        }
        #expect(log.map(\.description) == [
            "t=500 deadline → begin: held for 0.5 s",
            "t=600 moved → change",
            "t=900 ended → end: a touch lifted",
        ])
        #expect(locations == [Point(x: 205, y: 400), Point(x: 260, y: 400), Point(x: 260, y: 400)])
    }

    @Test("S5b: moving 15 pt before 0.5 s fails the press; no begin follows")
    func scenarioS5b() {
        #expect(log(press, "t=0 T1↓(200,400); t=100 T1→(215,400); t=900 T1↑") == ["t=100 moved → fail: moved 15 pt > 10 pt"])
    }

    @Test("Rule 1: the deadline is armed when the required fingers are down")
    func deadline() {
        var machine = LongPressRecognition(configuration: .init(numberOfTouchesRequired: 2))
        _ = machine.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        #expect(machine.deadline == nil)
        _ = machine.touchesBegan([sample(2, 150, 100, at: 50)], at: ms(50))
        #expect(machine.deadline == ms(550))
        #expect(machine.deadlinePassed(at: ms(549)) == .nothing)
        #expect(machine.deadlinePassed(at: ms(550)) == .begin(.pressed(duration: .milliseconds(500))))
        #expect(machine.deadline == nil)
        #expect(machine.location == Point(x: 125, y: 100))
    }

    @Test("Rule 2: a lift before the deadline fails — also exactly at it, since input comes first")
    func liftEarly() {
        #expect(log(press, "t=0 T1↓(200,400); t=300 T1↑") == ["t=300 ended → fail: lifted before 0.5 s"])
        #expect(log(press, "t=0 T1↓(200,400); t=500 T1↑") == ["t=500 ended → fail: lifted before 0.5 s"])
        #expect(log(press, "t=0 T1↓(200,400); t=501 T1↑")
            == ["t=500 deadline → begin: held for 0.5 s", "t=501 ended → end: a touch lifted"])
    }

    @Test("Rule 2: exactly 10 pt of movement is allowed; the distance is Euclidean")
    func movementBoundary() {
        #expect(log(press, "t=0 T1↓(200,400); t=100 T1→(206,408); t=600 T1↑")
            == ["t=500 deadline → begin: held for 0.5 s", "t=600 ended → end: a touch lifted"])
        #expect(log(press, "t=0 T1↓(200,400); t=100 T1→(208,408)") == ["t=100 moved → fail: moved 11.31 pt > 10 pt"])
    }

    @Test("Rule 2: for two fingers, a third fails, and a lift before both are down fails")
    func twoFingers() {
        let two = LongPressRecognition(configuration: .init(numberOfTouchesRequired: 2))
        #expect(log(two, "t=0 T1↓(100,100); t=50 T2↓(150,100); t=100 T3↓(200,100)") == ["t=100 began → fail: a third touch landed"])
        #expect(log(two, "t=0 T1↓(100,100); t=50 T1↑") == ["t=50 ended → fail: lifted before 2 touches"])
        #expect(log(two, "t=0 T1↓(100,100); t=50 T2↓(150,100); t=700 T2↑")
            == ["t=550 deadline → begin: held for 0.5 s", "t=700 ended → end: a touch lifted"])
        #expect(log(press, "t=0 T1↓(100,100); t=300 T2↓(150,100)") == ["t=300 began → fail: a second touch landed"])
    }

    @Test("Rule 5: a finger landing after the press began is ignored; a system cancel cancels")
    func afterBeginning() {
        #expect(log(press, "t=0 T1↓(200,400); t=600 T2↓(300,400); t=700 T1→(210,400); t=800 T1✕") == [
            "t=500 deadline → begin: held for 0.5 s",
            "t=600 began → ignore {#2}: a second touch landed",
            "t=700 moved → change",
            "t=800 cancelled → cancel: touches cancelled",
        ])
        #expect(log(press, "t=0 T1↓(200,400); t=200 T1✕") == ["t=200 cancelled → fail: touches cancelled"])
    }

    @Test("Rule 6: one preliminary tap, then the press within 0.35 s and 45 pt of the tap")
    func preliminaryTap() {
        let tapThenPress = LongPressRecognition(configuration: .init(numberOfTapsRequired: 1))
        var machine = tapThenPress
        var locations: [Point?] = []
        let log = replay(Timeline("t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(110,100); t=900 T2↑"), on: &machine) {
            _, machine in locations.append(machine.location)
        }
        #expect(log.map(\.description) == ["t=700 deadline → begin: held for 0.5 s", "t=900 ended → end: a touch lifted"])
        #expect(locations.first == Point(x: 110, y: 100))
        // The tap itself may move 30 pt (tap rule), the press not.
        #expect(TactileTests.log(tapThenPress, "t=0 T1↓(100,100); t=40 T1→(130,100); t=80 T1↑; t=200 T2↓(110,100); "
            + "t=300 T2→(125,100)") == ["t=300 moved → fail: moved 15 pt > 10 pt"])
    }

    @Test("Rule 6: a press too late or too far from the tap fails; a failing tap fails the press")
    func preliminaryTapFailures() {
        let tapThenPress = LongPressRecognition(configuration: .init(numberOfTapsRequired: 1))
        #expect(log(tapThenPress, "t=0 T1↓(100,100); t=80 T1↑; t=500 T2↓(100,100)")
            == ["t=430 deadline → fail: maximum interval 0.35 s between taps passed"])
        #expect(log(tapThenPress, "t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(160,100)")
            == ["t=200 began → fail: tap 2 began 60 pt from the first > 45 pt"])
        #expect(log(tapThenPress, "t=0 T1↓(100,100); t=30 T1→(150,100)") == ["t=30 moved → fail: moved 50 pt > 45 pt"])
        #expect(log(tapThenPress, "t=0 T1↓(100,100); t=800 T1↑") == ["t=750 deadline → fail: maximum duration 0.75 s passed"])
        var machine = tapThenPress
        _ = machine.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        #expect(machine.state == .tapping)
        #expect(machine.deadline == ms(750))
        _ = machine.touchesEnded([sample(1, 100, 100, at: 80)], at: ms(80))
        #expect(machine.state == .waitingForPress(firstTapLocation: Point(x: 100, y: 100), deadline: ms(430)))
        #expect(machine.deadline == ms(430))
    }

    @Test("Every number is configurable; reset starts over")
    func configurableAndReset() {
        let slow = LongPressRecognition(configuration: .init(minimumPressDuration: .seconds(1), allowableMovement: 20))
        var machine = slow
        #expect(replay(Timeline("t=0 T1↓(0,0); t=100 T1→(19,0); t=1200 T1↑"), on: &machine).map(\.description)
            == ["t=1000 deadline → begin: held for 1 s", "t=1200 ended → end: a touch lifted"])
        machine.reset()
        #expect(machine.state == .ready)
        #expect(machine.numberOfTouches == 0)
        #expect(replay(Timeline("t=2000 T5↓(0,0); t=2100 T5→(21,0)"), on: &machine).map(\.description)
            == ["t=2100 moved → fail: moved 21 pt > 20 pt"])
    }
}
