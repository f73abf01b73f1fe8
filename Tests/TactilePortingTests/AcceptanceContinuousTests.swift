import Foundation
import Tactile
import Testing

// Acceptance checks for the continuous recognizers and the swipe, written from Apple's UIKit documentation
// (UIPanGestureRecognizer, UIScreenEdgePanGestureRecognizer, UISwipeGestureRecognizer, UIPinchGestureRecognizer,
// UIRotationGestureRecognizer) and the spec (Tactile.docc/UIKitSemantics.md §6, scenarios S4, S6, S8, S12), public API
// only.

/// A one-finger drag in a straight line: down at `start`, then one report every `interval` ms moving by `step`.
private func drag(
    _ fingers: Fingers, id: UInt64 = 1, from start: Point, step: Point, count: Int, interval: Double = 16,
    at origin: Double = 0, lift: Bool = true
) {
    fingers.down(origin, (id, start))
    var point = start
    for index in 1...count {
        point = point + step
        fingers.move(origin + Double(index) * interval, (id, point))
    }
    if lift { fingers.up(origin + Double(count + 1) * interval, (id, point)) }
}

private func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }
private func near(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
    near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}

@Suite("Acceptance: UIPanGestureRecognizer")
struct AcceptancePanTests {
    @Test("Defaults: minimumNumberOfTouches 1, maximumNumberOfTouches unbounded")
    func defaults() {
        let pan = PanGestureRecognizer()
        #expect(pan.minimumNumberOfTouches == 1)
        #expect(pan.maximumNumberOfTouches >= 1_000)
    }

    @Test("S4b: the pan begins at the 10 pt crossing, cancels the view's touch first, translation from there")
    func panLifecycle() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        var translations: [Point] = []
        var touch: Touch?
        var viewOfTouchInActions: [View?] = []
        _ = pan.addAction { _ in
            translations.append(pan.translation(in: view))
            viewOfTouchInActions.append(touch?.view)
        }
        view.inspect = { method, touches, _ in
            if method == "began" { touch = touches.first }
        }
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(150, 120)))
        fingers.move(16, (1, pt(154, 120)))
        fingers.move(32, (1, pt(158, 120)))
        #expect(log.entries == ["V began #1", "V moved #1", "V moved #1"])
        #expect(pan.state == .possible)
        fingers.move(48, (1, pt(161, 120)))
        #expect(log.entries == ["V began #1", "V moved #1", "V moved #1", "V cancelled #1", "P began"])
        fingers.move(64, (1, pt(170, 120)))
        fingers.up(200, (1, pt(170, 120)))
        #expect(log.entries(of: "P") == ["P began", "P changed", "P ended"])
        #expect(log.entries(of: "V").count == 4)  // nothing after the cancel
        // After the cancel the touch no longer belongs to a view (UITouch.view: nil once a recognizer took it).
        #expect(viewOfTouchInActions.count == 3 && viewOfTouchInActions.allSatisfy { $0 == nil })
        #expect(translations.count == 3)
        if translations.count == 3 {
            // From touch-down (issue 37): the 11 pt that recognized the pan, then 9 pt more.
            #expect(near(translations[0], pt(11, 0), 1))
            #expect(near(translations[1], pt(20, 0), 1))
        }
    }

    @Test("The pan's actions while recognizing: began, changed on every move, ended when the finger lifts")
    func continuousStates() {
        let (_, _, view, log, fingers) = acceptanceScene()
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        var statesInAction: [GestureRecognizer.State] = []
        _ = pan.addAction { statesInAction.append($0.state) }
        view.addGestureRecognizer(pan)
        drag(fingers, from: pt(100, 100), step: pt(6, 0), count: 6)
        // Moves at 6, 12 (begins), 18, 24, 30, 36 pt: began, then four changes, then ended.
        #expect(statesInAction == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(pan.state == .possible)
    }

    @Test("velocity(in:) is in points per second and signed: ≈ (300, 0) to the right, ≈ (0, −240) upward")
    func velocity() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let pan = PanGestureRecognizer()
        var velocities: [Point] = []
        _ = pan.addAction { _ in velocities.append(pan.velocity(in: view)) }
        view.addGestureRecognizer(pan)
        // 120 Hz reports, 2.5 pt each: 300 pt/s.
        drag(fingers, from: pt(50, 400), step: pt(2.5, 0), count: 40, interval: 1000.0 / 120, lift: false)
        if let last = velocities.last {
            #expect(near(last.x, 300, 15), "velocity \(last)")
            #expect(near(last.y, 0, 5), "velocity \(last)")
        }
        fingers.up(400, (1, pt(150, 400)))
        velocities.removeAll()
        drag(fingers, id: 2, from: pt(200, 700), step: pt(0, -2), count: 40, interval: 1000.0 / 120, at: 1000,
             lift: false)
        if let last = velocities.last {
            #expect(near(last.y, -240, 12), "velocity \(last)")
            #expect(near(last.x, 0, 5), "velocity \(last)")
        }
        #expect(!velocities.isEmpty)
    }

    @Test("setTranslation(.zero, in:) in each action makes translation the change since the last action")
    func setTranslation() {
        let (_, _, view, _, fingers) = acceptanceScene()
        let pan = PanGestureRecognizer()
        var increments: [Point] = []
        var velocityAfterReset: [Point] = []
        _ = pan.addAction { _ in
            increments.append(pan.translation(in: view))
            pan.setTranslation(Point(x: 0, y: 0), in: view)
            velocityAfterReset.append(pan.velocity(in: view))
            #expect(pan.translation(in: view) == pt(0, 0))
        }
        view.addGestureRecognizer(pan)
        drag(fingers, from: pt(100, 100), step: pt(5, 3), count: 8, lift: false)
        // Began at the second move (10 pt in x); then six changes of (5, 3) each.
        #expect(increments.count == 7)
        for increment in increments.dropFirst() { #expect(near(increment, pt(5, 3), 0.01), "\(increment)") }
        // "Changing the translation value resets the velocity of the pan" (UIPanGestureRecognizer): read right after,
        // it is the finger's velocity, (5, 3) pt per 16 ms (issue 37, UIKitSemantics.md §9 open question 1).
        for velocity in velocityAfterReset { #expect(near(velocity, pt(312.5, 187.5), 1), "\(velocity)") }
        fingers.up(200, (1, pt(140, 124)))
    }

    @Test("minimumNumberOfTouches = 2: a one-finger drag never pans; a two-finger drag does")
    func minimumTouches() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        pan.minimumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        drag(fingers, from: pt(100, 100), step: pt(10, 0), count: 10)
        #expect(log.entries(of: "P").isEmpty)
        fingers.down(1000, (2, pt(100, 300)), (3, pt(160, 300)))
        for index in 1...5 {
            let dx = Double(index) * 5
            fingers.move(1000 + Double(index) * 16, (2, pt(100 + dx, 300)), (3, pt(160 + dx, 300)))
        }
        fingers.up(1200, (2, pt(125, 300)), (3, pt(185, 300)))
        #expect(log.entries(of: "P").first == "P began")
        #expect(log.entries(of: "P").last == "P ended")
    }

    @Test("maximumNumberOfTouches = 1: two fingers dragging together do not pan")
    func maximumTouches() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        pan.maximumNumberOfTouches = 1
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 300)), (2, pt(160, 300)))
        for index in 1...8 {
            let dx = Double(index) * 5
            fingers.move(Double(index) * 16, (1, pt(100 + dx, 300)), (2, pt(160 + dx, 300)))
        }
        #expect(log.entries(of: "P").isEmpty)
        fingers.up(200, (1, pt(140, 300)), (2, pt(200, 300)))
        #expect(log.entries(of: "P").isEmpty)
    }

    @Test("A two-finger pan ends only when all fingers have lifted")
    func endsWhenAllLift() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 300)), (2, pt(160, 300)))
        for index in 1...4 {
            let dx = Double(index) * 5
            fingers.move(Double(index) * 16, (1, pt(100 + dx, 300)), (2, pt(160 + dx, 300)))
        }
        fingers.up(100, (1, pt(120, 300)))
        #expect(log.entries(of: "P").first == "P began")
        #expect(!log.entries(of: "P").contains("P ended"))
        fingers.move(116, (2, pt(190, 300)))
        fingers.up(132, (2, pt(190, 300)))
        #expect(log.entries(of: "P").last == "P ended")
        #expect(log.entries(of: "P").filter { $0 == "P ended" }.count == 1)
    }
}

@Suite("Acceptance: UIScreenEdgePanGestureRecognizer")
struct AcceptanceEdgePanTests {
    func edgeScene(_ edges: RectEdge) -> (AcceptanceLog, Fingers, ScreenEdgePanGestureRecognizer) {
        let (_, _, view, log, fingers) = acceptanceScene()
        let edgePan = recordActions(ScreenEdgePanGestureRecognizer(), "E", in: log)
        edgePan.edges = edges
        view.addGestureRecognizer(edgePan)
        return (log, fingers, edgePan)
    }

    @Test("edges = .left: a drag starting at the left edge moving right begins and ends")
    func leftEdge() {
        let (log, fingers, edgePan) = edgeScene(.left)
        #expect(edgePan.translation(in: nil) == pt(0, 0))
        drag(fingers, from: pt(4, 400), step: pt(6, 0), count: 6)
        #expect(log.entries(of: "E").first == "E began")
        #expect(log.entries(of: "E").last == "E ended")
    }

    @Test("edges = .left: a drag starting in the middle, or along the edge, does not begin")
    func notFromEdge() {
        let (log, fingers, _) = edgeScene(.left)
        drag(fingers, from: pt(150, 400), step: pt(6, 0), count: 6)
        drag(fingers, id: 2, from: pt(4, 300), step: pt(0, 6), count: 6, at: 1000)
        #expect(log.entries(of: "E").isEmpty)
    }

    @Test("edges = .right: a drag from the right edge moving left begins; from the left edge it does not")
    func rightEdge() {
        let (log, fingers, _) = edgeScene(.right)
        drag(fingers, from: pt(4, 400), step: pt(6, 0), count: 6)
        #expect(log.entries(of: "E").isEmpty)
        drag(fingers, id: 2, from: pt(396, 400), step: pt(-6, 0), count: 6, at: 1000)
        #expect(log.entries(of: "E").first == "E began")
    }
}

@Suite("Acceptance: UISwipeGestureRecognizer")
struct AcceptanceSwipeTests {
    func swipeScene(_ direction: SwipeDirection, touches: Int = 1)
        -> (RecordingView, AcceptanceLog, Fingers, SwipeGestureRecognizer)
    {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let swipe = recordActions(SwipeGestureRecognizer(), "S", in: log)
        swipe.direction = direction
        swipe.numberOfTouchesRequired = touches
        view.addGestureRecognizer(swipe)
        return (view, log, fingers, swipe)
    }

    @Test("Defaults: direction .right, one touch")
    func defaults() {
        let swipe = SwipeGestureRecognizer()
        #expect(swipe.direction == .right)
        #expect(swipe.numberOfTouchesRequired == 1)
    }

    @Test("A fast flick to the right recognizes on the move that reaches 50 pt, before the lift; location is the start")
    func rightFlick() {
        let (view, log, fingers, swipe) = swipeScene(.right)
        var location: Point?
        _ = swipe.addAction { location = $0.location(in: view) }
        fingers.down(0, (1, pt(50, 400)))
        fingers.move(16, (1, pt(70, 400)))
        fingers.move(32, (1, pt(90, 400)))
        #expect(log.entries(of: "S").isEmpty)
        fingers.move(48, (1, pt(110, 400)))
        #expect(log.entries(of: "S") == ["S ended"])  // discrete: recognized, never began
        #expect(location == pt(50, 400))
        fingers.up(64, (1, pt(110, 400)))
        #expect(log.entries(of: "S") == ["S ended"])
    }

    @Test("Direction is honoured: .left ignores a right flick; [.left, .right] takes both; .up and .down")
    func directions() {
        let (_, log, fingers, swipe) = swipeScene(.left)
        drag(fingers, from: pt(50, 400), step: pt(20, 0), count: 4)
        #expect(log.entries(of: "S").isEmpty)
        drag(fingers, id: 2, from: pt(300, 400), step: pt(-20, 0), count: 4, at: 1000)
        #expect(log.entries(of: "S") == ["S ended"])
        swipe.direction = [.left, .right]
        drag(fingers, id: 3, from: pt(50, 400), step: pt(20, 0), count: 4, at: 2000)
        #expect(log.entries(of: "S") == ["S ended", "S ended"])
        swipe.direction = .up
        drag(fingers, id: 4, from: pt(200, 600), step: pt(0, 20), count: 4, at: 3000)  // down: no
        #expect(log.entries(of: "S").count == 2)
        drag(fingers, id: 5, from: pt(200, 600), step: pt(0, -20), count: 4, at: 4000)
        #expect(log.entries(of: "S").count == 3)
        swipe.direction = .down
        drag(fingers, id: 6, from: pt(200, 300), step: pt(0, 20), count: 4, at: 5000)
        #expect(log.entries(of: "S").count == 4)
    }

    @Test("A slow drag is not a swipe (the swipe has to happen within its maximum duration)")
    func slowDrag() {
        let (_, log, fingers, _) = swipeScene(.right)
        drag(fingers, from: pt(50, 400), step: pt(1.5, 0), count: 60)
        fingers.settle()
        #expect(log.entries(of: "S").isEmpty)
    }

    @Test("numberOfTouchesRequired = 2: one finger does not swipe; two fingers do")
    func twoFingerSwipe() {
        let (_, log, fingers, _) = swipeScene(.right, touches: 2)
        drag(fingers, from: pt(50, 400), step: pt(20, 0), count: 4)
        fingers.settle()
        #expect(log.entries(of: "S").isEmpty)
        fingers.down(1000, (2, pt(50, 300)), (3, pt(50, 360)))
        for index in 1...4 {
            let dx = Double(index) * 20
            fingers.move(1000 + Double(index) * 16, (2, pt(50 + dx, 300)), (3, pt(50 + dx, 360)))
        }
        fingers.up(1080, (2, pt(130, 300)), (3, pt(130, 360)))
        #expect(log.entries(of: "S") == ["S ended"])
    }
}

@Suite("Acceptance: UIPinchGestureRecognizer and UIRotationGestureRecognizer")
struct AcceptancePinchRotationTests {
    @Test("Spreading: scale = span / initial span, velocity positive; ends when both fingers lift")
    func spread() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pinch = recordActions(PinchGestureRecognizer(), "pinch", in: log)
        var scales: [Double] = []
        var velocities: [Double] = []
        var locations: [Point] = []
        _ = pinch.addAction {
            scales.append(pinch.scale)
            velocities.append(pinch.velocity)
            locations.append($0.location(in: view))
        }
        view.addGestureRecognizer(pinch)
        fingers.down(0, (1, pt(100, 400)))
        fingers.down(20, (2, pt(300, 400)))
        fingers.move(40, (1, pt(95, 400)), (2, pt(305, 400)))  // 210
        fingers.move(60, (1, pt(80, 400)), (2, pt(320, 400)))  // 240
        fingers.move(80, (1, pt(50, 400)), (2, pt(350, 400)))  // 300
        #expect(log.entries(of: "pinch") == ["pinch began", "pinch changed", "pinch changed"])
        #expect(scales.count == 3)
        if scales.count == 3 {
            #expect(near(scales[0], 1.05, 1e-9))
            #expect(near(scales[1], 1.2, 1e-9))
            #expect(near(scales[2], 1.5, 1e-9))
        }
        #expect(velocities.dropFirst().allSatisfy { $0 > 0 }, "\(velocities)")
        #expect(locations.allSatisfy { near($0, pt(200, 400), 1e-9) })
        fingers.up(100, (1, pt(50, 400)))
        #expect(!log.entries(of: "pinch").contains("pinch ended"))
        fingers.up(120, (2, pt(350, 400)))
        #expect(log.entries(of: "pinch").last == "pinch ended")
    }

    @Test("Pinching in: scale below 1 and velocity negative; setting scale rebases it")
    func pinchIn() {
        let (_, _, view, _, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        var velocities: [Double] = []
        var resetOnce = false
        _ = pinch.addAction { _ in
            scales.append(pinch.scale)
            velocities.append(pinch.velocity)
            if pinch.state == .changed && !resetOnce {
                resetOnce = true
                pinch.scale = 1
                #expect(pinch.velocity == 0)  // "setting the scale resets the velocity" (UIPinchGestureRecognizer)
            }
        }
        view.addGestureRecognizer(pinch)
        fingers.down(0, (1, pt(0, 400)), (2, pt(399, 400)))  // 399 (the window is 400 wide)
        fingers.move(20, (1, pt(9.975, 400)), (2, pt(389.025, 400)))  // 379.05: began, 0.95
        fingers.move(40, (1, pt(49.875, 400)), (2, pt(349.125, 400)))  // 299.25: 0.75, then scale := 1 there
        fingers.move(60, (1, pt(79.8, 400)), (2, pt(319.2, 400)))  // 239.4: 0.8 of 299.25
        #expect(scales.count == 3)
        if scales.count == 3 {
            #expect(near(scales[0], 0.95, 1e-9))
            #expect(near(scales[1], 0.75, 1e-9))
            #expect(near(scales[2], 0.8, 1e-9))
        }
        #expect(velocities.first.map { $0 < 0 } ?? false, "\(velocities)")
        #expect(velocities.last.map { $0 < 0 } ?? false, "\(velocities)")
        fingers.up(80, (1, pt(79.8, 400)), (2, pt(319.2, 400)))
    }

    /// Second finger on a circle of radius 100 around the first (200, 400), at `angle` radians (y down).
    private func onCircle(_ angle: Double) -> Point { pt(200 + 100 * cos(angle), 400 + 100 * sin(angle)) }

    /// The first finger rests at (200, 400) while the second turns around it from angle 0 in three steps of
    /// `step` radians (20 ms apart), then both lift: the rotation's actions and its values in each.
    private func turn(by step: Double) -> (actions: [String], angles: [Double], velocities: [Double]) {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let rotation = recordActions(RotationGestureRecognizer(), "rot", in: log)
        var angles: [Double] = []
        var velocities: [Double] = []
        _ = rotation.addAction { _ in
            angles.append(rotation.rotation)
            velocities.append(rotation.velocity)
        }
        view.addGestureRecognizer(rotation)
        fingers.down(0, (1, pt(200, 400)), (2, onCircle(0)))
        for index in 1...3 { fingers.move(Double(index) * 20, (2, onCircle(Double(index) * step))) }
        fingers.up(80, (1, pt(200, 400)), (2, onCircle(3 * step)))
        return (log.entries(of: "rot"), angles, velocities)
    }

    @Test("Clockwise on screen (y down) gives a positive rotation and velocity; rotation is the angle turned")
    func clockwise() {
        let (actions, angles, velocities) = turn(by: 0.1)
        #expect(actions == ["rot began", "rot changed", "rot changed", "rot ended"])
        #expect(angles.count == 4)
        if angles.count == 4 {
            #expect(near(angles[0], 0.1, 1e-9))
            #expect(near(angles[2], 0.3, 1e-9))
        }
        #expect(velocities.dropFirst().dropLast().allSatisfy { $0 > 0 }, "\(velocities)")
    }

    @Test("Counter-clockwise on screen gives a negative rotation and velocity")
    func counterClockwise() {
        let (actions, angles, velocities) = turn(by: -0.1)
        #expect(actions == ["rot began", "rot changed", "rot changed", "rot ended"])
        #expect(angles.count == 4)
        if angles.count == 4 { #expect(near(angles[2], -0.3, 1e-9), "\(angles)") }
        #expect(velocities.dropFirst().dropLast().allSatisfy { $0 < 0 }, "\(velocities)")
    }

    @Test("S6: pinch and rotation exclude each other by default; a simultaneous delegate lets both run")
    func pinchAndRotation() {
        func run(simultaneous: Bool) -> AcceptanceLog {
            let (_, _, view, log, fingers) = acceptanceScene()
            view.isMultipleTouchEnabled = true
            let pinch = recordActions(PinchGestureRecognizer(), "pinch", in: log)
            let rotation = recordActions(RotationGestureRecognizer(), "rot", in: log)
            let delegate = ConfigurableDelegate()
            delegate.simultaneous = { _, _ in simultaneous }
            pinch.delegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            fingers.down(0, (1, pt(100, 400)))
            fingers.down(20, (2, pt(300, 400)))
            fingers.move(40, (1, pt(95, 406)), (2, pt(305, 394)))
            fingers.move(60, (1, pt(90, 410)), (2, pt(310, 390)))
            fingers.up(400, (1, pt(90, 410)))
            fingers.up(420, (2, pt(310, 390)))
            withExtendedLifetime(delegate) {}
            return log
        }
        let together = run(simultaneous: true)
        #expect(together.entries(of: "pinch") == ["pinch began", "pinch changed", "pinch ended"])
        #expect(together.entries(of: "rot") == ["rot began", "rot changed", "rot ended"])
        // Same dispatch, same view: addition order.
        let firstTwo = together.entries.filter { !$0.hasPrefix("V ") }.prefix(2)
        #expect(Array(firstTwo) == ["pinch began", "rot began"])
        let alone = run(simultaneous: false)
        #expect(alone.entries(of: "pinch") == ["pinch began", "pinch changed", "pinch ended"])
        #expect(alone.entries(of: "rot").isEmpty)
    }
}
