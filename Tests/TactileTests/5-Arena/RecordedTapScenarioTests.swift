import TactileTestSupport
import Testing
@testable import Tactile

/// The tap scenarios (spec §7 S1, S2, S3, S7) run from real recordings in `Traces/recordings` through the same
/// scenes as `TapScenarioTests`.
///
/// Mappings: the Wacom ISDv4 E6 (2777 × 1570 units) and the Atmel maXTouch (800 × 480) fill the window's width
/// with their aspect kept (0.144 and 0.5 pt per unit); the WeTab's square 32761-unit axes cover its 16:9 panel,
/// so its surface becomes 400 × 225 pt. Every tap lands inside V, which fills the window.
@Suite("Tap scenarios from real recordings (spec §7 S1, S2, S3, S7)")
struct RecordedTapScenarioTests {
    @Test("S1: the Wacom's 24 ms tap on a view without recognizers is began, then ended")
    func s1PlainTap() throws {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let frames = try Recording.frames("wacom-isdv4-e6-ts__1finger-tap.events")
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}", "0.024s V: ended{#1}"])
        #expect(v.seenTouches.map(\.tapCount) == [1])
    }

    @Test("S2a: the Wacom's single tap lifts at t=24; single fires when the double's 0.35 s interval passes, at t=374")
    func s2aSingleTap() throws {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let frames = try Recording.frames("wacom-isdv4-e6-ts__1finger-tap.events")
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + TapScenarios.singleWaits(at: "0.024s", touch: 1)
            + TapScenarios.doubleFailsThenSingleFires(atMilliseconds: 374, touch: 1))
    }

    @Test("S2b: the Wacom double tap (32 ms tap, 140 ms gap, 60 ms tap, 1.9 pt apart) fires double at t=232, never single")
    func s2bDoubleTap() throws {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        let frames = try Recording.frames("wacom-isdv4-e6-ts__1finger-double-tap.events")
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + TapScenarios.singleWaits(at: "0.032s", touch: 1)
            + ["0.172s V: began{#2}"] + TapScenarios.doubleRecognizes(at: "0.232s", touches: "#1,#2"))
        #expect(v.seenTouches.map(\.tapCount) == [1, 2])
    }

    @Test("S2c: the WeTab's eleven taps: a 611 ms gap makes the first a single tap, then gaps of 172–273 ms pair the rest into five double taps")
    func s2cWeTabTapTrain() throws {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let frames = try Recording.frames(
            "wetab-egalax-ts__1finger-taps-x11.evemu", surface: Rect(x: 0, y: 0, width: 400, height: 225))
        let s = TapScenarios.self
        var expected = ["0.000s V: began{#1}"] + s.singleWaits(at: "0.204s", touch: 1)
        expected += s.doubleFailsThenSingleFires(atMilliseconds: 554, touch: 1)
        expected += ["0.815s V: began{#2}"] + viewMoves("V", "#2", at: frames.moveTimes(815..<1002))
        expected += s.singleWaits(at: "1.002s", touch: 2)
        expected += ["1.275s V: began{#3}"] + viewMoves("V", "#3", at: frames.moveTimes(1275..<1493))
        expected += s.doubleRecognizes(at: "1.493s", touches: "#2,#3")
        expected += ["1.723s V: began{#4}"] + s.singleWaits(at: "1.901s", touch: 4)
        expected += ["2.074s V: began{#5}"] + s.doubleRecognizes(at: "2.252s", touches: "#4,#5")
        expected += ["2.572s V: began{#6}"] + s.singleWaits(at: "2.742s", touch: 6)
        expected += ["2.971s V: began{#7}"] + s.doubleRecognizes(at: "3.163s", touches: "#6,#7")
        expected += ["3.292s V: began{#8}"] + viewMoves("V", "#8", at: frames.moveTimes(3292..<3475))
        expected += s.singleWaits(at: "3.475s", touch: 8)
        expected += ["3.722s V: began{#9}"] + s.doubleRecognizes(at: "3.909s", touches: "#8,#9")
        expected += ["4.056s V: began{#10}"] + s.singleWaits(at: "4.234s", touch: 10)
        expected += ["4.451s V: began{#11}"] + viewMoves("V", "#11", at: frames.moveTimes(4451..<4637))
        expected += s.doubleRecognizes(at: "4.637s", touches: "#10,#11")
        #expect(frames.moveTimes(0..<5000).count == 8 + 3 + 2 + 7)
        #expect(runScenario(scene, frames) == expected)
    }

    @Test("S2c: the Atmel's nine fast taps (115–150 ms apart) pair into four double taps; the ninth is a single tap at t=2284")
    func s2cAtmelFastTaps() throws {
        let scene = TapScenarios.singleAndDouble(requirement: true)
        let frames = try Recording.frames("atmel-maxtouch-ts__1finger-fast-taps-x9.evemu")
        let s = TapScenarios.self
        var expected: [String] = []
        let pairs = [("0.000s", "0.095s", "0.233s", "0.316s"), ("0.469s", "0.551s", "0.690s", "0.772s"),
                     ("0.911s", "0.994s", "1.132s", "1.214s"), ("1.367s", "1.449s", "1.574s", "1.685s")]
        for (index, (down1, up1, down2, up2)) in pairs.enumerated() {
            let first = 2 * index + 1
            expected += ["\(down1) V: began{#\(first)}"] + s.singleWaits(at: up1, touch: first)
            expected += ["\(down2) V: began{#\(first + 1)}"] + s.doubleRecognizes(at: up2, touches: "#\(first),#\(first + 1)")
        }
        expected += ["1.823s V: began{#9}"] + s.singleWaits(at: "1.934s", touch: 9)
        expected += s.doubleFailsThenSingleFires(atMilliseconds: 2284, touch: 9)
        #expect(runScenario(scene, frames) == expected)
    }

    @Test("S3: without the requirement the Wacom double tap fires single at t=32, then double at t=232, which fails single")
    func s3NoRequirement() throws {
        let scene = TapScenarios.singleAndDouble(requirement: false)
        let frames = try Recording.frames("wacom-isdv4-e6-ts__1finger-double-tap.events")
        #expect(runScenario(scene, frames) == TapScenarios.singleThenDouble(firstUp: "0.032s", secondDown: "0.172s", secondUp: "0.232s"))
    }

    @Test("S7: the Wacom two-finger tap (both fingers in the same frames, 32 ms) recognizes at the lift; location is the centroid")
    func s7TwoFingerTap() throws {
        let scene = TapScenarios.twoFingerTap()
        let tap2 = scene[recognizer: "tap2"]
        var locations: [Point] = []
        let view = scene[view: "V"]
        tap2.addAction { [unowned view] in locations.append($0.location(in: view)) }
        let frames = try Recording.frames("wacom-isdv4-e6-ts__2finger-tap.events")
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1,#2}",
            "0.032s tap2: possible → recognized (1 tap of 2 touches)",
            "0.032s V: cancelled{#1,#2}",
            "0.032s tap2: action(recognized)",
            "0.032s tap2: recognized → possible (reset)",
        ])
        // The contacts began at (1488, 692) and (1287, 732) device units.
        try #require(locations.count == 1)
        #expect(isClose(locations[0], Point(x: 1387.5 * 400 / 2777, y: 712 * 400 / 2777)))
    }

    @Test("S7: the Atmel two-finger hold (0.82 s, under 7 pt of drift) is no tap: the 0.75 s maximum duration fails it")
    func s7TwoFingerHold() throws {
        let scene = TapScenarios.twoFingerTap()
        let frames = try Recording.frames("atmel-maxtouch-ts__2finger-touch-release.evemu")
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1}",
            "0.054s V: began{#2}",
            "0.192s V: moved{#1}",
            "0.205s V: moved{#1}",
            "0.219s V: moved{#1}",
            "0.232s V: moved{#2}",
            "0.274s V: moved{#2}",
            "0.288s V: moved{#1,#2}",
            "0.535s V: moved{#2}",
            "0.549s V: moved{#2}",
            "0.659s V: moved{#2}",
            "0.673s V: moved{#2}",
            "0.687s V: moved{#1,#2}",
            "0.700s V: moved{#1}",
            "0.750s deadline: tap2",
            "0.750s tap2: possible → failed (maximum duration 0.75 s passed)",
            "0.750s tap2: failed → possible (reset)",
            "0.810s V: ended{#2}",
            "0.824s V: ended{#1}",
        ])
    }
}
