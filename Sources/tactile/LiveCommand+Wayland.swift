import ArgumentParser
import Tactile
import TactileInput
import TactileReplay
import TactileWayland

extension LiveCommand {
    /// `tactile live --wayland`: a window on the Wayland compositor; its `wl_touch` drives the scene.
    func runWayland() throws {
        try reportingErrors(Self.self) {
            let instance = try buildScene(scene)
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
            let printing = try livePrinting(instance)
            defer { printing.finish() }
            let driver = ReplayDriver(instance: instance, observer: printing.write)
            let handle = { (frames: ContactStream.Output) in
                for diagnostic in frames.diagnostics { writeError("wayland: \(diagnostic)") }
                for frame in frames.frames { driver.send(frame) }
                printing.handled(frames.frames, received: nil)
            }
            // A recognizer's deadline runs `grace` after it is due, and at its own time: a touch the kernel stamped
            // before it may still be on its way through the compositor, and must reach the recognizer first.
            let grace = Duration.milliseconds(deadlineGrace)
            var closed = false
            while !printing.signals.isRequested {
                let tick = MonotonicClock.now() + .milliseconds(100)
                let deadline = driver.nextDeadline.map { min($0 + grace, tick) } ?? tick
                switch try window.next(deadline: deadline) {
                case .frames(let frames): handle(frames)
                case .deadlinePassed(let time):
                    if let due = driver.nextDeadline, due + grace <= time { driver.advance(to: due) }
                case .closed(let frames):
                    handle(frames)
                    closed = true
                }
                if closed { break }
            }
            let time = MonotonicClock.now()
            if !closed { handle(window.end(at: time)) }
            if driver.origin != nil { driver.cancelAllTouches(at: time) }
            driver.finish(at: time)
        }
    }
}
