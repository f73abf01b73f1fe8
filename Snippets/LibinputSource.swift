// A complete program: every touchscreen of seat0 through libinput (its quirks, calibration, jitter filter and
// palm detection, as the rest of the desktop has them), with hot-plug, until Ctrl-C. `swift run LibinputSource
// /dev/input/eventN …` reads the named devices instead.

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
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        print("cancelled: \(touches.count) (a palm, or a device unplugged)")
    }
}

let screen = ScreenMapping(screenSize: Size(width: 1920, height: 1080))
let application = Application()
let window = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
application.addWindow(window)
window.addSubview(Canvas(name: "canvas", frame: window.bounds))

signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }

do {
    let paths = Array(CommandLine.arguments.dropFirst())
    let input = try LibinputTouchInput(backend: paths.isEmpty ? .udev(seat: "seat0") : .path(paths), mapping: screen)
    while !stopRequested.load(ordering: .relaxed) {
        // The core's next deadline and 100 ms at most, always (no device and no touch yet too): a signal does
        // not end the wait, so this is how soon Ctrl-C is seen. `currentTime` is libinput's clock.
        var deadline = input.currentTime + .milliseconds(100)
        if let due = application.nextDeadline { deadline = min(deadline, due) }
        switch try input.next(deadline: deadline) {
        case .frames(let output):
            for frame in output.frames { application.send(frame) }
            for diagnostic in output.diagnostics { print("libinput:", diagnostic) }
        case .deadlinePassed(let time):
            if let due = application.nextDeadline, due <= time { application.advance(to: time) }
        case .deviceAdded(let device):
            print("added", device)
        case .deviceRemoved(let device, let output):
            for frame in output.frames { application.send(frame) }   // its touches, cancelled
            print("removed", device)
        }
    }
    // Stopping cleanly: the stream cancels what is still down.
    for frame in input.end(at: application.currentTime ?? .zero).frames { application.send(frame) }
} catch {
    print("error: \(error)")
    exit(1)
}
