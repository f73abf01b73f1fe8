import Tactile
import TactileTesting
import Testing

// Input written the way a test harness for a ported app would: frames of a digitizer, built by hand. Nothing
// here knows Tactile's internals; the numbers are those of real hardware (a 120 Hz or 240 Hz touchscreen, a
// 25 Hz resistive panel), with a small deterministic jitter so that estimators see realistic samples.

/// A deterministic jitter source (a linear congruential generator), ± `amplitude` points.
struct Jitter {
    private var state: UInt64
    let amplitude: Double

    init(seed: UInt64, amplitude: Double) {
        state = seed
        self.amplitude = amplitude
    }

    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let unit = Double(state >> 11) / Double(1 << 53)  // [0, 1)
        return (unit * 2 - 1) * amplitude
    }
}

/// One finger's stroke: where it is at each sample time, and the frames a digitizer reports for it.
struct Stroke {
    /// The contact.
    var id: UInt64 = 1
    /// What touches the screen.
    var type: Touch.TouchType = .direct
    /// Seconds since the start of the stroke of each sample, and the position then.
    var samples: [(time: Double, location: Point)]

    /// A fling sampled at `rate` Hz: down at `start`, speeding up smoothly (ease-in over `rampUp` seconds) to
    /// `velocity` (points per second), then moving at that speed until `duration`; the finger lifts one sample
    /// later where it was (a digitizer's lift report carries no new position). Jitter of ± `jitter` pt.
    static func fling(
        from start: Point, velocity: Point, rate: Double, duration: Double, rampUp: Double = 0.08,
        jitter: Double = 0.3, seed: UInt64 = 7
    ) -> Stroke {
        var noise = Jitter(seed: seed, amplitude: jitter)
        var samples: [(Double, Point)] = []
        let count = Int((duration * rate).rounded())
        for index in 0...count {
            let t = Double(index) / rate
            // Distance along the path: ∫ speed, speed = v·(t/rampUp)² … v (smooth start), then v.
            let travelled: Double
            if t < rampUp {
                travelled = t * t * t / (3 * rampUp * rampUp)
            } else {
                travelled = rampUp / 3 + (t - rampUp)
            }
            let exact = start + velocity * travelled
            let point = index == 0 ? exact : Point(x: exact.x + noise.next(), y: exact.y + noise.next())
            samples.append((t, point))
        }
        return Stroke(samples: samples)
    }

    /// A straight move at constant `velocity` sampled at `rate` Hz for `duration` seconds.
    static func steady(from start: Point, velocity: Point, rate: Double, duration: Double) -> Stroke {
        let count = Int((duration * rate).rounded())
        return Stroke(samples: (0...count).map { index in
            let t = Double(index) / rate
            return (t, start + velocity * t)
        })
    }

    /// The frames: began, moved…, then ended one sample interval after the last move, at the last position.
    func frames(startingAt origin: Double = 0) -> [TouchFrame] {
        func frame(_ time: Double, _ phase: TouchContact.Phase, _ location: Point) -> TouchFrame {
            TouchFrame(timestamp: Timestamp(seconds: origin + time), contacts: [
                TouchContact(id: .init(id), phase: phase, location: location, slot: Int(id), type: type),
            ])
        }
        var frames = samples.enumerated().map { frame($1.time, $0 == 0 ? .began : .moved, $1.location) }
        if let last = samples.last {
            let interval = samples.count > 1 ? samples[1].time - samples[0].time : 0.008
            frames.append(frame(last.time + interval, .ended, last.location))
        }
        return frames
    }
}

/// A tap: down and up `duration` seconds later at the same place.
func tapFrames(at point: Point, time: Double, id: UInt64 = 1, duration: Double = 0.08) -> [TouchFrame] {
    [
        .at(time * 1000, .down(id, point.x, point.y)),
        .at((time + duration) * 1000, .up(id, point.x, point.y)),
    ]
}

/// An application with one full-screen window of `size`, as an app delegate would set it up.
func makeApplication(window: Window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600)))
    -> (Application, Window)
{
    let application = Application()
    application.addWindow(window)
    return (application, window)
}

extension Application {
    /// Sends every frame as TactileTesting's ``TouchSequence`` does (timers due first), then lets pending timers
    /// run.
    func send(_ frames: [TouchFrame], sourceLocation: SourceLocation = #_sourceLocation) {
        let sequence = TouchSequence(self)
        sequence.send(frames, sourceLocation: sourceLocation)
        sequence.settle()
    }
}
