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

    /// Installs the listener on `touch` (a `struct wl_touch *`).
    ///
    /// - Returns: `nil` when the proxy already has a listener. The corresponding C function is
    ///   `wl_touch_add_listener`.
    public init?(touch: OpaquePointer, handler: @escaping (WaylandTouchEvent) -> Void) {
        self.handler = handler
        let data = Unmanaged.passUnretained(self).toOpaque()
        guard wl_touch_add_listener(touch, Self.listener, data) == 0 else { return nil }
    }

    fileprivate func deliver(_ event: WaylandTouchEvent) { handler(event) }

    /// One listener table for every `wl_touch`; each proxy's user data is its ``WaylandTouchListener``. Written
    /// once (a `static let` is initialized once, thread-safely) and only read after: `nonisolated(unsafe)` because
    /// a pointer is not `Sendable`.
    nonisolated(unsafe) private static let listener: UnsafePointer<wl_touch_listener> = {
        let table = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        table.initialize(to: wl_touch_listener(
            down: { data, _, _, time, _, id, x, y in
                owner(data)?.deliver(
                    .down(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
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
