/// Which `wl_touch` events belong to one surface of the client.
///
/// A seat's `wl_touch` reports the touch points of every surface of the client; only `down` names the surface.
/// A touch point belongs to the surface from its `down` there to its `up` (or a `cancel`): its motions, shapes and
/// orientations in between are the surface's, and those of touch points that began on another surface are not.
/// A `frame` is passed on when it closes something passed on; a `cancel` when a touch point of the surface is down.
struct SurfaceTouchFilter: Sendable {
    /// The surface's touch points that are down.
    private(set) var touchPoints: Set<Int32> = []
    /// Whether an event was passed on since the last frame.
    private var passedSinceFrame = false

    /// Whether `event` is the surface's; `onSurface` says whether a `down` is on the surface (ignored otherwise).
    mutating func admits(_ event: WaylandTouchEvent, onSurface: Bool) -> Bool {
        let admitted: Bool
        switch event {
        case .down(_, let id, _, _):
            // An id is reused once its touch point lifted: a down elsewhere ends any claim on it.
            if onSurface { touchPoints.insert(id) } else { touchPoints.remove(id) }
            admitted = onSurface
        case .motion(_, let id, _, _), .shape(let id, _, _), .orientation(let id, _):
            admitted = touchPoints.contains(id)
        case .up(_, let id):
            admitted = touchPoints.remove(id) != nil
        case .frame:
            defer { passedSinceFrame = false }
            return passedSinceFrame
        case .cancel:
            defer { touchPoints.removeAll() }
            admitted = !touchPoints.isEmpty || passedSinceFrame
            passedSinceFrame = false
            return admitted
        }
        if admitted { passedSinceFrame = true }
        return admitted
    }
}
