import ArgumentParser
import Tactile
import TactileInput
import TactileReplay
import TactileWayland

extension LiveCommand {
    /// `tactile live --wayland`: a window on the Wayland compositor; its `wl_touch` drives the scene.
    func runWayland() throws {
        try reportingErrors(Self.self) {
            // no mapping options with --wayland (validate()): the scene as it is
            let instance = try mapping.buildScene(scene)
            let size = instance.scene.windowSize
            let window = try WaylandTouchWindow(
                title: "tactile live", width: Int(size.width.rounded()), height: Int(size.height.rounded()))
            window.didNotice = { writeError("wayland: \($0)") }
            writeError(
                "wayland: a \(window.size.width)×\(window.size.height)-point surface at buffer scale "
                    + "\(window.bufferScale)"
                    + (window.touchVersion.map { ", wl_touch version \($0)" } ?? ", no touch on the seat yet")
                    + "; press Ctrl-C to stop")
            if window.size.width != Int(size.width.rounded()) || window.size.height != Int(size.height.rounded()) {
                writeError(
                    "wayland: the compositor made the surface \(window.size.width)×\(window.size.height) points; "
                        + "the scene's window is \(size): touches keep their surface points")
            }
            try LiveLogOutput.run(
                window, through: instance, log: logOptions.options, latency: latency, reportsReceiveTime: false
            ) { session, stopRequested in
                session.deadlineGrace = .milliseconds(deadlineGrace)
                session.didNote = { writeError("wayland: \($0)") }
                // Until Ctrl-C or the compositor closes the window (the touches still down cancelled): status 0.
                try session.run(until: stopRequested)
            }
        }
    }
}

/// The compositor's window as a live input: its frames drive the session, the contact stream's diagnostics are
/// its notes (LiveInput's defaults for a contact stream), and the compositor closing the window ends the session
/// as the last device's removal does.
extension WaylandTouchWindow: LiveInput {
    public func nextStep(
        deadline: Timestamp
    ) throws(WaylandError) -> LiveInputStep<ContactStream.Output, ContactStream.Diagnostic> {
        switch try next(deadline: deadline) {
        case .frames(let output): .output(output)
        case .deadlinePassed(let time): .deadlinePassed(time)
        case .closed(let output): .deviceRemoved(output, note: nil, then: .lastDeviceRemoved)
        }
    }

    public func finalOutput(at time: Timestamp) -> ContactStream.Output? { end(at: time) }
}
