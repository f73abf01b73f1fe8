import Testing
@testable import Tactile

/// Scenes and timelines of the scenarios where a container's recognizer competes with a subview (spec §7 S4, S9,
/// S10, S12).
enum ContainerScenarios {
    /// S9: C fills the window and has `pan`; V (100,100,200,200) inside C handles its touches.
    static func panOverSubview(cancelsTouchesInView: Bool = true, delegate: TestDelegate? = nil) -> GestureScene {
        var scene = GestureScene()
        let c = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "C")
        scene.add(TouchSinkView(frame: Rect(x: 100, y: 100, width: 200, height: 200)), "V", to: c)
        let pan = scene.attach(PanGestureRecognizer(), "pan", to: c)
        pan.cancelsTouchesInView = cancelsTouchesInView
        if let delegate { scene.setDelegate(delegate, on: "pan") }
        return scene
    }

    /// S9: moves of 3 pt from (150,150); the fourth crosses 10 pt; one more move, then the lift.
    static let threePointSteps = drag(from: Point(x: 150, y: 150), dx: 3, moves: 5, liftAt: 200)
    /// S9: what V gets before the pan can decide (9 pt).
    static let threeMoves = ["0.000s V: began{#1}", "0.016s V: moved{#1}", "0.032s V: moved{#1}", "0.048s V: moved{#1}"]

    /// S10: C fills the window and has `tap` with `delaysTouchesBegan`; V (50,50,300,300) inside C.
    static func delayingTapOverSubview() -> GestureScene {
        var scene = GestureScene()
        let c = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "C")
        scene.add(TouchSinkView(frame: Rect(x: 50, y: 50, width: 300, height: 300)), "V", to: c)
        let tap = scene.attach(TapGestureRecognizer(), "tap", to: c)
        tap.delaysTouchesBegan = true
        return scene
    }

    static let quickTap: [TouchFrame] = [.at(0, .down(1, 150, 150)), .at(90, .up(1, 150, 150))]
    /// S10b: 12 pt steps from (100,100) to 45 pt, then 151 (51 pt), one more move, the lift.
    static let tapDrag: [TouchFrame] = [
        .at(0, .down(1, 100, 100)), .at(16, .move(1, 112, 100)), .at(32, .move(1, 124, 100)),
        .at(48, .move(1, 136, 100)), .at(64, .move(1, 145, 100)), .at(80, .move(1, 151, 100)),
        .at(96, .move(1, 160, 100)), .at(200, .up(1, 160, 100)),
    ]
    static let hold: [TouchFrame] = [.at(0, .down(1, 150, 150)), .at(800, .up(1, 150, 150))]

    /// S4: C fills the window and has the pan `P` (a scroll view's pan when `scrolling`); button B
    /// (100,100,200,60) inside C.
    static func buttonInPanContainer(scrolling: Bool = false) -> GestureScene {
        var scene = GestureScene()
        let frame = Rect(x: 0, y: 0, width: 400, height: 800)
        if scrolling {
            let c = scene.add(ScrollView(frame: frame), "C")
            c.contentSize = Size(width: 800, height: 1600)  // scrolls both ways
            c.panGestureRecognizer.name = "P"
        } else {
            let c = scene.add(View(frame: frame), "C")
            scene.attach(PanGestureRecognizer(), "P", to: c)
        }
        scene.add(Control(frame: Rect(x: 100, y: 100, width: 200, height: 60)), "B", to: scene[view: "C"])
        return scene
    }

    static let buttonTap: [TouchFrame] = [.at(0, .down(1, 150, 120)), .at(90, .up(1, 151, 120))]
    static let buttonDrag: [TouchFrame] = [
        .at(0, .down(1, 150, 120)), .at(16, .move(1, 154, 120)), .at(32, .move(1, 158, 120)),
        .at(48, .move(1, 161, 120)), .at(64, .move(1, 170, 120)), .at(200, .up(1, 170, 120)),
    ]
    /// S4c: rest 200 ms on the button, then drag 30 pt.
    static let buttonHoldThenDrag: [TouchFrame] = [
        .at(0, .down(1, 150, 120)), .at(216, .move(1, 160, 120)), .at(232, .move(1, 170, 120)),
        .at(248, .move(1, 180, 120)), .at(300, .up(1, 180, 120)),
    ]

    /// S12: V (single touch unless `multipleTouch`) with a two-finger pan `P`.
    static func twoFingerPanOnSingleTouchView(multipleTouch: Bool = false, withPan: Bool = true) -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        v.isMultipleTouchEnabled = multipleTouch
        if withPan { scene.attach(PanGestureRecognizer(), "P", to: v).minimumNumberOfTouches = 2 }
        return scene
    }

    static let twoFingerDrag: [TouchFrame] = [
        .at(0, .down(1, 100, 100)), .at(50, .still(1, 100, 100), .down(2, 150, 100)),
        .at(60, .move(1, 110, 100), .move(2, 160, 100)), .at(70, .move(1, 120, 100), .move(2, 170, 100)),
        .at(100, .up(1, 120, 100), .still(2, 170, 100)), .at(120, .up(2, 170, 100)),
    ]
}

@Suite("Container scenarios: a superview's recognizer and the subview's touches (spec §7 S4, S9, S10, S12)")
struct ContainerScenarioTests {
    @Test("S9: the superview's pan cancels the subview's touch when it crosses 10 pt; later phases never reach V")
    func s9PanCancelsSubview() throws {
        let scene = ContainerScenarios.panOverSubview()
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        #expect(runScenario(scene, ContainerScenarios.threePointSteps) == ContainerScenarios.threeMoves + [
            "0.064s pan: possible → began (moved 12 pt in x ≥ 10 pt)",
            "0.064s V: cancelled{#1}",
            "0.064s pan: action(began)",
            "0.080s pan: began → changed",
            "0.080s pan: action(changed)",
            "0.200s pan: changed → ended (all touches lifted)",
            "0.200s pan: action(ended)",
            "0.200s pan: ended → possible (reset)",
        ])
        #expect(v.seenTouches.first?.view == nil)
    }

    @Test("S9 with cancelsTouchesInView false: V sees every move and the end while the pan runs")
    func s9NoCancel() {
        let scene = ContainerScenarios.panOverSubview(cancelsTouchesInView: false)
        #expect(runScenario(scene, ContainerScenarios.threePointSteps) == ContainerScenarios.threeMoves + [
            "0.064s pan: possible → began (moved 12 pt in x ≥ 10 pt)",
            "0.064s pan: action(began)",
            "0.064s V: moved{#1}",
            "0.080s pan: began → changed",
            "0.080s pan: action(changed)",
            "0.080s V: moved{#1}",
            "0.200s pan: changed → ended (all touches lifted)",
            "0.200s pan: action(ended)",
            "0.200s V: ended{#1}",
            "0.200s pan: ended → possible (reset)",
        ])
    }

    @Test("S9 with a delegate that declines to begin: the pan fails at 10 pt and V sees the whole sequence")
    func s9DelegateDeclines() {
        let delegate = TestDelegate(shouldBegin: false)
        let scene = ContainerScenarios.panOverSubview(delegate: delegate)
        #expect(runScenario(scene, ContainerScenarios.threePointSteps) == ContainerScenarios.threeMoves + [
            "0.064s pan: possible → failed (the delegate declined to begin)",
            "0.064s V: moved{#1}",
            "0.064s pan: failed → possible (reset)",
            "0.080s V: moved{#1}",
            "0.200s V: ended{#1}",
        ])
    }

    @Test("S10a: a delaying tap that recognizes discards the withheld touch; V never hears of it")
    func s10aTap() throws {
        let scene = ContainerScenarios.delayingTapOverSubview()
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        #expect(runScenario(scene, ContainerScenarios.quickTap) == [
            "0.000s V: began{#1} withheld while tap decides",
            "0.090s tap: possible → recognized (1 tap of 1 touch)",
            "0.090s V: withheld {#1} discarded, tap took them",
            "0.090s tap: action(recognized)",
            "0.090s tap: recognized → possible (reset)",
        ])
        #expect(v.calls.isEmpty)
    }

    @Test("S10b: when the delaying tap fails at 51 pt, V gets began at the touch-down point, then the move")
    func s10bDrag() throws {
        let scene = ContainerScenarios.delayingTapOverSubview()
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        var seen: [(TouchPhase, Point, Timestamp, TouchPhase)] = []
        v.onCall = { phase, touches, _ in
            for touch in touches { seen.append((phase, touch.location(in: nil), touch.timestamp, touch.phase)) }
        }
        #expect(runScenario(scene, ContainerScenarios.tapDrag) == [
            "0.000s V: began{#1} withheld while tap decides",
            "0.080s tap: possible → failed (moved 51 pt > 45 pt)",
            "0.080s V: began{#1}",
            "0.080s V: moved{#1}",
            "0.080s tap: failed → possible (reset)",
            "0.096s V: moved{#1}",
            "0.200s V: ended{#1}",
        ])
        try #require(seen.count == 4)
        #expect(seen[0].1 == Point(x: 100, y: 100) && seen[0].2 == .ms(0) && seen[0].3 == .began)
        #expect(seen[1].1 == Point(x: 151, y: 100) && seen[1].2 == .ms(80) && seen[1].3 == .moved)
    }

    @Test("S10c: holding past the tap's maximum duration flushes began at t=750; the end arrives at the lift")
    func s10cHold() {
        let scene = ContainerScenarios.delayingTapOverSubview()
        #expect(runScenario(scene, ContainerScenarios.hold) == [
            "0.000s V: began{#1} withheld while tap decides",
            "0.750s deadline: tap",
            "0.750s tap: possible → failed (maximum duration 0.75 s passed)",
            "0.750s V: began{#1}",
            "0.750s tap: failed → possible (reset)",
            "0.800s V: ended{#1}",
        ])
    }

    @Test("S4a: a quick tap on a button in a pan container: the pan fails at the lift and the button fires")
    func s4aQuickTap() {
        let scene = ContainerScenarios.buttonInPanContainer()
        #expect(runScenario(scene, ContainerScenarios.buttonTap) == [
            "0.000s B: began{#1}",
            "0.000s B: touchDown",
            "0.090s P: possible → failed (lifted before recognition)",
            "0.090s B: ended{#1}",
            "0.090s B: touchUpInside",
            "0.090s P: failed → possible (reset)",
        ])
    }

    @Test("S4b: dragging from a button: the pan takes the touch at 11 pt, the button cancels, translation starts at 0")
    func s4bDrag() throws {
        let scene = ContainerScenarios.buttonInPanContainer()
        let pan = try #require(scene[recognizer: "P"] as? PanGestureRecognizer)
        let c = scene[view: "C"]
        var translations: [Point] = []
        var touchViews: [View?] = []
        let app = scene.app
        pan.addAction { [unowned pan, unowned app, unowned c] recognizer in  // unowned: no cycle through the action
            translations.append(pan.translation(in: c))
            touchViews.append(app.dispatcher.event.storage.value.touchList.first?.view)
            #expect(recognizer === pan)
        }
        #expect(runScenario(scene, ContainerScenarios.buttonDrag) == [
            "0.000s B: began{#1}",
            "0.000s B: touchDown",
            "0.016s B: moved{#1}",
            "0.016s B: touchDragInside",
            "0.032s B: moved{#1}",
            "0.032s B: touchDragInside",
            "0.048s P: possible → began (moved 11 pt in x ≥ 10 pt)",
            "0.048s B: cancelled{#1}",
            "0.048s B: touchCancel",
            "0.048s P: action(began)",
            "0.064s P: began → changed",
            "0.064s P: action(changed)",
            "0.200s P: changed → ended (all touches lifted)",
            "0.200s P: action(ended)",
            "0.200s P: ended → possible (reset)",
        ])
        #expect(translations == [Point(x: 11, y: 0), Point(x: 20, y: 0), Point(x: 20, y: 0)])  // from touch-down
        #expect(touchViews.count == 3 && touchViews.allSatisfy { $0 == nil })
    }

    @Test("S4c: in a scroll view a quick tap reaches the button as began and ended together at the lift")
    func s4cScrollQuickTap() {
        let scene = ContainerScenarios.buttonInPanContainer(scrolling: true)
        #expect(runScenario(scene, ContainerScenarios.buttonTap) == [
            "0.000s B: began{#1} withheld while P decides",
            "0.090s P: possible → failed (lifted before recognition)",
            "0.090s B: began{#1}",
            "0.090s B: touchDown",
            "0.090s B: ended{#1}",
            "0.090s B: touchUpInside",
            "0.090s P: failed → possible (reset)",
        ])
    }

    @Test("S4c: in a scroll view a drag scrolls and the button never sees the touch")
    func s4cScrollDrag() throws {
        let scene = ContainerScenarios.buttonInPanContainer(scrolling: true)
        let scrollView = try #require(scene[view: "C"] as? ScrollView)
        #expect(runScenario(scene, ContainerScenarios.buttonDrag) == [
            "0.000s B: began{#1} withheld while P decides",
            "0.048s P: possible → began (moved 11 pt in x ≥ 10 pt)",
            "0.048s B: withheld {#1} discarded, P took them",
            "0.048s P: action(began)",
            "0.048s C: dragging from (0, 0)",
            "0.064s P: began → changed",
            "0.064s P: action(changed)",
            "0.200s P: changed → ended (all touches lifted)",
            "0.200s P: action(ended)",
            "0.200s C: dragging ended at (-4.89, 0), velocity (0, 0) pt/s, moving to (0, 0)",
            "0.200s P: ended → possible (reset)",
            "2.200s C: came to rest at (0, 0)",
        ])
        // Dragged 9 pt right at the left edge: drawn on the rubber band (−4.89 pt), then back at the lift.
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("S4c: resting 200 ms on a button hands it the touch at 150 ms; the later drag does not scroll")
    func s4cScrollHoldThenDrag() throws {
        let scene = ContainerScenarios.buttonInPanContainer(scrolling: true)
        let scrollView = try #require(scene[view: "C"] as? ScrollView)
        #expect(runScenario(scene, ContainerScenarios.buttonHoldThenDrag) == [
            "0.000s B: began{#1} withheld while P decides",
            "0.150s deadline: P",
            "0.150s B: began{#1}",
            "0.150s B: touchDown",
            "0.216s P: possible → failed (the touches in B cannot be cancelled)",
            "0.216s B: moved{#1}",
            "0.216s B: touchDragInside",
            "0.216s P: failed → possible (reset)",
            "0.232s B: moved{#1}",
            "0.232s B: touchDragInside",
            "0.248s B: moved{#1}",
            "0.248s B: touchDragInside",
            "0.300s B: ended{#1}",
            "0.300s B: touchUpInside",
        ])
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("S12: a single-touch view never gets the second finger; the two-finger pan cancels the first")
    func s12TwoFingerPan() {
        let scene = ContainerScenarios.twoFingerPanOnSingleTouchView()
        #expect(runScenario(scene, ContainerScenarios.twoFingerDrag) == [
            "0.000s V: began{#1}",
            "0.050s #2 ignored: V is not multiple-touch enabled and tracks a touch",
            "0.060s P: possible → began (moved 10 pt in x ≥ 10 pt)",
            "0.060s V: cancelled{#1}",
            "0.060s P: action(began)",
            "0.070s P: began → changed",
            "0.070s P: action(changed)",
            "0.120s P: changed → ended (all touches lifted)",
            "0.120s P: action(ended)",
            "0.120s P: ended → possible (reset)",
        ])
    }

    @Test("S12 without P: the view sees only the first touch's phases")
    func s12WithoutPan() {
        let scene = ContainerScenarios.twoFingerPanOnSingleTouchView(withPan: false)
        #expect(runScenario(scene, ContainerScenarios.twoFingerDrag) == [
            "0.000s V: began{#1}",
            "0.050s #2 ignored: V is not multiple-touch enabled and tracks a touch",
            "0.060s V: moved{#1}",
            "0.070s V: moved{#1}",
            "0.100s V: ended{#1}",
        ])
    }

    @Test("S12 with isMultipleTouchEnabled: the view gets the second touch at t=50, and both are cancelled")
    func s12MultipleTouch() {
        let scene = ContainerScenarios.twoFingerPanOnSingleTouchView(multipleTouch: true)
        #expect(runScenario(scene, ContainerScenarios.twoFingerDrag) == [
            "0.000s V: began{#1}",
            "0.050s V: began{#2}",
            "0.060s P: possible → began (moved 10 pt in x ≥ 10 pt)",
            "0.060s V: cancelled{#1,#2}",
            "0.060s P: action(began)",
            "0.070s P: began → changed",
            "0.070s P: action(changed)",
            "0.120s P: changed → ended (all touches lifted)",
            "0.120s P: action(ended)",
            "0.120s P: ended → possible (reset)",
        ])
    }
}
