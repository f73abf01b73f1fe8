import Testing
@testable import Tactile

@Suite("Built-in recognizers: UIKit properties over the recognition machines, vectors converted to views (spec §6)")
struct BuiltInRecognizerTests {
    @Test("Tap properties configure the machine: a triple tap with a 0.2 s interval")
    func tapProperties() throws {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 3
        tap.maximumTapInterval = .milliseconds(200)
        tap.allowableMovement = 20
        tap.maximumTapDuration = .milliseconds(100)
        #expect(tap.numberOfTapsRequired == 3 && tap.numberOfTouchesRequired == 1)
        #expect(tap.maximumTapInterval == .milliseconds(200) && tap.allowableMovement == 20)
        let scene = sceneWith(tap)
        var locations: [Point] = []
        let view = scene[view: "V"]
        tap.addAction { [unowned view] in locations.append($0.location(in: view)) }
        let taps: [TouchFrame] = [
            .at(0, .down(1, 100, 100)), .at(50, .up(1, 100, 100)), .at(200, .down(2, 104, 100)),
            .at(250, .up(2, 104, 100)), .at(400, .down(3, 108, 100)), .at(450, .up(3, 108, 100)),
        ]
        let log = runScenario(scene, taps)
        #expect(log.contains("0.450s R: possible → recognized (3 taps of 1 touch)"))
        #expect(locations == [Point(x: 100, y: 100)])  // the first tap's location
        let slow = sceneWith(TapGestureRecognizer())
        (slow[recognizer: "R"] as? TapGestureRecognizer)?.maximumTapDuration = .milliseconds(100)
        #expect(runScenario(slow, [.at(0, .down(1, 1, 1)), .at(150, .up(1, 1, 1))]).contains(
            "0.100s R: possible → failed (maximum duration 0.1 s passed)"))
    }

    @Test("A two-finger tap reports each finger's first-tap location")
    func tapTouchLocations() {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let scene = sceneWith(tap, multipleTouch: true)
        var found: [Point] = []
        tap.addAction { r in found = [r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil)] }
        _ = runScenario(scene, [.at(0, .down(1, 100, 100), .down(2, 200, 120)), .at(60, .up(1, 100, 100), .up(2, 200, 120))])
        #expect(found == [Point(x: 100, y: 100), Point(x: 200, y: 120)])
        #expect(tap.numberOfTouches == 0)  // reset
    }

    @Test("Long-press properties configure the machine: a 0.2 s press with two fingers")
    func longPressProperties() {
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = .milliseconds(200)
        press.numberOfTouchesRequired = 2
        press.allowableMovement = 5
        #expect(press.numberOfTapsRequired == 0 && press.tapAllowableMovement == 45)
        let scene = sceneWith(press, multipleTouch: true)
        var counts: [Int] = []
        press.addAction { counts.append($0.numberOfTouches) }
        let log = runScenario(scene, [
            .at(0, .down(1, 100, 100)), .at(10, .down(2, 140, 100)), .at(300, .up(1, 100, 100), .up(2, 140, 100)),
        ])
        #expect(log.contains("0.210s R: possible → began (held for 0.2 s)"))
        #expect(log.contains("0.300s R: began → ended (a touch lifted)"))
        #expect(counts.first == 2)
    }

    @Test("Pan vectors convert to a rotated view by converting two points; setTranslation rebases the translation")
    func panConversions() throws {
        let pan = PanGestureRecognizer()
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        scene.attach(pan, "R", to: v)
        let rotated = scene.add(View(frame: Rect(x: 100, y: 100, width: 100, height: 100)), "rotated", to: v)
        rotated.transform = AffineTransform(rotationAngle: pi / 2)
        var seen: [(Point, Point)] = []
        pan.addAction { [unowned pan] _ in seen.append((pan.translation(in: nil), pan.translation(in: rotated))) }
        scene.app.send(.at(0, .down(1, 50, 50)), .at(16, .move(1, 70, 50)), .at(32, .move(1, 90, 50)))
        try #require(seen.count == 2)
        #expect(seen[1].0 == Point(x: 40, y: 0))  // from touch-down (issue 37)
        #expect(isClose(seen[1].1, Point(x: 0, y: -40)))  // a quarter turn: +x on screen is -y in the view
        let before = pan.velocity(in: nil)
        pan.setTranslation(Point(x: 5, y: 0), in: nil)
        #expect(pan.translation(in: nil) == Point(x: 5, y: 0))
        // "Changing the translation value resets the velocity of the pan" (UIPanGestureRecognizer): read right
        // after, it is still the fingers' velocity (issue 37, UIKitSemantics.md §9 open question 1).
        #expect(before.x > 1000 && pan.velocity(in: nil) == before)
        scene.app.send(.at(48, .move(1, 100, 50)), .at(64, .move(1, 110, 50)))
        #expect(pan.translation(in: nil) == Point(x: 25, y: 0))
        let velocity = pan.velocity(in: nil)
        // The least-squares fit over the whole drag (1250 pt/s slowing to 625 pt/s): 401.8 pt/s at the newest sample.
        #expect(abs(velocity.x - 401.785_714) < 1e-3 && velocity.y == 0)
        #expect(isClose(pan.velocity(in: rotated), Point(x: 0, y: -velocity.x), tolerance: 1e-6))
        #expect(pan.location(in: v) == Point(x: 110, y: 50) && pan.numberOfTouches == 1)
    }

    @Test("A pan with a maximum of two fingers ignores the third; one with a minimum of two needs two")
    func panTouchCounts() {
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 2
        let scene = sceneWith(pan, multipleTouch: true)
        let log = runScenario(scene, [
            .at(0, .down(1, 100, 100), .down(2, 150, 100)), .at(16, .move(1, 120, 100), .move(2, 170, 100)),
            .at(32, .down(3, 200, 100)), .at(48, .up(1, 120, 100), .up(2, 170, 100), .up(3, 200, 100)),
        ])
        #expect(log.contains("0.032s R ignores {#3} (a third touch landed)"))
        #expect(log.contains("0.032s V: {#3} not delivered, R took them") == false)  // ignored: it reaches V
        #expect(log.contains("0.032s V: began{#3}"))
        let two = PanGestureRecognizer()
        two.minimumNumberOfTouches = 2
        two.hysteresis = 30
        #expect(two.minimumNumberOfTouches == 2 && two.hysteresis == 30 && two.translationOrigin == .touchDown)
        let single = sceneWith(two)
        #expect(runScenario(single, drag(from: Point(x: 10, y: 10), dx: 20, moves: 3, liftAt: 80)).contains(
            "0.080s R: possible → failed (lifted before recognition)"))
    }

    @Test("A screen-edge pan begins from the left edge and fails away from its edges")
    func screenEdgePan() {
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .left
        #expect(edge.edges == .left && edge.edgeMargin == 20)
        let scene = sceneWith(edge)
        var translations: [Point] = []
        edge.addAction { [unowned edge] _ in translations.append(edge.translation(in: nil)) }
        let log = runScenario(scene, drag(from: Point(x: 5, y: 400), dx: 12, moves: 2, liftAt: 60))
        #expect(log.contains("0.016s R: possible → began (moved 12 pt away from the left edge ≥ 10 pt)"))
        #expect(translations == [Point(x: 12, y: 0), Point(x: 24, y: 0), Point(x: 24, y: 0)])  // from touch-down
        let far = sceneWith({ let r = ScreenEdgePanGestureRecognizer(); r.edges = .left; return r }())
        #expect(runScenario(far, drag(from: Point(x: 200, y: 400), dx: 12, moves: 2, liftAt: 60)).contains(
            "0.000s R: possible → failed (began 200 pt from the nearest edge > 20 pt)"))
    }

    @Test("A swipe to the left reports its direction and where it began")
    func swipeLeft() {
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .left
        swipe.minimumPrimaryMovement = 40
        #expect(swipe.numberOfTouchesRequired == 1 && swipe.maximumDuration == .milliseconds(500))
        let scene = sceneWith(swipe)
        var found: [(SwipeDirection?, Point)] = []
        swipe.addAction { [unowned swipe] r in found.append((swipe.recognizedDirection, r.location(in: nil))) }
        let log = runScenario(scene, drag(from: Point(x: 300, y: 400), dx: -25, moves: 3, liftAt: 80))
        #expect(log.contains("0.032s R: possible → recognized (swiped left 50 pt in 0.032 s)"))
        #expect(found.count == 1 && found[0].0 == .left && found[0].1 == Point(x: 300, y: 400))
    }

    @Test("Pinch scale and rotation are settable while recognizing and rebase; thresholds configure the machines")
    func pinchAndRotation() throws {
        let pinch = PinchGestureRecognizer()
        pinch.hysteresis = 4
        let scene = sceneWith(pinch, multipleTouch: true)
        var scales: [Double] = []
        pinch.addAction { [unowned pinch] _ in
            scales.append(pinch.scale)
            if pinch.state == .began { pinch.scale = 2 }
        }
        scene.app.send(.at(0, .down(1, 100, 400), .down(2, 200, 400)), .at(16, .move(1, 97, 400), .move(2, 203, 400)))
        scene.app.send(.at(32, .move(1, 94, 400), .move(2, 206, 400)))
        try #require(scales.count == 2)
        #expect(isClose(scales[0], 1.06))
        #expect(isClose(scales[1], 2 * 112.0 / 106))
        #expect(pinch.velocity.isFinite && pinch.location(in: nil) == Point(x: 150, y: 400))

        let rotation = RotationGestureRecognizer()
        rotation.threshold = 0.01
        let second = sceneWith(rotation, multipleTouch: true)
        second.app.send(.at(0, .down(1, 100, 400), .down(2, 200, 400)), .at(16, .move(1, 100, 399), .move(2, 200, 401)))
        #expect(rotation.state == .began && rotation.rotation > 0.01)
        rotation.rotation = 1
        #expect(rotation.rotation == 1 && rotation.numberOfTouches == 2)
    }

    @Test("A second finger landing in the frame where the first moves: pinch and rotation start from that frame's locations")
    func pairFormsAtTheLandingFrame() {
        // The frame at 16 ms moves #1 and lands #2 (spec §6.6 rule 1, §6.7 rule 1): d0 = 206 pt, not 200 pt, and the
        // initial vector is (206, 0); the 4 pt at 32 ms stay under the 10 pt, the 10 pt at 48 ms begin.
        let pinch = PinchGestureRecognizer()
        let scene = sceneWith(pinch, multipleTouch: true)
        var began: [(Double, Point)] = []
        pinch.addAction { [unowned pinch] _ in if pinch.state == .began { began.append((pinch.scale, pinch.location(in: nil))) } }
        scene.app.send(.at(0, .down(1, 100, 400)), .at(16, .move(1, 94, 400), .down(2, 300, 400)))
        scene.app.send(.at(32, .move(1, 90, 400)))
        #expect(pinch.state == .possible)
        scene.app.send(.at(48, .move(1, 84, 400)))
        #expect(began.count == 1 && began.first.map { isClose($0.0, 216.0 / 206) && $0.1 == Point(x: 192, y: 400) } == true)

        let rotation = RotationGestureRecognizer()
        let second = sceneWith(rotation, multipleTouch: true)
        second.app.send(.at(0, .down(1, 100, 400)), .at(16, .move(1, 100, 410), .down(2, 300, 400)))
        second.app.send(.at(32, .move(1, 100, 412)))
        #expect(rotation.state == .possible)
        second.app.send(.at(48, .move(1, 100, 421)))
        #expect(rotation.state == .began)
        #expect(isClose(rotation.rotation, Double.atan2(y: -21, x: 200) - Double.atan2(y: -10, x: 200)))
    }
}
