import Tactile
import TactileContacts
import Testing

@testable import TactileWayland

/// `wl_touch.cancel` ends the sequence: "No further events are sent to the client from the previous touch down
/// event" (wayland.xml, wl_touch.cancel). What the compositor sends after it must begin nothing that was pending,
/// while a new sequence (a new `down`) begins as usual.
@Suite("Wayland touch adapter: nothing begins after wl_touch.cancel")
struct WaylandCancelBoundaryTests {
    typealias Run = WaylandTouchAdapterTests

    @Test("A frame right after the cancel is empty: the touch that went down before it never begins")
    func frameAfterCancelBeginsNothing() {
        var adapter = WaylandTouchAdapter()
        let output = Run.run(&adapter, [.down(time: 100, id: 0, x: 1, y: 1), .cancel, .frame])
        #expect(output.frames.isEmpty)
        #expect(adapter.activeTouchCount == 0)
    }

    @Test("After a cancel with touches down, the next frame carries no began and no moved")
    func frameAfterCancelWithTouchesDown() {
        var adapter = WaylandTouchAdapter()
        let before = Run.run(&adapter, [.down(time: 100, id: 0, x: 1, y: 1), .frame, .down(time: 110, id: 1, x: 5, y: 5)])
        #expect(before.frames.map(Run.phases) == [["#1:began"]])
        let cancelled = Run.run(&adapter, [.cancel, .frame])
        #expect(cancelled.frames.map(Run.phases) == [["#1:cancelled"]])
        #expect(adapter.activeTouchCount == 0)
    }

    @Test("A new down after the cancel begins a new touch with a new identity (the control case)")
    func newSequenceAfterCancel() {
        var adapter = WaylandTouchAdapter()
        _ = Run.run(&adapter, [.down(time: 100, id: 0, x: 1, y: 1), .frame, .cancel])
        let next = Run.run(&adapter, [.down(time: 200, id: 0, x: 7, y: 7), .frame])
        #expect(next.frames.map(Run.phases) == [["#2:began"]])
        #expect(next.frames[0].contacts[0].location == Point(x: 7, y: 7))
    }
}
