// A complete program: a touchscreen read with libevdev (as root, or in the `input` group) drives a window of one
// view with a tap recognizer, until Ctrl-C. `swift run EvdevSource /dev/input/eventN` (default event5).

// snippet.hide
import Synchronization
// snippet.show
import Glibc
import Tactile
import TactileInput

/// Set by SIGINT; the loop looks at it at least every 100 ms, touches or not.
let stopRequested = Atomic<Bool>(false)

final class Canvas: View {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { print("down at", touch.location(in: self)) }
    }
}

// The window and the views: everything of the core on this one thread.
let screen = ScreenMapping(screenSize: Size(width: 1280, height: 800))
let application = Application()
let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
application.addWindow(window)
let canvas = Canvas(name: "canvas", frame: window.bounds)
window.addSubview(canvas)
let tap = TapGestureRecognizer()
tap.addAction { recognizer in print("tap at", recognizer.location(in: nil)) }
canvas.addGestureRecognizer(tap)

signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }

do {
    let path = CommandLine.arguments.dropFirst().first ?? "/dev/input/event5"
    let device = try InputDevice.openTouchscreen(path: path)
    let input = try LiveTouchInput(
        device: device,
        configuration: MultitouchDecoder.Configuration(mapping: screen, udevProperties: device.udevProperties()))
    while !stopRequested.load(ordering: .relaxed) {
        // Wait for input, but no longer than the core's next deadline (a double tap's interval, a long press)
        // and 100 ms, always — before the first touch too — so Ctrl-C is seen (a signal does not end the wait).
        // Times are the kernel's CLOCK_MONOTONIC, the input's clock (`currentTime`) and the deadlines'.
        var deadline = input.currentTime + .milliseconds(100)
        if let due = application.nextDeadline { deadline = min(deadline, due) }
        switch try input.next(deadline: deadline) {
        case .frames(let output):
            for frame in output.frames { application.send(frame) }
        case .deadlinePassed(let time):
            // The core's deadline is due (else it was the 100 ms: nothing to do).
            if let due = application.nextDeadline, due <= time { application.advance(to: time) }
        case .ended(let output):
            // The device went away: its touches are cancelled in `output`.
            for frame in output.frames { application.send(frame) }
            print("the touchscreen was removed")
            exit(1)
        }
    }
    // Stopping cleanly: every touch still down is cancelled, so each view's sequence ends.
    if let now = application.currentTime { application.cancelAllTouches(at: now) }
} catch {
    print("error: \(error)")
    exit(1)
}
