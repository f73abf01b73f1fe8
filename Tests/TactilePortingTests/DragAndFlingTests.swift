import Tactile
import Testing

/// The classic draggable card: a pan moves the card under the finger and, when the finger lifts, the card is
/// thrown with the pan's velocity. Written as in UIKit (`UIPanGestureRecognizer(target:action:)`, a handler
/// typed by the recognizer's class, `translation(in: view)`, `setTranslation(.zero, in: view)`).
final class CardViewController: ViewController {
    let card = View(frame: Rect(x: 100, y: 250, width: 200, height: 120))
    /// Whether the handler uses the incremental pattern (reset the translation on every change) or the
    /// absolute one (add the translation to where the card was when the pan began).
    let resetsTranslation: Bool
    private var centerAtBegin = Point.zero
    private(set) var throwVelocity: Point?
    private(set) var states: [GestureRecognizer.State] = []

    init(resetsTranslation: Bool) {
        self.resetsTranslation = resetsTranslation
        super.init(view: View(frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        view.addSubview(card)
        card.addGestureRecognizer(PanGestureRecognizer(target: self, action: Selector("handlePan(_:)", Self.handlePan)))
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        states.append(pan.state)
        switch pan.state {
        case .began:
            centerAtBegin = card.center
            fallthrough
        case .changed:
            let translation = pan.translation(in: view)
            if resetsTranslation {
                card.center = card.center + translation
                pan.setTranslation(.zero, in: view)
            } else {
                card.center = centerAtBegin + translation
            }
        case .ended:
            throwVelocity = pan.velocity(in: view)
        default:
            break
        }
    }
}

@Suite("Drag and fling: a card follows the finger and is thrown with the pan's velocity")
struct DragAndFlingTests {
    /// 1 300 pt/s up and to the right, sampled at 120 Hz for 0.25 s, with ±0.3 pt of jitter.
    let fling = Stroke.fling(from: Point(x: 200, y: 310), velocity: Point(x: 1200, y: -500), rate: 120, duration: 0.25)
    var flingSpeed: Double { (1200.0 * 1200 + 500 * 500).squareRoot() }

    func throwCard(resettingTranslation: Bool) throws -> (CardViewController, Point) {
        let (application, window) = makeApplication()
        let controller = CardViewController(resetsTranslation: resettingTranslation)
        window.rootViewController = controller
        application.send(fling.frames())
        let velocity = try #require(controller.throwVelocity, "the pan ended and the handler read its velocity")
        return (controller, velocity)
    }

    @Test("Resetting the translation on every change keeps the fling velocity (within 10 %)",
          arguments: [true, false])
    func velocityAtEnd(resettingTranslation: Bool) throws {
        let (controller, velocity) = try throwCard(resettingTranslation: resettingTranslation)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        #expect(abs(speed - flingSpeed) <= 0.1 * flingSpeed, "speed \(speed) pt/s, synthesized \(flingSpeed) pt/s")
        // The direction too: up and to the right.
        #expect(velocity.x > 0 && velocity.y < 0)
        #expect(controller.states.first == .began && controller.states.last == .ended)
        #expect(controller.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
    }

    @Test("Both handler patterns leave the card at the same place: under the finger")
    func cardFollowsFinger() throws {
        let (incremental, _) = try throwCard(resettingTranslation: true)
        let (absolute, _) = try throwCard(resettingTranslation: false)
        #expect(abs(incremental.card.center.x - absolute.card.center.x) < 1e-6)
        #expect(abs(incremental.card.center.y - absolute.card.center.y) < 1e-6)
        // The card stays under the finger: the translation is measured from touch-down, so the hysteresis the
        // finger crossed before recognition is not lost (issue 37; spec §6.3 rule 3, §9 open question 1).
        let fingerTravel = fling.samples.last!.location - fling.samples.first!.location
        let cardTravel = incremental.card.center - Point(x: 200, y: 310)
        let lag = fingerTravel - cardTravel
        #expect(abs(lag.x) < 1e-6 && abs(lag.y) < 1e-6, "card \(cardTravel) finger \(fingerTravel)")
    }
}

@Suite("Velocity from a slow digitizer")
struct SlowDigitizerVelocityTests {
    @Test("A 25 Hz panel (40 ms between reports, a few ms of jitter) gives the drag's velocity, not zero")
    func twentyFiveHertz() throws {
        let (application, window) = makeApplication()
        let canvas = View(frame: window.bounds)
        window.addSubview(canvas)
        let pan = PanGestureRecognizer()
        canvas.addGestureRecognizer(pan)
        var velocities: [Point] = []
        pan.addAction { recognizer in
            guard let pan = recognizer as? PanGestureRecognizer, pan.state == .changed || pan.state == .ended
            else { return }
            velocities.append(pan.velocity(in: canvas))
        }
        // 400 pt/s to the right; reports every 40 ms, each 0–3 ms late (a resistive panel behind a slow bus).
        var late = Jitter(seed: 3, amplitude: 1.5)
        var frames: [TouchFrame] = []
        for index in 0...12 {
            let t = 0.04 * Double(index) + (index == 0 ? 0 : 0.0015 + late.next() / 1000)
            frames.append(TouchFrame(timestamp: Timestamp(seconds: t), contacts: [
                TouchContact(id: .init(1), phase: index == 0 ? .began : .moved,
                             location: Point(x: 100 + 400 * t, y: 300)),
            ]))
        }
        frames.append(TouchFrame(timestamp: Timestamp(seconds: 0.52), contacts: [
            TouchContact(id: .init(1), phase: .ended, location: Point(x: 100 + 400 * 0.48, y: 300)),
        ]))
        application.send(frames)
        try #require(velocities.count >= 5)
        for velocity in velocities.suffix(4) {
            #expect(abs(velocity.x - 400) <= 40, "velocity \(velocity)")
            #expect(abs(velocity.y) <= 5)
        }
    }
}
