@testable import Tactile

// Helpers shared by the touch-delivery tests: terse frames, a view that handles its touches, a scene.

extension Timestamp {
    /// `value` milliseconds after the clock's origin.
    static func ms(_ value: Int64) -> Timestamp { Timestamp(nanoseconds: value * 1_000_000) }
}

extension TouchContact {
    /// A contact that begins at (x, y); its slot defaults to its identifier.
    static func down(_ id: UInt64, _ x: Double, _ y: Double, slot: Int? = nil) -> TouchContact {
        TouchContact(id: ID(id), phase: .began, location: Point(x: x, y: y), slot: slot ?? Int(id))
    }
    /// A contact that moved to (x, y).
    static func move(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .moved, location: Point(x: x, y: y), slot: Int(id))
    }
    /// A contact that stays at (x, y).
    static func still(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .stationary, location: Point(x: x, y: y), slot: Int(id))
    }
    /// A contact that lifts at (x, y).
    static func up(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .ended, location: Point(x: x, y: y), slot: Int(id))
    }
    /// A contact that is cancelled at (x, y).
    static func cancel(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .cancelled, location: Point(x: x, y: y), slot: Int(id))
    }
}

extension TouchFrame {
    /// A frame at `ms` milliseconds with `contacts`.
    static func at(_ ms: Int64, _ contacts: TouchContact...) -> TouchFrame {
        TouchFrame(timestamp: .ms(ms), contacts: contacts)
    }
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
