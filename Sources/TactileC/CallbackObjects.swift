import CTactileAPI
import Tactile

/// The touches of one call, as C sees them: sorted by identifier, in a buffer reused from call to call (no
/// allocation once it has grown to the most touches seen).
@MainActor
struct TouchBuffer {
    private var touches: [tactile_touch] = []

    /// Fills the buffer with `set` seen from `view`, then calls `body` with it.
    mutating func with<R>(
        _ set: Set<Touch>, in view: View?, application: CApplication?,
        _ body: (UnsafePointer<tactile_touch>?, Int) -> R
    ) -> R {
        touches.removeAll(keepingCapacity: true)
        for touch in set {
            let location = touch.location(in: view)
            let window = touch.location(in: nil)
            touches.append(
                tactile_touch(
                    id: touch.id.rawValue, location: tactile_point(x: location.x, y: location.y),
                    window_location: tactile_point(x: window.x, y: window.y),
                    timestamp: application?.callerTime(touch.timestamp) ?? touch.timestamp.nanoseconds,
                    tap_count: Int32(clamping: touch.tapCount)))
        }
        // Insertion sort: a handful of touches, and no allocation.
        var index = 1
        while index < touches.count {
            var position = index
            while position > 0, touches[position - 1].id > touches[position].id {
                touches.swapAt(position - 1, position)
                position -= 1
            }
            index += 1
        }
        return touches.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }
}

/// A view made by `tactile_view_create`: its touch methods call the C callback, which says whether it handled the
/// touches (else they go up the responder chain, as a subclass calling `super`).
final class CallbackView: View {
    var callback: tactile_touch_callback?
    var userData: UnsafeMutableRawPointer?
    var handle = Handle(rawValue: 0)
    weak var application: CApplication?
    private var buffer = TouchBuffer()

    private func deliver(_ phase: tactile_touch_phase, _ touches: Set<Touch>) -> Bool {
        guard let callback else { return false }
        let handle = handle.pointer
        let userData = userData
        // The buffer is moved out for the call (no access to the property spans a callback, which may come back
        // here), and back after it: its storage is kept, so a steady frame allocates nothing.
        var local = TouchBuffer()
        swap(&local, &buffer)
        defer { swap(&local, &buffer) }
        return local.with(touches, in: self, application: application) { pointer, count in
            callback(userData, handle, phase, pointer, count)
        }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if !deliver(TACTILE_TOUCH_BEGAN, touches) { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if !deliver(TACTILE_TOUCH_MOVED, touches) { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if !deliver(TACTILE_TOUCH_ENDED, touches) { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if !deliver(TACTILE_TOUCH_CANCELLED, touches) { super.touchesCancelled(touches, with: event) }
    }
}

/// A recognizer written in C (`TACTILE_RECOGNIZER_CUSTOM`): the arena's touches go to its callbacks, which decide
/// with `tactile_recognizer_set_state`.
final class CallbackRecognizer: GestureRecognizer {
    var callbacks = tactile_custom_recognizer()
    var userData: UnsafeMutableRawPointer?
    var handle = Handle(rawValue: 0)
    weak var application: CApplication?
    private var buffer = TouchBuffer()

    private func deliver(_ phase: tactile_touch_phase, _ touches: Set<Touch>) {
        guard let callback = callbacks.touches else { return }
        let handle = handle.pointer
        let userData = userData
        var local = TouchBuffer()
        swap(&local, &buffer)
        defer { swap(&local, &buffer) }
        local.with(touches, in: view, application: application) { pointer, count in
            callback(userData, handle, phase, pointer, count)
        }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { deliver(TACTILE_TOUCH_BEGAN, touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { deliver(TACTILE_TOUCH_MOVED, touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { deliver(TACTILE_TOUCH_ENDED, touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        deliver(TACTILE_TOUCH_CANCELLED, touches)
    }

    override func reset() {
        callbacks.reset?(userData, handle.pointer)
    }
}

extension tactile_recognizer_state {
    init(_ state: GestureRecognizer.State) {
        switch state {
        case .possible: self = TACTILE_STATE_POSSIBLE
        case .began: self = TACTILE_STATE_BEGAN
        case .changed: self = TACTILE_STATE_CHANGED
        case .ended: self = TACTILE_STATE_ENDED
        case .cancelled: self = TACTILE_STATE_CANCELLED
        case .failed: self = TACTILE_STATE_FAILED
        }
    }

    var state: GestureRecognizer.State? {
        switch self {
        case TACTILE_STATE_POSSIBLE: .possible
        case TACTILE_STATE_BEGAN: .began
        case TACTILE_STATE_CHANGED: .changed
        case TACTILE_STATE_ENDED: .ended
        case TACTILE_STATE_CANCELLED: .cancelled
        case TACTILE_STATE_FAILED: .failed
        default: nil
        }
    }
}

extension tactile_recognizer_kind {
    init(_ recognizer: GestureRecognizer) {
        switch recognizer {
        case is TapGestureRecognizer: self = TACTILE_RECOGNIZER_TAP
        case is LongPressGestureRecognizer: self = TACTILE_RECOGNIZER_LONG_PRESS
        case is ScreenEdgePanGestureRecognizer: self = TACTILE_RECOGNIZER_SCREEN_EDGE_PAN
        case is PanGestureRecognizer: self = TACTILE_RECOGNIZER_PAN
        case is SwipeGestureRecognizer: self = TACTILE_RECOGNIZER_SWIPE
        case is PinchGestureRecognizer: self = TACTILE_RECOGNIZER_PINCH
        case is RotationGestureRecognizer: self = TACTILE_RECOGNIZER_ROTATION
        default: self = TACTILE_RECOGNIZER_CUSTOM
        }
    }
}

extension tactile_gesture {
    /// The values an action sees.
    @MainActor
    init(_ recognizer: GestureRecognizer, application: CApplication) {
        self.init()
        kind = tactile_recognizer_kind(recognizer)
        state = tactile_recognizer_state(recognizer.state)
        timestamp = application.callerTime(application.instance.application.currentTime ?? .zero)
        let view = recognizer.view
        let location = recognizer.location(in: nil)
        self.location = tactile_point(x: location.x, y: location.y)
        let inView = recognizer.location(in: view)
        location_in_view = tactile_point(x: inView.x, y: inView.y)
        number_of_touches = Int32(clamping: recognizer.numberOfTouches)
        switch recognizer {
        case let pan as PanGestureRecognizer:
            let translation = pan.translation(in: view)
            self.translation = tactile_point(x: translation.x, y: translation.y)
            let velocity = pan.velocity(in: view)
            self.velocity = tactile_point(x: velocity.x, y: velocity.y)
        case let pinch as PinchGestureRecognizer:
            scale = pinch.scale
            scalar_velocity = pinch.velocity
        case let rotation as RotationGestureRecognizer:
            self.rotation = rotation.rotation
            scalar_velocity = rotation.velocity
        case let tap as TapGestureRecognizer:
            number_of_taps = Int32(clamping: tap.numberOfTapsRequired)
        case let press as LongPressGestureRecognizer:
            number_of_taps = Int32(clamping: press.numberOfTapsRequired)
        case let swipe as SwipeGestureRecognizer:
            swipe_direction = UInt32(truncatingIfNeeded: swipe.recognizedDirection?.rawValue ?? 0)
        default:
            break
        }
    }
}
