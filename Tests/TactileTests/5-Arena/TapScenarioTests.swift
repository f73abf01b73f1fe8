import Testing
@testable import Tactile

/// Scenes and timelines of the tap scenarios (spec §7 S2, S3, S7).
enum TapScenarios {
    /// S2/S3: V fills the window and has `single` (1 tap) and `double` (2 taps), added in that order;
    /// `single.require(toFail: double)` when `requirement`.
    static func singleAndDouble(requirement: Bool, delaysTouchesEnded: Bool = true) -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let single = scene.attach(TapGestureRecognizer(), "single", to: v)
        let double = scene.attach(TapGestureRecognizer(), "double", to: v)
        double.numberOfTapsRequired = 2
        single.delaysTouchesEnded = delaysTouchesEnded
        double.delaysTouchesEnded = delaysTouchesEnded
        if requirement { single.require(toFail: double) }
        return scene
    }

    /// S2a: one tap.
    static let singleTap: [TouchFrame] = [.at(0, .down(1, 100, 100)), .at(80, .up(1, 100, 100))]
    /// S2b: a double tap, the second tap at t=200.
    static let doubleTap: [TouchFrame] = [
        .at(0, .down(1, 100, 100)), .at(80, .up(1, 100, 100)), .at(200, .down(2, 103, 101)), .at(280, .up(2, 103, 101)),
    ]
    /// S2c: the second tap comes too late (t=500).
    static let slowTaps: [TouchFrame] = [
        .at(0, .down(1, 100, 100)), .at(80, .up(1, 100, 100)), .at(500, .down(2, 103, 101)), .at(580, .up(2, 103, 101)),
    ]

    /// S2: the double tap's interval passes, so the waiting single tap fires, cancelling the withheld end.
    static func doubleFailsThenSingleFires(atMilliseconds ms: Int64, touch: Int) -> [String] {
        let t = Timestamp.ms(ms)
        return [
            "\(t) deadline: double",
            "\(t) double: possible → failed (maximum interval 0.35 s between taps passed)",
            "\(t) single: possible → recognized (double failed)",
            "\(t) V: cancelled{#\(touch)}",
            "\(t) single: action(recognized)",
            "\(t) double: failed → possible (reset)",
            "\(t) single: recognized → possible (reset)",
        ]
    }

    /// A lone tap ends at `time`: `single` waits for `double`, and the end is withheld from V.
    static func singleWaits(at time: String, touch: Int) -> [String] {
        ["\(time) single waits for double to fail (1 tap of 1 touch)",
         "\(time) V: ended{#\(touch)} withheld while single and double decide"]
    }

    /// The second tap of a double tap lifts at `time`: `double` takes both touches and fails the waiting single.
    static func doubleRecognizes(at time: String, touches: String) -> [String] {
        ["\(time) double: possible → recognized (2 taps of 1 touch)", "\(time) V: cancelled{\(touches)}",
         "\(time) double: action(recognized)", "\(time) single: possible → failed (double recognized)",
         "\(time) double: recognized → possible (reset)", "\(time) single: failed → possible (reset)"]
    }

    /// S3: a double tap without the requirement: single fires at the first lift, double at the second, which
    /// then fails single.
    static func singleThenDouble(firstUp: String, secondDown: String, secondUp: String) -> [String] {
        ["0.000s V: began{#1}", "\(firstUp) single: possible → recognized (1 tap of 1 touch)",
         "\(firstUp) V: cancelled{#1}", "\(firstUp) single: action(recognized)",
         "\(firstUp) single: recognized → possible (reset)", "\(secondDown) V: began{#2}",
         "\(secondUp) double: possible → recognized (2 taps of 1 touch)", "\(secondUp) V: cancelled{#2}",
         "\(secondUp) double: action(recognized)", "\(secondUp) single: possible → failed (excluded by double)",
         "\(secondUp) double: recognized → possible (reset)", "\(secondUp) single: failed → possible (reset)"]
    }

    /// S7: V with `tap2` (two fingers, one tap), multiple touch enabled.
    static func twoFingerTap() -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        v.isMultipleTouchEnabled = true
        let tap2 = scene.attach(TapGestureRecognizer(), "tap2", to: v)
        tap2.numberOfTouchesRequired = 2
        return scene
    }

    static let twoFingers: [TouchFrame] = [
        .at(0, .down(1, 150, 300)), .at(30, .still(1, 150, 300), .down(2, 220, 300)),
        .at(120, .up(1, 150, 300), .still(2, 220, 300)), .at(140, .up(2, 220, 300)),
    ]
}

@Suite("Tap scenarios: single, double and two-finger taps through the arena (spec §7 S2, S3, S7)")
struct TapScenarioTests {
    @Test("S2a: a single tap waits for the double tap to fail, then cancels the withheld end and fires at t=430")
    func s2aSingleTap() {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        #expect(runScenario(scene, TapScenarios.singleTap) == [
            "0.000s V: began{#1}",
            "0.080s single waits for double to fail (1 tap of 1 touch)",
            "0.080s V: ended{#1} withheld while single and double decide",
        ] + TapScenarios.doubleFailsThenSingleFires(atMilliseconds: 430, touch: 1))
    }

    @Test("S2a: while it waits, the single tap's state reads possible and no action has run")
    func s2aPendingReadsPossible() {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let single = scene[recognizer: "single"]
        var actions: [GestureRecognizer.State] = []
        single.addAction { actions.append($0.state) }
        scene.app.send(TapScenarios.singleTap[0], TapScenarios.singleTap[1])
        #expect(single.state == .possible)
        scene.app.advance(to: .ms(429))
        #expect(single.state == .possible && actions.isEmpty)
        scene.app.advance(to: .ms(430))
        #expect(actions == [.ended])
        #expect(single.state == .possible)  // reset at the end of the timer dispatch
    }

    @Test("S2b: a double tap cancels both touches in the view, fires double, and fails single")
    func s2bDoubleTap() throws {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        #expect(runScenario(scene, TapScenarios.doubleTap) == ["0.000s V: began{#1}"]
            + TapScenarios.singleWaits(at: "0.080s", touch: 1) + ["0.200s V: began{#2}"]
            + TapScenarios.doubleRecognizes(at: "0.280s", touches: "#1,#2"))
        #expect(v.seenTouches.map(\.tapCount) == [1, 2])
        #expect(v.seenTouches.allSatisfy { $0.view == nil })
    }

    @Test("S2c: taps too slow fire single twice, at t=430 and t=930; the second touch's tap count is 1")
    func s2cSlowTaps() throws {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        let log = runScenario(scene, TapScenarios.slowTaps)
        #expect(log == [
            "0.000s V: began{#1}",
            "0.080s single waits for double to fail (1 tap of 1 touch)",
            "0.080s V: ended{#1} withheld while single and double decide",
        ] + TapScenarios.doubleFailsThenSingleFires(atMilliseconds: 430, touch: 1) + [
            "0.500s V: began{#2}",
            "0.580s single waits for double to fail (1 tap of 1 touch)",
            "0.580s V: ended{#2} withheld while single and double decide",
        ] + TapScenarios.doubleFailsThenSingleFires(atMilliseconds: 930, touch: 2))
        #expect(v.seenTouches.map(\.tapCount) == [1, 1])
    }

    @Test("S2d: without delaysTouchesEnded the view gets began, ended, began, cancelled")
    func s2dNoEndedDelay() {
        let scene = TapScenarios.singleAndDouble(requirement: true, delaysTouchesEnded: false)
        #expect(runScenario(scene, TapScenarios.doubleTap) == [
            "0.000s V: began{#1}",
            "0.080s single waits for double to fail (1 tap of 1 touch)",
            "0.080s V: ended{#1}",
            "0.200s V: began{#2}",
            "0.280s double: possible → recognized (2 taps of 1 touch)",
            "0.280s V: cancelled{#2}",
            "0.280s double: action(recognized)",
            "0.280s single: possible → failed (double recognized)",
            "0.280s double: recognized → possible (reset)",
            "0.280s single: failed → possible (reset)",
        ])
    }

    @Test("S3: without a requirement a double tap fires single at t=80, then double first at t=280 and fails single")
    func s3NoRequirement() {
        let scene = TapScenarios.singleAndDouble(requirement: false)
        #expect(runScenario(scene, TapScenarios.doubleTap)
            == TapScenarios.singleThenDouble(firstUp: "0.080s", secondDown: "0.200s", secondUp: "0.280s"))
    }

    @Test("S7: a two-finger tap withholds the first lift, then cancels both touches; its location is the centroid")
    func s7TwoFingerTap() throws {
        let scene = TapScenarios.twoFingerTap()
        let tap2 = scene[recognizer: "tap2"]
        let v = scene[view: "V"]
        var locations: [Point] = []
        tap2.addAction { [unowned v] in locations.append($0.location(in: v)) }
        #expect(runScenario(scene, TapScenarios.twoFingers) == [
            "0.000s V: began{#1}",
            "0.030s V: began{#2}",
            "0.120s V: ended{#1} withheld while tap2 decides",
            "0.140s tap2: possible → recognized (1 tap of 2 touches)",
            "0.140s V: cancelled{#1,#2}",
            "0.140s tap2: action(recognized)",
            "0.140s tap2: recognized → possible (reset)",
        ])
        #expect(locations == [Point(x: 185, y: 300)])
    }

    @Test("S7 variant: one finger alone fails the two-finger tap at its lift, and the view gets the end")
    func s7OneFinger() {
        let scene = TapScenarios.twoFingerTap()
        #expect(runScenario(scene, [.at(0, .down(1, 150, 300)), .at(120, .up(1, 150, 300))]) == [
            "0.000s V: began{#1}",
            "0.120s tap2: possible → failed (lifted before 2 touches)",
            "0.120s V: ended{#1}",
            "0.120s tap2: failed → possible (reset)",
        ])
    }

    @Test("S7 variant: a third finger fails the two-finger tap at t=60; the view receives every phase")
    func s7ThirdFinger() {
        let scene = TapScenarios.twoFingerTap()
        let frames: [TouchFrame] = [
            .at(0, .down(1, 150, 300)), .at(30, .down(2, 220, 300)), .at(60, .down(3, 260, 300)),
            .at(120, .up(1, 150, 300)), .at(140, .up(2, 220, 300), .up(3, 260, 300)),
        ]
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1}",
            "0.030s V: began{#2}",
            "0.060s tap2: possible → failed (a third touch landed)",
            "0.060s V: began{#3}",
            "0.060s tap2: failed → possible (reset)",
            "0.120s V: ended{#1}",
            "0.140s V: ended{#2,#3}",
        ])
    }
}
