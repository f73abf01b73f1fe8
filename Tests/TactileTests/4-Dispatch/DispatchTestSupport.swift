@testable import Tactile
import TactileTesting

// Helpers shared by the touch-delivery tests: terse frames, a view that handles its touches, a scene.

// Frames are written in TactileTesting's vocabulary (`TouchFrame.at(ms, .down(1, x, y), …)`), the one
// `TouchSequence` sends; the dispatch tests send them with `Application.send` directly, since some are malformed on
// purpose (a second began, a lift of a contact that is not down).

extension Timestamp {
    /// `value` milliseconds after the clock's origin (TactileTesting's `.milliseconds`, shorter).
    static func ms(_ value: Int64) -> Timestamp { .milliseconds(value) }
}

extension TouchContact {
    /// A contact that stays at (x, y) (TactileTesting's `.stationary`, shorter).
    static func still(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact { .stationary(id, x, y) }
}

extension Application {
    /// Sends each frame in order.
    func send(_ frames: TouchFrame...) {
        for frame in frames { send(frame) }
    }

    /// The stored log, rendered one entry per line, and emptied.
    func drainLines() -> [String] { drainDeliveries().map(\.description) }
}

/// A view that handles its touches itself (overrides the four methods without calling `super`), and
/// remembers what it was given.
final class TouchSinkView: View {
    /// Each call: the phase and the touches.
    var calls: [(phase: TouchPhase, touches: Set<Touch>)] = []
    /// Runs inside each call, with the phase, the touches and the event.
    var onCall: ((TouchPhase, Set<Touch>, Event) -> Void)?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note(.began, touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note(.moved, touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note(.ended, touches, event) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note(.cancelled, touches, event) }

    private func note(_ phase: TouchPhase, _ touches: Set<Touch>, _ event: Event?) {
        guard let event else { preconditionFailure("the dispatcher calls the touch methods with an event") }
        calls.append((phase, touches))
        onCall?(phase, touches, event)
    }

    /// Every touch the view was given, in the order first seen.
    var seenTouches: [Touch] {
        var result: [Touch] = []
        for call in calls {
            for touch in call.touches.sorted(by: { $0.id < $1.id }) where !result.contains(touch) {
                result.append(touch)
            }
        }
        return result
    }
}

/// An application with one 400×800 window named `W` (the spec's scenario window).
func makeScreen(configuration: Application.Configuration = .init()) -> (Application, Window) {
    let app = Application(configuration: configuration)
    let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    app.addWindow(window)
    return (app, window)
}

/// ``makeScreen(configuration:)`` with a view `V` filling the window that handles its touches.
func makeSinkScreen(
    multipleTouch: Bool = false, configuration: Application.Configuration = .init()
) -> (app: Application, window: Window, view: TouchSinkView) {
    let (app, window) = makeScreen(configuration: configuration)
    let view = TouchSinkView(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    view.isMultipleTouchEnabled = multipleTouch
    window.addSubview(view)
    return (app, window, view)
}
