import Foundation
import PropertyBased
import Tactile

/// Generators of gesture scripts for `propertyCheck`: taps, double taps, long presses, drags, flings, pinches,
/// rotations and free multitouch sequences, with timing varied around the recognizers' thresholds.
///
/// Every generator is built from whole numbers (points, milliseconds, degrees), so a failing case shrinks to
/// a short script with round values: steps are removed, numbers move towards the area's top-left corner, a
/// duration towards the threshold it varies around, a finger number towards 1.
///
/// ```swift
/// await propertyCheck(input: GestureGen.multitouch(in: view.frame)) { script in
///     let run = SceneRun(scene: makeScene, playing: [script])
///     #expect(run.violations == [])
/// }
/// ```
public enum GestureGen {
    /// A point with whole coordinates in `area` (its right and bottom edges are outside, as in hit-testing), as
    /// two integer generators.
    private static func coordinates(in area: Rect) -> (
        Generator<Int, Shrink.Integer<Int>>, Generator<Int, Shrink.Integer<Int>>
    ) {
        let x = span(area.minX, area.maxX)
        let y = span(area.minY, area.maxY)
        return (Gen.int(in: x), Gen.int(in: y))
    }

    /// The whole numbers in `lower..<upper` (at least `lower` rounded up).
    private static func span(_ lower: Double, _ upper: Double) -> ClosedRange<Int> {
        let low = Int(lower.rounded(.up))
        return low...max(low, Int(upper.rounded(.up)) - 1)
    }

    /// `point` moved into `area`'s whole coordinates.
    private static func clamped(_ point: Point, to area: Rect) -> Point {
        let x = span(area.minX, area.maxX)
        let y = span(area.minY, area.maxY)
        return Point(
            x: min(max(point.x, Double(x.lowerBound)), Double(x.upperBound)),
            y: min(max(point.y, Double(y.lowerBound)), Double(y.upperBound)))
    }

    /// Taps in `area`, held for `holding` milliseconds (default 20–250 ms: under every built-in threshold).
    public static func tap(in area: Rect, holding: ClosedRange<Int> = 20...250) -> Generator<
        GestureScript, some SendableSequenceType
    > {
        let (x, y) = coordinates(in: area)
        return zip(x, y, Gen.int(in: holding)).map { x, y, hold in
            GestureScript.tap(at: Point(x: Double(x), y: Double(y)), holding: .milliseconds(hold))
        }
    }

    /// Presses in `area` held for `threshold` give or take up to `variation` milliseconds (default 500 ms ± 60 ms,
    /// the long-press recognizer's `minimumPressDuration`), drifting up to `drift` points (default 6) while held.
    /// Shrinks towards a press held exactly `threshold` without drift.
    public static func press(
        in area: Rect, near threshold: Duration = .milliseconds(500), variation: Int = 60, drift: Int = 6
    ) -> Generator<GestureScript, some SendableSequenceType> {
        let (x, y) = coordinates(in: area)
        let base =
            Int(threshold.components.seconds) * 1000 + Int(threshold.components.attoseconds / 1_000_000_000_000_000)
        return zip(x, y, Gen.int(in: -variation...variation), Gen.int(in: -drift...drift)).map { x, y, delta, dx in
            let point = Point(x: Double(x), y: Double(y))
            let hold = max(0, base + delta)
            if dx == 0 { return GestureScript.tap(at: point, holding: .milliseconds(hold)) }
            return [
                .down(1, at: point),
                .move(1, to: Point(x: point.x + Double(dx), y: point.y), over: .milliseconds(hold)),
                .lift(1),
            ]
        }
    }

    /// Two taps in `area`, the second landing `interval` give or take up to `variation` milliseconds (default
    /// 350 ms ± 60 ms, UIKit's maximum interval between the taps of a double tap) after the first lifts, up to
    /// `offset` points away (default 30, kept in `area`; the taps of a double tap may be 45 apart). Each tap is
    /// held 40–150 ms.
    /// Shrinks towards a gap of exactly `interval` on the same spot.
    public static func doubleTap(
        in area: Rect, near interval: Duration = .milliseconds(350), variation: Int = 60, offset: Int = 30
    ) -> Generator<GestureScript, some SendableSequenceType> {
        let (x, y) = coordinates(in: area)
        let base =
            Int(interval.components.seconds) * 1000 + Int(interval.components.attoseconds / 1_000_000_000_000_000)
        return zip(
            x, y, Gen.int(in: -variation...variation), Gen.int(in: -offset...offset), Gen.int(in: 40...150),
            Gen.int(in: 40...150)
        ).map { x, y, delta, dx, first, second in
            let point = Point(x: Double(x), y: Double(y))
            return GestureScript.tap(at: point, holding: .milliseconds(first))
                + [.wait(.milliseconds(max(0, base + delta)))]
                + GestureScript.tap(
                    at: clamped(Point(x: point.x + Double(dx), y: point.y), to: area), holding: .milliseconds(second))
        }
    }

    /// Drags in `area`: a finger resting, moving up to `reach` points in each direction over 100–900 ms, resting,
    /// lifting.
    public static func drag(in area: Rect, reach: Int = 300) -> Generator<GestureScript, some SendableSequenceType> {
        let (x, y) = coordinates(in: area)
        return zip(x, y, Gen.int(in: -reach...reach), Gen.int(in: -reach...reach), Gen.int(in: 100...900)).map {
            x, y, dx, dy, ms in
            GestureScript.drag(
                from: Point(x: Double(x), y: Double(y)), to: Point(x: Double(x + dx), y: Double(y + dy)),
                duration: .milliseconds(ms))
        }
    }

    /// Flings in `area`: a finger thrown up to `reach` points in each direction in 30–180 ms, lifted at speed.
    public static func fling(in area: Rect, reach: Int = 400) -> Generator<GestureScript, some SendableSequenceType> {
        let (x, y) = coordinates(in: area)
        return zip(x, y, Gen.int(in: -reach...reach), Gen.int(in: -reach...reach), Gen.int(in: 30...180)).map {
            x, y, dx, dy, ms in
            GestureScript.fling(
                from: Point(x: Double(x), y: Double(y)), to: Point(x: Double(x + dx), y: Double(y + dy)),
                duration: .milliseconds(ms))
        }
    }

    /// Two-finger pinches centred in `area`: the fingers start and end 40–`maximumSpread` points apart, at any
    /// angle, over 150–900 ms.
    public static func pinch(in area: Rect, maximumSpread: Int = 360) -> Generator<
        GestureScript, some SendableSequenceType
    > {
        let (x, y) = coordinates(in: area)
        return zip(
            x, y, Gen.int(in: 40...maximumSpread), Gen.int(in: 40...maximumSpread), Gen.int(in: 0...179),
            Gen.int(in: 150...900)
        ).map { x, y, from, to, degrees, ms in
            GestureScript.pinch(
                center: Point(x: Double(x), y: Double(y)), from: Double(from), to: Double(to),
                angle: Double(degrees) * .pi / 180, duration: .milliseconds(ms))
        }
    }

    /// Two-finger rotations centred in `area`: up to ±180° with the fingers 60–`maximumSpread` points apart, over
    /// 200–1000 ms.
    public static func rotation(in area: Rect, maximumSpread: Int = 300) -> Generator<
        GestureScript, some SendableSequenceType
    > {
        let (x, y) = coordinates(in: area)
        return zip(x, y, Gen.int(in: -180...180), Gen.int(in: 60...maximumSpread), Gen.int(in: 200...1000)).map {
            x, y, degrees, spread, ms in
            GestureScript.rotation(
                center: Point(x: Double(x), y: Double(y)), by: Double(degrees) * .pi / 180, spread: Double(spread),
                duration: .milliseconds(ms))
        }
    }

    /// Any of the gestures above in `area`.
    public static func any(in area: Rect) -> Generator<GestureScript, some SendableSequenceType> {
        Gen.oneOf(
            tap(in: area), doubleTap(in: area), press(in: area), drag(in: area), fling(in: area), pinch(in: area),
            rotation(in: area))
    }

    /// Free multitouch sequences in `area`: up to `fingers` fingers landing, moving, resting and lifting in any
    /// order, `steps` steps long (fingers still down lift at the end). Steps that do not apply — a lift of a
    /// finger that is up — are left out, and consecutive pauses are one, so the script shows only what happens.
    ///
    /// - Parameters:
    ///   - area: where fingers land and move to (whole points inside it).
    ///   - fingers: the most fingers (1–10, default 3).
    ///   - steps: how many steps are drawn (default 1–12).
    ///   - cancels: whether a finger may be cancelled instead of lifted (default `false`).
    public static func multitouch(
        in area: Rect, fingers: Int = 3, steps: ClosedRange<Int> = 1...12, cancels: Bool = false
    ) -> Generator<GestureScript, some SendableSequenceType> {
        precondition((1...10).contains(fingers), "fingers must be 1–10, not \(fingers)")
        let (x, y) = coordinates(in: area)
        let step = zip(Gen.int(in: 0...(cancels ? 4 : 3)), Gen.int(in: 1...fingers), x, y, Gen.int(in: 0...600))
        return step.array(of: steps).map { codes in
            var down: Set<Int> = []
            var script: [GestureScript.Step] = []
            for (action, finger, x, y, ms) in codes {
                let point = Point(x: Double(x), y: Double(y))
                switch action {
                case 0 where !down.contains(finger):
                    down.insert(finger)
                    script.append(.down(finger, at: point))
                case 1 where ms > 0:
                    // Consecutive pauses read as one (and shrink as one).
                    if let last = script.last, case .hold(let before) = last {
                        script[script.count - 1] = .hold(before + .milliseconds(ms))
                    } else if let last = script.last, case .wait(let before) = last {
                        script[script.count - 1] = .wait(before + .milliseconds(ms))
                    } else {
                        script.append(down.isEmpty ? .wait(.milliseconds(ms)) : .hold(.milliseconds(ms)))
                    }
                case 2 where down.contains(finger):
                    script.append(.move(finger, to: point, over: .milliseconds(ms)))
                case 3 where down.contains(finger):
                    down.remove(finger)
                    script.append(.lift(finger))
                case 4 where down.contains(finger):
                    down.remove(finger)
                    script.append(.cancel(finger))
                default:
                    break
                }
            }
            return GestureScript(script)
        }
    }

    /// Durations within `variation` milliseconds of one of `thresholds` (default ±40 ms): timings at a
    /// recognizer's edges (a long press's 500 ms, a double tap's 350 ms interval…). Shrinks to the first threshold.
    public static func duration(
        near thresholds: [Duration], variation: Int = 40
    ) -> Generator<Duration, some SendableSequenceType> {
        precondition(!thresholds.isEmpty, "give at least one threshold")
        return zip(Gen.int(in: 0...(thresholds.count - 1)), Gen.int(in: -variation...variation)).map { index, delta in
            max(.zero, thresholds[index] + .milliseconds(delta))
        }
    }
}
