import Tactile
import TactileInput
import Testing

@testable import TactileWayland

/// The surface filter of ``WaylandTouchListener/init(touch:surface:handler:)`` (an app's own `wl_touch` on a
/// connection whose windows a toolkit made) and the judgement of the compositor's clock shared by
/// ``WaylandSurfaceTouchInput`` and ``WaylandTouchWindow``.
@Suite("Surface touches: one surface's wl_touch events, and the compositor's clock")
struct SurfaceTouchTests {
    /// The events `filter` passes on; `elsewhere` are the ids whose `down` is on another surface.
    static func passed(_ events: [WaylandTouchEvent], elsewhere: Set<Int32> = [],
                       filter: inout SurfaceTouchFilter) -> [WaylandTouchEvent] {
        events.filter { event in
            let onSurface: Bool
            if case .down(_, let id, _, _) = event { onSurface = !elsewhere.contains(id) } else { onSurface = true }
            return filter.admits(event, onSurface: onSurface)
        }
    }

    @Test("A touch point that begins on the surface is passed on from its down to its up, with its frames")
    func ownTouchPoint() {
        var filter = SurfaceTouchFilter()
        let events: [WaylandTouchEvent] = [
            .down(time: 1, id: 0, x: 5, y: 5), .shape(id: 0, major: 4, minor: 3), .frame,
            .motion(time: 2, id: 0, x: 6, y: 5), .orientation(id: 0, degrees: 10), .frame,
            .up(time: 3, id: 0), .frame,
        ]
        #expect(Self.passed(events, filter: &filter) == events)
        #expect(filter.touchPoints.isEmpty)
    }

    @Test("A touch point that begins on another surface is not passed on, nor its motions, shapes, up or frames")
    func otherSurfacesTouchPoint() {
        var filter = SurfaceTouchFilter()
        let events: [WaylandTouchEvent] = [
            .down(time: 1, id: 4, x: 5, y: 5), .shape(id: 4, major: 4, minor: 3), .frame,
            .motion(time: 2, id: 4, x: 6, y: 5), .orientation(id: 4, degrees: 10), .frame,
            .up(time: 3, id: 4), .frame,
        ]
        #expect(Self.passed(events, elsewhere: [4], filter: &filter).isEmpty)
    }

    @Test("Two touch points, one on each surface, in the same frames: only the surface's, and each frame once")
    func mixedFrames() {
        var filter = SurfaceTouchFilter()
        let passed = Self.passed([
            .down(time: 1, id: 0, x: 5, y: 5), .down(time: 1, id: 1, x: 500, y: 5), .frame,
            .motion(time: 2, id: 1, x: 501, y: 5), .frame,  // only the other surface's: no frame
            .motion(time: 3, id: 0, x: 6, y: 5), .motion(time: 3, id: 1, x: 502, y: 5), .frame,
            .up(time: 4, id: 0), .up(time: 4, id: 1), .frame,
        ], elsewhere: [1], filter: &filter)
        #expect(passed == [
            .down(time: 1, id: 0, x: 5, y: 5), .frame,
            .motion(time: 3, id: 0, x: 6, y: 5), .frame,
            .up(time: 4, id: 0), .frame,
        ])
    }

    @Test("An id reused after its up belongs to the surface its new down is on")
    func reusedId() {
        var filter = SurfaceTouchFilter()
        _ = Self.passed([.down(time: 1, id: 0, x: 5, y: 5), .frame, .up(time: 2, id: 0), .frame], filter: &filter)
        // Now down elsewhere: its motion is not the surface's any more.
        let elsewhere = Self.passed(
            [.down(time: 3, id: 0, x: 900, y: 5), .frame, .motion(time: 4, id: 0, x: 901, y: 5), .frame],
            elsewhere: [0], filter: &filter)
        #expect(elsewhere.isEmpty)
        // A down elsewhere also ends a claim the surface never saw end (a lost up).
        _ = Self.passed([.down(time: 5, id: 2, x: 5, y: 5), .frame], filter: &filter)
        _ = Self.passed([.down(time: 6, id: 2, x: 900, y: 5), .frame], elsewhere: [2], filter: &filter)
        #expect(!filter.touchPoints.contains(2))
    }

    @Test("wl_touch.cancel is passed on while one of the surface's touch points is down, not otherwise")
    func cancel() {
        var filter = SurfaceTouchFilter()
        _ = Self.passed([.down(time: 1, id: 0, x: 5, y: 5), .frame], filter: &filter)
        let cancelPassed = filter.admits(.cancel, onSurface: true)
        #expect(cancelPassed)
        #expect(filter.touchPoints.isEmpty)
        // The cancel ended it: a later motion of the id is not passed on.
        let motionPassed = filter.admits(.motion(time: 2, id: 0, x: 1, y: 1), onSurface: true)
        #expect(!motionPassed)
        // Only another surface's touch point down: the cancel is not the surface's.
        _ = Self.passed([.down(time: 3, id: 1, x: 900, y: 5), .frame], elsewhere: [1], filter: &filter)
        let otherCancelPassed = filter.admits(.cancel, onSurface: true)
        #expect(!otherCancelPassed)
    }

    @Test("Filtered, then through the adapter: frames of the surface's touch point only, at the compositor's times")
    func throughTheAdapter() {
        var filter = SurfaceTouchFilter()
        var adapter = WaylandTouchAdapter()
        var output = ContactStream.Output()
        for event in Self.passed([
            .down(time: 100, id: 0, x: 5, y: 5), .down(time: 100, id: 1, x: 500, y: 5), .frame,
            .motion(time: 108, id: 0, x: 7, y: 5), .motion(time: 108, id: 1, x: 502, y: 5), .frame,
            .up(time: 116, id: 0), .frame,
        ], elsewhere: [1], filter: &filter) {
            output.append(adapter.handle(event))
        }
        #expect(output.frames.map { $0.contacts.count } == [1, 1, 1])
        #expect(output.frames.map(\.timestamp.nanoseconds) == [100_000_000, 108_000_000, 116_000_000])
        #expect(output.diagnostics.isEmpty)
    }

    // MARK: The compositor's clock

    static func ms(_ milliseconds: Int64) -> Timestamp { Timestamp(nanoseconds: milliseconds * 1_000_000) }

    @Test("Times within 10 s of CLOCK_MONOTONIC are its milliseconds; 10 s and 1 ms off are counted from arrival")
    func clockTolerance() {
        let now = Self.ms(500_000)
        var near = CompositorClock()
        let nearJudged = near.check(.down(time: 490_000, id: 0, x: 0, y: 0), now: now)
        #expect(nearJudged == nil)
        var late = CompositorClock()
        let judged = late.check(.down(time: 489_999, id: 0, x: 0, y: 0), now: now)
        #expect(judged?.offset == .milliseconds(10_001))
        #expect(judged?.note.contains("10001 ms off") == true)
        var ahead = CompositorClock()
        let aheadJudged = ahead.check(.motion(time: 510_000, id: 0, x: 0, y: 0), now: now)
        #expect(aheadJudged == nil)
        var farAhead = CompositorClock()
        // Ahead of the clock: the offset is negative, so the first event lands at its arrival.
        let farAheadJudged = farAhead.check(.up(time: 510_001, id: 0), now: now)
        #expect(farAheadJudged?.offset == .milliseconds(-10_001))
    }

    @Test("The clock is judged once, at the first event with a time; frames, shapes and cancels have none")
    func clockJudgedOnce() {
        var clock = CompositorClock()
        let now = Self.ms(500_000)
        let frame = clock.check(.frame, now: now), shape = clock.check(.shape(id: 0, major: 1, minor: 1), now: now)
        #expect(frame == nil && shape == nil)
        #expect(!clock.checked)
        // 500 s off: judged, with an offset.
        let first = clock.check(.down(time: 1, id: 0, x: 0, y: 0), now: now)
        #expect(first != nil)
        #expect(clock.checked)
        let second = clock.check(.down(time: 1, id: 0, x: 0, y: 0), now: now)
        #expect(second == nil)
    }

    @Test("Across the 32-bit wrap: a time just before the wrap is near a clock just after it")
    func clockAcrossTheWrap() {
        var clock = CompositorClock()
        // The clock at 2³² + 5 ms; the compositor's 32-bit time 4 294 967 290 is 11 ms earlier.
        let judged = clock.check(.down(time: 4_294_967_290, id: 0, x: 0, y: 0), now: Self.ms(4_294_967_301))
        #expect(judged == nil)
    }
}
