import Tactile
import TactileContacts
import Testing

@testable import TactileWayland

/// Named scenarios of ``WaylandTouchAdapter``: a compositor's `wl_touch` events become touch frames.
@Suite("Wayland touch adapter: wl_touch events become touch frames")
struct WaylandTouchAdapterTests {
    /// Feeds every event; returns all frames and diagnostics.
    static func run(_ adapter: inout WaylandTouchAdapter, _ events: [WaylandTouchEvent]) -> ContactStream.Output {
        var output = ContactStream.Output()
        for event in events { output.append(adapter.handle(event)) }
        return output
    }

    static func phases(_ frame: TouchFrame) -> [String] { frame.contacts.map { "\($0.id):\($0.phase)" } }
    static func ms(_ milliseconds: Int64) -> Timestamp { Timestamp(nanoseconds: milliseconds * 1_000_000) }

    @Test("down, motion and up, each ended by wl_touch.frame, give began, moved and ended at the event times")
    func oneTouch() {
        var adapter = WaylandTouchAdapter()
        let output = Self.run(&adapter, [
            .down(time: 5000, id: 3, x: 100.5, y: 200.25), .frame,
            .motion(time: 5008, id: 3, x: 110, y: 200.25), .frame,
            .up(time: 5016, id: 3), .frame,
        ])
        #expect(output.diagnostics.isEmpty)
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:moved"], ["#1:ended"]])
        // wl_touch's milliseconds, on the same clock (CLOCK_MONOTONIC under libinput-based compositors).
        #expect(output.frames.map(\.timestamp) == [Self.ms(5000), Self.ms(5008), Self.ms(5016)])
        #expect(output.frames[0].contacts[0].location == Point(x: 100.5, y: 200.25))
        // wl_touch.up has no position: the touch ends where it last was.
        #expect(output.frames[2].contacts[0].location == Point(x: 110, y: 200.25))
        #expect(adapter.activeTouchCount == 0)
    }

    @Test("Nothing is sent before wl_touch.frame; two touch points down in one frame begin together")
    func framesWaitForTheFrameEvent() {
        var adapter = WaylandTouchAdapter()
        let held = Self.run(&adapter, [.down(time: 10, id: 0, x: 1, y: 1), .down(time: 10, id: 1, x: 50, y: 1)])
        #expect(held.frames.isEmpty)
        let framed = adapter.handle(.frame)
        #expect(framed.frames.map(Self.phases) == [["#1:began", "#2:began"]])
    }

    @Test("Surface points map into window points through windowTransform")
    func windowTransform() {
        var adapter = WaylandTouchAdapter(windowTransform: AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        let output = Self.run(&adapter, [.down(time: 0, id: 0, x: 100, y: 50), .shape(id: 0, major: 8, minor: 6), .frame])
        #expect(output.frames[0].contacts[0].location == Point(x: 210, y: 100))
        // Lengths scale with the transform too: an 8-point major axis is a 16-point one, radius 8.
        #expect(output.frames[0].contacts[0].majorRadius == 8)
    }

    @Test("wl_touch.cancel cancels every touch point at once, at the latest time; later events for them are ignored")
    func cancelCancelsEveryTouch() {
        var adapter = WaylandTouchAdapter()
        let down = Self.run(&adapter, [
            .down(time: 100, id: 0, x: 1, y: 1), .down(time: 100, id: 1, x: 9, y: 9), .frame,
            .motion(time: 120, id: 0, x: 3, y: 1), .frame,
        ])
        #expect(down.frames.count == 2)
        let cancelled = adapter.handle(.cancel)
        #expect(cancelled.frames.map(Self.phases) == [["#1:cancelled", "#2:cancelled"]])
        #expect(cancelled.frames[0].timestamp == Self.ms(120))
        #expect(adapter.activeTouchCount == 0)
        let after = Self.run(&adapter, [.motion(time: 130, id: 0, x: 5, y: 1), .frame, .up(time: 140, id: 1), .frame])
        #expect(after.frames.isEmpty)
        #expect(after.diagnostics.count == 2)
    }

    @Test("wl_touch.cancel happens at the caller's time when it is later than the last event (it has no time)")
    func cancelAtTheCallersTime() {
        var adapter = WaylandTouchAdapter()
        _ = Self.run(&adapter, [.down(time: 100, id: 0, x: 1, y: 1), .frame])
        let cancelled = adapter.handle(.cancel, now: Self.ms(450))
        #expect(cancelled.frames.first?.timestamp == Self.ms(450))
    }

    @Test("A cancel drops the unfinished frame: a touch point that went down in it was never reported")
    func cancelDropsThePendingFrame() {
        var adapter = WaylandTouchAdapter()
        _ = Self.run(&adapter, [.down(time: 100, id: 0, x: 1, y: 1), .frame, .down(time: 110, id: 1, x: 5, y: 5)])
        let cancelled = adapter.handle(.cancel)
        #expect(cancelled.frames.map(Self.phases) == [["#1:cancelled"]])
    }

    @Test("shape becomes the touch's major radius (half the major axis), on its down and on later motions")
    func shapeIsTheTouchSize() {
        var adapter = WaylandTouchAdapter()
        let output = Self.run(&adapter, [
            .down(time: 0, id: 0, x: 10, y: 10), .shape(id: 0, major: 12, minor: 7), .orientation(id: 0, degrees: 30),
            .frame,
            .motion(time: 8, id: 0, x: 20, y: 10), .frame,
            .motion(time: 16, id: 0, x: 30, y: 10), .shape(id: 0, major: 20, minor: 9), .frame,
        ])
        #expect(output.frames.map { $0.contacts[0].majorRadius } == [6, 6, 10])
    }

    @Test("A shape change without a motion reaches the touch with its next motion")
    func shapeWithoutMotion() {
        var adapter = WaylandTouchAdapter()
        let output = Self.run(&adapter, [
            .down(time: 0, id: 0, x: 10, y: 10), .frame,
            .shape(id: 0, major: 16, minor: 16), .frame,
            .motion(time: 16, id: 0, x: 12, y: 10), .frame,
        ])
        // A change of size alone is no frame (spec §1.2.3); the size is the touch's from the next change on.
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:moved"]])
        #expect(output.frames[1].contacts[0].majorRadius == 8)
    }

    @Test("A touch point's shape ends with it: the next touch with the same id has no size until it gets one")
    func shapeEndsWithTheTouch() {
        var adapter = WaylandTouchAdapter()
        let output = Self.run(&adapter, [
            .down(time: 0, id: 0, x: 10, y: 10), .shape(id: 0, major: 16, minor: 16), .frame,
            .up(time: 10, id: 0), .frame,
            .down(time: 20, id: 0, x: 10, y: 10), .frame,
        ])
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:ended"], ["#2:began"]])
        #expect(output.frames[2].contacts[0].majorRadius == 0)
    }

    @Test("Millisecond times go on past the 32-bit wrap")
    func timesWrap() {
        var adapter = WaylandTouchAdapter()
        let output = Self.run(&adapter, [
            .down(time: UInt32.max - 5, id: 0, x: 1, y: 1), .frame,
            .motion(time: 4, id: 0, x: 9, y: 1), .frame,
        ])
        let step = output.frames[1].timestamp.nanoseconds - output.frames[0].timestamp.nanoseconds
        #expect(step == 10 * 1_000_000)
    }

    @Test("timeOffset moves every time (a compositor whose clock is not CLOCK_MONOTONIC)")
    func timeOffset() {
        var adapter = WaylandTouchAdapter(timeOffset: .seconds(100))
        let output = Self.run(&adapter, [.down(time: 250, id: 0, x: 1, y: 1), .frame])
        #expect(output.frames[0].timestamp == Self.ms(100_250))
    }

    @Test("end(at:) cancels the touches still down")
    func endCancels() {
        var adapter = WaylandTouchAdapter()
        _ = Self.run(&adapter, [.down(time: 0, id: 4, x: 1, y: 1), .frame])
        let ended = adapter.end(at: Self.ms(900))
        #expect(ended.frames.map(Self.phases) == [["#1:cancelled"]])
        #expect(ended.frames[0].timestamp == Self.ms(900))
    }
}
