import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Velocity tracker (least-squares fit over 0.1 s)")
nonisolated struct VelocityTrackerTests {
    /// A tracker fed `position(t)` (t in seconds) every `step` ms from `from` to `to` ms inclusive.
    func tracker(
        from: Double = 0, to: Double, step: Double = 8, configuration: VelocityTracker.Configuration = .init(),
        _ position: (Double) -> Point
    ) -> VelocityTracker {
        var tracker = VelocityTracker(configuration: configuration)
        for t in stride(from: from, through: to, by: step) { tracker.add(position(t / 1000), at: ms(t)) }
        return tracker
    }

    @Test("Constant velocity is estimated exactly")
    func constantVelocity() {
        let t = tracker(to: 200) { s in Point(x: 100 + 500 * s, y: 50 - 200 * s) }
        let v = t.velocity(at: ms(200))
        #expect(abs(v.x - 500) < 1e-6)
        #expect(abs(v.y + 200) < 1e-6)
    }

    @Test("Constant acceleration gives the instantaneous velocity at the newest sample")
    func constantAcceleration() {
        // x = ½·a·t² with a = 4000 pt/s²; at t = 0.2 s the velocity is 800 pt/s, the mean over the last
        // 0.1 s only 600 pt/s.
        let t = tracker(to: 200) { s in Point(x: 2000 * s * s, y: 0) }
        let v = t.velocity(at: ms(200))
        #expect(abs(v.x - 800) < 1e-6)
        // A line fit (degree 1) over the same window cannot see the acceleration: it lags behind.
        let line = tracker(to: 200, configuration: .init(degree: 1)) { s in Point(x: 2000 * s * s, y: 0) }
        #expect(line.velocity(at: ms(200)).x < 750)
    }

    @Test("A finger that rests before it lifts ends with a velocity of about zero")
    func restBeforeLift() {
        var t = tracker(to: 100) { s in Point(x: 1000 * s, y: 0) }
        #expect(abs(t.velocity(at: ms(100)).x - 1000) < 1e-6)
        // No move for 100 ms, then the lift reports the same position.
        #expect(t.velocity(at: ms(200)) == .zero)
        t.add(Point(x: 100, y: 0), at: ms(200))
        #expect(t.velocity(at: ms(200)) == .zero)
        // A device that keeps reporting a resting finger (with ±0.25 pt jitter) also ends near zero.
        var jitter = tracker(to: 100) { s in Point(x: 1000 * s, y: 0) }
        for (i, t) in stride(from: 108.0, through: 260, by: 8).enumerated() {
            jitter.add(Point(x: 100 + (i.isMultiple(of: 2) ? 0.25 : -0.25), y: 0), at: ms(t))
        }
        #expect(abs(jitter.velocity(at: ms(260)).x) < 20)
    }

    @Test("Noise hurts the fit much less than a last-two-samples estimate")
    func noiseRobustness() {
        var random = SplitMix(seed: 42)
        var fitError = 0.0
        var twoSampleError = 0.0
        let trials = 200
        for _ in 0..<trials {
            var t = VelocityTracker()
            var previous: (Double, Double) = (0, 0)
            var last: (Double, Double) = (0, 0)
            for time in stride(from: 0.0, through: 96, by: 8) {
                let x = 0.8 * time + random.uniform(in: -1...1)  // 800 pt/s with ±1 pt of noise
                t.add(Point(x: x, y: 0), at: ms(time))
                previous = last
                last = (time, x)
            }
            fitError += abs(t.velocity(at: ms(96)).x - 800)
            twoSampleError += abs((last.1 - previous.1) / ((last.0 - previous.0) / 1000) - 800)
        }
        fitError /= Double(trials)
        twoSampleError /= Double(trials)
        #expect(fitError < twoSampleError / 2, "mean error: fit \(fitError) pt/s, last two samples \(twoSampleError) pt/s")
    }

    @Test("Only samples within 0.1 s of the newest are used")
    func horizon() {
        // Fast for 100 ms, then a resting finger reported every 8 ms for more than the horizon.
        var t = tracker(to: 100) { s in Point(x: 2000 * s, y: 0) }
        for time in stride(from: 108.0, through: 212, by: 8) { t.add(Point(x: 200, y: 0), at: ms(time)) }
        #expect(t.velocity(at: ms(212)) == .zero)
    }

    @Test("At most the 20 newest samples are used")
    func twentySamples() {
        // Still for 60 ms, then 1000 pt/s; samples every 2 ms, so the last 20 (38 ms) are all on the line.
        let t = tracker(to: 100, step: 2) { s in Point(x: s < 0.062 ? 0 : 1000 * (s - 0.062), y: 0) }
        #expect(abs(t.velocity(at: ms(100)).x - 1000) < 1e-6)
        #expect(t.sampleCount == 20)
        // A larger cap is clamped to the capacity of 20: the 21st sample (resting, off the line) stays out.
        let capped = tracker(to: 100, step: 2, configuration: .init(maximumSampleCount: 25)) { s in
            Point(x: s < 0.062 ? 0 : 1000 * (s - 0.062), y: 0)
        }
        #expect(abs(capped.velocity(at: ms(100)).x - 1000) < 1e-6)
    }

    @Test("Two samples give their slope; one sample or none gives zero")
    func fewSamples() {
        var t = VelocityTracker()
        #expect(t.velocity(at: ms(0)) == .zero)
        t.add(Point(x: 10, y: 10), at: ms(0))
        #expect(t.velocity(at: ms(0)) == .zero)
        t.add(Point(x: 14, y: 8), at: ms(8))
        let v = t.velocity(at: ms(8))
        #expect(abs(v.x - 500) < 1e-9)
        #expect(abs(v.y + 250) < 1e-9)
    }

    @Test("A sample at the newest time replaces it; an older one is dropped")
    func sampleOrdering() {
        var t = VelocityTracker()
        t.add(Point(x: 0, y: 0), at: ms(0))
        t.add(Point(x: 99, y: 0), at: ms(8))
        t.add(Point(x: 8, y: 0), at: ms(8))
        t.add(Point(x: 500, y: 0), at: ms(4))
        #expect(t.sampleCount == 2)
        #expect(abs(t.velocity(at: ms(8)).x - 1000) < 1e-9)
    }

    @Test("A pause longer than 40 ms starts a new motion")
    func pauseStartsNewMotion() {
        var t = tracker(to: 40) { s in Point(x: 5000 * s, y: 0) }
        t.add(Point(x: 200, y: 0), at: ms(100))
        t.add(Point(x: 201, y: 0), at: ms(108))
        #expect(abs(t.velocity(at: ms(108)).x - 125) < 1e-9)
    }

    @Test("A 25 Hz device: the stopped threshold follows the sample interval, so a steady drag has a velocity")
    func slowDevice() {
        // Reports every 41 ms (25 Hz, a little late): each gap is over Android's 40 ms.
        let t = tracker(to: 41 * 6, step: 41) { s in Point(x: 500 * s, y: -200 * s) }
        #expect(t.sampleInterval == .milliseconds(41))
        #expect(t.assumeStoppedAfter == .milliseconds(82))
        #expect(abs(t.velocity(at: ms(41 * 6)).x - 500) < 1e-6)
        #expect(abs(t.velocity(at: ms(41 * 6)).y + 200) < 1e-6)
        // Still a pause: nothing for more than two intervals reads as stopped.
        #expect(t.velocity(at: ms(41 * 6 + 83)) == .zero)
    }

    @Test("A fast device keeps the 40 ms threshold; the interval survives removeAll")
    func fastDeviceKeepsThreshold() {
        var t = tracker(to: 80, step: 8) { s in Point(x: 1000 * s, y: 0) }
        #expect(t.sampleInterval == .milliseconds(8))
        #expect(t.assumeStoppedAfter == .milliseconds(40))
        #expect(t.velocity(at: ms(80 + 41)) == .zero)
        t.removeAll()
        #expect(t.sampleInterval == .milliseconds(8))
    }

    @Test("removeAll forgets the motion")
    func removeAll() {
        var t = tracker(to: 100) { s in Point(x: 1000 * s, y: 0) }
        t.removeAll()
        #expect(t.sampleCount == 0)
        #expect(t.newestTime == nil)
        #expect(t.velocity(at: ms(100)) == .zero)
    }

    @Test("Shifting times and positions by constants leaves the velocity unchanged")
    func invariance() async {
        let motions = zip(
            Gen.double(in: -3000...3000), Gen.double(in: -3000...3000), Gen.double(in: -20000...20000),
            Gen.int(in: 2...30), Gen.int(in: 1...20)
        )
        let shifts = zip(Gen.int64(in: -1_000_000_000...1_000_000_000_000), Gen.double(in: -500...500))
        await propertyCheck(count: PropertyCases.count(200), input: motions, shifts) { motion, shift in
            let (vx, vy, ax, count, stepMs) = motion
            let (dt, dp) = shift
            var a = VelocityTracker()
            var b = VelocityTracker()
            for i in 0..<count {
                let s = Double(i * stepMs) / 1000
                let p = Point(x: vx * s + ax * s * s / 2, y: vy * s)
                a.add(p, at: ms(Double(i * stepMs)))
                b.add(p + Point(x: dp, y: -dp), at: ms(Double(i * stepMs)) + .nanoseconds(dt))
            }
            let end = ms(Double((count - 1) * stepMs))
            let va = a.velocity(at: end)
            let vb = b.velocity(at: end + .nanoseconds(dt))
            #expect(abs(va.x - vb.x) < 1e-6 * max(1, abs(va.x)) + 1e-3)
            #expect(abs(va.y - vb.y) < 1e-6 * max(1, abs(va.y)) + 1e-3)
        }
    }
}

/// A small deterministic random number generator for reproducible noise (SplitMix64).
nonisolated struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}
