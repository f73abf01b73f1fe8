import CWaylandClient

/// Listens to an app's own `wl_touch` and hands each event on as a ``WaylandTouchEvent``.
///
/// For an app that already has a `wl_seat`: it gets the seat's `wl_touch` (`wl_seat_get_touch`) and gives it to
/// the listener, which installs itself as the proxy's listener (`wl_touch_add_listener`; a proxy takes one) and
/// calls `handler` with each event while the app dispatches its display, on the dispatching thread. The handler
/// usually feeds a ``WaylandTouchAdapter`` and sends the frames it returns to the `Application`. An app that has a
/// listener of its own on the `wl_touch` builds the ``WaylandTouchEvent`` values there instead.
///
/// Keep the listener alive as long as the `wl_touch` exists: the proxy points to it. Not `Sendable`: it lives on
/// the thread that dispatches the display.
public final class WaylandTouchListener {
    private let handler: (WaylandTouchEvent) -> Void
    /// The surface whose touch points are passed on, or `nil` for every surface's.
    private let surface: OpaquePointer?
    private var filter = SurfaceTouchFilter()

    /// Installs the listener on `touch` (a `struct wl_touch *`); every event is passed on.
    ///
    /// - Returns: `nil` when the proxy already has a listener. The corresponding C function is
    ///   `wl_touch_add_listener`.
    public init?(touch: OpaquePointer, handler: @escaping (WaylandTouchEvent) -> Void) {
        self.handler = handler
        surface = nil
        guard install(on: touch) else { return nil }
    }

    /// Installs the listener on `touch` (a `struct wl_touch *`), passing on only the touch points that begin on
    /// `surface` (a `struct wl_surface *`): for an app whose window is one of several surfaces of its connection,
    /// or whose toolkit made the window (``WaylandSurfaceTouchInput``).
    ///
    /// A touch point is the surface's from its `down` there to its `up`; a `frame` is passed on when it closes one
    /// of its events, a `cancel` while one of its touch points is down.
    ///
    /// - Returns: `nil` when the proxy already has a listener.
    public init?(touch: OpaquePointer, surface: OpaquePointer, handler: @escaping (WaylandTouchEvent) -> Void) {
        self.handler = handler
        self.surface = surface
        guard install(on: touch) else { return nil }
    }

    private func install(on touch: OpaquePointer) -> Bool {
        wl_touch_add_listener(touch, Self.listener, Unmanaged.passUnretained(self).toOpaque()) == 0
    }

    fileprivate func deliver(_ event: WaylandTouchEvent, on eventSurface: OpaquePointer? = nil) {
        if let surface, !filter.admits(event, onSurface: eventSurface == surface) { return }
        handler(event)
    }

    /// One listener table for every `wl_touch`; each proxy's user data is its ``WaylandTouchListener``. Written
    /// once (a `static let` is initialized once, thread-safely) and only read after: `nonisolated(unsafe)` because
    /// a pointer is not `Sendable`.
    nonisolated(unsafe) private static let listener: UnsafePointer<wl_touch_listener> = {
        let table = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        table.initialize(to: wl_touch_listener(
            down: { data, _, _, time, surface, id, x, y in
                owner(data)?.deliver(
                    .down(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), on: surface)
            },
            up: { data, _, _, time, id in owner(data)?.deliver(.up(time: time, id: id)) },
            motion: { data, _, time, id, x, y in
                owner(data)?.deliver(
                    .motion(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            },
            frame: { data, _ in owner(data)?.deliver(.frame) },
            cancel: { data, _ in owner(data)?.deliver(.cancel) },
            shape: { data, _, id, major, minor in
                owner(data)?.deliver(
                    .shape(id: id, major: wl_fixed_to_double(major), minor: wl_fixed_to_double(minor)))
            },
            orientation: { data, _, id, orientation in
                owner(data)?.deliver(.orientation(id: id, degrees: wl_fixed_to_double(orientation)))
            }))
        return UnsafePointer(table)
    }()

    private static func owner(_ data: UnsafeMutableRawPointer?) -> WaylandTouchListener? {
        data.map { Unmanaged<WaylandTouchListener>.fromOpaque($0).takeUnretainedValue() }
    }
}

@available(*, unavailable)
extension WaylandTouchListener: Sendable {}
