import TactileTestSupport
import Testing
@testable import Tactile

/// The continuous scenarios (spec §7 S5, S8) run from real recordings in `Traces/recordings` through the same
/// scenes as `ContinuousScenarioTests`.
///
/// Mappings keep each device's aspect and fill the window's width: Quanta optical (1921 × 1081 units) 0.208 pt
/// per unit, Wacom ISDv4 E6 (2777 × 1570) 0.144 pt per unit. V fills the window, so every touch lands in it.
@Suite("Continuous scenarios from real recordings (spec §7 S5, S8)")
struct RecordedContinuousScenarioTests {
    static let swipe = "wacom-isdv4-e6-ts__1finger-swipe-right.events"

    @Test("S5a: the Quanta press near the left edge (0.93 s, 2 pt of drift by t=500) is a long press; it excludes the pan")
    func s5aLongPress() throws {
        let scene = ContinuousScenarios.longPressAndPan()
        let frames = try Recording.frames("quanta-optical-ts__1finger-press-left-edge.events")
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + viewMoves("V", at: frames.moveTimes(1..<500))
            + ContinuousScenarios.longPressBegins.dropFirst() + [
                "0.500s P: possible → failed (excluded by LP)",
                "0.500s P: failed → possible (reset)",
            ] + changes("LP", at: frames.moveTimes(500..<927)) + ends("LP", at: "0.927s", "a touch lifted"))
    }

    /// The Quanta "long press" drifts up to 128 device units from where it began (116 units along x): 26.6 pt
    /// here, at 0.208 pt per unit; 119 units of it before t=500. That is far beyond the long press's 10 pt
    /// allowable movement: only a mapping that squeezes the 1921-unit width into less than 161 pt would keep
    /// it a long press. At full width it fails at 10.44 pt (50 units) after 192 ms and is a slow pan.
    @Test("S5b: the Quanta long press drifts 10.44 pt by t=192: the long press fails there, and the pan begins at 10.2 pt in x (t=200)")
    func s5bDriftFailsLongPress() throws {
        let scene = ContinuousScenarios.longPressAndPan()
        let frames = try Recording.frames("quanta-optical-ts__1finger-long-press.events")
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + viewMoves("V", at: frames.moveTimes(1..<192)) + [
            "0.192s LP: possible → failed (moved 10.44 pt > 10 pt)",
            "0.192s V: moved{#1}",
            "0.192s LP: failed → possible (reset)",
            "0.200s P: possible → began (moved 10.2 pt in x ≥ 10 pt)",
            "0.200s V: cancelled{#1}",
            "0.200s P: action(began)",
        ] + changes("P", at: frames.moveTimes(201..<1416)) + ends("P", at: "1.416s"))
    }

    @Test("S8a: the Wacom swipe: the pan begins at 10.8 pt (t=184) and excludes the swipe, then follows it to the lift")
    func s8aPanExcludesSwipe() throws {
        let scene = ContinuousScenarios.swipeAndPan(requirement: false)
        let frames = try Recording.frames(Self.swipe)
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + viewMoves("V", at: frames.moveTimes(1..<184)) + [
            "0.184s pan: possible → began (moved 10.8 pt in x ≥ 10 pt)",
            "0.184s V: cancelled{#1}",
            "0.184s pan: action(began)",
            "0.184s swipe: possible → failed (excluded by pan)",
            "0.184s swipe: failed → possible (reset)",
        ] + changes("pan", at: frames.moveTimes(185..<1240)) + ends("pan", at: "1.240s"))
    }

    @Test("S8b: when the pan requires the swipe to fail, the Wacom swipe passes 50 pt right at t=324 and is a swipe")
    func s8bSwipeWins() throws {
        let scene = ContinuousScenarios.swipeAndPan(requirement: true)
        let frames = try Recording.frames(Self.swipe)
        #expect(runScenario(scene, frames) == ["0.000s V: began{#1}"] + viewMoves("V", at: frames.moveTimes(1..<184)) + [
            "0.184s pan waits for swipe to fail (moved 10.8 pt in x ≥ 10 pt)",
            "0.184s V: moved{#1}",
        ] + viewMoves("V", at: frames.moveTimes(185..<324)) + [
            "0.324s swipe: possible → recognized (swiped right 51.13 pt in 0.324 s)",
            "0.324s V: cancelled{#1}",
            "0.324s swipe: action(recognized)",
            "0.324s pan: possible → failed (swipe recognized)",
            "0.324s swipe: recognized → possible (reset)",
            "0.324s pan: failed → possible (reset)",
        ])
    }
}
