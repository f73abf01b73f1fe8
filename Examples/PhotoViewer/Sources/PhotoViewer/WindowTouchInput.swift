import CSDL2
import Tactile
import TactileInput
import TactileWayland

/// The app's default live input: the touches the window system gives the window, with the window system's own
/// event times wherever SDL lets the app reach them.
///
/// - **Wayland**: the compositor's `wl_touch` times (the kernel's event time, in milliseconds, on compositors built
///   on libinput), through TactileWayland's ``WaylandSurfaceTouchInput``: the app's own `wl_seat` and `wl_touch` on
///   SDL's `wl_display`, keeping the touch points that begin on SDL's `wl_surface` (`SDL_GetWindowWMInfo`). SDL
///   reads the connection in `SDL_PollEvent`; the frames are taken once its queue is empty.
/// - **X11**: XInput 2.2's touch events with the X server's time (`XIDeviceEvent.time`: the server's
///   `CLOCK_MONOTONIC` milliseconds on Linux, taken when its input thread read the device), from the raw XEvents
///   SDL passes to an event watch once `SDL_SYSWMEVENT` is enabled (``X11TouchInput``).
/// - **Anything else** (SDL's off-screen driver, KMSDRM, a failure above), or `--touch-times sdl`: SDL's finger
///   events (``SDLTouchInput``), stamped when the app read them — the fallback, whose times a loaded machine
///   squeezes (README, *Measured*).
final class WindowTouchInput {
    private enum Source {
        case wayland(WaylandSurfaceTouchInput)
        case x11(X11TouchInput)
        case sdl(SDLTouchInput)
    }

    private var source: Source
    private let renderer: Renderer
    private let windowSize: Size
    /// Which source and why, for `--verbose`.
    let summary: String

    /// Picks the source for the renderer's window of `windowSize` points; `sdlTimes` forces SDL's finger events.
    /// A problem that makes it fall back to them goes to `log`.
    init(renderer: Renderer, windowSize: Size, sdlTimes: Bool, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.windowSize = windowSize
        let fallback = Source.sdl(SDLTouchInput(windowSize: windowSize))
        func fallbackSummary(_ driver: String) -> String { "SDL's finger events (\(driver); times when SDL read them)" }
        if sdlTimes {
            (source, summary) = (fallback, fallbackSummary(renderer.videoDriver))
            return
        }
        switch renderer.windowSystem {
        case .wayland(let display, let surface):
            do {
                let input = try WaylandSurfaceTouchInput(display: display, surface: surface)
                input.didNotice = { log("wayland: \($0)") }
                source = .wayland(input)
                summary = "the compositor's wl_touch on SDL's display (its times; wl_touch version "
                    + (input.touchVersion.map { "\($0)" } ?? "-: no touch on the seat yet") + ")"
            } catch {
                log("wayland: \(error); falling back to SDL's finger events (times when SDL read them)")
                (source, summary) = (fallback, fallbackSummary("wayland"))
            }
        case .x11(let display, let window):
            if let input = X11TouchInput(display: display, window: window, windowSize: windowSize, log: log) {
                source = .x11(input)
                summary = "XInput 2 touch events from SDL's X11 events (the X server's times)"
            } else {
                log("x11: no XInput extension; falling back to SDL's finger events (times when SDL read them)")
                (source, summary) = (fallback, fallbackSummary("x11"))
            }
        case .other(let driver):
            (source, summary) = (fallback, fallbackSummary(driver))
        }
    }

    /// Takes one SDL event (only SDL's finger events count, and only when they are the source).
    func handle(_ event: SDL_Event) -> ContactStream.Output {
        guard case .sdl(var input) = source else { return ContactStream.Output() }
        defer { source = .sdl(input) }
        return input.handle(event)
    }

    /// SDL's queue is empty: the frames the window system's events completed.
    func endOfEvents() throws -> ContactStream.Output {
        switch source {
        case .wayland(let input):
            // The window's points over the surface's: SDL's window is sized in the surface's points, and the app
            // lays out windowSize (the compositor may have configured another size).
            let size = renderer.windowSizeInPoints
            if size.width > 0, size.height > 0 {
                input.windowTransform = AffineTransform(scaleX: windowSize.width / size.width,
                                                        y: windowSize.height / size.height)
            }
            return try input.takeFrames()
        case .x11(let input):
            return input.takeFrames()
        case .sdl(var input):
            defer { source = .sdl(input) }
            return input.flush()
        }
    }

    /// Cancels every touch still down at `time` (the app stops).
    func end(at time: Timestamp) -> ContactStream.Output {
        switch source {
        case .wayland(let input): return input.end(at: time)
        case .x11(let input): return input.end(at: time)
        case .sdl(var input):
            defer { source = .sdl(input) }
            return input.end(at: time)
        }
    }
}

/// XInput 2.2 touch events (`XI_TouchBegin`, `XI_TouchUpdate`, `XI_TouchEnd`) on SDL's X11 window, with the X
/// server's event time.
///
/// SDL 2's X11 backend selects XInput 2's touch events on its window and turns them into finger events stamped
/// when it read them. With `SDL_SYSWMEVENT` enabled it also hands each raw XEvent to the app; an XInput 2 event's
/// data (`XGetEventData`) lives only while SDL handles it, so this reads it in an event watch (`SDL_AddEventWatch`),
/// which SDL calls as it pushes the event. Positions are the event's window coordinates (X11 has no output scale:
/// pixels are points), mapped from the window's size at start onto the app's layout; times are the server's
/// milliseconds, extended past the 32-bit wrap, which the X server on Linux counts on `CLOCK_MONOTONIC` (a first
/// time more than 10 s off is counted from its arrival instead). The touch points are grouped into frames by time
/// (``TouchPointGrouping``: XInput 2 has no frame events, and the server gives every touch point of one device
/// report the same time).
final class X11TouchInput {
    private struct Received {
        var change: TouchPointGrouping.Change
        var finger: TouchPointGrouping.Finger
        var time: UInt32
        var location: Point
    }

    private let opcode: Int32
    private let window: UInt
    private let scale: (x: Double, y: Double)
    private var received: [Received] = []
    private var grouping = TouchPointGrouping()
    /// The latest server time seen, extended to 64 bits (milliseconds), and the offset onto `CLOCK_MONOTONIC`.
    private var latest: Int64?
    private var offset = Duration.zero
    private let log: (String) -> Void

    /// Listens to `window`'s XInput 2 touch events on `display` (SDL's); `nil` without the XInput extension.
    init?(display: OpaquePointer, window: UInt, windowSize: Size, log: @escaping (String) -> Void) {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        self.opcode = opcode
        self.window = window
        self.log = log
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        scale = attributes.width > 0 && attributes.height > 0
            ? (windowSize.width / Double(attributes.width), windowSize.height / Double(attributes.height)) : (1, 1)
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
        SDL_AddEventWatch(Self.watch, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        SDL_DelEventWatch(Self.watch, Unmanaged.passUnretained(self).toOpaque())
    }

    /// SDL's event watch: the raw XInput 2 touch events of the window, while their data is valid.
    nonisolated private static let watch: SDL_EventFilter = { data, event in
        guard let data, let event, event.pointee.type == SDL_SYSWMEVENT.rawValue,
              let message = event.pointee.syswm.msg, message.pointee.subsystem == SDL_SYSWM_X11
        else { return 0 }
        let input = Unmanaged<X11TouchInput>.fromOpaque(data).takeUnretainedValue()
        nonisolated(unsafe) let cookie = message.pointee.msg.x11.event.xcookie  // valid during this call only
        // SDL runs its event watches on the thread that pumps the events: the main thread, the UI's.
        MainActor.assumeIsolated { input.take(cookie) }
        return 0
    }

    private func take(_ cookie: XGenericEventCookie) {
        guard cookie.type == GenericEvent, cookie.extension == opcode, let data = cookie.data else { return }
        let change: TouchPointGrouping.Change
        switch cookie.evtype {
        case XI_TouchBegin: change = .down
        case XI_TouchUpdate: change = .motion
        case XI_TouchEnd: change = .up
        default: return
        }
        let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        guard event.event == window else { return }
        received.append(Received(
            change: change, finger: .init(device: Int64(event.sourceid), finger: Int64(event.detail)),
            time: UInt32(truncatingIfNeeded: event.time),
            location: Point(x: event.event_x * scale.x, y: event.event_y * scale.y)))
    }

    /// The frames the touch events SDL read since the last call complete, and the frame they end.
    func takeFrames() -> ContactStream.Output {
        var output = ContactStream.Output()
        for event in received {
            output.append(grouping.handle(event.change, of: event.finger, at: timestamp(event.time),
                                          location: event.location))
        }
        received.removeAll(keepingCapacity: true)
        output.append(grouping.flush())
        return output
    }

    func end(at time: Timestamp) -> ContactStream.Output {
        received.removeAll()
        return grouping.end(at: time)
    }

    /// The server's 32-bit milliseconds as a `Timestamp` on `CLOCK_MONOTONIC`.
    private func timestamp(_ time: UInt32) -> Timestamp {
        let extended: Int64
        if let latest {
            extended = latest + Int64(Int32(bitPattern: time &- UInt32(truncatingIfNeeded: latest)))
        } else {
            // The first time, extended to the 64-bit count nearest the monotonic clock's milliseconds.
            let now = MonotonicClock.now().nanoseconds / 1_000_000
            let difference = Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: now) &- time))
            extended = now - difference
            if difference.magnitude > 10_000 {
                offset = .milliseconds(difference)
                log("x11: the server's times are not CLOCK_MONOTONIC milliseconds (\(difference) ms off): "
                    + "they are counted from the first touch's arrival")
            }
        }
        latest = max(latest ?? extended, extended)
        return Timestamp(nanoseconds: extended * 1_000_000) + offset
    }
}
