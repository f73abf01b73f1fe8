import CWaylandClient
import Glibc
import Tactile
import TactileContacts

/// The touches of a surface that another library made — SDL, GLFW, a toolkit — with the compositor's event
/// times, from the app's own `wl_seat` and `wl_touch` on that library's `wl_display`.
///
/// A toolkit that reads `wl_touch` itself may pass the touches on stamped with when *it* read them: SDL 2 gives a
/// finger event the time of `SDL_GetTicks` at the moment it pumped the compositor's events, so an app whose frames
/// take long sees a gesture's events squeezed together — a faster swipe, a shorter pinch, a long press that
/// began late. The compositor's own times (`wl_touch` down, motion, up: the kernel's event time on compositors
/// built on libinput) do not depend on when the app reads them.
///
/// This type binds a second `wl_seat` on the library's connection, in an event queue of its own, gets the seat's
/// `wl_touch` and keeps the touch points that begin on `surface` (``WaylandTouchListener``'s surface filter). The
/// library still reads the connection in its event loop (SDL reads it in `SDL_PumpEvents`); each
/// ``takeFrames()`` runs the touch events read since the last call through a ``WaylandTouchAdapter`` and returns the
/// frames they complete, grouped by `wl_touch.frame`. With SDL:
///
/// ```swift
/// var info = SDL_SysWMinfo()
/// info.version = SDL_version(major: Uint8(SDL_MAJOR_VERSION), minor: Uint8(SDL_MINOR_VERSION),
///                            patch: Uint8(SDL_PATCHLEVEL))   // SDL_VERSION(&info.version)
/// if SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_WAYLAND,
///    let display = info.info.wl.display, let surface = info.info.wl.surface {
///     touches = try WaylandSurfaceTouchInput(display: display, surface: surface)
/// }
/// // each display frame, after SDL_PollEvent returned 0:
/// for frame in try touches.takeFrames().frames { application.send(frame) }
/// ```
///
/// Positions are the surface's points; set ``windowTransform`` when the window's points differ (a window the
/// compositor sized otherwise than the app's layout). Times are `CLOCK_MONOTONIC` when the compositor's are (else
/// counted from the first touch's arrival, with a note to ``didNotice``). Destroy it before the library closes the
/// display (`SDL_Quit`). Not `Sendable`: use it on the thread that runs the library's event loop.
public final class WaylandSurfaceTouchInput {
    /// The adapter that turns the surface's `wl_touch` events into frames.
    public private(set) var adapter = WaylandTouchAdapter()
    /// Maps the surface's points into the window's points (default: identity).
    public var windowTransform: AffineTransform {
        get { adapter.windowTransform }
        set { adapter.windowTransform = newValue }
    }
    /// The `wl_touch` version the seat was bound with, or `nil` while the seat has no touch capability.
    public private(set) var touchVersion: UInt32?
    /// Called with every `wl_touch` event of the surface as ``takeFrames()`` runs it, before the adapter takes it.
    public var didReceive: ((WaylandTouchEvent) -> Void)?
    /// Called with each problem worth a line on stderr that does not stop the input (default `nil`).
    public var didNotice: ((String) -> Void)?

    private let display: OpaquePointer
    private let surface: OpaquePointer
    private let queue: OpaquePointer
    /// The display, as a proxy whose new objects go to ``queue``.
    private let displayWrapper: UnsafeMutableRawPointer
    private var registry: OpaquePointer?
    private var seat: OpaquePointer?
    private var seatVersion: UInt32 = 0
    private var touch: OpaquePointer?
    private var touchListener: WaylandTouchListener?
    private var events: [WaylandTouchEvent] = []
    private var clock = CompositorClock()
    private var tornDown = false

    /// Binds a seat on `display` (a `struct wl_display *` another library connected) and listens to the touch
    /// points that begin on `surface` (a `struct wl_surface *` of that connection).
    ///
    /// It waits for two round trips to the compositor on its own queue (the seat, then its capabilities); the
    /// library's events read meanwhile stay in the library's queue.
    ///
    /// - Throws: ``WaylandError/missingGlobal(_:)`` when the compositor has no `wl_seat`;
    ///   ``WaylandError/connectionLost(errno:protocolError:)`` when the connection fails.
    public init(display: OpaquePointer, surface: OpaquePointer) throws(WaylandError) {
        self.display = display
        self.surface = surface
        guard let queue = wl_display_create_queue(display) else {
            throw .connectionLost(errno: ENOMEM, protocolError: nil)
        }
        guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else {
            wl_event_queue_destroy(queue)
            throw .connectionLost(errno: ENOMEM, protocolError: nil)
        }
        self.queue = queue
        displayWrapper = wrapper
        wl_proxy_set_queue(OpaquePointer(displayWrapper), queue)
        registry = wl_display_get_registry(OpaquePointer(displayWrapper))
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        do throws(WaylandError) {
            try roundtrip()  // the globals: the seat
            guard seat != nil else { throw .missingGlobal("wl_seat") }
            try roundtrip()  // the seat's capabilities: its wl_touch
        } catch {
            tearDown()
            throw error
        }
    }

    deinit { tearDown() }

    /// Runs the touch events the library read from the connection since the last call and returns the frames
    /// they complete (only `wl_touch.frame` and `wl_touch.cancel` complete any).
    ///
    /// - Throws: ``WaylandError/connectionLost(errno:protocolError:)`` when the connection failed.
    public func takeFrames() throws(WaylandError) -> ContactStream.Output {
        if wl_display_dispatch_queue_pending(display, queue) < 0 { throw .lost(on: display) }
        var output = ContactStream.Output()
        let received = events
        events.removeAll(keepingCapacity: true)
        for event in received {
            let now = monotonicNow()
            if let (offset, note) = clock.check(event, now: now) {
                adapter.timeOffset = offset
                didNotice?(note)
            }
            didReceive?(event)
            output.append(adapter.handle(event, now: now))
        }
        return output
    }

    /// Cancels every touch still down at `time` (the window closes, the app stops).
    public func end(at time: Timestamp) -> ContactStream.Output {
        events.removeAll()
        return adapter.end(at: time)
    }

    private func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip_queue(display, queue) < 0 { throw .lost(on: display) }
    }

    private func tearDown() {
        guard !tornDown else { return }
        tornDown = true
        releaseTouch()
        if let seat { seatVersion >= 5 ? wl_seat_release(seat) : wl_seat_destroy(seat) }
        seat = nil
        if let registry { wl_registry_destroy(registry) }
        registry = nil
        wl_proxy_wrapper_destroy(displayWrapper)
        wl_display_flush(display)
        wl_event_queue_destroy(queue)
    }

    private func releaseTouch() {
        if let touch { seatVersion >= 3 ? wl_touch_release(touch) : wl_touch_destroy(touch) }
        touch = nil
        touchListener = nil
        touchVersion = nil
    }

    // MARK: Listeners

    private static func input(_ data: UnsafeMutableRawPointer?) -> WaylandSurfaceTouchInput? {
        data.map { Unmanaged<WaylandSurfaceTouchInput>.fromOpaque($0).takeUnretainedValue() }
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        guard interface == "wl_seat", seat == nil else { return }
        seatVersion = min(version, 7)
        seat = OpaquePointer(wl_registry_bind(registry, name, tactile_wl_seat_interface(), seatVersion))
        wl_seat_add_listener(seat, Self.seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func seatCapabilities(_ capabilities: UInt32) {
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasTouch, touch == nil, let seat, let newTouch = wl_seat_get_touch(seat) {
            touch = newTouch
            touchVersion = seatVersion
            touchListener = WaylandTouchListener(touch: newTouch, surface: surface) { [unowned self] event in
                events.append(event)
            }
        } else if !hasTouch, touch != nil {
            // The seat lost its touchscreen: what was down is cancelled.
            events.append(.cancel)
            releaseTouch()
        }
    }

    nonisolated(unsafe) private static let registryListener: UnsafePointer<wl_registry_listener> = listenerTable(
        wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                input(data)?.global(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { _, _, _ in }))

    nonisolated(unsafe) private static let seatListener: UnsafePointer<wl_seat_listener> = listenerTable(
        wl_seat_listener(
            capabilities: { data, _, capabilities in input(data)?.seatCapabilities(capabilities) },
            name: { _, _, _ in }))
}

@available(*, unavailable)
extension WaylandSurfaceTouchInput: Sendable {}

/// A listener table that lives as long as the process (one per interface, shared by every object).
func listenerTable<Listener>(_ listener: Listener) -> UnsafePointer<Listener> {
    let table = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    table.initialize(to: listener)
    return UnsafePointer(table)
}

/// `CLOCK_MONOTONIC` now: the clock of the compositor's times and of an app's deadlines.
func monotonicNow() -> Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Timestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
}

extension WaylandError {
    /// The connection's failure: the display's error, with the protocol error's interface, object and code.
    static func lost(on display: OpaquePointer) -> WaylandError {
        let code = wl_display_get_error(display)
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let protocolCode = code == EPROTO ? wl_display_get_protocol_error(display, &interface, &id) : 0
        let description = code == EPROTO
            ? "\(interface.map { String(cString: $0.pointee.name) } ?? "?")@\(id) code \(protocolCode)" : nil
        return .connectionLost(errno: code, protocolError: description)
    }
}
