import Foundation
import Tactile

/// One finger's contact in a gesture: when it lands and lifts, and where it is in between.
///
/// The synthesizer's strokes (``SynthesizedGesture/strokes(surface:anchor:random:)``) are in millimetres from
/// the surface's top-left corner; `TactileTesting` builds strokes in screen points. A sampler turns strokes into
/// reports: ``ReportClock`` says when, ``FingerJitter`` how a real finger wanders.
public struct FingerStroke: Sendable {
    /// When the finger touches down, in seconds from the start of the gesture.
    public var down: Double
    /// When it lifts, in seconds; after ``down``.
    public var up: Double
    /// The path: the position at a time in `down...up`.
    public var path: @Sendable (Double) -> Point
    /// The contact's major axis while pressed firmly, in millimetres.
    public var contactSize: Double
    /// The pressure while pressed firmly, as a fraction of the axis maximum.
    public var pressure: Double
    /// The tool the device reports for the contact (`ABS_MT_TOOL_TYPE` on devices that have it).
    public var tool = StrokeTool.finger
    /// From this time on (seconds; at or before ``down`` for a palm from the start) the contact is a palm:
    /// `MT_TOOL_PALM` and a contact of ``palmSize`` millimetres.
    public var palmFrom: Double?
    /// The contact's major axis as a palm, in millimetres.
    public var palmSize = 30.0

    /// Creates a stroke.
    ///
    /// - Parameters:
    ///   - down: when the finger touches down, in seconds from the start of the gesture.
    ///   - up: when it lifts, in seconds; after `down`.
    ///   - path: the position at a time in `down...up`.
    ///   - contactSize: the contact's major axis while pressed firmly, in millimetres (default 8).
    ///   - pressure: the pressure while pressed firmly, as a fraction of the maximum (default 0.4).
    public init(
        down: Double, up: Double, path: @escaping @Sendable (Double) -> Point, contactSize: Double = 8,
        pressure: Double = 0.4
    ) {
        self.down = down
        self.up = up
        self.path = path
        self.contactSize = contactSize
        self.pressure = pressure
    }

    /// The position at `time`, clamped to the stroke's life.
    public func position(at time: Double) -> Point { path(min(max(time, down), up)) }
}

/// The tool of a stroke: what a device with `ABS_MT_TOOL_TYPE` reports for the contact (a palm is a stroke's
/// ``FingerStroke/palmFrom``, not a tool).
public enum StrokeTool: Sendable {
    /// A finger (`MT_TOOL_FINGER`).
    case finger
    /// A pen or stylus (`MT_TOOL_PEN`).
    case pen
}

/// Ease in and out: 0 at 0, 1 at 1, zero slope at both ends (smoothstep); clamped outside `0...1`.
public func easeInOut(_ s: Double) -> Double {
    let t = min(max(s, 0), 1)
    return t * t * (3 - 2 * t)
}

/// Linear interpolation of two points.
func mix(_ a: Point, _ b: Point, _ s: Double) -> Point { a + (b - a) * s }

/// A point at `radius` and `angle` (radians, clockwise on screen) from `center`.
func polar(_ center: Point, radius: Double, angle: Double) -> Point {
    Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
}

extension SynthesizedGesture {
    /// The finger strokes of the gesture, in slot order (the finger that lands first first), on a surface of
    /// `surface` millimetres, centred on `anchor` (millimetres), with every random choice drawn from `random`.
    public func strokes(surface: Size, anchor: Point, random: inout SplitMix64) -> [FingerStroke] {
        func size() -> Double { random.uniform(7...9.5) }
        func pressure() -> Double { random.uniform(0.3...0.5) }
        func jittered(_ point: Point, _ sigma: Double) -> Point {
            Point(x: point.x + random.gaussian(sigma: sigma), y: point.y + random.gaussian(sigma: sigma))
        }
        /// A nearly still finger: a slow drift of `drift` millimetres in a random direction.
        func still(at point: Point, from down: Double, to up: Double, drift: Double) -> FingerStroke {
            let angle = random.uniform(0...(2 * .pi))
            let end = polar(point, radius: drift, angle: angle)
            return FingerStroke(
                down: down, up: up, path: { t in mix(point, end, (t - down) / max(up - down, 1e-9)) },
                contactSize: size(), pressure: pressure())
        }
        let start = random.uniform(0.0...0.004)
        switch self {
        case .tap:
            return [still(at: jittered(anchor, 2), from: start, to: start + random.uniform(0.07...0.13), drift: random.uniform(0...0.4))]
        case .doubleTap:
            let first = jittered(anchor, 2)
            let firstUp = start + random.uniform(0.07...0.11)
            let secondDown = firstUp + random.uniform(0.12...0.18)
            return [
                still(at: first, from: start, to: firstUp, drift: random.uniform(0...0.3)),
                still(at: jittered(first, 0.8), from: secondDown, to: secondDown + random.uniform(0.07...0.11),
                      drift: random.uniform(0...0.3)),
            ]
        case .longPress:
            return [still(at: jittered(anchor, 2), from: start, to: start + random.uniform(0.9...1.1), drift: random.uniform(0.2...0.7))]
        case .pan:
            let from = jittered(Point(x: anchor.x - 30, y: anchor.y), 2)
            let to = Point(x: from.x + random.uniform(55...65), y: from.y + random.gaussian(sigma: 4))
            let rest = random.uniform(0.06...0.1), travel = random.uniform(0.6...0.8), settle = random.uniform(0.04...0.08)
            let moveStart = start + rest
            return [FingerStroke(
                down: start, up: moveStart + travel + settle,
                path: { t in mix(from, to, easeInOut((t - moveStart) / travel)) },
                contactSize: size(), pressure: pressure())]
        case .swipe:
            let from = jittered(Point(x: anchor.x - 25, y: anchor.y), 2)
            let to = Point(x: from.x + random.uniform(45...55), y: from.y + random.gaussian(sigma: 2))
            let travel = random.uniform(0.12...0.18)
            // Accelerating, then lifted at speed: the path's last part is still fast.
            return [FingerStroke(
                down: start, up: start + travel,
                path: { t in
                    let s = min(max((t - start) / travel, 0), 1)
                    return mix(from, to, s * s * (2 - s))
                },
                contactSize: size(), pressure: pressure())]
        case .pinchIn, .pinchOut, .rotation:
            let center = jittered(anchor, 2)
            let angle0 = random.uniform(0.3...0.7)
            let (spread0, spread1, turn): (Double, Double, Double) =
                switch self {
                case .pinchIn: (random.uniform(65...75), random.uniform(28...34), random.gaussian(sigma: 0.03))
                case .pinchOut: (random.uniform(28...34), random.uniform(65...75), random.gaussian(sigma: 0.03))
                default: (random.uniform(52...58), random.uniform(52...58), .pi / 3 + random.gaussian(sigma: 0.03))
                }
            let secondDown = start + random.uniform(0.02...0.06)
            let moveStart = secondDown + random.uniform(0.04...0.08)
            let travel = random.uniform(0.5...0.7)
            let firstUp = moveStart + travel + random.uniform(0.03...0.07)
            let secondUp = firstUp + random.uniform(0.01...0.04)
            func finger(_ side: Double, down: Double, up: Double) -> FingerStroke {
                FingerStroke(
                    down: down, up: up,
                    path: { t in
                        let s = easeInOut((t - moveStart) / travel)
                        let spread = spread0 + (spread1 - spread0) * s
                        return polar(center, radius: spread / 2, angle: angle0 + turn * s + side)
                    },
                    contactSize: size(), pressure: pressure())
            }
            return [finger(.pi, down: start, up: firstUp), finger(0, down: secondDown, up: secondUp)]
        case .twoFingerTap:
            let center = jittered(anchor, 2)
            let angle = random.gaussian(sigma: 0.15)
            let secondDown = start + random.uniform(0.005...0.03)
            let firstUp = secondDown + random.uniform(0.08...0.12)
            return [
                still(at: polar(center, radius: 12, angle: angle + .pi), from: start, to: firstUp, drift: random.uniform(0...0.3)),
                still(at: polar(center, radius: 12, angle: angle), from: secondDown, to: firstUp + random.uniform(0.005...0.03),
                      drift: random.uniform(0...0.3)),
            ]
        case .edgePan:
            let from = Point(x: random.uniform(0.5...1.5), y: anchor.y + random.gaussian(sigma: 3))
            let to = Point(x: from.x + random.uniform(65...75), y: from.y + random.gaussian(sigma: 3))
            let travel = random.uniform(0.35...0.45)
            let moveStart = start + random.uniform(0.015...0.03)
            return [FingerStroke(
                down: start, up: moveStart + travel + random.uniform(0.03...0.06),
                path: { t in mix(from, to, easeInOut((t - moveStart) / travel)) },
                contactSize: size(), pressure: pressure())]
        case .pen:
            let from = jittered(Point(x: anchor.x - 20, y: anchor.y), 2)
            let to = Point(x: from.x + random.uniform(38...42), y: from.y + random.gaussian(sigma: 2))
            let travel = random.uniform(0.45...0.55)
            let moveStart = start + random.uniform(0.03...0.05)
            var stroke = FingerStroke(
                down: start, up: moveStart + travel + random.uniform(0.03...0.05),
                path: { t in mix(from, to, easeInOut((t - moveStart) / travel)) },
                contactSize: random.uniform(0.8...1.2), pressure: pressure())
            stroke.tool = .pen
            return [stroke]
        case .palm:
            var stroke = still(at: jittered(anchor, 2), from: start, to: start + random.uniform(0.5...0.6), drift: random.uniform(1...2))
            stroke.palmFrom = start + random.uniform(0.15...0.25)
            stroke.palmSize = random.uniform(28...36)
            return [stroke]
        case .palmAndTap:
            let palmAt = jittered(Point(x: anchor.x, y: anchor.y + 25), 2)
            var palm = still(at: palmAt, from: start, to: start + random.uniform(0.55...0.65), drift: random.uniform(0.5...1.5))
            palm.palmFrom = start
            palm.palmSize = random.uniform(28...36)
            let tapDown = start + random.uniform(0.15...0.25)
            let tap = still(
                at: jittered(Point(x: anchor.x, y: anchor.y - 25), 2), from: tapDown, to: tapDown + random.uniform(0.07...0.13),
                drift: random.uniform(0...0.4))
            return [palm, tap]
        }
    }
}
