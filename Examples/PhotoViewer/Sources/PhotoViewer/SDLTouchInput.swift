import CSDL2
import Tactile
import TactileInput

/// Touch points reported one event at a time with no frame events (SDL's finger events, XInput 2's touch events),
/// grouped into frames by a ``ContactStream`` (grouping by timestamp; ``flush()`` once the event queue is empty):
/// - each finger of each touch device is its own contact (finger ids are unique per device only);
/// - a frame also ends when a finger that already changed in it changes again: one device report moves each finger
///   once, and a source whose times are coarse (SDL stamps every event of one pump with the same millisecond)
///   would otherwise merge several reports into one.
struct TouchPointGrouping {
    enum Change { case down, motion, up }

    /// A finger of a touch device, as the source names it.
    struct Finger: Hashable {
        var device: Int64
        var finger: Int64
    }

    private var stream = ContactStream(grouping: .timestamps)
    /// Finger → the stream's contact id, while the finger is down.
    private var contacts: [Finger: Int64] = [:]
    private var nextContact: Int64 = 1
    /// The contacts that changed in the frame being collected.
    private var changedInFrame: Set<Int64> = []

    /// Takes one finger's change; returns the frames it completes (a later time closes the frame before it).
    mutating func handle(_ change: Change, of finger: Finger, at time: Timestamp, location: Point)
        -> ContactStream.Output
    {
        var output = ContactStream.Output()
        let id: Int64
        switch change {
        case .down:
            id = nextContact
            nextContact += 1
            contacts[finger] = id
        case .motion:
            // A motion of a finger never reported down (it was down before the window opened): the stream reports
            // it as unknown and ignores it.
            id = contacts[finger] ?? -1
        case .up:
            id = contacts.removeValue(forKey: finger) ?? -1
        }
        if changedInFrame.contains(id) {  // the finger's next report: the frame before it is complete
            output.append(stream.handle(.frame(at: nil)))
            changedInFrame.removeAll()
        }
        changedInFrame.insert(id)
        let report = ContactReport(id: id, timestamp: time, location: location)
        switch change {
        case .down: output.append(stream.handle(.down(report)))
        case .motion: output.append(stream.handle(.motion(report)))
        case .up: output.append(stream.handle(.up(id: id, at: time, location: location)))
        }
        return output
    }

    /// Ends the frame being collected (the event queue is empty: nothing more belongs to it).
    mutating func flush() -> ContactStream.Output {
        changedInFrame.removeAll()
        return stream.flush()
    }

    /// Cancels every touch still down at `time` (the app stops).
    mutating func end(at time: Timestamp) -> ContactStream.Output {
        contacts.removeAll()
        changedInFrame.removeAll()
        return stream.end(at: time)
    }
}

/// The fallback live input: SDL's own touch events (`SDL_FINGERDOWN`, `SDL_FINGERMOTION`, `SDL_FINGERUP`), for a
/// window system whose own touch events the app cannot read (``WindowTouchSource``).
///
/// **Their times are when the app read them, not when the finger moved.** SDL 2 stamps an event with
/// `SDL_GetTicks` when it pumps the window system's events — in `SDL_PollEvent`, between the app's frames — so an
/// app whose frames take long gets a gesture's events squeezed together: a pinch read in two pumps looks like a
/// pinch of two instants, a fling's velocity grows, a long press starts late. With the VM's guest loaded, the same
/// pinch zoomed to 1.900× on X11 instead of 2.030× (README, *Touch times*).
///
/// Each event becomes a contact-stream event: SDL's normalized position (0…1 across the window) times the
/// window's size in points; SDL's timestamp (milliseconds since `SDL_Init`) moved onto `CLOCK_MONOTONIC` by an
/// offset measured once at start. SDL's pressure is not used: its backends report 1.0 for most touchscreens,
/// which would read as four times an average force.
struct SDLTouchInput {
    private var grouping = TouchPointGrouping()
    private let windowSize: Size
    /// `CLOCK_MONOTONIC` at SDL's tick 0.
    private let tickOrigin: Timestamp

    /// Prepares to read the touches of a window of `windowSize` points. Call after `SDL_Init`.
    init(windowSize: Size) {
        self.windowSize = windowSize
        tickOrigin = MonotonicClock.now() - .milliseconds(Int64(SDL_GetTicks64()))
    }

    /// Takes one SDL event; returns the frames it completes. Events other than finger events return nothing.
    mutating func handle(_ event: SDL_Event) -> ContactStream.Output {
        let change: TouchPointGrouping.Change
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN: change = .down
        case SDL_FINGERMOTION: change = .motion
        case SDL_FINGERUP: change = .up
        default: return ContactStream.Output()
        }
        let finger = event.tfinger
        return grouping.handle(
            change, of: .init(device: finger.touchId, finger: finger.fingerId),
            at: tickOrigin + .milliseconds(Int64(finger.timestamp)),
            location: Point(x: Double(finger.x) * windowSize.width, y: Double(finger.y) * windowSize.height))
    }

    mutating func flush() -> ContactStream.Output { grouping.flush() }

    mutating func end(at time: Timestamp) -> ContactStream.Output { grouping.end(at: time) }
}
