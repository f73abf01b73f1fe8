import Tactile

/// Fingers moving on one view under a pan that has reached `changed`: the steady state of a drag.
///
/// Built in code (not from a scene file) so that the finger count is a parameter. ``init(fingers:)`` puts the
/// fingers down and moves them past the pan's hysteresis, so the first ``sendMove()`` is already a steady
/// frame. Frames are 120 Hz; each moves every finger by ±4 points (alternating, so they stay on the view).
@MainActor
public final class SteadyMoves {
    /// The application under test (delivery log off, as in production).
    public let application: Application
    /// The pan that claims the fingers.
    public let pan: PanGestureRecognizer
    /// Moves sent so far (after the setup).
    public private(set) var moveCount = 0
    private var frame: TouchFrame

    /// The scene without fingers: an application (delivery log off) with a 1280×720 window and a 1000×560 view at
    /// (140, 40) that takes several touches and carries a pan (also the Swift side of `Benchmarks/CAPI`).
    public static func makeScene() -> (application: Application, pan: PanGestureRecognizer) {
        let application = Application()
        application.deliveryLogCapacity = 0
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        application.addWindow(window)
        let view = View(frame: Rect(x: 140, y: 40, width: 1000, height: 560))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        return (application, pan)
    }

    /// Puts `fingers` fingers down on a 1000×560 view with a pan and drags them until the pan is `changed`.
    public init(fingers: Int = 10) {
        (application, pan) = Self.makeScene()
        let contacts = (0..<fingers).map { index in
            TouchContact(
                id: TouchContact.ID(UInt64(index + 1)), phase: .began,
                location: Point(x: 300 + Double(index) * 80, y: 300), slot: index)
        }
        frame = TouchFrame(timestamp: Timestamp(nanoseconds: 1_000_000_000), contacts: contacts)
        application.send(frame)
        for index in frame.contacts.indices { frame.contacts[index].phase = .moved }
        for _ in 0..<8 { step(by: 6) }
        precondition(pan.state == .changed, "the pan should be in changed after the drag, not \(pan.state)")
    }

    /// Sends one frame in which every finger moves.
    public func sendMove() {
        step(by: moveCount.isMultiple(of: 2) ? 4 : -4)
        moveCount += 1
    }

    private func step(by delta: Double) {
        frame.timestamp = frame.timestamp + .nanoseconds(8_333_333)
        for index in frame.contacts.indices { frame.contacts[index].location.x += delta }
        application.send(frame)
    }
}
