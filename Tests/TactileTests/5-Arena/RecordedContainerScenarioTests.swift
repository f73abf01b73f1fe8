import TactileTestSupport
import Testing
@testable import Tactile

/// The container scenarios (spec §7 S4, S9, S10, S12) run from real recordings in `Traces/recordings` through
/// the same scenes as `ContainerScenarioTests`.
///
/// Mappings keep each device's aspect and fill the window's width: Wacom ISDv4 E6 0.144 pt per unit, Atmel
/// maXTouch 0.5 pt per unit, Quanta optical 0.208 pt per unit. The Atmel drag starts at device (361, 379):
/// (180.5, 189.5) pt, inside V of S9 and S10; for the button of S4 the surface is shifted up 60 pt so that it
/// starts at (180.5, 129.5), inside B (100, 100, 200, 60). The Wacom tap lands at (182.8, 102.2), inside B.
@Suite("Container scenarios from real recordings (spec §7 S4, S9, S10, S12)")
struct RecordedContainerScenarioTests {
    static let tap = "wacom-isdv4-e6-ts__1finger-tap.events"
    static let drag = "atmel-maxtouch-ts__1finger-drag-up-down.evemu"

    /// The pan `name` began at t=122 on the Atmel drag, follows every later move, and ends at the lift (t=2199).
    static func panFollowsDrag(_ name: String, _ frames: [TouchFrame]) -> [String] {
        changes(name, at: frames.moveTimes(123..<2199)) + ends(name, at: "2.199s")
    }

    @Test("S4a: the Wacom tap on the button: the pan fails at the lift (t=24) and the button fires touchUpInside")
    func s4aQuickTap() throws {
        let scene = ContainerScenarios.buttonInPanContainer()
        #expect(runScenario(scene, try Recording.frames(Self.tap)) == [
            "0.000s B: began{#1}",
            "0.000s B: touchDown",
            "0.024s P: possible → failed (lifted before recognition)",
            "0.024s B: ended{#1}",
            "0.024s B: touchUpInside",
            "0.024s P: failed → possible (reset)",
        ])
    }

    @Test("S4b: the Atmel drag from the button: three moves reach B, then the pan takes the touch at 12 pt up (t=122)")
    func s4bDrag() throws {
        let scene = ContainerScenarios.buttonInPanContainer()
        let frames = try Recording.frames(Self.drag, origin: Point(x: 0, y: -60))
        let before = frames.moveTimes(1..<122)
        #expect(before.count == 3)
        #expect(runScenario(scene, frames) == ["0.000s B: began{#1}", "0.000s B: touchDown"]
            + before.flatMap { ["\($0) B: moved{#1}", "\($0) B: touchDragInside"] } + [
                "0.122s P: possible → began (moved 12 pt in y ≥ 10 pt)",
                "0.122s B: cancelled{#1}",
                "0.122s B: touchCancel",
                "0.122s P: action(began)",
            ] + Self.panFollowsDrag("P", frames))
    }

    @Test("S4c: in a scroll view the Wacom tap reaches the button as began and ended together at the lift")
    func s4cScrollQuickTap() throws {
        let scene = ContainerScenarios.buttonInPanContainer(scrolling: true)
        #expect(runScenario(scene, try Recording.frames(Self.tap)) == [
            "0.000s B: began{#1} withheld while P decides",
            "0.024s P: possible → failed (lifted before recognition)",
            "0.024s B: began{#1}",
            "0.024s B: touchDown",
            "0.024s B: ended{#1}",
            "0.024s B: touchUpInside",
            "0.024s P: failed → possible (reset)",
        ])
    }

    @Test("S4c: in a scroll view the Atmel drag scrolls from t=122 (before the 150 ms delay) and the button never sees it")
    func s4cScrollDrag() throws {
        let scene = ContainerScenarios.buttonInPanContainer(scrolling: true)
        let frames = try Recording.frames(Self.drag, origin: Point(x: 0, y: -60))
        // The scroll view's own entries (dragging from / ended at) are checked in ScrollViewTests.
        #expect(runScenario(scene, frames).filter { !$0.contains(" C: ") } == [
            "0.000s B: began{#1} withheld while P decides",
            "0.122s P: possible → began (moved 12 pt in y ≥ 10 pt)",
            "0.122s B: withheld {#1} discarded, P took them",
            "0.122s P: action(began)",
        ] + Self.panFollowsDrag("P", frames))
    }

    @Test("S9: the Atmel drag in V: the container's pan cancels V's touch at 12 pt (t=122); later moves never reach V")
    func s9PanCancelsSubview() throws {
        let scene = ContainerScenarios.panOverSubview()
        let frames = try Recording.frames(Self.drag)
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + viewMoves("V", at: frames.moveTimes(1..<122)) + [
            "0.122s pan: possible → began (moved 12 pt in y ≥ 10 pt)",
            "0.122s V: cancelled{#1}",
            "0.122s pan: action(began)",
        ] + Self.panFollowsDrag("pan", frames))
    }

    @Test("S10b: the Atmel drag passes 45 pt from its start at t=273; the delaying tap fails and V gets began, moved, then the rest")
    func s10bDrag() throws {
        let scene = ContainerScenarios.delayingTapOverSubview()
        let v = try #require(scene[view: "V"] as? TouchSinkView)
        var firstBegan: Point?
        v.onCall = { phase, touches, _ in
            if phase == .began { firstBegan = firstBegan ?? touches.first?.location(in: nil) }
        }
        let frames = try Recording.frames(Self.drag)
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1} withheld while tap decides",
            "0.273s tap: possible → failed (moved 45.01 pt > 45 pt)",
            "0.273s V: began{#1}",
            "0.273s V: moved{#1}",
            "0.273s tap: failed → possible (reset)",
        ] + viewMoves("V", at: frames.moveTimes(274..<2199)) + ["2.199s V: ended{#1}"])
        let began = try #require(firstBegan)
        #expect(isClose(began, Point(x: 180.5, y: 189.5)))  // the began-time location, device (361, 379)
    }

    @Test("S10c: the Quanta press (1.4 s, at most 26.6 pt from its start) is held past 0.75 s: V gets began and moved at t=750")
    func s10cHold() throws {
        let scene = ContainerScenarios.delayingTapOverSubview()
        let frames = try Recording.frames("quanta-optical-ts__1finger-long-press.events")
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1} withheld while tap decides",
            "0.750s deadline: tap",
            "0.750s tap: possible → failed (maximum duration 0.75 s passed)",
            "0.750s V: began{#1}",
            "0.750s V: moved{#1}",
            "0.750s tap: failed → possible (reset)",
        ] + viewMoves("V", at: frames.moveTimes(751..<1416)) + ["1.416s V: ended{#1}"])
    }

    @Test("S12: the Wacom two-finger pan on a single-touch view: #2 is ignored, P begins at 10.66 pt down (t=204) and cancels #1")
    func s12TwoFingerPan() throws {
        let scene = ContainerScenarios.twoFingerPanOnSingleTouchView()
        let frames = try Recording.frames("wacom-isdv4-e6-ts__2finger-pan-down.events")
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1}",
            "0.024s #2 ignored: V is not multiple-touch enabled and tracks a touch",
        ] + viewMoves("V", at: frames.moveTimes(25..<204)) + [
            "0.204s P: possible → began (moved 10.66 pt in y ≥ 10 pt)",
            "0.204s V: cancelled{#1}",
            "0.204s P: action(began)",
        // At t=1140 #1 moves and #2 lifts in one frame: the pan gets the move first (§4.2 step 3: moved before
        // ended), with both fingers still down, so it changes; after the lift, below its two-finger minimum, it
        // holds still until the last finger lifts at t=1160.
        ] + changes("P", at: frames.moveTimes(205..<1141)) + ends("P", at: "1.160s"))
    }
}
