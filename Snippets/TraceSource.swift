// A complete program: a recorded trace (evemu or `libinput record`) replayed through a window on the trace's own
// clock: as fast as the machine goes, with every timer at its deadline, the same log on every run.
// `swift run TraceSource FILE` (default Traces/long-press.evemu). Nothing waits, so Ctrl-C needs no handler.

// snippet.hide
import Glibc
// snippet.show
import Tactile
import TactileInput

let application = Application()
let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
application.addWindow(window)
let canvas = View(name: "canvas", frame: window.bounds)
window.addSubview(canvas)
let longPress = LongPressGestureRecognizer()
longPress.name = "longPress"
canvas.addGestureRecognizer(longPress)

do {
    let replay = try TraceReplay(
        path: CommandLine.arguments.dropFirst().first ?? "Traces/long-press.evemu",
        configuration: MultitouchDecoder.Configuration(mapping: ScreenMapping(screenSize: window.bounds.size)))
    // Each frame runs the deadlines due before it; a touch still down at the end is cancelled in the last frame.
    while let frame = try replay.nextFrame() { application.send(frame) }
    // The timers left after the last event (a double tap's interval) run at their deadlines.
    while let due = application.nextDeadline { application.advance(to: due) }
    for diagnostic in replay.diagnostics { print("decoder:", diagnostic) }
    for entry in application.drainDeliveries() { print(entry) }
} catch {
    print("error: \(error)")
    exit(1)
}
