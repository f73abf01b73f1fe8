import Testing
@testable import Tactile

/// Scenes and timelines of the scenarios between continuous recognizers (spec §7 S5, S6, S8).
enum ContinuousScenarios {
    /// S5: V fills the window with the long press `LP` (added first) and the pan `P`; `delegate` on both.
    static func longPressAndPan(delegate: TestDelegate? = nil) -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        scene.attach(LongPressGestureRecognizer(), "LP", to: v)
        scene.attach(PanGestureRecognizer(), "P", to: v)
        if let delegate { scene.setDelegate(delegate, on: "LP", "P") }
        return scene
    }

    static let pressThenMove: [TouchFrame] = [
        .at(0, .down(1, 200, 400)), .at(600, .move(1, 260, 400)), .at(900, .up(1, 260, 400)),
    ]
    /// S5a, S5c: the long press begins at its deadline and takes the touch.
    static let longPressBegins = [
        "0.000s V: began{#1}", "0.500s deadline: LP", "0.500s LP: possible → began (held for 0.5 s)",
        "0.500s V: cancelled{#1}", "0.500s LP: action(began)",
    ]
    static let quickMove: [TouchFrame] = [
        .at(0, .down(1, 200, 400)), .at(100, .move(1, 215, 400)), .at(300, .up(1, 215, 400)),
    ]

    /// S6: V (multiple touch) with `pinch` (added first) and `rot`; `delegate` on both.
    static func pinchAndRotation(delegate: TestDelegate? = nil) -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        v.isMultipleTouchEnabled = true
        scene.attach(PinchGestureRecognizer(), "pinch", to: v)
        scene.attach(RotationGestureRecognizer(), "rot", to: v)
        if let delegate { scene.setDelegate(delegate, on: "pinch", "rot") }
        return scene
    }

    static let spreadAndTurn: [TouchFrame] = [
        .at(0, .down(1, 100, 400)), .at(20, .still(1, 100, 400), .down(2, 300, 400)),
        .at(40, .move(1, 95, 406), .move(2, 305, 394)), .at(60, .move(1, 90, 412), .move(2, 310, 388)),
        .at(400, .up(1, 90, 412), .still(2, 310, 388)), .at(420, .up(2, 310, 388)),
    ]

    /// S8: V with `swipe` (right, added first) and `pan`; `pan.require(toFail: swipe)` when `requirement`.
    static func swipeAndPan(requirement: Bool) -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let swipe = scene.attach(SwipeGestureRecognizer(), "swipe", to: v)
        let pan = scene.attach(PanGestureRecognizer(), "pan", to: v)
        if requirement { pan.require(toFail: swipe) }
        return scene
    }

    /// A drag to the right from (50,400) by `step` points every 16 ms, `moves` times, lifting 16 ms later.
    static func flick(step: Double, moves: Int) -> [TouchFrame] {
        drag(from: Point(x: 50, y: 400), dx: step, moves: moves, liftAt: Int64(16 * (moves + 1)))
    }
}

@Suite("Continuous scenarios: long press, pan, pinch, rotation and swipe together (spec §7 S5, S6, S8)")
struct ContinuousScenarioTests {
    @Test("S5a: the long press begins at t=500, cancels the view's touch, and excludes the pan")
    func s5aLongPressWins() {
        let scene = ContinuousScenarios.longPressAndPan()
        #expect(runScenario(scene, ContinuousScenarios.pressThenMove) == ContinuousScenarios.longPressBegins + [
            "0.500s P: possible → failed (excluded by LP)",
            "0.500s P: failed → possible (reset)",
            "0.600s LP: began → changed",
            "0.600s LP: action(changed)",
            "0.900s LP: changed → ended (a touch lifted)",
            "0.900s LP: action(ended)",
            "0.900s LP: ended → possible (reset)",
        ])
    }

    @Test("S5b: moving 15 pt first fails the long press and begins the pan; no long-press action at t=500")
    func s5bPanWins() {
        let scene = ContinuousScenarios.longPressAndPan()
        #expect(runScenario(scene, ContinuousScenarios.quickMove) == [
            "0.000s V: began{#1}",
            "0.100s LP: possible → failed (moved 15 pt > 10 pt)",
            "0.100s P: possible → began (moved 15 pt in x ≥ 10 pt)",
            "0.100s V: cancelled{#1}",
            "0.100s P: action(began)",
            "0.100s LP: failed → possible (reset)",
            "0.300s P: began → ended (all touches lifted)",
            "0.300s P: action(ended)",
            "0.300s P: ended → possible (reset)",
        ])
    }

    @Test("S5c: with a delegate allowing both, the pan begins after the long press, in the same dispatch as its change")
    func s5cSimultaneous() {
        let scene = ContinuousScenarios.longPressAndPan(delegate: TestDelegate(simultaneous: true))
        #expect(runScenario(scene, ContinuousScenarios.pressThenMove) == ContinuousScenarios.longPressBegins + [
            "0.600s LP: began → changed",
            "0.600s LP: action(changed)",
            "0.600s P: possible → began (moved 60 pt in x ≥ 10 pt)",
            "0.600s P: action(began)",
            "0.900s LP: changed → ended (a touch lifted)",
            "0.900s LP: action(ended)",
            "0.900s P: began → ended (all touches lifted)",
            "0.900s P: action(ended)",
            "0.900s LP: ended → possible (reset)",
            "0.900s P: ended → possible (reset)",
        ])
    }

    @Test("S6: with the delegate, pinch and rotation begin in the same dispatch and follow the fingers together")
    func s6Together() throws {
        let scene = ContinuousScenarios.pinchAndRotation(delegate: TestDelegate(simultaneous: true))
        let pinch = try #require(scene[recognizer: "pinch"] as? PinchGestureRecognizer)
        let rot = try #require(scene[recognizer: "rot"] as? RotationGestureRecognizer)
        var values: [(Double, Double)] = []
        rot.addAction { [unowned pinch, unowned rot] _ in values.append((pinch.scale, rot.rotation)) }
        #expect(runScenario(scene, ContinuousScenarios.spreadAndTurn) == [
            "0.000s V: began{#1}",
            "0.020s V: began{#2}",
            "0.040s pinch: possible → began (span changed by 10.34 pt, |Δ| ≥ 10 pt)",
            "0.040s V: cancelled{#1,#2}",
            "0.040s pinch: action(began)",
            "0.040s rot: possible → began (rotated by -0.057 rad, |θ| ≥ 0.05 rad)",
            "0.040s rot: action(began)",
            "0.060s pinch: began → changed",
            "0.060s pinch: action(changed)",
            "0.060s rot: began → changed",
            "0.060s rot: action(changed)",
            "0.420s pinch: changed → ended (all touches lifted)",
            "0.420s pinch: action(ended)",
            "0.420s rot: changed → ended (all touches lifted)",
            "0.420s rot: action(ended)",
            "0.420s pinch: ended → possible (reset)",
            "0.420s rot: ended → possible (reset)",
        ])
        // At t=60 the vector is (220, -24): span 221.3 pt (scale ≈ 1.107), angle ≈ -0.1086 rad.
        try #require(values.count == 3)
        #expect(isClose(values[1].0, (220.0 * 220 + 24 * 24).squareRoot() / 200, tolerance: 1e-9))
        #expect(isClose(values[1].1, -(24.0 / 220).atanApprox, tolerance: 1e-6))
    }

    @Test("S6 without the delegate: the pinch commits first (addition order) and excludes the rotation")
    func s6Exclusive() {
        let scene = ContinuousScenarios.pinchAndRotation()
        let log = runScenario(scene, ContinuousScenarios.spreadAndTurn)
        #expect(Array(log.prefix(6)) == [
            "0.000s V: began{#1}",
            "0.020s V: began{#2}",
            "0.040s pinch: possible → began (span changed by 10.34 pt, |Δ| ≥ 10 pt)",
            "0.040s V: cancelled{#1,#2}",
            "0.040s pinch: action(began)",
            "0.040s rot: possible → failed (excluded by pinch)",
        ])
        #expect(!log.contains { $0.contains("rot: action") })
    }

    @Test("S8a: a fast flick begins the pan at 20 pt, which excludes the swipe; the swipe never fires")
    func s8aPanExcludesSwipe() {
        let scene = ContinuousScenarios.swipeAndPan(requirement: false)
        let log = runScenario(scene, ContinuousScenarios.flick(step: 20, moves: 5))
        #expect(Array(log.prefix(6)) == [
            "0.000s V: began{#1}",
            "0.016s pan: possible → began (moved 20 pt in x ≥ 10 pt)",
            "0.016s V: cancelled{#1}",
            "0.016s pan: action(began)",
            "0.016s swipe: possible → failed (excluded by pan)",
            "0.016s swipe: failed → possible (reset)",
        ])
        #expect(!log.contains { $0.contains("swipe: action") })
    }

    @Test("S8b: when the pan requires the swipe to fail, a fast flick is a swipe and the waiting pan fails")
    func s8bSwipeWins() {
        let scene = ContinuousScenarios.swipeAndPan(requirement: true)
        #expect(runScenario(scene, ContinuousScenarios.flick(step: 20, moves: 3)) == [
            "0.000s V: began{#1}",
            "0.016s pan waits for swipe to fail (moved 20 pt in x ≥ 10 pt)",
            "0.016s V: moved{#1}",
            "0.032s V: moved{#1}",
            "0.048s swipe: possible → recognized (swiped right 60 pt in 0.048 s)",
            "0.048s V: cancelled{#1}",
            "0.048s swipe: action(recognized)",
            "0.048s pan: possible → failed (swipe recognized)",
            "0.048s swipe: recognized → possible (reset)",
            "0.048s pan: failed → possible (reset)",
        ])
    }

    @Test("S8c: a slow drag waits, then the swipe's 0.5 s deadline fails it and the pan begins in that dispatch")
    func s8cSlowDrag() throws {
        let scene = ContinuousScenarios.swipeAndPan(requirement: true)
        let pan = try #require(scene[recognizer: "pan"] as? PanGestureRecognizer)
        var translations: [Point] = []
        pan.addAction { [unowned pan] _ in translations.append(pan.translation(in: nil)) }
        let log = runScenario(scene, ContinuousScenarios.flick(step: 1.5, moves: 33))
        var expected = ["0.000s V: began{#1}"]
        for k in 1...31 {
            let time = Timestamp.ms(Int64(16 * k))
            if k == 7 { expected.append("\(time) pan waits for swipe to fail (moved 10.5 pt in x ≥ 10 pt)") }
            expected.append("\(time) V: moved{#1}")
        }
        expected += [
            "0.500s deadline: swipe",
            "0.500s swipe: possible → failed (maximum duration 0.5 s passed)",
            "0.500s pan: possible → began (swipe failed)",
            "0.500s V: cancelled{#1}",
            "0.500s pan: action(began)",
            "0.500s swipe: failed → possible (reset)",
            "0.512s pan: began → changed",
            "0.512s pan: action(changed)",
            "0.528s pan: changed → changed",
            "0.528s pan: action(changed)",
            "0.544s pan: changed → ended (all touches lifted)",
            "0.544s pan: action(ended)",
            "0.544s pan: ended → possible (reset)",
        ]
        #expect(log == expected)
        // From touch-down (issue 37): the began action sees what the finger moved while the pan waited.
        #expect(translations.first.map { $0.x > 10 && $0.y == 0 } == true, "\(translations)")
        #expect(translations.count == 4 && isClose(translations[1] - translations[0], Point(x: 1.5, y: 0)))
    }

    @Test("S8d: a medium drag of 5 pt per frame reaches 50 pt at t=160 and is a swipe with the fixed thresholds")
    func s8dMediumDrag() {
        let scene = ContinuousScenarios.swipeAndPan(requirement: true)
        let log = runScenario(scene, ContinuousScenarios.flick(step: 5, moves: 12))
        #expect(log.contains("0.032s pan waits for swipe to fail (moved 10 pt in x ≥ 10 pt)"))
        #expect(Array(log.suffix(6)) == [
            "0.160s swipe: possible → recognized (swiped right 50 pt in 0.16 s)",
            "0.160s V: cancelled{#1}",
            "0.160s swipe: action(recognized)",
            "0.160s pan: possible → failed (swipe recognized)",
            "0.160s swipe: recognized → possible (reset)",
            "0.160s pan: failed → possible (reset)",
        ])
    }
}

extension Double {
    /// atan for |x| < 1 by its series (no Foundation in the tests): enough terms for 1e-9 near 0.11.
    var atanApprox: Double {
        var term = self, sum = 0.0
        for n in 0..<30 {
            sum += term / Double(2 * n + 1)
            term *= -self * self
        }
        return sum
    }
}
