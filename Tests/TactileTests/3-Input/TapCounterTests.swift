import Testing
@testable import Tactile

@Suite("TapCounter: tap counting across touches (spec §2.6)")
struct TapCounterTests {
    private let origin = Point(x: 100, y: 100)

    @Test("With no tap before, a touch counts 1")
    func firstTap() {
        let counter = TapCounter(interval: .milliseconds(350), radius: 45)
        #expect(counter.tapCount(forTouchBeganAt: origin, at: .ms(0)) == 1)
    }

    @Test("The limits are inclusive: exactly 0.35 s and exactly 45 pt still count")
    func inclusiveLimits() {
        var counter = TapCounter(interval: .milliseconds(350), radius: 45)
        counter.touchEnded(beganAt: origin, tapCount: 2, at: .ms(100))
        #expect(counter.tapCount(forTouchBeganAt: Point(x: 145, y: 100), at: .ms(450)) == 3)
        #expect(counter.tapCount(forTouchBeganAt: Point(x: 145.01, y: 100), at: .ms(450)) == 1)
        #expect(counter.tapCount(forTouchBeganAt: origin, at: Timestamp(nanoseconds: 450_000_001)) == 1)
    }

    @Test("A touch-down before the remembered lift (out-of-order use) counts 1")
    func beforeTheLift() {
        var counter = TapCounter(interval: .milliseconds(350), radius: 45)
        counter.touchEnded(beganAt: origin, tapCount: 1, at: .ms(100))
        #expect(counter.tapCount(forTouchBeganAt: origin, at: .ms(99)) == 1)
    }

    @Test("Distance is measured from where the previous tap began, not where it lifted")
    func distanceFromTheBegan() {
        var counter = TapCounter(interval: .milliseconds(350), radius: 45)
        counter.touchEnded(beganAt: origin, tapCount: 1, at: .ms(100))
        #expect(counter.tapCount(forTouchBeganAt: Point(x: 100, y: 140), at: .ms(200)) == 2)
        #expect(counter.tapCount(forTouchBeganAt: Point(x: 100, y: 150), at: .ms(200)) == 1)
    }
}
