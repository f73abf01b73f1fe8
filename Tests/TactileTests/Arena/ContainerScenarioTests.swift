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
        pan.delegate = delegate
        return scene
    }

    /// S9: moves of 3 pt from (150,150); the fourth crosses 10 pt; one more move, then the lift.
    static let threePointSteps = drag(from: Point(x: 150, y: 150), dx: 3, moves: 5, liftAt: 200)

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
}

@Suite("Container scenarios: a superview's recognizer and the subview's touches (spec §7 S4, S9, S10, S12)")
struct ContainerScenarioTests {
    @Test("S9: the superview's pan cancels the subview's touch when it crosses 10 pt; later phases never reach V")
    func s9PanCancelsSubview() throws {
        let scene = ContainerScenarios.panOverSubview()
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        #expect(runScenario(scene, ContainerScenarios.threePointSteps) == [
            "0.000s V: began{#1}",
            "0.016s V: moved{#1}",
            "0.032s V: moved{#1}",
            "0.048s V: moved{#1}",
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
        #expect(runScenario(scene, ContainerScenarios.threePointSteps) == [
            "0.000s V: began{#1}",
            "0.016s V: moved{#1}",
            "0.032s V: moved{#1}",
            "0.048s V: moved{#1}",
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
        #expect(runScenario(scene, ContainerScenarios.threePointSteps) == [
            "0.000s V: began{#1}",
            "0.016s V: moved{#1}",
            "0.032s V: moved{#1}",
            "0.048s V: moved{#1}",
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
}
