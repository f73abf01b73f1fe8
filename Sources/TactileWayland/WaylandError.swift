/// Why a Wayland connection or window failed.
public enum WaylandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No compositor answered at the display (`WAYLAND_DISPLAY`, default `wayland-0`, in `XDG_RUNTIME_DIR`).
    case cannotConnect(display: String, errno: Int32)
    /// The compositor lacks a global the window needs (`wl_compositor`, `wl_shm`, `xdg_wm_base`, `wl_seat`).
    case missingGlobal(String)
    /// The shared-memory buffer could not be made (`errno`).
    case bufferFailed(step: String, errno: Int32)
    /// The connection failed (the compositor went away, or a protocol error: `interface`, `code`).
    case connectionLost(errno: Int32, protocolError: String?)

    public var description: String {
        switch self {
        case .cannotConnect(let display, let errno):
            "cannot connect to the Wayland display \(display): \(errorText(errno)) (is a compositor running, and are "
                + "WAYLAND_DISPLAY and XDG_RUNTIME_DIR set?)"
        case .missingGlobal(let name): "the compositor does not offer \(name)"
        case .bufferFailed(let step, let errno): "cannot make the window's buffer: \(step): \(errorText(errno))"
        case .connectionLost(let errno, let protocolError):
            "the connection to the compositor failed: "
                + (protocolError.map { "protocol error \($0)" } ?? errorText(errno))
        }
    }
}

private func errorText(_ errno: Int32) -> String {
    String(cString: strerror(errno))
}

#if canImport(Glibc)
import Glibc
#endif
