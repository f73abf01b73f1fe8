import Testing
@testable import Tactile

@Suite("Touch: identity, locations, tap count and attributes (spec §1.3, §2)")
struct TouchTests {
    @Test("A touch is the same object for its whole sequence and keeps its view after leaving it")
    func identityAndFixedView() throws {
        let (app, window) = makeScreen()
        let v = TouchSinkView(name: "V", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        app.send(.at(0, .down(1, 50, 50)), .at(10, .move(1, 250, 500)), .at(20, .up(1, 250, 500)))
        let touches = v.calls.flatMap(\.touches)
        let first = try #require(touches.first)
        #expect(touches.count == 3 && touches.allSatisfy { $0 === first })
        #expect(first.view === v && first.window === window)
        #expect(first.phase == .ended)
        #expect(first.location(in: v) == Point(x: 250, y: 500))
    }

    @Test("At began previous equals current; a move shifts them; stationary leaves both; the end shifts again")
    func previousLocation() throws {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        var seen: [(Point, Point, TouchPhase)] = []
        app.send(.at(0, .down(1, 10, 10), .down(2, 300, 300)))
        let t1 = try #require(v.seenTouches.first)
        func note() { seen.append((t1.location(in: nil), t1.previousLocation(in: nil), t1.phase)) }
        note()
        app.send(.at(10, .move(1, 20, 15)))
        note()
        app.send(.at(20, .move(2, 310, 300)))  // #1 stationary
        note()
        app.send(.at(30, .up(1, 20, 15)))
        note()
        #expect(seen.map(\.0) == [Point(x: 10, y: 10), Point(x: 20, y: 15), Point(x: 20, y: 15), Point(x: 20, y: 15)])
        #expect(seen.map(\.1) == [Point(x: 10, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 10), Point(x: 20, y: 15)])
        #expect(seen.map(\.2) == [.began, .moved, .stationary, .ended])
        #expect(t1.timestamp == .ms(30))
    }

    @Test("A stationary update does not change the touch's timestamp")
    func stationaryKeepsTimestamp() throws {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        app.send(.at(0, .down(1, 10, 10), .down(2, 300, 300)), .at(10, .move(2, 310, 300)))
        let t1 = try #require(v.seenTouches.first)
        #expect(t1.phase == .stationary && t1.timestamp == .ms(0))
    }

    @Test("location(in:) and previousLocation(in:) go through rotated, scaled and offset views")
    func locationsInTransformedViews() throws {
        let (app, window) = makeScreen()
        window.center = Point(x: 250, y: 450)  // the window sits at (50, 50) on the screen
        let container = View(name: "C", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        container.bounds.origin = Point(x: 0, y: 100)  // scrolled down by 100
        let v = TouchSinkView(name: "V", frame: Rect(x: 100, y: 200, width: 200, height: 100))
        v.transform = AffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2)
        container.addSubview(v)
        window.addSubview(container)
        // V's center is (200, 250) in C, i.e. (200, 150) in the window, (250, 200) on the screen.
        app.send(.at(0, .down(1, 250, 200)), .at(10, .move(1, 250, 220)))
        let touch = try #require(v.seenTouches.first)
        #expect(touch.view === v)
        // The center maps to the middle of V's bounds (100, 50); 20 pt down on screen is +10 along V's x
        // axis (rotated a quarter turn clockwise, scaled twice).
        #expect(close(touch.previousLocation(in: v), Point(x: 100, y: 50)))
        #expect(close(touch.location(in: v), Point(x: 110, y: 50)))
        #expect(close(touch.location(in: nil), Point(x: 200, y: 170)))
        #expect(close(touch.location(in: container), Point(x: 200, y: 270)))
        // The same point through the view API.
        #expect(close(touch.location(in: v), v.convert(touch.location(in: nil), from: window)))
        // A view outside the window's tree: converted through the screen.
        let floating = View(frame: Rect(x: 50, y: 60, width: 10, height: 10))
        #expect(close(touch.location(in: floating), Point(x: 200, y: 160)))
    }

    private func close(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1e-9 }

    // MARK: Tap count

    @Test("A second tap within 0.35 s and 45 pt has tapCount 2, a third 3")
    func tapCountCounts() throws {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        app.send(.at(0, .down(1, 100, 100)), .at(80, .up(1, 100, 100)))
        app.send(.at(200, .down(2, 130, 130)), .at(280, .up(2, 130, 130)))  // 42.4 pt away, 120 ms later
        app.send(.at(630, .down(3, 130, 130)))  // exactly 0.35 s after the lift
        #expect(v.seenTouches.map(\.tapCount) == [1, 2, 3])
    }

    @Test("Too slow or too far starts again at 1")
    func tapCountLimits() {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        app.send(.at(0, .down(1, 100, 100)), .at(80, .up(1, 100, 100)))
        app.send(.at(431, .down(2, 100, 100)), .at(500, .up(2, 100, 100)))  // 351 ms after the lift
        app.send(.at(600, .down(3, 146, 100)), .at(650, .up(3, 146, 100)))  // 46 pt away
        app.send(.at(700, .down(4, 146, 100)))  // near #3 (which counted 1) → 2
        #expect(v.seenTouches.map(\.tapCount) == [1, 1, 1, 2])
    }

    @Test("A cancelled touch is not a tap: it neither counts nor resets the sequence")
    func cancelledTouchDoesNotCount() {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        app.send(.at(0, .down(1, 100, 100)), .at(50, .cancel(1, 100, 100)))
        app.send(.at(100, .down(2, 100, 100)), .at(150, .up(2, 100, 100)))
        app.send(.at(200, .down(3, 100, 100)), .at(250, .cancel(3, 100, 100)))
        app.send(.at(300, .down(4, 100, 100)))  // the most recent *ended* touch is #2 (tap 1, 150 ms ago)
        #expect(v.seenTouches.map(\.tapCount) == [1, 1, 2, 2])
    }

    @Test("The tap-count interval and radius are configurable")
    func tapCountConfiguration() {
        let configuration = Application.Configuration(tapCountInterval: .milliseconds(100), tapCountRadius: 5)
        let (app, _, v) = makeSinkScreen(multipleTouch: true, configuration: configuration)
        app.send(.at(0, .down(1, 100, 100)), .at(10, .up(1, 100, 100)))
        app.send(.at(100, .down(2, 104, 100)), .at(110, .up(2, 104, 100)))  // 90 ms, 4 pt → 2
        app.send(.at(200, .down(3, 110, 100)))  // 6 pt → 1
        #expect(v.seenTouches.map(\.tapCount) == [1, 2, 1])
    }

    // MARK: Attributes

    @Test("Force and maximum force are 0 without a pressure axis and follow the device with one")
    func forceAttributes() throws {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        var pressed = TouchContact.down(2, 200, 200)
        pressed.force = 1.2
        pressed.maximumPossibleForce = 6
        pressed.majorRadius = 8
        pressed.majorRadiusTolerance = 0.5
        app.send(TouchFrame(timestamp: .ms(0), contacts: [.down(1, 100, 100), pressed]))
        let touches = v.seenTouches
        try #require(touches.count == 2)
        #expect(touches[0].force == 0 && touches[0].maximumPossibleForce == 0 && touches[0].majorRadius == 0)
        #expect(touches[1].force == 1.2 && touches[1].maximumPossibleForce == 6)
        #expect(touches[1].majorRadius == 8 && touches[1].majorRadiusTolerance == 0.5)
        var harder = TouchContact.move(2, 210, 200)
        harder.force = 2.5
        app.send(TouchFrame(timestamp: .ms(10), contacts: [harder]))
        #expect(touches[1].force == 2.5 && touches[1].maximumPossibleForce == 6)
    }

    @Test("A pen contact is a pencil touch, a finger a direct one")
    func touchType() {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        var pen = TouchContact.down(2, 200, 200)
        pen.tool = .pen
        app.send(TouchFrame(timestamp: .ms(0), contacts: [.down(1, 100, 100), pen]))
        #expect(v.seenTouches.map(\.type) == [.direct, .pencil])
    }

    @Test("The phase enum knows which phases end a touch")
    func finalPhases() {
        #expect([TouchPhase.began, .moved, .stationary, .ended, .cancelled].map(\.isFinal)
            == [false, false, false, true, true])
    }
}
