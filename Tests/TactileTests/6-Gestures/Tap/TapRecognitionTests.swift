import Testing
@testable import Tactile

@Suite("Tap recognition (spec §6.1)")
struct TapRecognitionTests {
    let single = TapRecognition()
    let double = TapRecognition(configuration: .init(numberOfTapsRequired: 2))
    let twoFinger = TapRecognition(configuration: .init(numberOfTouchesRequired: 2))

    @Test("A quick tap recognizes at the lift, located where the finger went down")
    func quickTap() {
        var tap = single
        let log = replay(Timeline("t=0 T1↓(100,100); t=40 T1→(102,101); t=80 T1↑"), on: &tap)
        #expect(log.map(\.description) == ["t=80 ended → recognize: 1 tap of 1 touch"])
        #expect(tap.location == Point(x: 100, y: 100))
        #expect(tap.state == .recognized(.init(location: Point(x: 100, y: 100), touchLocations: [Point(x: 100, y: 100)])))
    }

    @Test("After a reset or a failure the next first tap reports its own fingers; a kept first tap is unchanged")
    func firstTapAfterReset() {
        var tap = twoFinger
        _ = tap.touchesBegan([sample(1, 100, 100, at: 0), sample(2, 140, 100, at: 0)], at: ms(0))
        _ = tap.touchesEnded([sample(1, 100, 100, at: 80), sample(2, 140, 100, at: 80)], at: ms(80))
        let kept = tap.firstTap
        #expect(kept?.touchLocations == [Point(x: 100, y: 100), Point(x: 140, y: 100)])
        tap.reset()
        #expect(tap.firstTap == nil)
        #expect(tap == twoFinger)
        _ = tap.touchesBegan([sample(3, 10, 20, at: 1000), sample(4, 30, 20, at: 1000)], at: ms(1000))
        #expect(tap.firstTap?.touchLocations == [Point(x: 10, y: 20), Point(x: 30, y: 20)])
        #expect(kept?.touchLocations == [Point(x: 100, y: 100), Point(x: 140, y: 100)])
        // A failure drops the first tap too; the next one starts from nothing.
        _ = tap.touchesBegan([sample(5, 50, 50, at: 1010)], at: ms(1010))
        #expect(tap.isFinished)
        tap.reset()
        _ = tap.touchesBegan([sample(6, 1, 2, at: 2000), sample(7, 3, 2, at: 2000)], at: ms(2000))
        #expect(tap.firstTap == .init(location: Point(x: 2, y: 2), touchLocations: [Point(x: 1, y: 2), Point(x: 3, y: 2)]))
    }

    @Test("S10b: a drag of exactly 45 pt is still a tap; 51 pt fails it in that dispatch")
    func scenarioS10bMovement() {
        #expect(log(single, "t=0 T1↓(100,100); t=16 T1→(112,100); t=32 T1→(124,100); t=48 T1→(136,100); "
            + "t=64 T1→(145,100); t=80 T1→(151,100); t=200 T1↑") == ["t=80 moved → fail: moved 51 pt > 45 pt"])
        #expect(log(single, "t=0 T1↓(100,100); t=64 T1→(145,100); t=100 T1↑")
            == ["t=100 ended → recognize: 1 tap of 1 touch"])
    }

    @Test("S10c: a finger held for 800 ms fails the tap when the 0.75 s deadline passes")
    func scenarioS10cHold() {
        var tap = single
        _ = tap.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        #expect(tap.deadline == ms(750))
        #expect(tap.deadlinePassed(at: ms(749)) == .nothing)
        #expect(tap.deadlinePassed(at: ms(750)) == .fail(.maximumDurationPassed(.milliseconds(750))))
        #expect(log(single, "t=0 T1↓(100,100); t=800 T1↑")
            == ["t=750 deadline → fail: maximum duration 0.75 s passed"])
    }

    @Test("Rule 3: a lift exactly at the maximum duration still counts; one after it does not")
    func durationBoundary() {
        #expect(log(single, "t=0 T1↓(100,100); t=750 T1↑") == ["t=750 ended → recognize: 1 tap of 1 touch"])
        #expect(log(single, "t=0 T1↓(100,100); t=751 T1↑")
            == ["t=750 deadline → fail: maximum duration 0.75 s passed"])
        // An owner that delivers the lift late still gets the failure from the rule itself.
        var tap = single
        _ = tap.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        #expect(tap.touchesEnded([sample(1, 100, 100, at: 760)], at: ms(760))
            == .fail(.maximumDurationPassed(.milliseconds(750))))
    }

    @Test("S2a: a double-tap recognizer fails when the 0.35 s interval after the first tap passes")
    func scenarioS2aSingleTapFailsDouble() {
        var tap = double
        _ = tap.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        _ = tap.touchesEnded([sample(1, 100, 100, at: 80)], at: ms(80))
        #expect(tap.state == .waitingForNextTap(completedTaps: 1,
            firstTap: .init(location: Point(x: 100, y: 100), touchLocations: [Point(x: 100, y: 100)]), deadline: ms(430)))
        #expect(tap.deadline == ms(430))
        #expect(log(double, "t=0 T1↓(100,100); t=80 T1↑")
            == ["t=430 deadline → fail: maximum interval 0.35 s between taps passed"])
    }

    @Test("S2b: a double tap recognizes at the second lift, located at the first tap")
    func scenarioS2bDoubleTap() {
        var tap = double
        let log = replay(Timeline("t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(103,101); t=280 T2↑"), on: &tap)
        #expect(log.map(\.description) == ["t=280 ended → recognize: 2 taps of 1 touch"])
        #expect(tap.location == Point(x: 100, y: 100))
    }

    @Test("After a two-finger double tap, each finger's location refers to the first tap")
    func firstTapTouchLocations() {
        var tap = TapRecognition(configuration: .init(numberOfTapsRequired: 2, numberOfTouchesRequired: 2))
        replay(Timeline("t=0 T2↓(200,300) T1↓(100,300); t=60 T1↑ T2↑; t=200 T3↓(110,310) T4↓(205,300); "
            + "t=300 T3↑ T4↑"), on: &tap)
        #expect(tap.isFinished)
        #expect(tap.firstTap == .init(location: Point(x: 150, y: 300),
            touchLocations: [Point(x: 100, y: 300), Point(x: 200, y: 300)]))
    }

    @Test("S2c: taps too slow fail the double tap at t = 430, before the second tap lands")
    func scenarioS2cTooSlow() {
        #expect(log(double, "t=0 T1↓(100,100); t=80 T1↑; t=500 T2↓(103,101); t=580 T2↑")
            == ["t=430 deadline → fail: maximum interval 0.35 s between taps passed"])
        #expect(log(single, "t=500 T2↓(103,101); t=580 T2↑") == ["t=580 ended → recognize: 1 tap of 1 touch"])
    }

    @Test("Rule 4: the next tap may begin exactly at the interval, but not farther than 45 pt from the first")
    func nextTapBoundaries() {
        #expect(log(double, "t=0 T1↓(100,100); t=80 T1↑; t=430 T2↓(100,100); t=500 T2↑")
            == ["t=500 ended → recognize: 2 taps of 1 touch"])
        #expect(log(double, "t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(160,100); t=280 T2↑")
            == ["t=200 began → fail: tap 2 began 60 pt from the first > 45 pt"])
        #expect(log(double, "t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(145,100); t=280 T2↑")
            == ["t=280 ended → recognize: 2 taps of 1 touch"])
    }

    @Test("Rule 3 applies to each tap: the second tap has its own 0.75 s limit")
    func secondTapDuration() {
        var tap = double
        _ = tap.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        _ = tap.touchesEnded([sample(1, 100, 100, at: 80)], at: ms(80))
        _ = tap.touchesBegan([sample(2, 100, 100, at: 200)], at: ms(200))
        #expect(tap.deadline == ms(950))
        #expect(log(double, "t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(100,100); t=1000 T2↑")
            == ["t=950 deadline → fail: maximum duration 0.75 s passed"])
    }

    @Test("S7: a two-finger tap recognizes at the last lift, located at the fingers' centroid")
    func scenarioS7TwoFingerTap() {
        var tap = twoFinger
        let log = replay(Timeline("t=0 T1↓(150,300); t=30 T2↓(220,300); t=120 T1↑; t=140 T2↑"), on: &tap)
        #expect(log.map(\.description) == ["t=140 ended → recognize: 1 tap of 2 touches"])
        #expect(tap.location == Point(x: 185, y: 300))
        #expect(tap.firstTap?.touchLocations == [Point(x: 150, y: 300), Point(x: 220, y: 300)])
    }

    @Test("S7 variants: one finger alone fails at its lift; a third finger fails at once")
    func scenarioS7Variants() {
        #expect(log(twoFinger, "t=0 T1↓(150,300); t=120 T1↑") == ["t=120 ended → fail: lifted before 2 touches"])
        #expect(log(twoFinger, "t=0 T1↓(150,300); t=30 T2↓(220,300); t=60 T3↓(260,300); t=120 T1↑")
            == ["t=60 began → fail: a third touch landed"])
    }

    @Test("Rule 1: two fingers landing together on a one-finger tap fail it")
    func tooManyTogether() {
        #expect(log(single, "t=0 T1↓(100,100) T2↓(150,100)") == ["t=0 began → fail: a second touch landed"])
    }

    @Test("Rule 1: fingers of a two-finger tap that were never down together fail at the last lift")
    func neverTogether() {
        #expect(log(twoFinger, "t=0 T1↓(150,300); t=50 T1↑") == ["t=50 ended → fail: lifted before 2 touches"])
        // Not all lifted yet: the tap keeps waiting for the second finger.
        var tap = twoFinger
        _ = tap.touchesBegan([sample(1, 150, 300, at: 0)], at: ms(0))
        #expect(tap.numberOfTouches == 1)
        #expect(tap.state == .touching(.init(number: 1, startedAt: ms(0), peakTouches: 1, firstTap: nil)))
    }

    @Test("A two-finger double tap checks the second tap's centroid against the first tap's location")
    func twoFingerDoubleTap() {
        let machine = TapRecognition(configuration: .init(numberOfTapsRequired: 2, numberOfTouchesRequired: 2))
        #expect(log(machine, "t=0 T1↓(100,300) T2↓(200,300); t=60 T1↑ T2↑; "
            + "t=200 T3↓(110,300); t=210 T4↓(205,300); t=300 T3↑ T4↑") == ["t=300 ended → recognize: 2 taps of 2 touches"])
        #expect(log(machine, "t=0 T1↓(100,300) T2↓(200,300); t=60 T1↑ T2↑; "
            + "t=200 T3↓(150,300); t=210 T4↓(250,300)") == ["t=210 began → fail: tap 2 began 50 pt from the first > 45 pt"])
    }

    @Test("A system cancel fails the tap; inputs after a terminal verdict return nothing")
    func cancelAndTerminal() {
        var tap = single
        _ = tap.touchesBegan([sample(1, 100, 100, at: 0)], at: ms(0))
        #expect(tap.touchesCancelled([sample(1, 100, 100, at: 10)], at: ms(10)) == .fail(.touchesCancelled))
        #expect(tap.isFinished)
        #expect(tap.deadline == nil)
        #expect(tap.touchesBegan([sample(2, 100, 100, at: 20)], at: ms(20)) == .nothing)
        #expect(tap.touchesEnded([sample(2, 100, 100, at: 30)], at: ms(30)) == .nothing)
        #expect(tap.deadlinePassed(at: ms(2000)) == .nothing)
    }

    @Test("Reset returns to ready and keeps the configuration")
    func resetKeepsConfiguration() {
        var tap = double
        replay(Timeline("t=0 T1↓(100,100); t=80 T1↑; t=200 T2↓(103,101); t=280 T2↑"), on: &tap)
        tap.reset()
        #expect(tap.state == .ready)
        #expect(!tap.isFinished)
        #expect(tap.numberOfTouches == 0)
        #expect(tap.configuration.numberOfTapsRequired == 2)
        #expect(replay(Timeline("t=1000 T5↓(10,10); t=1050 T5↑; t=1100 T6↓(10,10); t=1150 T6↑"), on: &tap)
            .map(\.description) == ["t=1150 ended → recognize: 2 taps of 1 touch"])
    }

    @Test("Every number is configurable: a 10 pt, 0.2 s, 0.1 s tap")
    func configurable() {
        let strict = TapRecognition(configuration: .init(
            numberOfTapsRequired: 2, allowableMovement: 10, maximumTapDuration: .milliseconds(200),
            maximumTapInterval: .milliseconds(100)))
        #expect(log(strict, "t=0 T1↓(0,0); t=10 T1→(11,0)") == ["t=10 moved → fail: moved 11 pt > 10 pt"])
        #expect(log(strict, "t=0 T1↓(0,0); t=250 T1↑") == ["t=200 deadline → fail: maximum duration 0.2 s passed"])
        #expect(log(strict, "t=0 T1↓(0,0); t=50 T1↑")
            == ["t=150 deadline → fail: maximum interval 0.1 s between taps passed"])
    }

    @Test("Movement is checked per finger from where each began, also at the lift")
    func movementAtLift() {
        #expect(log(twoFinger, "t=0 T1↓(100,300) T2↓(200,300); t=50 T2→(230,300); t=60 T1↑(100,360)")
            == ["t=60 ended → fail: moved 60 pt > 45 pt"])
    }
}

/// A sample of touch `id` at (x, y) at `t` milliseconds.
nonisolated func sample(_ id: UInt64, _ x: Double, _ y: Double, at t: Double) -> TouchSample {
    TouchSample(id: TouchContact.ID(id), location: Point(x: x, y: y), timestamp: ms(t))
}
