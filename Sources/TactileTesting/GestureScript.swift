import Foundation
import Tactile

/// A multitouch gesture written as steps — fingers down, move along a path, hold, lift, wait — without a trace
/// file.
///
/// Fingers are numbered by the script (1, 2, …); positions are screen points. Steps run one after another:
/// ``Step/down(_:at:)`` and ``Step/lift(_:)`` take no time, ``Step/move(_:over:easing:)`` takes its duration
/// with every finger it names moving together, ``Step/hold(_:)`` and ``Step/wait(_:)`` let time pass (the
/// fingers that are down stay where they are). A ``GesturePlayer`` samples the script the way a touchscreen
/// reports — at a report rate, with timing and position jitter — and drives an `Application` on its virtual
/// clock.
///
/// ```swift
/// let press: GestureScript = [
///     .down(1, at: Point(x: 100, y: 200)), .down(2, at: Point(x: 160, y: 200)),
///     .hold(.milliseconds(600)),
///     .lift(1), .lift(2),
/// ]
/// ```
///
/// Its ``description`` reads like steps, one a line, so a shrunk counterexample is readable:
///
/// ```
/// 1. finger 1 down at (100, 200)
/// 2. finger 2 down at (160, 200)
/// 3. hold 600 ms
/// 4. lift finger 1
/// 5. lift finger 2
/// ```
///
/// A finger still down at the end lifts when the script ends; a ``Step/down(_:at:)`` of a finger that is down,
/// or a move or lift of one that is up, is ignored (and its line says so).
public struct GestureScript: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// How a move's progress follows time.
    public enum Easing: Hashable, Sendable {
        /// Constant speed.
        case linear
        /// Starting and stopping gently (smoothstep), as a deliberate drag or pinch.
        case easeInOut
        /// Accelerating and still fast at the end, as a fling lifted at speed.
        case accelerating
    }

    /// One finger's path in a ``Step/move(_:over:easing:)``: from where it is, through `path`, in order.
    public struct Motion: Hashable, Sendable, CustomStringConvertible {
        /// The finger.
        public var finger: Int
        /// The points the finger passes through; it ends on the last one.
        public var path: [Point]

        /// A finger's path through `path`.
        public init(finger: Int, path: [Point]) {
            self.finger = finger
            self.path = path
        }

        /// A finger's straight move to `point`.
        public init(finger: Int, to point: Point) { self.init(finger: finger, path: [point]) }

        public var description: String {
            "finger \(finger) "
                + (path.count == 1 ? "to \(format(path[0]))" : "along " + path.map(format).joined(separator: " → "))
        }
    }

    /// One step of a script.
    public enum Step: Hashable, Sendable, CustomStringConvertible {
        /// A finger touches down at a point (screen points).
        case down(Int, at: Point)
        /// Fingers move together along their paths over a duration.
        case move([Motion], over: Duration, easing: Easing)
        /// Time passes with the fingers that are down resting (a press).
        case hold(Duration)
        /// Time passes (between gestures, or with fingers down: the same as ``hold(_:)``).
        case wait(Duration)
        /// A finger lifts where it is.
        case lift(Int)
        /// A finger's touch is cancelled by the system (a palm, a lost contact) where it is.
        case cancel(Int)

        /// One finger's straight move to `point` over `duration` at constant speed.
        public static func move(_ finger: Int, to point: Point, over duration: Duration) -> Step {
            .move([Motion(finger: finger, to: point)], over: duration, easing: .linear)
        }

        /// One finger's move along `path` over `duration`.
        public static func move(
            _ finger: Int, along path: [Point], over duration: Duration, easing: Easing = .linear
        ) -> Step {
            .move([Motion(finger: finger, path: path)], over: duration, easing: easing)
        }

        public var description: String {
            switch self {
            case .down(let finger, let point): "finger \(finger) down at \(format(point))"
            case .move(let motions, let duration, let easing):
                "move " + motions.map(\.description).joined(separator: ", ") + " over \(format(duration))"
                    + (easing == .linear ? "" : " (\(easing))")
            case .hold(let duration): "hold \(format(duration))"
            case .wait(let duration): "wait \(format(duration))"
            case .lift(let finger): "lift finger \(finger)"
            case .cancel(let finger): "cancel finger \(finger)"
            }
        }

        /// How long the step takes.
        public var duration: Duration {
            switch self {
            case .move(_, let duration, _), .hold(let duration), .wait(let duration): duration
            case .down, .lift, .cancel: .zero
            }
        }
    }

    /// The steps, in order.
    public var steps: [Step]

    /// A script of `steps`.
    public init(_ steps: [Step] = []) { self.steps = steps }

    public init(arrayLiteral elements: Step...) { self.init(elements) }

    /// The script followed by `other`'s steps.
    public static func + (lhs: GestureScript, rhs: GestureScript) -> GestureScript {
        GestureScript(lhs.steps + rhs.steps)
    }

    /// The time from the first step to the last, without the lifts the script adds at its end.
    public var duration: Duration { steps.reduce(.zero) { $0 + $1.duration } }

    /// The steps, numbered, one a line; a step that does nothing says why.
    public var description: String {
        guard !steps.isEmpty else { return "(no steps)" }
        let notes = validityNotes()
        return steps.enumerated().map { index, step in
            "\(index + 1). \(step)" + (notes[index].map { " — ignored: \($0)" } ?? "")
        }.joined(separator: "\n")
    }

    /// Per step, why it does nothing, or `nil`.
    func validityNotes() -> [String?] {
        var down: Set<Int> = []
        return steps.map { step in
            switch step {
            case .down(let finger, _):
                return down.insert(finger).inserted ? nil : "finger \(finger) is already down"
            case .lift(let finger), .cancel(let finger):
                return down.remove(finger) != nil ? nil : "finger \(finger) is not down"
            case .move(let motions, _, _):
                let up = motions.map(\.finger).filter { !down.contains($0) }
                return up.isEmpty ? nil : "finger \(up.map(String.init).joined(separator: ", ")) not down"
            case .hold, .wait:
                return nil
            }
        }
    }
}

// MARK: - Building scripts

extension GestureScript {
    /// A tap: one finger down at `point` for `duration` (default 80 ms), then lifted.
    public static func tap(at point: Point, holding duration: Duration = .milliseconds(80), finger: Int = 1) -> Self {
        [.down(finger, at: point), .hold(duration), .lift(finger)]
    }

    /// A long press: one finger held still at `point` for `duration` (default 800 ms).
    public static func longPress(at point: Point, duration: Duration = .milliseconds(800), finger: Int = 1) -> Self {
        tap(at: point, holding: duration, finger: finger)
    }

    /// A drag: down at `start`, a short rest, a move to `end` over `duration` easing in and out, a short rest,
    /// lift.
    public static func drag(from start: Point, to end: Point, duration: Duration = .milliseconds(500)) -> Self {
        [
            .down(1, at: start), .hold(.milliseconds(60)),
            .move([Motion(finger: 1, to: end)], over: duration, easing: .easeInOut),
            .hold(.milliseconds(50)), .lift(1),
        ]
    }

    /// A fling: down at `start`, a fast accelerating move to `end` over `duration` (default 120 ms), lifted while
    /// moving.
    public static func fling(from start: Point, to end: Point, duration: Duration = .milliseconds(120)) -> Self {
        [.down(1, at: start), .move([Motion(finger: 1, to: end)], over: duration, easing: .accelerating), .lift(1)]
    }

    /// A two-finger pinch about `center`: the fingers start `startSpread` points apart at `angle` radians and end
    /// `endSpread` apart (closer: pinch in; farther: pinch out), turning by `turn` radians on the way.
    public static func pinch(
        center: Point, from startSpread: Double, to endSpread: Double, angle: Double = 0, turn: Double = 0,
        duration: Duration = .milliseconds(500)
    ) -> Self {
        func at(_ spread: Double, _ angle: Double, _ side: Double) -> Point {
            Point(x: center.x + spread / 2 * cos(angle + side), y: center.y + spread / 2 * sin(angle + side))
        }
        // Intermediate points keep a rotation on its arc.
        let stages = turn == 0 ? [1.0] : [0.25, 0.5, 0.75, 1.0]
        func path(_ side: Double) -> [Point] {
            stages.map { s in at(startSpread + (endSpread - startSpread) * s, angle + turn * s, side) }
        }
        return [
            .down(1, at: at(startSpread, angle, .pi)), .wait(.milliseconds(30)),
            .down(2, at: at(startSpread, angle, 0)),
            .hold(.milliseconds(50)),
            .move(
                [Motion(finger: 1, path: path(.pi)), Motion(finger: 2, path: path(0))], over: duration,
                easing: .easeInOut),
            .hold(.milliseconds(40)), .lift(1), .wait(.milliseconds(20)), .lift(2),
        ]
    }

    /// A two-finger rotation about `center` by `angle` radians (positive: clockwise on screen), the fingers
    /// `spread` points apart.
    public static func rotation(
        center: Point, by angle: Double, spread: Double = 200, duration: Duration = .milliseconds(600)
    ) -> Self {
        pinch(center: center, from: spread, to: spread, angle: 0.3, turn: angle, duration: duration)
    }

    /// Two fingers tapping together, `spread` points apart about `center`, down for `duration`.
    public static func twoFingerTap(
        center: Point, spread: Double = 80, holding duration: Duration = .milliseconds(90)
    ) -> Self {
        [
            .down(1, at: Point(x: center.x - spread / 2, y: center.y)), .wait(.milliseconds(10)),
            .down(2, at: Point(x: center.x + spread / 2, y: center.y)), .hold(duration), .lift(1),
            .wait(.milliseconds(10)), .lift(2),
        ]
    }
}

// MARK: - Formatting

/// `(120, 80.5)`: whole points without a fraction, others to one decimal.
func format(_ point: Point) -> String { "(\(format(point.x)), \(format(point.y)))" }

func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
}

/// `500 ms`, `1.2 s`.
func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    if milliseconds >= 1000, (milliseconds / 100).rounded() == milliseconds / 100 {
        return "\(format(milliseconds / 1000)) s"
    }
    return "\(format(milliseconds)) ms"
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
