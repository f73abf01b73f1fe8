import Tactile
import TactileContacts

/// Turns a Wayland compositor's `wl_touch` events into the `TouchFrame`s an `Application` takes, through a
/// `ContactStream`.
///
/// An app that already has a `wl_seat` and its `wl_touch` hands each event to ``handle(_:now:)`` (or lets
/// ``WaylandTouchListener`` do it) and sends the frames of the output to its `Application`:
///
/// ```swift
/// var adapter = WaylandTouchAdapter()
/// let output = adapter.handle(.down(time: 1200, id: 0, x: 120, y: 80)) + adapter.handle(.frame)
/// for frame in output.frames { application.send(frame) }
/// ```
///
/// - **Frames.** `wl_touch.frame` ends a frame: the events since the last one become one `TouchFrame` (the
///   stream's ``ContactStream/Grouping/frameEvents``). Nothing is sent before the frame event.
/// - **Positions** are surface-local coordinates, which Wayland gives in points: the compositor divides by the
///   output's scale, so on a 2× output a touch at the surface's right edge is at its width in points, not
///   pixels. ``windowTransform`` maps them into the app's window points when the two differ (default: identity,
///   the window is the surface).
/// - **Times.** `wl_touch`'s millisecond times become `Timestamp`s on the same clock, extended past the 32-bit
///   wrap, plus ``timeOffset``. Compositors built on libinput (wlroots, weston, mutter, KWin) pass the kernel's
///   event time, `CLOCK_MONOTONIC` in milliseconds, so with the default offset of 0 the frames are on the clock
///   an app's deadlines use (`CLOCK_MONOTONIC`).
/// - **Shape and orientation** (`wl_touch` version 6) become the touch's size: half the major axis is the
///   `majorRadius` (`UITouch.majorRadius`, spec §1.3); the minor axis and the orientation stay on the stream's
///   ``ContactReport`` (UIKit has no field for them). A shape or orientation applies to the touch point's down or
///   motion in the same frame, and to later ones until it changes (the compositor sends it only when it changes).
/// - **Order.** A touch point's id is taken as its slot (compositors on libinput send libinput's seat slot), which
///   orders touch points that land in one frame as the evdev decoder orders slots.
/// - **`wl_touch.cancel`** cancels every touch of the stream at once (``ContactStream/Event/cancelAll(at:)``), at
///   the latest time seen (or `now`, when later): the event carries no time of its own.
///
/// A value with no I/O and no clock: keep it with the loop that dispatches the `wl_display`.
public struct WaylandTouchAdapter: Sendable {
    /// The stream that assembles the frames (its diagnostics come out with them).
    public private(set) var stream = ContactStream(grouping: .frameEvents)
    /// Maps surface-local points into the window's points. Default: identity.
    public var windowTransform: AffineTransform
    /// Added to every `wl_touch` time. Default 0: the compositor's times are `CLOCK_MONOTONIC` milliseconds.
    public var timeOffset: Duration

    /// A touch point's event of the frame being collected.
    private enum Pending: Sendable {
        case down(UInt64, Int32, Point)
        case motion(UInt64, Int32, Point)
        case up(UInt64, Int32)
    }

    /// The touch point's ellipse in window points and its orientation in radians, as last reported.
    private struct Shape: Sendable {
        var major: Double?
        var minor: Double?
        var orientation: Double?
    }

    private var pending: [Pending] = []
    private var shapes: [Int32: Shape] = [:]
    /// Touch points whose shape or orientation changed in the frame being collected.
    private var reshaped: Set<Int32> = []
    /// The last position of each touch point that is down, in window points.
    private var locations: [Int32: Point] = [:]
    /// The latest `wl_touch` time seen, extended to 64 bits (milliseconds).
    private var latest: UInt64?

    /// Creates an adapter.
    ///
    /// - Parameters:
    ///   - windowTransform: maps surface-local points into window points (default: identity).
    ///   - timeOffset: added to every `wl_touch` time (default 0).
    public init(windowTransform: AffineTransform = .identity, timeOffset: Duration = .zero) {
        self.windowTransform = windowTransform
        self.timeOffset = timeOffset
    }

    /// The number of touch points that are down.
    public var activeTouchCount: Int { stream.activeContactCount }

    /// Takes one `wl_touch` event and returns the frames it completes (only `wl_touch.frame` and
    /// `wl_touch.cancel` complete any).
    ///
    /// - Parameters:
    ///   - event: the event, in the order the compositor sent it.
    ///   - now: the caller's time on the frames' clock, if it has one: `wl_touch.cancel` happens at it when it is
    ///     later than the latest event time (the event has no time of its own).
    public mutating func handle(_ event: WaylandTouchEvent, now: Timestamp? = nil) -> ContactStream.Output {
        switch event {
        case .down(let time, let id, let x, let y):
            let location = Point(x: x, y: y).applying(windowTransform)
            pending.append(.down(extend(time), id, location))
            locations[id] = location
        case .motion(let time, let id, let x, let y):
            let location = Point(x: x, y: y).applying(windowTransform)
            pending.append(.motion(extend(time), id, location))
            locations[id] = location
        case .up(let time, let id):
            pending.append(.up(extend(time), id))
        case .shape(let id, let major, let minor):
            let scale = (windowTransform.a * windowTransform.d - windowTransform.b * windowTransform.c).magnitude
                .squareRoot()
            shapes[id, default: Shape()].major = major * scale
            shapes[id, default: Shape()].minor = minor * scale
            reshaped.insert(id)
        case .orientation(let id, let degrees):
            // From the surface's y axis (clockwise) to the window's x axis (clockwise): a quarter turn more.
            var radians = (degrees + 90) * Double.pi / 180
            if radians > Double.pi { radians -= 2 * Double.pi }
            shapes[id, default: Shape()].orientation = radians
            reshaped.insert(id)
        case .frame:
            return flushFrame()
        case .cancel:
            let latestTime = latest.map(timestamp) ?? now ?? Timestamp(nanoseconds: 0)
            let time = now.map { Swift.max($0, latestTime) } ?? latestTime
            pending.removeAll()
            reshaped.removeAll()
            shapes.removeAll()
            locations.removeAll()
            return stream.handle(.cancelAll(at: time))
        }
        return ContactStream.Output()
    }

    /// Ends the input at `time`: every touch still down is cancelled (the surface went away, the app stops).
    public mutating func end(at time: Timestamp) -> ContactStream.Output {
        pending.removeAll()
        shapes.removeAll()
        locations.removeAll()
        reshaped.removeAll()
        return stream.end(at: time)
    }

    /// Hands the frame's events to the stream, each down or motion with its touch point's shape, then the frame.
    private mutating func flushFrame() -> ContactStream.Output {
        var output = ContactStream.Output()
        // The last down or motion of each touch point in the frame takes the shape reported in the frame.
        var lastReport: [Int32: Int] = [:]
        for (index, event) in pending.enumerated() {
            switch event {
            case .down(_, let id, _), .motion(_, let id, _): lastReport[id] = index
            case .up: break
            }
        }
        for event in pending {
            switch event {
            case .down(let time, let id, let location):
                output.append(stream.handle(.down(report(id: id, time: time, location: location))))
            case .motion(let time, let id, let location):
                output.append(stream.handle(.motion(report(id: id, time: time, location: location))))
            case .up(let time, let id):
                output.append(stream.handle(.up(id: Int64(id), at: timestamp(time))))
                shapes[id] = nil
                locations[id] = nil
            }
        }
        // A new shape without a motion: a motion at the touch point's last location carries it.
        for id in reshaped.sorted() where lastReport[id] == nil {
            guard let location = locations[id], let latest else { continue }
            output.append(stream.handle(.motion(report(id: id, time: latest, location: location))))
        }
        pending.removeAll()
        reshaped.removeAll()
        output.append(stream.handle(.frame(at: nil)))
        return output
    }

    private func report(id: Int32, time: UInt64, location: Point) -> ContactReport {
        let shape = shapes[id]
        // The touch point's id is its slot: compositors on libinput use libinput's seat slot as the id (the lowest
        // free one), so contacts landing in one frame keep the device's order (spec §4.3).
        return ContactReport(
            id: Int64(id), timestamp: timestamp(time), location: location, slot: id >= 0 ? Int(id) : nil,
            majorRadius: (shape?.major ?? 0) / 2, minorRadius: shape?.minor.map { $0 / 2 },
            orientation: shape?.orientation)
    }

    /// The 32-bit millisecond time extended to 64 bits: a step back or forward of less than 2³¹ ms is taken as
    /// such, so the count goes on past the wrap.
    private mutating func extend(_ time: UInt32) -> UInt64 {
        guard let previous = latest else {
            latest = UInt64(time)
            return UInt64(time)
        }
        let step = Int64(Int32(bitPattern: time &- UInt32(truncatingIfNeeded: previous)))
        let extended = UInt64(Swift.max(0, Int64(previous) + step))
        latest = Swift.max(previous, extended)
        return extended
    }

    private func timestamp(_ milliseconds: UInt64) -> Timestamp {
        Timestamp(nanoseconds: Int64(milliseconds) * 1_000_000) + timeOffset
    }
}
