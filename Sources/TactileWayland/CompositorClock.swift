import Tactile

/// Whether a compositor's `wl_touch` times are `CLOCK_MONOTONIC` milliseconds, judged once, at the first event
/// that has a time.
///
/// The protocol leaves the times' base undefined; compositors on libinput (wlroots, weston, mutter, KWin) pass the
/// kernel's event time, `CLOCK_MONOTONIC`. A first time within ``tolerance`` of the monotonic clock's milliseconds
/// (allowing for the 32-bit wrap) is taken as that clock; a time further off is counted from the event's arrival
/// instead, so deadlines and frames stay on one clock.
struct CompositorClock: Sendable {
    /// How far the first time may be from the monotonic clock and still be taken as it.
    static let tolerance: Int64 = 10_000
    private(set) var checked = false

    /// At the first timed event: the offset to add to the compositor's times (`nil` when they are the monotonic
    /// clock's) and a note saying why. Later events, and events without a time, return `nil`.
    mutating func check(_ event: WaylandTouchEvent, now: Timestamp) -> (offset: Duration, note: String)? {
        guard !checked else { return nil }
        let time: UInt32
        switch event {
        case .down(let t, _, _, _), .up(let t, _), .motion(let t, _, _, _): time = t
        case .frame, .cancel, .shape, .orientation: return nil
        }
        checked = true
        let milliseconds = now.nanoseconds / 1_000_000
        let difference = Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: milliseconds) &- time))
        guard difference.magnitude > Self.tolerance else { return nil }
        return (.nanoseconds(now.nanoseconds - Int64(time) * 1_000_000),
                "the compositor's touch times are not CLOCK_MONOTONIC milliseconds (\(difference) ms off): "
                    + "they are counted from the first touch's arrival")
    }
}
