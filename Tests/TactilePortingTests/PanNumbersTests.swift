import Tactile
import Testing

// Issue 37, "The pan's numbers as real code reads them" (UIKitSemantics.md §9 open question 1): a sticker dragged
// with `view.center = start + translation` stays under the finger, and a stepper that reads `velocity(in:)` right
// after `setTranslation(.zero, in:)` reads the finger's velocity. Written as the app code is written.

/// A sticker that follows a pan the way drag code is written: `start` read in `began`, then
/// `center = start + translation` in the superview's coordinates.
final class Sticker: View {
    var start = Point.zero
    var centers: [Point] = []
    let pan = PanGestureRecognizer()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        pan.addAction { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            switch pan.state {
            case .began:
                start = center
                fallthrough
            case .changed:
                let translation = pan.translation(in: superview)
                center = Point(x: start.x + translation.x, y: start.y + translation.y)
                centers.append(center)
            default:
                break
            }
        }
        addGestureRecognizer(pan)
    }
}

/// A stepper that steps by the finger's speed: in every `changed` action it resets the translation, then reads
/// the velocity (the order of the ported code).
final class VelocityStepper: View {
    var value = 0
    var velocities: [Point] = []
    var velocitiesBeforeReset: [Point] = []

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        let pan = PanGestureRecognizer()
        pan.addAction { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer, pan.state == .changed else { return }
            velocitiesBeforeReset.append(pan.velocity(in: self))
            pan.setTranslation(.zero, in: self)
            let velocity = pan.velocity(in: self)
            velocities.append(velocity)
            if velocity.x > 200 { value += 1 } else if velocity.x < -200 { value -= 1 }
        }
        addGestureRecognizer(pan)
    }
}

@Suite("The pan's numbers as real code reads them (issue 37)")
struct PanNumbersTests {
    func window(_ view: View) -> (Application, Fingers) {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        window.addSubview(view)
        return (application, Fingers(application))
    }

    @Test("A sticker moved by start + translation stays under the finger, from began on")
    func stickerFollowsTheFinger() throws {
        let sticker = Sticker(frame: Rect(x: 100, y: 100, width: 100, height: 100))  // center (150, 150)
        let (_, fingers) = window(sticker)
        // The finger lands 20 pt left of the center and moves right 4 pt every 8 ms: recognized at 12 pt.
        let grab = Point(x: 130, y: 150)
        fingers.down(0, (1, grab))
        var finger = grab
        for k in 1...10 {
            finger = Point(x: grab.x + 4 * Double(k), y: grab.y + Double(k))
            fingers.move(Double(k) * 8, (1, finger))
        }
        fingers.up(88, (1, finger))
        let first = try #require(sticker.centers.first)
        // At began the finger is 12 pt right and 3 pt down of where it landed, and so is the sticker.
        #expect(first == Point(x: 162, y: 153))
        // Whatever the finger did, the point of the sticker under it is the point it grabbed.
        #expect(sticker.center == Point(x: finger.x + 20, y: finger.y))
    }

    @Test("translationOrigin = .recognition keeps the other reading: began sees (0, 0), the sticker lags")
    func recognitionOrigin() throws {
        let sticker = Sticker(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        sticker.pan.translationOrigin = .recognition
        let (_, fingers) = window(sticker)
        fingers.down(0, (1, Point(x: 130, y: 150)))
        for k in 1...10 { fingers.move(Double(k) * 8, (1, Point(x: 130 + 4 * Double(k), y: 150))) }
        fingers.up(88, (1, Point(x: 170, y: 150)))
        #expect(sticker.centers.first == Point(x: 150, y: 150))
        #expect(sticker.center == Point(x: 178, y: 150), "12 pt behind the finger's 40 pt")
    }

    @Test("A finger that moves less than the hysteresis never moves the sticker; at the hysteresis it does")
    func hysteresisBoundary() {
        for (steps, moves) in [(2, false), (3, true)] {
            let sticker = Sticker(frame: Rect(x: 100, y: 100, width: 100, height: 100))
            let (_, fingers) = window(sticker)
            fingers.down(0, (1, Point(x: 130, y: 150)))
            for k in 1...steps { fingers.move(Double(k) * 8, (1, Point(x: 130 + Double(k) * 10 / 3, y: 150))) }
            fingers.up(100, (1, Point(x: 130 + Double(steps) * 10 / 3, y: 150)))
            #expect((sticker.center != Point(x: 150, y: 150)) == moves, "\(steps) steps")
        }
    }

    @Test("velocity(in:) read right after setTranslation(.zero, in:) is the finger's velocity: the stepper steps")
    func stepperReadsTheVelocity() throws {
        let stepper = VelocityStepper(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let (_, fingers) = window(stepper)
        // Right at 500 pt/s (4 pt every 8 ms), then left at 500 pt/s.
        fingers.down(0, (1, Point(x: 200, y: 400)))
        for k in 1...10 { fingers.move(Double(k) * 8, (1, Point(x: 200 + 4 * Double(k), y: 400))) }
        for k in 1...20 { fingers.move(80 + Double(k) * 8, (1, Point(x: 240 - 4 * Double(k), y: 400))) }
        fingers.up(248, (1, Point(x: 160, y: 400)))
        #expect(stepper.velocities == stepper.velocitiesBeforeReset, "resetting the translation leaves the velocity")
        let firstChange = try #require(stepper.velocities.first)
        #expect(abs(firstChange.x - 500) < 1, "the finger's speed, not zero")
        #expect(stepper.velocities.filter { $0.x > 200 }.count >= 5)
        #expect(stepper.velocities.filter { $0.x < -200 }.count >= 5)
    }
}
