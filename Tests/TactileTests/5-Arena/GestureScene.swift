@testable import Tactile
import TactileTesting
import Testing

// Scenes of the spec's acceptance scenarios (§7) and a runner that turns a scene and frames into the rendered
// delivery log. A scenario is `(scene, frames) -> log`: the synthetic timelines here and recordings mapped to
// the scene's screen drive the same scene and compare the same expected log.

/// An application with a 400×800 window and the named views and recognizers a scenario pokes at.
struct GestureScene {
    let app: Application
    let window: Window
    private(set) var views: [String: View] = [:]
    private(set) var recognizers: [String: GestureRecognizer] = [:]
    /// Objects the scene keeps alive (recognizers hold their delegates weakly).
    private(set) var retained: [AnyObject] = []

    init() {
        (app, window) = makeScreen()
    }

    /// Adds `view` (named `name`) to `parent` (the window when `nil`).
    @discardableResult
    mutating func add<V: View>(_ view: V, _ name: String, to parent: View? = nil) -> V {
        view.name = name
        (parent ?? window).addSubview(view)
        views[name] = view
        return view
    }

    /// Attaches `recognizer` (named `name`) to `view`.
    @discardableResult
    mutating func attach<R: GestureRecognizer>(_ recognizer: R, _ name: String, to view: View) -> R {
        recognizer.name = name
        view.addGestureRecognizer(recognizer)
        recognizers[name] = recognizer
        return recognizer
    }

    /// Sets `delegate` on the named recognizers and keeps it alive with the scene.
    mutating func setDelegate(_ delegate: GestureRecognizerDelegate, on names: String...) {
        retained.append(delegate)
        for name in names { recognizers[name]!.delegate = delegate }
    }

    subscript(view name: String) -> View { views[name]! }
    subscript(recognizer name: String) -> GestureRecognizer { recognizers[name]! }
}

/// A delegate that lets every pair recognize together, or vetoes beginning, as configured.
final class TestDelegate: GestureRecognizerDelegate {
    var simultaneous = false
    var shouldBegin = true
    var requiresFailureOf: [ObjectIdentifier] = []

    init(simultaneous: Bool = false, shouldBegin: Bool = true) {
        self.simultaneous = simultaneous
        self.shouldBegin = shouldBegin
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requiresFailureOf.contains(ObjectIdentifier(other))
    }
}

/// Sends `frames` in order (with TactileTesting's `TouchSequence`: timers due first, malformed input an issue),
/// then lets the clock run `settle` past the last one so that every deadline passes;
/// returns the delivery log rendered one entry per line.
func runScenario(
    _ scene: GestureScene, _ frames: [TouchFrame], settle: Duration = .seconds(2),
    sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
    TouchSequence(scene.app).send(frames, sourceLocation: sourceLocation)
    if let last = frames.last { scene.app.advance(to: last.timestamp + settle) }
    return scene.app.drainLines()
}

/// A one-finger drag: down at `from`, then one move per `step` ms adding (`dx`, `dy`) each time, `moves` times,
/// then (when `liftAt` is given) a lift at the last point.
func drag(
    id: UInt64 = 1, from start: Point, dx: Double, dy: Double = 0, every step: Int64 = 16, moves: Int, startAt: Int64 = 0,
    liftAt: Int64? = nil
) -> [TouchFrame] {
    var frames: [TouchFrame] = [.at(startAt, .down(id, start.x, start.y))]
    var point = start
    for k in 1...max(1, moves) where moves > 0 {
        point = Point(x: start.x + dx * Double(k), y: start.y + dy * Double(k))
        frames.append(.at(startAt + step * Int64(k), .move(id, point.x, point.y)))
    }
    if let liftAt { frames.append(.at(liftAt, .up(id, point.x, point.y))) }
    return frames
}
