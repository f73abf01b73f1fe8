import CWaylandClient
import CXdgShell
import Glibc
import Tactile
import TactileContacts

/// A small Wayland client: one `xdg_toplevel` window with a shared-memory buffer, whose touches become
/// `TouchFrame`s (`tactile live --wayland`).
///
/// It connects to the compositor (`WAYLAND_DISPLAY`), asks for a window of the given size in points, fills it
/// with one colour at the output's scale (`wl_output.scale` of the outputs the surface is on, set with
/// `wl_surface.set_buffer_scale`, so the buffer has `scale ×` the points in pixels; `wl_surface.preferred_buffer_scale`
/// needs `wl_compositor` version 6, which Debian 12's libwayland 1.21 does not have), and listens to the seat's
/// `wl_touch` (version 6 where offered, for `shape` and `orientation`) through a ``WaylandSurfaceTouchInput`` and
/// its ``WaylandTouchAdapter``: positions are the surface's points. ``next(deadline:)`` dispatches the display until
/// frames are complete or the deadline passes. Not `Sendable`: use it on one thread.
public final class WaylandTouchWindow {
    /// What ``next(deadline:)`` returns.
    public enum Reading: Sendable {
        /// Frames completed by the compositor's events (and the stream's diagnostics).
        case frames(ContactStream.Output)
        /// The deadline passed with no complete frame; the clock's time then.
        case deadlinePassed(Timestamp)
        /// The compositor closed the window (`xdg_toplevel.close`): every touch still down is cancelled.
        case closed(ContactStream.Output)
    }

    /// The adapter that turns `wl_touch` events into frames.
    public var adapter: WaylandTouchAdapter { touchInput?.adapter ?? WaylandTouchAdapter() }
    /// The surface's size in points: what the compositor configured, or the size asked for when it left the
    /// choice to the client.
    public private(set) var size: (width: Int, height: Int)
    /// The buffer scale in use (the largest `wl_output.scale` of the outputs the surface is on; 1 before it
    /// enters one).
    public private(set) var bufferScale: Int32 = 1
    /// The `wl_touch` version the seat was bound with (6 or more: shapes and orientations), or `nil` while the
    /// seat has no touch capability.
    public var touchVersion: UInt32? { touchInput?.touchVersion }
    /// Called with every `wl_touch` event as it is dispatched, before the adapter takes it (default `nil`).
    public var didReceive: ((WaylandTouchEvent) -> Void)?
    /// Called with each problem worth a line on stderr that does not stop the window (default `nil`).
    public var didNotice: ((String) -> Void)?
    /// The surface's touches, from the seat's `wl_touch` in an event queue of its own.
    private var touchInput: WaylandSurfaceTouchInput?

    private let display: OpaquePointer
    private var registry: OpaquePointer?
    private var compositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var wmBase: OpaquePointer?
    private var outputs: [OpaquePointer: Int32] = [:]
    private var outputNames: [UInt32: OpaquePointer] = [:]
    private var enteredOutputs: Set<OpaquePointer> = []
    private var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var buffer: OpaquePointer?
    private var bufferSize: (width: Int32, height: Int32, scale: Int32)?
    private var configured = false
    private var closeRequested = false
    private var pendingSize: (width: Int32, height: Int32)?
    private var tornDown = false
    private let requestedSize: (width: Int, height: Int)

    /// Connects to the compositor and shows the window.
    ///
    /// - Parameters:
    ///   - title: the window's title (`xdg_toplevel.set_title`); its app id is `tactile`.
    ///   - width, height: the size asked for, in points (the compositor may configure another: a tiling or kiosk
    ///     compositor gives its output's size; ``size`` says which).
    ///   - display: the display's name, or `nil` for `WAYLAND_DISPLAY`'s.
    /// - Throws: ``WaylandError`` when there is no compositor, it lacks a global, or the buffer cannot be made.
    public init(title: String, width: Int, height: Int, display name: String? = nil) throws(WaylandError) {
        guard let display = wl_display_connect(name) else {
            let displayName = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
            throw .cannotConnect(display: displayName.isEmpty ? "wayland-0" : displayName, errno: errno)
        }
        self.display = display
        requestedSize = (width, height)
        size = (width, height)
        do {
            try setUp(title: title)
        } catch {
            tearDown()
            throw error
        }
    }

    deinit { tearDown() }

    private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func setUp(title: String) throws(WaylandError) {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, context)
        try roundtrip()
        guard let compositor else { throw .missingGlobal("wl_compositor") }
        guard shm != nil else { throw .missingGlobal("wl_shm") }
        guard let wmBase else { throw .missingGlobal("xdg_wm_base") }
        xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, context)
        surface = wl_compositor_create_surface(compositor)
        guard let surface else { throw .connectionLost(errno: ENOMEM, protocolError: nil) }
        let touchInput = try WaylandSurfaceTouchInput(display: display, surface: surface)
        touchInput.didReceive = { [unowned self] event in didReceive?(event) }
        touchInput.didNotice = { [unowned self] note in didNotice?(note) }
        self.touchInput = touchInput
        wl_surface_add_listener(surface, Self.surfaceListener, context)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, context)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, context)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "tactile")
        wl_surface_commit(surface)
        // The first configure (the seat and its wl_touch are the touch input's, bound above).
        while !configured { try roundtrip() }
        try redraw()
        try roundtrip()
    }

    private func tearDown() {
        guard !tornDown else { return }
        tornDown = true
        touchInput = nil
        if let buffer { wl_buffer_destroy(buffer) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        buffer = nil
        toplevel = nil
        xdgSurface = nil
        surface = nil
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    private func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(display) < 0 { throw connectionError() }
    }

    private func connectionError() -> WaylandError { .lost(on: display) }

    /// Dispatches the compositor's events until `wl_touch` frames are complete, the window is closed, or
    /// `deadline` (on `CLOCK_MONOTONIC`) passes.
    ///
    /// - Throws: ``WaylandError/connectionLost(errno:protocolError:)`` when the compositor goes away or reports
    ///   a protocol error; the touches still down are not cancelled then (call ``end(at:)``).
    public func next(deadline: Timestamp) throws(WaylandError) -> Reading {
        var output = ContactStream.Output()
        while true {
            try dispatchQueued(into: &output)
            if closeRequested {
                output.append(end(at: monotonicNow()))
                return .closed(output)
            }
            if !output.frames.isEmpty || !output.diagnostics.isEmpty { return .frames(output) }
            let now = monotonicNow()
            if now >= deadline { return .deadlinePassed(now) }
            try wait(until: deadline)
        }
    }

    /// Cancels every touch still down at `time` (the session stops).
    public func end(at time: Timestamp) -> ContactStream.Output {
        touchInput?.end(at: time) ?? ContactStream.Output()
    }

    /// Runs the events already read: the window's, then the touches' (their own queue).
    private func dispatchQueued(into output: inout ContactStream.Output) throws(WaylandError) {
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        if pendingSize != nil || bufferNeedsRedraw { try redraw() }
        if let touchInput { output.append(try touchInput.takeFrames()) }
    }

    /// Reads the socket until something arrives or `deadline` passes.
    private func wait(until deadline: Timestamp) throws(WaylandError) {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        }
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            throw connectionError()
        }
        let remaining = deadline.nanoseconds - monotonicNow().nanoseconds
        let timeout = Int32(clamping: max(0, (remaining + 999_999) / 1_000_000))
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout)
        if ready > 0 {
            if wl_display_read_events(display) < 0 { throw connectionError() }
        } else {
            wl_display_cancel_read(display)
            if ready < 0 && errno != EINTR { throw .connectionLost(errno: errno, protocolError: nil) }
        }
    }

    // MARK: The buffer

    private var bufferNeedsRedraw: Bool {
        guard let bufferSize else { return configured }
        return bufferSize.scale != bufferScale
            || bufferSize.width != Int32(size.width) * bufferScale || bufferSize.height != Int32(size.height) * bufferScale
    }

    /// Makes a buffer of the surface's size at the buffer scale, fills it, attaches and commits it.
    private func redraw() throws(WaylandError) {
        if let pending = pendingSize {
            size = (pending.width > 0 ? Int(pending.width) : requestedSize.width,
                    pending.height > 0 ? Int(pending.height) : requestedSize.height)
            pendingSize = nil
        }
        guard let shm, let surface, bufferNeedsRedraw else { return }
        let width = Int32(size.width) * bufferScale, height = Int32(size.height) * bufferScale
        let stride = width * 4
        let byteCount = Int(stride) * Int(height)
        let descriptor = try Self.anonymousFile(size: byteCount)
        defer { close(descriptor) }
        guard let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            memory != MAP_FAILED
        else { throw .bufferFailed(step: "mmap", errno: errno) }
        // XRGB8888, little-endian: a dark slate grey.
        let pixels = memory.bindMemory(to: UInt32.self, capacity: byteCount / 4)
        pixels.update(repeating: 0xFF_26_2B_33, count: byteCount / 4)
        munmap(memory, byteCount)
        let pool = wl_shm_create_pool(shm, descriptor, Int32(byteCount))
        let newBuffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        if let buffer { wl_buffer_destroy(buffer) }
        buffer = newBuffer
        bufferSize = (width, height, bufferScale)
        wl_surface_set_buffer_scale(surface, bufferScale)
        wl_surface_attach(surface, newBuffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
        wl_display_flush(display)
    }

    /// A file of `size` bytes in `XDG_RUNTIME_DIR` (else `/tmp`), already unlinked, for `wl_shm`.
    private static func anonymousFile(size: Int) throws(WaylandError) -> Int32 {
        let directory = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/tactile-shm-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .bufferFailed(step: "mkstemp in \(directory)", errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            let code = errno
            close(descriptor)
            throw .bufferFailed(step: "ftruncate", errno: code)
        }
        return descriptor
    }

    private func updateScale() {
        let scale = enteredOutputs.compactMap { outputs[$0] }.max() ?? outputs.values.max() ?? 1
        if scale != bufferScale { bufferScale = max(1, scale) }
    }

    // MARK: Listeners

    private static func window(_ data: UnsafeMutableRawPointer?) -> WaylandTouchWindow? {
        data.map { Unmanaged<WaylandTouchWindow>.fromOpaque($0).takeUnretainedValue() }
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            compositor = OpaquePointer(wl_registry_bind(registry, name, tactile_wl_compositor_interface(), min(version, 4)))
        case "wl_shm":
            shm = OpaquePointer(wl_registry_bind(registry, name, tactile_wl_shm_interface(), 1))
        case "xdg_wm_base":
            wmBase = OpaquePointer(wl_registry_bind(registry, name, tactile_xdg_wm_base_interface(), 1))
        case "wl_output":
            guard version >= 2 else { return }
            let output = OpaquePointer(wl_registry_bind(registry, name, tactile_wl_output_interface(), min(version, 3)))
            outputs[output!] = 1
            outputNames[name] = output
            wl_output_add_listener(output, Self.outputListener, context)
        default: break
        }
    }

    fileprivate func globalRemoved(name: UInt32) {
        guard let output = outputNames.removeValue(forKey: name) else { return }
        outputs[output] = nil
        enteredOutputs.remove(output)
        wl_output_destroy(output)
        updateScale()
    }

    nonisolated(unsafe) private static let registryListener: UnsafePointer<wl_registry_listener> = listenerTable(
        wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                window(data)?.global(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in window(data)?.globalRemoved(name: name) }))

    nonisolated(unsafe) private static let wmBaseListener: UnsafePointer<xdg_wm_base_listener> = listenerTable(
        xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))

    nonisolated(unsafe) private static let outputListener: UnsafePointer<wl_output_listener> = listenerTable(
        wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { _, _, _, _, _, _ in },
            done: { data, _ in window(data)?.updateScale() },
            scale: { data, output, factor in
                guard let window = window(data), let output else { return }
                window.outputs[output] = factor
            },
            name: { _, _, _ in },
            description: { _, _, _ in }))

    nonisolated(unsafe) private static let surfaceListener: UnsafePointer<wl_surface_listener> = listenerTable(
        wl_surface_listener(
            enter: { data, _, output in
                guard let window = window(data), let output else { return }
                window.enteredOutputs.insert(output)
                window.updateScale()
            },
            leave: { data, _, output in
                guard let window = window(data), let output else { return }
                window.enteredOutputs.remove(output)
                window.updateScale()
            }))

    nonisolated(unsafe) private static let xdgSurfaceListener: UnsafePointer<xdg_surface_listener> = listenerTable(
        xdg_surface_listener(configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            window(data)?.configured = true
        }))

    nonisolated(unsafe) private static let toplevelListener: UnsafePointer<xdg_toplevel_listener> = listenerTable(
        xdg_toplevel_listener(
            configure: { data, _, width, height, _ in window(data)?.pendingSize = (width, height) },
            close: { data, _ in window(data)?.closeRequested = true },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
}

@available(*, unavailable)
extension WaylandTouchWindow: Sendable {}
