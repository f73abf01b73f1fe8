import CSDL2
import Tactile
import TactileInput

/// The app's default live input: SDL's own touch events (`SDL_FINGERDOWN`, `SDL_FINGERMOTION`, `SDL_FINGERUP`),
/// which SDL gets from the window system — a Wayland compositor's `wl_touch`, X11's XInput 2 — so the app runs as
/// an ordinary user on a desktop or a compositor-based kiosk, and never opens `/dev/input` itself.
///
/// Each event becomes a `ContactStream` event (TactileInput's contact stream, grouped by timestamp: SDL has no
/// frame events, so the display loop calls ``flush()`` once SDL's queue is empty):
/// - the position is SDL's normalized position (0…1 across the window) times the window's size in points;
/// - the time is SDL's timestamp (`SDL_GetTicks`, milliseconds since `SDL_Init`, taken when SDL read the event
///   from the window system), moved onto `CLOCK_MONOTONIC` by an offset measured once at start, so deadlines and
///   the display loop's clock compare with it;
/// - each finger of each touch device is its own contact (SDL's finger ids are unique per device only);
/// - a frame also ends when a finger that already changed in it changes again: one device report moves each finger
///   once, and SDL stamps every event it reads in one pump of the window system with the same millisecond, so on a
///   slow loop several reports share a timestamp — this keeps them apart (their positions and order are SDL's;
///   their times are when SDL read them);
/// - SDL's pressure is not used: its backends report 1.0 for most touchscreens, which would read as four times an
///   average force.
struct SDLTouchInput {
    private var stream = ContactStream(grouping: .timestamps)
    private let windowSize: Size
    /// `CLOCK_MONOTONIC` at SDL's tick 0.
    private let tickOrigin: Timestamp
    /// (touch device, finger) → the stream's contact id, while the finger is down.
    private var contacts: [SDLFinger: Int64] = [:]
    private var nextContact: Int64 = 1
    /// The contacts that changed in the frame being collected.
    private var changedInFrame: Set<Int64> = []

    private struct SDLFinger: Hashable {
        var touch: SDL_TouchID
        var finger: SDL_FingerID
    }

    /// Prepares to read the touches of a window of `windowSize` points. Call after `SDL_Init`.
    init(windowSize: Size) {
        self.windowSize = windowSize
        let ticks = SDL_GetTicks64()
        tickOrigin = MonotonicClock.now() - .milliseconds(Int64(ticks))
    }

    /// Takes one SDL event; returns the frames it completes (a later timestamp closes the frame before it).
    /// Events other than finger events return nothing.
    mutating func handle(_ event: SDL_Event) -> ContactStream.Output {
        let type = SDL_EventType(event.type)
        guard type == SDL_FINGERDOWN || type == SDL_FINGERMOTION || type == SDL_FINGERUP else {
            return ContactStream.Output()
        }
        let finger = event.tfinger
        let key = SDLFinger(touch: finger.touchId, finger: finger.fingerId)
        let time = tickOrigin + .milliseconds(Int64(finger.timestamp))
        let location = Point(x: Double(finger.x) * windowSize.width, y: Double(finger.y) * windowSize.height)
        var output = ContactStream.Output()
        let id: Int64
        switch type {
        case SDL_FINGERDOWN:
            id = nextContact
            nextContact += 1
            contacts[key] = id
        case SDL_FINGERMOTION:
            // A motion of a finger SDL never reported down (it was down before the window opened): the stream
            // reports it as unknown and ignores it.
            id = contacts[key] ?? -1
        default:
            id = contacts.removeValue(forKey: key) ?? -1
        }
        if changedInFrame.contains(id) {  // the finger's next report: the frame before it is complete
            output.append(stream.handle(.frame(at: nil)))
            changedInFrame.removeAll()
        }
        changedInFrame.insert(id)
        switch type {
        case SDL_FINGERDOWN: output.append(stream.handle(.down(ContactReport(id: id, timestamp: time, location: location))))
        case SDL_FINGERMOTION:
            output.append(stream.handle(.motion(ContactReport(id: id, timestamp: time, location: location))))
        default: output.append(stream.handle(.up(id: id, at: time, location: location)))
        }
        return output
    }

    /// Ends the frame being collected (SDL's queue is empty: nothing more belongs to it).
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
