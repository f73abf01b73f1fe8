import Foundation
import Tactile
import TactileInput

/// The app's loop, as a real app's: once per display frame it takes the touch frames that arrived since the
/// last one, dispatches them to the ``Application`` in order, runs the deadlines that are due (long press,
/// double-tap interval), advances the animations to the frame's time, draws the views, and presents.
///
/// Two clocks drive it:
/// - real time (``run(queue:)``): frames at 60 Hz on `CLOCK_MONOTONIC`, input from the input thread;
/// - virtual time (``runVirtual(replay:)``): the trace is the clock; frames fall every 1/60 s of trace time and
///   nothing sleeps, so a run's pixels are the same on every machine.
///
/// Coalescing: each queued input frame is dispatched separately here. Where the porting work (issue 11)
/// provides display-rate dispatch with coalesced touches, the `for message in queue.drain()` below is where it
/// plugs in: the frames drained for one display frame become one dispatch whose touches carry the others as
/// their coalesced touches.
final class FrameLoop {
    struct Screenshot {
        /// Seconds after the first input event.
        var time: Double
        var path: String
        /// Whether it also waits until every touch that began has ended (`--screenshot-after-touches`): a live run
        /// on a loaded machine may read the gesture later than its own time says.
        var afterTouches = false
    }

    let application: Application
    let controller: PhotoViewController
    let renderer: Renderer
    var screenshots: [Screenshot]
    /// Stop this many seconds after the first input event (`nil`: see ``shouldStop``).
    var exitAfter: Double?
    let period = Duration.nanoseconds(16_666_667)
    var verbose = false
    /// Logs each display frame's drawn views on stderr (`--log-draws`): `frame N at T s drew K: a, b, …`.
    var logsDraws = false

    /// The first input frame's time: screenshot and exit times count from it.
    private(set) var firstInputTime: Timestamp?
    /// How many touches began and did not end or get cancelled yet, in the frames dispatched so far.
    private(set) var touchesDown = 0
    private(set) var inputEnded = false
    private(set) var failure: String?
    /// The frames' work: dispatch, draw and present.
    private(set) var frameTimes = Samples()
    /// Tactile's share of each frame: dispatching the queued input frames and the due deadlines.
    private(set) var dispatchTimes = Samples()
    /// From each input frame's kernel time to the end of the present of the display frame that first shows it.
    private(set) var inputToPhoton = Samples()
    private(set) var frameCount = 0

    init(application: Application, controller: PhotoViewController, renderer: Renderer, screenshots: [Screenshot]) {
        self.application = application
        self.controller = controller
        self.renderer = renderer
        self.screenshots = screenshots.sorted { $0.time < $1.time }
    }

    /// Dispatches one input frame.
    private func dispatch(_ frame: TouchFrame) {
        if firstInputTime == nil { firstInputTime = frame.timestamp }
        for contact in frame.contacts {
            switch contact.phase {
            case .began: touchesDown += 1
            case .ended, .cancelled: touchesDown -= 1
            case .moved, .stationary: break
            }
        }
        application.send(frame)
    }

    /// Runs the deadlines due at `time` (a long press's 0.5 s, a double tap's interval).
    private func runDeadlines(at time: Timestamp) {
        if let due = application.nextDeadline, due <= time { application.advance(to: time) }
    }

    /// Draws the frame for `time`, writes the screenshots that are due, presents.
    private func render(at time: Timestamp) throws {
        controller.step(to: time)
        if let window = controller.view.window as? ScreenWindow { renderer.draw(window) }
        if logsDraws {
            let elapsed = firstInputTime.map { (time - $0).seconds } ?? 0
            let names = renderer.lastDrawn.map { $0.name ?? "\(type(of: $0))" }
            log(String(format: "frame %d at %.3f s drew %d", frameCount, elapsed, names.count)
                + (names.isEmpty ? "" : ": " + names.joined(separator: ", ")))
        }
        if let first = firstInputTime {
            let elapsed = (time - first).seconds
            while let next = screenshots.first, next.time <= elapsed + 1e-9, !next.afterTouches || touchesDown == 0 {
                screenshots.removeFirst()
                try PNG.write(rgba: renderer.readPixels(), width: Int(renderer.width), height: Int(renderer.height),
                              to: next.path)
                if verbose { log(String(format: "screenshot %@ at %.3f s", next.path, elapsed)) }
            }
        }
        renderer.present()
        frameCount += 1
    }

    /// Whether to stop at `time`: past `exitAfter`, or — without it — once every screenshot asked for was
    /// written (with no screenshot asked for, only the window's close button stops a run).
    private func shouldStop(at time: Timestamp) -> Bool {
        if let exitAfter {
            guard let first = firstInputTime else { return false }
            return (time - first).seconds >= exitAfter
        }
        return screenshots.isEmpty && !requestedScreenshotsWereEmpty
    }

    /// Set when the run was started without screenshots: then it runs until the window closes.
    var requestedScreenshotsWereEmpty = false

    // MARK: Real time

    /// The window system's touches, when they are the input: then the loop reads them itself, on the main thread
    /// as SDL wants, once per display frame (``WindowTouchInput``: the window system's times where SDL lets the app
    /// read them, else SDL's finger events).
    var windowTouches: WindowTouchInput?

    /// Runs at 60 Hz on the monotonic clock until the window closes or ``shouldStop(at:)``.
    func run(queue: InputQueue) throws {
        var nextFrame = MonotonicClock.now()
        var touchFrames = ContactStream.Output()
        while renderer.pollEvents({ event in
            if let windowTouches { touchFrames.append(windowTouches.handle(event)) }
        }) {
            // SDL's queue is empty: it read what the window system had; the frame being collected is complete.
            if let windowTouches {
                do {
                    touchFrames.append(try windowTouches.endOfEvents())
                } catch {
                    failure = "\(error)"
                    break
                }
            }
            let start = MonotonicClock.now()
            var shown: [Timestamp] = []
            for diagnostic in touchFrames.diagnostics { log("input: \(diagnostic)") }
            for frame in touchFrames.frames {
                dispatch(frame)
                shown.append(frame.timestamp)
            }
            touchFrames = ContactStream.Output()
            for message in queue.drain() {
                switch message {
                case .frame(let frame):
                    dispatch(frame)
                    shown.append(frame.timestamp)
                case .ended(let reason):
                    inputEnded = true
                    log(reason)
                case .failed(let message):
                    failure = message
                }
            }
            if failure != nil { break }
            runDeadlines(at: start)
            dispatchTimes.add(MonotonicClock.now() - start)
            try render(at: start)
            let presented = MonotonicClock.now()
            frameTimes.add(presented - start)
            for time in shown { inputToPhoton.add(presented - time) }
            if shouldStop(at: start) { break }
            nextFrame = nextFrame + period
            if nextFrame < presented { nextFrame = presented + period }  // fell behind: do not catch up in a burst
            MonotonicClock.sleep(until: nextFrame)
        }
        queue.requestStop()
        if let windowTouches, let time = application.currentTime {
            for frame in windowTouches.end(at: max(time, MonotonicClock.now())).frames { dispatch(frame) }
        }
        if let time = application.currentTime { application.cancelAllTouches(at: max(time, MonotonicClock.now())) }
    }

    // MARK: Virtual time

    /// Plays `replay` with the trace as the clock: display frames at the first event's time plus multiples of
    /// 1/60 s, each after dispatching every input frame at or before it. Nothing sleeps.
    func runVirtual(replay: TraceReplay) throws {
        var pending = try replay.nextFrame()
        guard let origin = pending?.timestamp else {
            inputEnded = true
            return
        }
        var index: Int64 = 0
        while renderer.pollEvents() {
            let time = origin + period * Int(index)
            let start = MonotonicClock.now()
            while let frame = pending, frame.timestamp <= time {
                dispatch(frame)
                pending = try replay.nextFrame()
            }
            if pending == nil, !inputEnded {
                inputEnded = true
            }
            runDeadlines(at: time)
            dispatchTimes.add(MonotonicClock.now() - start)
            try render(at: time)
            frameTimes.add(MonotonicClock.now() - start)
            if shouldStop(at: time) { break }
            // Without screenshots or an exit time, a virtual run stops a second after the trace.
            if exitAfter == nil, requestedScreenshotsWereEmpty, inputEnded, let first = firstInputTime,
               let end = application.currentTime, (time - end).seconds >= 1, time > first
            {
                break
            }
            index += 1
        }
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("photoviewer: \(message)\n".utf8))
    }
}
