import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Rotation recognition (spec §6.7)")
struct RotationRecognitionTests {
    let rotation = RotationRecognition()

    /// Frames turning a 200 pt pair around (200, 400) by `step` radians per 16 ms, `count` times.
    func turn(step: Double, count: Int, radius: Double = 100) -> String {
        var text = "t=0 T1↓(\(200 - radius),400) T2↓(\(200 + radius),400)"
        for i in 1...count {
            let a = step * Double(i)
            let (c, s) = (Double.cos(a), Double.sin(a))
            text += "; t=\(16 * i) T1→(\(200 - radius * c),\(400 - radius * s)) T2→(\(200 + radius * c),\(400 + radius * s))"
        }
        return text
    }

    @Test("S6: the vector (200, 0) turning to (210, −12) is θ ≈ −0.057 rad, counter-clockwise, and begins")
    func scenarioS6() {
        var machine = rotation
        let log = replay(Timeline("t=0 T1↓(100,400); t=20 T2↓(300,400); t=40 T1→(95,406) T2→(305,394); "
            + "t=400 T1↑; t=420 T2↑"), on: &machine)
        #expect(log.map(\.description) == [
            "t=40 moved → begin: rotated by -0.057 rad, |θ| ≥ 0.05 rad",
            "t=420 ended → end: all touches lifted",
        ])
        #expect(abs(machine.rotation - Double.atan2(y: -12, x: 210)) < 1e-12)
    }

    @Test("Rule 1: positive means clockwise on a y-down screen")
    func clockwiseIsPositive() {
        var machine = rotation
        #expect(replay(Timeline("t=0 T1↓(100,400) T2↓(300,400); t=16 T2→(300,420)"), on: &machine)
            .map(\.description) == ["t=16 moved → begin: rotated by 0.1 rad, |θ| ≥ 0.05 rad"])
        #expect(machine.rotation > 0)
    }

    @Test("Rule 1: the second finger landing in the frame where the first moves fixes the vector from the first's new location")
    func landingWhileTheFirstMoves() {
        // One dispatch at t=20: T1 moves to (100,410) as T2 lands at (300,400), so the initial vector is
        // (200, −10), not (200, 0). At t=40 the vector (200, −12) has turned by ≈ −0.01 rad (measured from
        // (200, 0) it would be −0.06 and begin); at t=60 (200, −21) has turned by ≈ −0.055 rad and begins.
        var machine = rotation
        let verdicts = replay(Timeline("t=0 T1↓(100,400); t=20 T1→(100,410) T2↓(300,400); t=40 T1→(100,412); "
            + "t=60 T1→(100,421)"), on: &machine).map(\.description)
        #expect(verdicts == ["t=60 moved → begin: rotated by -0.055 rad, |θ| ≥ 0.05 rad"])
        let expected = Double.atan2(y: -21, x: 200) - Double.atan2(y: -10, x: 200)
        #expect(abs(machine.rotation - expected) < 1e-12)
    }

    @Test("Rule 2: 0.05 rad begins, a little less does not")
    func threshold() {
        #expect(log(rotation, turn(step: 0.0499, count: 1)).isEmpty)
        #expect(log(rotation, turn(step: 0.0501, count: 1)) == ["t=16 moved → begin: rotated by 0.05 rad, |θ| ≥ 0.05 rad"])
    }

    @Test("Turns accumulate beyond π: ten steps of 0.5 rad are 5 rad")
    func accumulation() {
        var machine = rotation
        replay(Timeline(turn(step: 0.5, count: 10)), on: &machine)
        #expect(abs(machine.rotation - 5) < 1e-9)
        #expect(abs(machine.velocity - 0.5 / 0.016) < 1e-6)
    }

    @Test("Rule 3: assigning the rotation rebases the vector")
    func setRotation() {
        var machine = rotation
        replay(Timeline(turn(step: 0.1, count: 3)), on: &machine)
        #expect(abs(machine.rotation - 0.3) < 1e-12)
        let before = machine.velocity
        machine.setRotation(0)
        #expect(machine.rotation == 0)
        // Read right after the assignment, the velocity is the fingers' turning speed (additive rebasing keeps
        // the slope), as the pan's after setTranslation (UIKitSemantics §9 q1) — not zero.
        #expect(before > 1 && abs(machine.velocity - before) < 1e-9 * before)
        // Two more steps of 0.1 rad count from the rebased vector.
        replay(Timeline(frames: Array(Timeline(turn(step: 0.1, count: 5)).frames.suffix(2))), on: &machine)
        #expect(abs(machine.rotation - 0.2) < 1e-12)
        // Additive rebasing keeps the history: the same turning speed at the next input, not a restart from 0.
        #expect(abs(machine.velocity - before) < 0.05 * before)
    }

    @Test("Scaling or translating all input leaves the rotation unchanged")
    func scaleInvariance() async {
        let steps = Gen.double(in: -0.4...0.4).array(of: 1...10)
        await propertyCheck(count: PropertyCases.count(150), input: steps, Gen.double(in: 0.25...4), Gen.double(in: -200...200)) { steps, scale, shift in
            var text = "t=0 T1↓(100,400) T2↓(300,400)"
            var angle = 0.0
            for (i, step) in steps.enumerated() {
                angle += step
                let (c, s) = (Double.cos(angle), Double.sin(angle))
                text += "; t=\(16 * (i + 1)) T1→(\(200 - 100 * c),\(400 - 100 * s)) T2→(\(200 + 100 * c),\(400 + 100 * s))"
            }
            let timeline = Timeline(text)
            var a = rotation, b = rotation
            let logA = replay(timeline, on: &a).map(\.call)
            let logB = replay(timeline.applying(AffineTransform(scaleX: scale, y: scale)
                .concatenating(AffineTransform(translationX: shift, y: -shift))), on: &b).map(\.call)
            #expect(logA == logB)
            #expect(abs(a.rotation - b.rotation) < 1e-9)
            // Once begun, the rotation is the accumulated turn; before, it reads 0.
            if case .recognizing = a.state { #expect(abs(a.rotation - angle) < 1e-9) } else { #expect(a.rotation == 0) }
        }
    }
}
