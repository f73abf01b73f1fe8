/// One event of a Wayland compositor's `wl_touch`, as the compositor sent it.
///
/// Coordinates are surface-local, in the surface's coordinate space (points: the compositor has already divided
/// by the output scale, so a surface on a 2× output still reports touches in points); lengths (`shape`) are in the
/// same units. Times are the compositor's millisecond timestamps (`uint32_t time`), which wrap after 49.7 days.
/// ``WaylandTouchAdapter`` turns these into `TouchFrame`s; ``WaylandTouchListener`` makes them from a `wl_touch`
/// proxy.
public enum WaylandTouchEvent: Hashable, Sendable {
    /// `wl_touch.down`: a new touch point `id` on the surface at (`x`, `y`).
    case down(time: UInt32, id: Int32, x: Double, y: Double)
    /// `wl_touch.up`: the touch point `id` lifted (where it last was).
    case up(time: UInt32, id: Int32)
    /// `wl_touch.motion`: the touch point `id` moved to (`x`, `y`).
    case motion(time: UInt32, id: Int32, x: Double, y: Double)
    /// `wl_touch.frame`: the end of a set of events that belong together.
    case frame
    /// `wl_touch.cancel`: the compositor took every current touch point of this client (a gesture of its own);
    /// no more events come for them.
    case cancel
    /// `wl_touch.shape` (version 6): the touch point `id`'s ellipse, its axes' lengths `major` and `minor`.
    case shape(id: Int32, major: Double, minor: Double)
    /// `wl_touch.orientation` (version 6): the clockwise angle in degrees of the touch point `id`'s major axis
    /// from the surface's positive y axis, in -180…180.
    case orientation(id: Int32, degrees: Double)
}

extension WaylandTouchEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case .down(let time, let id, let x, let y): "down(\(id) @(\(x), \(y)) t=\(time))"
        case .up(let time, let id): "up(\(id) t=\(time))"
        case .motion(let time, let id, let x, let y): "motion(\(id) @(\(x), \(y)) t=\(time))"
        case .frame: "frame"
        case .cancel: "cancel"
        case .shape(let id, let major, let minor): "shape(\(id) \(major)×\(minor))"
        case .orientation(let id, let degrees): "orientation(\(id) \(degrees)°)"
        }
    }
}
