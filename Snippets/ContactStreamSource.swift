// A complete program: a toolkit that reports fingers one by one (here a stand-in for SDL's event queue: its
// SDL_FINGERDOWN / MOTION / UP with a normalized position and a millisecond timestamp) feeds a contact stream,
// and the application draws at its display's rate, dispatching touches once per frame as UIKit does, until Ctrl-C.

// snippet.hide
import Glibc
import Synchronization
// snippet.show
import Tactile
import TactileContacts

// snippet.hide
/// A toolkit's finger event, as SDL reports one.
struct FingerEvent {
    enum Kind { case down, motion, up }
    var kind: Kind
    var finger: Int64
    var x: Double, y: Double, pressure: Double
    var milliseconds: UInt64
}

/// A stand-in for the toolkit: its event queue holds a two-finger tap, then nothing; its display refreshes every
/// 16 ms. Its milliseconds are `CLOCK_MONOTONIC`'s, as SDL_GetTicks counts them.
final class Toolkit {
    static func milliseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
    }
    let start = Toolkit.milliseconds()
    lazy var queue: [FingerEvent] = [
        FingerEvent(kind: .down, finger: 11, x: 0.40, y: 0.5, pressure: 0.3, milliseconds: start),
        FingerEvent(kind: .down, finger: 12, x: 0.60, y: 0.5, pressure: 0.3, milliseconds: start),
        FingerEvent(kind: .up, finger: 11, x: 0.40, y: 0.5, pressure: 0, milliseconds: start + 90),
        FingerEvent(kind: .up, finger: 12, x: 0.60, y: 0.5, pressure: 0, milliseconds: start + 92),
    ]
    /// The next event whose time has come, as SDL_PollEvent.
    func pollEvent() -> FingerEvent? {
        guard let next = queue.first, next.milliseconds <= Toolkit.milliseconds() else { return nil }
        return queue.removeFirst()
    }
    /// Waits for the next display refresh; returns its time in milliseconds.
    func waitForVSync() -> UInt64 {
        var pause = timespec(tv_sec: 0, tv_nsec: 16_000_000)
        nanosleep(&pause, nil)
        return Toolkit.milliseconds()
    }
}
let toolkit = Toolkit()
// snippet.show

/// Set by SIGINT (a toolkit's quit event, in a real program); the loop looks at it once per display frame.
let stopRequested = Atomic<Bool>(false)
signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }

let windowSize = Size(width: 800, height: 600)
let application = Application()
application.inputDispatch = .displayRate          // touches reach views once per display frame
let window = Window(frame: Rect(origin: .zero, size: windowSize))
application.addWindow(window)
let photo = View(name: "photo", frame: window.bounds)
window.addSubview(photo)
let twoFingerTap = TapGestureRecognizer()
twoFingerTap.numberOfTouchesRequired = 2
twoFingerTap.addAction { _ in print("two-finger tap") }
photo.addGestureRecognizer(twoFingerTap)

/// The toolkit's milliseconds on the application's clock.
func time(_ milliseconds: UInt64) -> Timestamp { Timestamp(nanoseconds: Int64(milliseconds) * 1_000_000) }

// SDL has no frame events: the events of one timestamp are one frame, and flush() ends the last one.
var stream = ContactStream(grouping: .timestamps)
while !stopRequested.load(ordering: .relaxed) {
    var output = ContactStream.Output()
    while let event = toolkit.pollEvent() {
        let location = Point(x: event.x * windowSize.width, y: event.y * windowSize.height)
        let report = ContactReport(
            id: event.finger, timestamp: time(event.milliseconds), location: location,
            normalizedPressure: event.pressure)
        switch event.kind {
        case .down: stream.handle(.down(report), into: &output)
        case .motion: stream.handle(.motion(report), into: &output)
        case .up: stream.handle(.up(id: event.finger, at: report.timestamp, location: location), into: &output)
        }
    }
    stream.flush(into: &output)                    // the queue is empty: the last frame is complete
    for frame in output.frames { application.send(frame) }   // queued until the display frame
    for diagnostic in output.diagnostics { print("input:", diagnostic) }

    let vsync = time(toolkit.waitForVSync())
    application.dispatchQueuedInput(at: vsync)     // touches, then the deadlines due by the display frame
    // … draw the frame …
}
for frame in stream.end(at: application.currentTime ?? .zero).frames { application.send(frame) }
application.dispatchQueuedInput(at: application.currentTime ?? .zero)
