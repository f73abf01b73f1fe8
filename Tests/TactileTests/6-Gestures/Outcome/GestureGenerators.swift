import Foundation
import PropertyBased
import Tactile
import TactileTesting

// Generators of gestures with known outcomes under the spec's thresholds (§6.0): presses that stay within a
// radius, holds that outlast a duration, drags that cross the pan's hysteresis, two fingers that pinch and turn.
// Kept in their own file, free of the tests, so they can move to the TactileTesting library.

/// Fingers that land together, move through frames and lift together. Offsets are from each finger's landing
/// point; times are milliseconds after the landing.
nonisolated struct GeneratedGesture: Sendable, CustomStringConvertible {
    /// Where each finger lands (window points).
    var origins: [Point]
    /// For each frame after the landing: its time and each finger's offset from where it landed.
    var frames: [(time: Int64, offsets: [Point])]
    /// When the fingers lift (after the last frame).
    var liftTime: Int64

    var fingerCount: Int { origins.count }

    var description: String {
        let path = frames.map { frame in
            "\(frame.time)ms " + frame.offsets.map { String(format: "(%.3f,%.3f)", $0.x, $0.y) }.joined(separator: " ")
        }
        return "\(origins.count) fingers at \(origins.map { String(format: "(%.3f,%.3f)", $0.x, $0.y) }) — "
            + path.joined(separator: "; ") + " — lift \(liftTime)ms"
    }

    /// The locations of every finger at frame `index` (−1: the landing).
    func locations(at index: Int) -> [Point] {
        guard index >= 0 else { return origins }
        return zip(origins, frames[index].offsets).map { Point(x: $0.x + $1.x, y: $0.y + $1.y) }
    }

    /// The centroid of the fingers at frame `index` (−1: the landing).
    func centroid(at index: Int) -> Point {
        let points = locations(at: index)
        let n = Double(points.count)
        return Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
    }

    /// The touch frames, starting at `start` ms, contact identifiers 1…n in slots 0…n−1; `transform` maps every
    /// point (a rigid motion for the invariance properties).
    func touchFrames(start: Int64 = 0, transform: (Point) -> Point = { $0 }) -> [TouchFrame] {
        func frame(_ time: Int64, _ points: [Point], _ contact: (UInt64, Point, Int) -> TouchContact) -> TouchFrame {
            TouchFrame(timestamp: .milliseconds(start + time), contacts: points.enumerated().map { index, point in
                contact(UInt64(index + 1), transform(point), index)
            })
        }
        return [frame(0, origins) { id, point, slot in .down(id, point.x, point.y, slot: slot) }]
            + frames.indices.map { index in
                frame(frames[index].time, locations(at: index)) { id, point, _ in .move(id, point.x, point.y) }
            }
            + [frame(liftTime, locations(at: frames.count - 1)) { id, point, _ in .up(id, point.x, point.y) }]
    }
}

/// Generators of frame-exact gestures for the outcome properties (TactileTesting's `GestureGen` samples like a
/// touchscreen; these place every frame exactly, so a property can name the frame a threshold is crossed in).
enum OutcomeGen {
    /// Where `count` fingers land: a random point in the middle of a 4000 pt window, the others 70–150 pt apart
    /// around it (so a rotation about the window's center keeps them inside).
    static func origins(_ count: Int) -> Generator<[Point], some SendableSequenceType> {
        zip(
            Gen.double(in: 1500...2500), Gen.double(in: 1500...2500), Gen.double(in: 70...150),
            Gen.double(in: 0..<(2 * .pi))
        ).map { x, y, spacing, angle -> [Point] in
            (0..<count).map { k in
                let turn = angle + Double(k) * 2 * .pi / 3
                return k == 0 ? Point(x: x, y: y) : Point(x: x + spacing * cos(turn), y: y + spacing * sin(turn))
            }
        }
    }

    /// A press: `count` fingers, each wandering strictly less than `radius` pt from where it landed, through 0–12
    /// frames every 8–40 ms, lifting `hold` ms after the landing (at least one interval after the last frame).
    static func press(fingers count: Int, within radius: Double, hold: ClosedRange<Int64>) -> Generator<GeneratedGesture, some SendableSequenceType> {
        let offset = zip(Gen.double(in: 0..<radius), Gen.double(in: 0..<(2 * .pi)))
            .map { r, a in Point(x: r * cos(a), y: r * sin(a)) }
        return zip(origins(count), offset.array(of: count...count).array(of: 0...12), Gen.int64(in: 8...40), Gen.int64(in: hold))
            .map { origins, steps, interval, hold -> GeneratedGesture in
                // Frames spread over the hold, each at least 1 ms apart, the last before the lift.
                let spacing = max(1, min(interval, (hold - 1) / Int64(steps.count + 1)))
                let frames = steps.prefix(Int((hold - 1) / spacing)).enumerated().map {
                    (time: Int64($0.offset + 1) * spacing, offsets: $0.element)
                }
                return GeneratedGesture(origins: origins, frames: frames, liftTime: hold)
            }
    }

    /// A drag: `count` fingers moving together in a straight line at a random angle, 2–9 pt per frame, every
    /// 8–30 ms, for 6–40 frames, then lifting one interval after the last frame (at least 12 pt along an axis
    /// in all: 6 frames of at least 2 pt along the line, which is at least 1.41 pt along its main axis).
    static func drag(fingers count: Int) -> Generator<GeneratedGesture, some SendableSequenceType> {
        zip(origins(count), Gen.double(in: 0..<(2 * .pi)), Gen.double(in: 2...9).array(of: 6...40), Gen.int64(in: 8...30))
            .map { origins, angle, steps, interval -> GeneratedGesture in
                var distance = 0.0
                let frames = steps.enumerated().map { index, step -> (time: Int64, offsets: [Point]) in
                    distance += step
                    let offset = Point(x: distance * cos(angle), y: distance * sin(angle))
                    return (Int64(index + 1) * interval, Array(repeating: offset, count: count))
                }
                return GeneratedGesture(origins: origins, frames: frames, liftTime: Int64(steps.count + 1) * interval)
            }
    }

    /// Two fingers 60–400 pt apart that move independently, up to 120 pt from where they landed, through 1–30
    /// frames every 8–30 ms.
    static func twoFingers() -> Generator<GeneratedGesture, some SendableSequenceType> {
        let offset = zip(Gen.double(in: -120...120), Gen.double(in: -120...120)).map { Point(x: $0, y: $1) }
        return zip(
            Gen.double(in: 1700...2300), Gen.double(in: 1700...2300), Gen.double(in: 60...400), Gen.double(in: 0..<(2 * .pi)),
            offset.array(of: 2...2).array(of: 1...30), Gen.int64(in: 8...30)
        ).map { x, y, span, angle, steps, interval -> GeneratedGesture in
            let origins = [Point(x: x, y: y), Point(x: x + span * cos(angle), y: y + span * sin(angle))]
            let frames = steps.enumerated().map { (time: Int64($0.offset + 1) * interval, offsets: $0.element) }
            return GeneratedGesture(origins: origins, frames: frames, liftTime: Int64(steps.count + 1) * interval)
        }
    }

    /// Any of the above with one to three fingers: taps, presses held past the long press's duration, drags,
    /// two fingers pinching and turning.
    static func any() -> Generator<GeneratedGesture, some SendableSequenceType> {
        Gen.oneOf(
            press(fingers: 1, within: 44, hold: 20...740), press(fingers: 2, within: 44, hold: 20...740),
            press(fingers: 1, within: 9.9, hold: 520...1200), press(fingers: 3, within: 9.9, hold: 520...1200),
            drag(fingers: 1), drag(fingers: 2), drag(fingers: 3), twoFingers()
        )
    }
}

/// A rigid motion of the window's plane: a rotation by `angle` about (2000, 2000), then a translation.
nonisolated struct RigidMotion: Sendable, CustomStringConvertible {
    var angle: Double
    var dx: Double, dy: Double

    func apply(_ point: Point) -> Point {
        let x = point.x - 2000, y = point.y - 2000
        return Point(x: 2000 + x * cos(angle) - y * sin(angle) + dx, y: 2000 + x * sin(angle) + y * cos(angle) + dy)
    }

    var description: String { String(format: "rotate %.4f rad, translate (%.3f, %.3f)", angle, dx, dy) }

    /// A translation by up to 1000 pt.
    static let translation = zip(Gen.double(in: -1000...1000), Gen.double(in: -1000...1000))
        .map { RigidMotion(angle: 0, dx: $0, dy: $1) }
    /// A rotation by any angle and a translation by up to 500 pt.
    static let rotation = zip(Gen.double(in: 0..<(2 * .pi)), Gen.double(in: -500...500), Gen.double(in: -500...500))
        .map { RigidMotion(angle: $0, dx: $1, dy: $2) }
    /// A quarter, half or three-quarter turn and a translation by up to 500 pt (these keep x and y axes as axes).
    static let quarterTurn = zip(Gen.int(in: 1...3), Gen.double(in: -500...500), Gen.double(in: -500...500))
        .map { RigidMotion(angle: Double($0) * .pi / 2, dx: $1, dy: $2) }
}
