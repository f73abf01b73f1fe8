import TactileTesting
import TactileUIKit
import Testing

// Pinch and rotation handlers as they are written for UIKit: apply the recognizer's value, reset it (`scale = 1`,
// `rotation = 0`) in every `changed` action, and read `velocity` right after the reset to decide something — a
// zoom that steps to the next level on a quick pinch, a dial that spins on a quick turn. On iOS the velocity read
// there is the fingers' (the pan's rule after `setTranslation`, UIKitSemantics §9 question 1); a zero would make
// these handlers never step nor spin.

/// A photo view zoomed by pinching: the zoom follows the fingers, and a quick pinch (faster than 2× per second)
/// marks a step to the next zoom level in its direction.
final class SteppedZoomView: UIView {
    private(set) var zoom: CGFloat = 1
    private(set) var steps: [Int] = []
    private(set) var velocitiesAfterReset: [CGFloat] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        let pinch = UIPinchGestureRecognizer(target: self, action: Selector("handlePinch(_:)", Self.handlePinch))
        addGestureRecognizer(pinch)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func handlePinch(_ gesture: UIPinchGestureRecognizer) {
        guard gesture.state == .began || gesture.state == .changed else { return }
        zoom *= gesture.scale
        gesture.scale = 1
        velocitiesAfterReset.append(gesture.velocity)
        if gesture.velocity > 2 {
            steps.append(1)
        } else if gesture.velocity < -2 {
            steps.append(-1)
        }
    }
}

/// A dial turned by two fingers: the angle follows them, and a quick turn (over π rad per second) spins it.
final class SpinningDialView: UIView {
    private(set) var angle: CGFloat = 0
    private(set) var spins = 0
    private(set) var velocitiesAfterReset: [CGFloat] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        let rotation = UIRotationGestureRecognizer(
            target: self, action: Selector("handleRotation(_:)", Self.handleRotation))
        addGestureRecognizer(rotation)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func handleRotation(_ gesture: UIRotationGestureRecognizer) {
        guard gesture.state == .began || gesture.state == .changed else { return }
        angle += gesture.rotation
        gesture.rotation = 0
        velocitiesAfterReset.append(gesture.velocity)
        if abs(gesture.velocity) > .pi { spins += 1 }
    }
}

@Suite("Zoom and dial handlers that reset the value and read the velocity, as UIKit code does")
struct ResetValueVelocityTests {
    /// A photo view pinched by two fingers about (400, 300), `start` pt apart going to `end` pt apart at a
    /// constant speed over `duration`, then lifting.
    func pinchedPhoto(from start: Double = 100, to end: Double, over duration: Duration) -> SteppedZoomView {
        let (_, window, player) = makeScreen()
        let photo = SteppedZoomView(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
        window.addSubview(photo)
        player.play([
            .down(1, at: CGPoint(x: 400 - start / 2, y: 300)), .down(2, at: CGPoint(x: 400 + start / 2, y: 300)),
            .move([.init(finger: 1, path: [CGPoint(x: 400 - end / 2, y: 300)]),
                   .init(finger: 2, path: [CGPoint(x: 400 + end / 2, y: 300)])],
                  over: duration, easing: .linear),
            .lift(1), .lift(2),
        ])
        return photo
    }

    @Test("A quick pinch reads the fingers' velocity after scale = 1 and steps; the zoom is the fingers' spread")
    func quickPinchSteps() {
        // 100 → 300 pt in 0.2 s: the span grows 1000 pt/s, so the scale's velocity relative to the span now is
        // 1000 / span per second: 5/s at 200 pt, 3.3/s at 300 pt — over the handler's 2/s threshold throughout.
        let photo = pinchedPhoto(to: 300, over: .milliseconds(200))
        // The product of the scales is the fingers' spread at the last change: the last report (at 300 pt) comes
        // with the lift, which ends the pinch, so the zoom stops one 120 Hz report short, at 300 − 1000/120 pt.
        #expect(abs(photo.zoom - (300 - 1000.0 / 120) / 100) < 1e-9, "\(photo.zoom)")
        let readings = photo.velocitiesAfterReset
        #expect(readings.count > 10)
        // Each reading is the fingers' velocity in the reset scale's terms: 1000 pt/s over the span at that time.
        // The first reading's fit has fewer samples (and the stationary touch-down): only the later ones exact.
        #expect(readings.allSatisfy { $0 > 0 }, "never zero after the reset: \(readings)")
        #expect(readings.dropFirst(3).allSatisfy { $0 > 1000 / 300 * 0.95 && $0 < 1000 / 100 }, "\(readings)")
        #expect(photo.steps.count == readings.filter { $0 > 2 }.count && photo.steps.allSatisfy { $0 == 1 })
        #expect(photo.steps.count >= readings.count - 1, "steps on (nearly) every change: \(photo.steps.count)")
    }

    @Test("A slow pinch reads a small velocity after the reset: the zoom follows, no step")
    func slowPinchDoesNotStep() {
        // 100 → 150 pt in 1 s: 50 pt/s over a span of 100 to 150 pt, 0.5/s or less: under the threshold.
        let photo = pinchedPhoto(to: 150, over: .seconds(1))
        #expect(abs(photo.zoom - (150 - 50.0 / 120) / 100) < 1e-9, "one report short of 1.5: \(photo.zoom)")
        #expect(photo.steps.isEmpty)
        let readings = photo.velocitiesAfterReset
        #expect(readings.dropFirst(3).allSatisfy { $0 > 0.3 && $0 < 0.55 }, "\(readings)")
    }

    @Test("Pinching in reads a negative velocity after the reset and steps down")
    func quickPinchInStepsDown() {
        let photo = pinchedPhoto(from: 300, to: 100, over: .milliseconds(200))
        #expect(abs(photo.zoom - (100 + 1000.0 / 120) / 300) < 1e-9, "one report short of 1/3: \(photo.zoom)")
        #expect(!photo.steps.isEmpty && photo.steps.allSatisfy { $0 == -1 })
        #expect(photo.velocitiesAfterReset.allSatisfy { $0 < 0 }, "\(photo.velocitiesAfterReset)")
    }

    @Test("A quick turn reads the fingers' turning speed after rotation = 0 and spins; a slow one does not")
    func dialSpins() {
        func turn(over duration: Duration) -> SpinningDialView {
            let (_, window, player) = makeScreen()
            let dial = SpinningDialView(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
            window.addSubview(dial)
            // A quarter turn clockwise about (400, 300), 100 pt radius, in 12 straight steps along the arc.
            let arc = (1...12).map { step -> (CGPoint, CGPoint) in
                let a = Double(step) / 12 * .pi / 2
                return (CGPoint(x: 400 - 100 * cos(a), y: 300 - 100 * sin(a)),
                        CGPoint(x: 400 + 100 * cos(a), y: 300 + 100 * sin(a)))
            }
            player.play([
                .down(1, at: CGPoint(x: 300, y: 300)), .down(2, at: CGPoint(x: 500, y: 300)),
                .move([.init(finger: 1, path: arc.map(\.0)), .init(finger: 2, path: arc.map(\.1))],
                      over: duration, easing: .linear),
                .lift(1), .lift(2),
            ])
            return dial
        }
        let quick = turn(over: .milliseconds(200))  // π/2 in 0.2 s: 7.9 rad/s
        // One report short of the quarter turn (the last comes with the lift): 23 of 24 reports at 120 Hz.
        #expect(abs(quick.angle - .pi / 2 * 23 / 24) < 1e-9, "\(quick.angle)")
        #expect(quick.velocitiesAfterReset.allSatisfy { $0 > 0 }, "\(quick.velocitiesAfterReset)")
        #expect(quick.spins >= quick.velocitiesAfterReset.count - 1 && quick.spins > 0)
        let slow = turn(over: .seconds(2))  // 0.79 rad/s
        // One report short of the quarter turn: within 1/120 of it (reports move along the arc's chords).
        #expect(slow.angle < .pi / 2 && slow.angle > .pi / 2 * (1 - 1.0 / 120), "\(slow.angle)")
        #expect(slow.spins == 0 && slow.velocitiesAfterReset.dropFirst(3).allSatisfy { $0 > 0.5 && $0 < 1.1 })
    }
}
