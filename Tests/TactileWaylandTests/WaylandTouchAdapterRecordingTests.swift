import Tactile
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileWayland

/// Every real recording, decoded by the evdev path and handed to the adapter as a compositor would send it
/// (`wl_touch` down/motion/up per contact, `frame` per report, ids reused like seat slots, millisecond times,
/// `wl_fixed_t` positions), gives the decoder's frames back.
@Suite("Wayland touch adapter: every real recording as wl_touch events gives the evdev path's frames")
struct WaylandTouchAdapterRecordingTests {
    /// A compositor's view of one decoded frame.
    static func events(for frame: TouchFrame) -> [WaylandTouchEvent] {
        let time = UInt32(truncatingIfNeeded: frame.timestamp.nanoseconds / 1_000_000)
        func fixed(_ value: Double) -> Double { (value * 256).rounded() / 256 }  // wl_fixed_t: 24.8 fixed point
        var events: [WaylandTouchEvent] = []
        // Lifts first: a seat slot freed and taken again within one report is an up, then a down.
        for contact in frame.contacts where contact.phase == .ended || contact.phase == .cancelled {
            events.append(.up(time: time, id: Int32(contact.slot)))
        }
        for contact in frame.contacts {
            let (x, y) = (fixed(contact.location.x), fixed(contact.location.y))
            switch contact.phase {
            case .began: events.append(.down(time: time, id: Int32(contact.slot), x: x, y: y))
            case .moved: events.append(.motion(time: time, id: Int32(contact.slot), x: x, y: y))
            case .stationary, .ended, .cancelled: break
            }
        }
        return events + [.frame]
    }

    @Test(
        "Begins, moves and ends come back frame by frame, at the compositor's millisecond and wl_fixed_t precision",
        arguments: SharedTraces.recordings())
    func recordingThroughWlTouch(_ name: String) throws {
        let frames = try TraceReplay(path: SharedTraces.path(name)).remainingFrames()
        var adapter = WaylandTouchAdapter()
        var output = ContactStream.Output()
        for frame in frames {
            for event in Self.events(for: frame) { output.append(adapter.handle(event)) }
        }
        // A compositor has no per-contact cancel: a contact the decoder cancelled (a palm) lifts here.
        let expected = frames.map { frame in
            frame.contacts.map { "\($0.id):\($0.phase == .cancelled ? .ended : $0.phase)" }
        }
        #expect(output.frames.count == frames.count, "\(name)")
        #expect(output.frames.map { $0.contacts.map { "\($0.id):\($0.phase)" } } == expected, "\(name)")
        // Times are whole milliseconds; a recording made with wall-clock times wraps the 32-bit count, as a
        // compositor's would, so each is compared as the time since the first frame.
        let milliseconds = { (time: Timestamp) in time.nanoseconds / 1_000_000 }
        let (gotStart, wantStart) = (output.frames.first.map { milliseconds($0.timestamp) } ?? 0,
                                     frames.first.map { milliseconds($0.timestamp) } ?? 0)
        var timesAgree = true, positionsAgree = true
        for (got, want) in zip(output.frames, frames) {
            timesAgree = timesAgree && milliseconds(got.timestamp) - gotStart == milliseconds(want.timestamp) - wantStart
            for (a, b) in zip(got.contacts, want.contacts) {
                positionsAgree = positionsAgree && abs(a.location.x - b.location.x) <= 1.0 / 512
                    && abs(a.location.y - b.location.y) <= 1.0 / 512
            }
        }
        #expect(timesAgree, "\(name): times")
        #expect(positionsAgree, "\(name): positions within wl_fixed_t's 1/256")
        #expect(adapter.activeTouchCount == 0, "\(name): every touch that began ended")
    }
}
