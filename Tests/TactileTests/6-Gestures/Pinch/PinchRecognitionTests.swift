import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Pinch recognition (spec §6.6)")
struct PinchRecognitionTests {
    let pinch = PinchRecognition()

    @Test("S6: d0 = 200; the frame with vector (210, −12) begins the pinch at scale d/200")
    func scenarioS6() {
        var machine = pinch
        var scales: [Double] = []
        let log = replay(Timeline("t=0 T1↓(100,400); t=20 T2↓(300,400); t=40 T1→(95,406) T2→(305,394); "
            + "t=56 T1→(90,406) T2→(310,394); t=72 T1→(80,406) T2→(320,394); t=400 T1↑; t=420 T2↑"), on: &machine) {
            _, machine in scales.append(machine.scale)
        }
        #expect(log.map(\.description) == [
            "t=40 moved → begin: span changed by 10.34 pt, |Δ| ≥ 10 pt",
            "t=56 moved → change",
            "t=72 moved → change",
            "t=420 ended → end: all touches lifted",
        ])
        let spans = [(210.0, 12.0), (220, 12), (240, 12)].map { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() }
        #expect(zip(scales.prefix(3), spans).allSatisfy { abs($0 - $1 / 200) < 1e-12 })
        #expect(abs(scales[3] - spans[2] / 200) < 1e-12)
    }

    @Test("Rule 1: pinching in by 10 pt begins too, with a scale below 1; 9.9 pt does not")
    func pinchIn() {
        var machine = pinch
        #expect(replay(Timeline("t=0 T1↓(100,400) T2↓(300,400); t=20 T1→(109.9,400); t=40 T1→(110,400)"), on: &machine)
            .map(\.description) == ["t=40 moved → begin: span changed by -10 pt, |Δ| ≥ 10 pt"])
        #expect(machine.scale == 0.95)
    }

    @Test("The velocity is the scale's change per second")
    func velocity() {
        var machine = pinch
        _ = machine.touchesBegan([sample(1, 100, 400, at: 0), sample(2, 300, 400, at: 0)], at: ms(0))
        for i in 1...10 {
            let t = Double(i * 8)
            let spread = 4.0 * Double(i)  // each finger 500 pt/s outward: span grows 1000 pt/s → scale 5 /s
            _ = machine.touchesMoved([sample(1, 100 - spread, 400, at: t), sample(2, 300 + spread, 400, at: t)], at: ms(t))
        }
        #expect(abs(machine.velocity - 5) < 1e-9)
        _ = machine.touchesEnded([sample(1, 60, 400, at: 200)], at: ms(200))
        #expect(machine.velocity == 0)
    }

    @Test("Configurable hysteresis")
    func configurable() {
        let loose = PinchRecognition(configuration: .init(hysteresis: 30))
        #expect(log(loose, "t=0 T1↓(100,400) T2↓(300,400); t=20 T1→(80,400); t=40 T1→(70,400)")
            == ["t=40 moved → begin: span changed by 30 pt, |Δ| ≥ 30 pt"])
    }

    @Test("Rotating or translating all input changes neither the verdicts nor the scale")
    func rotationInvariance() async {
        let moves = zip(Gen.double(in: -40...40), Gen.double(in: -40...40), Gen.double(in: -40...40), Gen.double(in: -40...40))
            .array(of: 1...12)
        let transforms = zip(Gen.double(in: -Double.pi...Double.pi), Gen.double(in: -300...300), Gen.double(in: -300...300))
        await propertyCheck(count: PropertyCases.count(200), input: moves, transforms) { moves, transform in
            let (angle, tx, ty) = transform
            var frames = [TimelineFrame(time: ms(0), changes: [
                .init(id: .init(1), phase: .began, location: Point(x: 100, y: 400)),
                .init(id: .init(2), phase: .began, location: Point(x: 300, y: 400)),
            ])]
            for (i, m) in moves.enumerated() {
                frames.append(TimelineFrame(time: ms(Double(16 * (i + 1))), changes: [
                    .init(id: .init(1), phase: .moved, location: Point(x: 100 + m.0, y: 400 + m.1)),
                    .init(id: .init(2), phase: .moved, location: Point(x: 300 + m.2, y: 400 + m.3)),
                ]))
            }
            let timeline = Timeline(frames: frames)
            let rigid = AffineTransform(rotationAngle: angle).concatenating(AffineTransform(translationX: tx, y: ty))
            var a = pinch, b = pinch
            var scalesA: [Double] = [], scalesB: [Double] = []
            let logA = replay(timeline, on: &a) { _, m in scalesA.append(m.scale) }.map(\.call)
            let logB = replay(timeline.applying(rigid), on: &b) { _, m in scalesB.append(m.scale) }.map(\.call)
            #expect(logA == logB)
            #expect(zip(scalesA, scalesB).allSatisfy { abs($0 - $1) < 1e-9 })
            #expect(abs(a.scale - b.scale) < 1e-9)
        }
    }
}
