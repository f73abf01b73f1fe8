import Testing
@testable import Tactile

@Suite("Scroll physics: rubber band, deceleration, springs and paging as values of time")
struct ScrollPhysicsTests {
    @Test("The rubber band starts at slope 0.55, is odd, and never reaches the dimension")
    func rubberBand() {
        #expect(ScrollPhysics.rubberBand(0, dimension: 800) == 0)
        #expect(abs(ScrollPhysics.rubberBand(0.001, dimension: 800) / 0.001 - 0.55) < 1e-4)
        #expect(ScrollPhysics.rubberBand(-100, dimension: 800) == -ScrollPhysics.rubberBand(100, dimension: 800))
        #expect(ScrollPhysics.rubberBand(1e9, dimension: 800) < 800)
        #expect(ScrollPhysics.rubberBand(100, dimension: 0) == 0)
    }

    @Test("Deceleration: after n ms the distance is D(1 − rⁿ), with D the projection; it ends exactly at it")
    func deceleration() {
        let fling = Deceleration(origin: 100, velocity: 1000, rate: 0.998, start: .zero)
        #expect(abs(fling.distance - 499) < 1e-9)
        #expect(abs(fling.position(atMilliseconds: 1000) - (100 + 499 * (1 - pow(0.998, 1000.0)))) < 1e-9)
        var motion = ScrollAxisMotion.decelerating(fling)
        let limits = ScrollAxisLimits(minimum: 0, maximum: 10_000, bounces: true)
        let position = motion.advance(to: Timestamp(seconds: 10), limits: limits)
        #expect(position == fling.rest && abs(fling.rest - 599) < 1e-9 && motion.isResting)
        // The stop: when 0.5 pt remain, ln(0.5/499)/ln(0.998) ≈ 3 449 ms after the lift.
        #expect(abs(fling.duration - 3449.4) < 0.1)
    }

    @Test("A fling that reaches an edge becomes a spring there with the velocity it had; without bounce it stops")
    func edgeCrossing() {
        let fling = Deceleration(origin: 0, velocity: 2000, rate: 0.998, start: .zero)  // would go 998 pt
        let crossing = fling.milliseconds(reaching: 200) ?? .nan
        #expect(abs(fling.position(atMilliseconds: crossing) - 200) < 1e-9)
        var bouncing = ScrollAxisMotion.decelerating(fling)
        let after = Timestamp(nanoseconds: Int64((crossing + 20) * 1e6))
        let position = bouncing.advance(to: after, limits: ScrollAxisLimits(minimum: 0, maximum: 200, bounces: true))
        #expect(position.map { $0 > 200 } == true)
        guard case .springing = bouncing else { Issue.record("expected a spring"); return }
        var stopping = ScrollAxisMotion.decelerating(fling)
        #expect(stopping.advance(to: after, limits: ScrollAxisLimits(minimum: 0, maximum: 200, bounces: false)) == 200)
        #expect(stopping.isResting)
    }

    @Test("A deceleration that starts on the edge it heads through crosses it at 0 ms; one starting inside, later")
    func crossingFromTheEdge() {
        let out = Deceleration(origin: 0, velocity: -1000, rate: 0.998, start: .zero)
        #expect(out.milliseconds(reaching: 0) == 0)
        #expect(out.milliseconds(reaching: 1).map { _ in true } == nil, "behind it: never")
        let inside = Deceleration(origin: 1, velocity: -1000, rate: 0.998, start: .zero)
        #expect(inside.milliseconds(reaching: 0).map { $0 > 0 } == true)
        // Stepped onto the motion: without bounce it rests on the edge at once, with bounce it springs back to it.
        var stopping = ScrollAxisMotion.decelerating(out)
        let limits = ScrollAxisLimits(minimum: 0, maximum: 200, bounces: false)
        #expect(stopping.advance(to: Timestamp(nanoseconds: 1_000_000), limits: limits) == 0)
        #expect(stopping.isResting)
        var bouncing = ScrollAxisMotion.decelerating(out)
        var bounced = limits
        bounced.bounces = true
        #expect(bouncing.advance(to: Timestamp(nanoseconds: 50_000_000), limits: bounced).map { $0 < 0 } == true)
        guard case .springing(let spring) = bouncing else { Issue.record("expected a spring"); return }
        #expect(spring.target == 0)
    }

    @Test("fling(from:) on an edge heading out: nothing without bounce, a spring from the edge with it; heading in: a deceleration")
    func flingFromTheEdge() {
        let hard = ScrollAxisLimits(minimum: 0, maximum: 200, bounces: false)
        let soft = ScrollAxisLimits(minimum: 0, maximum: 200, bounces: true)
        #expect(ScrollAxisMotion.fling(from: 0, velocity: -1000, rate: 0.998, limits: hard, at: .zero) == .resting)
        #expect(ScrollAxisMotion.fling(from: 200, velocity: 1000, rate: 0.998, limits: hard, at: .zero) == .resting)
        #expect(ScrollAxisMotion.fling(from: 200, velocity: 1000, rate: 0.998, limits: soft, at: .zero)
            == .springing(Spring(target: 200, displacement: 0, velocity: 1000, start: .zero)))
        guard case .decelerating = ScrollAxisMotion.fling(from: 0, velocity: 1000, rate: 0.998, limits: hard, at: .zero)
        else { Issue.record("expected a deceleration into the content"); return }
    }

    @Test("Fling velocities are finite: NaN flings at 0, ±inf and beyond ±50 000 pt/s at the bound")
    func flingVelocity() {
        #expect(ScrollPhysics.flingVelocity(.nan) == 0)
        #expect(ScrollPhysics.flingVelocity(.infinity) == 50_000)
        #expect(ScrollPhysics.flingVelocity(-.infinity) == -50_000)
        #expect(ScrollPhysics.flingVelocity(50_000) == 50_000)
        #expect(ScrollPhysics.flingVelocity(50_000.000001) == 50_000)
        #expect(ScrollPhysics.flingVelocity(-49_999) == -49_999)
        #expect(ScrollPhysics.flingVelocity(Double.leastNonzeroMagnitude) == Double.leastNonzeroMagnitude)
    }

    @Test("A motion whose sample would not be finite rests on its target; a spring rests after 10 s wherever it is")
    func nonFiniteSamples() {
        let limits = ScrollAxisLimits(minimum: 0, maximum: 200, bounces: true)
        var overflowing = ScrollAxisMotion.springing(Spring(target: 0, displacement: -1e308, velocity: 0, start: .zero))
        #expect(overflowing.advance(to: Timestamp(nanoseconds: 16_000_000), limits: limits) == 0)
        #expect(overflowing.isResting)
        var far = ScrollAxisMotion.springing(Spring(target: 200, displacement: 1e300, velocity: 0, start: .zero))
        let before = far.advance(to: Timestamp(nanoseconds: 9_999_000_000), limits: limits)
        #expect(before.map { $0.isFinite && $0 > 200.5 } == true, "still on its way at 9.999 s")
        #expect(!far.isResting)
        #expect(far.advance(to: Timestamp(nanoseconds: 10_000_000_000), limits: limits) == 200)
        #expect(far.isResting)
        var infinite = ScrollAxisMotion.decelerating(Deceleration(origin: 0, target: .infinity, rate: 0.998, start: .zero))
        #expect(infinite.advance(to: Timestamp(nanoseconds: 1_000_000), limits: limits) == 200)
        #expect(ScrollAxisLimits(minimum: 0, maximum: 200, bounces: true).clamped(.nan) == 0)
    }

    @Test("Paging targets: flicks go to the next boundary in their direction, slow releases to the nearest page")
    func paging() {
        #expect(pagingTarget(offset: 50, velocity: 500, pageSize: 400, minimum: 0, maximum: 1200) == 400)
        #expect(pagingTarget(offset: 350, velocity: -500, pageSize: 400, minimum: 0, maximum: 1200) == 0)
        #expect(pagingTarget(offset: 150, velocity: 0, pageSize: 400, minimum: 0, maximum: 1200) == 0)
        #expect(pagingTarget(offset: 250, velocity: 50, pageSize: 400, minimum: 0, maximum: 1200) == 400)
        #expect(pagingTarget(offset: 1250, velocity: 900, pageSize: 400, minimum: 0, maximum: 1200) == 1200)
    }

    @Test("The inverse of the projection gives the velocity that lands on a target")
    func inverse() {
        let v = ScrollPhysics.velocity(forDistance: 300, rate: 0.99)
        #expect(abs(ScrollPhysics.decelerationDistance(velocity: v, rate: 0.99) - 300) < 1e-9)
    }
}

private func pow(_ x: Double, _ y: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(y) { result *= x }
    return result
}
