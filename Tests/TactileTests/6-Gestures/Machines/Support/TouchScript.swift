import PropertyBased
@testable import Tactile

/// One step of a random touch script, as small numbers so the generator can shrink them.
nonisolated struct ScriptStep: Hashable, Sendable, CustomStringConvertible {
    /// 0 down in a 40 pt cluster (so taps repeat near each other), 1 down anywhere, 2–3 move one finger a
    /// little, 4 flick one finger (up to 80 pt), 5–6 move all fingers, 7 up, 8 a quick tap in the cluster
    /// (down, and up `delay / 3` ms later) if that finger is up, else a clock tick, 9 cancel.
    var kind: Int
    /// Which of three fingers.
    var finger: Int
    /// A location for a down, a displacement for a move, in points.
    var x: Double
    var y: Double
    /// Milliseconds since the previous step (at least 1).
    var delay: Int

    var description: String { "(\(kind) f\(finger) \(formatPoints(x)),\(formatPoints(y)) +\(delay))" }
}

nonisolated enum TouchScript {
    /// Scripts of 1–24 steps over up to three fingers, in a 400 × 800 pt window.
    static let steps = zip(
        Gen.int(in: 0...9), Gen.int(in: 0...2), Gen.double(in: -40...440), Gen.double(in: -40...840),
        Gen.int(in: 1...260)
    ).map { v in ScriptStep(kind: v.0, finger: v.1, x: v.2, y: v.3, delay: v.4) }.array(of: 1...24)

    /// The timeline a script describes. Each step is one dispatch; a step that does not apply (a move of a
    /// finger that is up) becomes a tick. Every finger still down lifts 16 ms after the last step.
    static func timeline(_ steps: [ScriptStep]) -> Timeline {
        var down: [Int: (id: TouchContact.ID, location: Point)] = [:]
        var nextID: UInt64 = 1
        var time = 0
        var frames: [TimelineFrame] = []
        func displacement(_ step: ScriptStep) -> Point {
            step.kind == 4
                ? Point(x: (step.x - 200) / 3, y: (step.y - 400) / 12)
                : Point(x: (step.x - 200) / 10, y: (step.y - 400) / 20)
        }
        for step in steps {
            time += step.delay
            var changes: [TimelineFrame.Change] = []
            switch step.kind {
            case 0, 1:
                if down[step.finger] == nil {
                    let id = TouchContact.ID(nextID)
                    nextID += 1
                    let location = step.kind == 0
                        ? Point(x: 180 + (step.x + 40) / 12, y: 380 + (step.y + 40) / 22)
                        : Point(x: step.x, y: step.y)
                    down[step.finger] = (id, location)
                    changes.append(.init(id: id, phase: .began, location: location))
                }
            case 2, 3, 4:
                if let (id, location) = down[step.finger] {
                    let moved = location + displacement(step)
                    down[step.finger] = (id, moved)
                    changes.append(.init(id: id, phase: .moved, location: moved))
                }
            case 5, 6:
                for finger in down.keys.sorted() {
                    let (id, location) = down[finger]!
                    let moved = location + displacement(step) * Double(finger + 1)
                    down[finger] = (id, moved)
                    changes.append(.init(id: id, phase: .moved, location: moved))
                }
            case 8:
                if down[step.finger] == nil {
                    let id = TouchContact.ID(nextID)
                    nextID += 1
                    let location = Point(x: 180 + (step.x + 40) / 12, y: 380 + (step.y + 40) / 22)
                    frames.append(TimelineFrame(time: ms(Double(time)), changes: [.init(id: id, phase: .began, location: location)]))
                    time += 1 + step.delay / 3
                    changes.append(.init(id: id, phase: .ended, location: location))
                }
            case 7, 9:
                if let (id, location) = down.removeValue(forKey: step.finger) {
                    changes.append(.init(id: id, phase: step.kind == 7 ? .ended : .cancelled, location: location))
                }
            default:
                break
            }
            frames.append(TimelineFrame(time: ms(Double(time)), changes: changes))
        }
        let lifts = down.keys.sorted().map { finger in
            TimelineFrame.Change(id: down[finger]!.id, phase: .ended, location: down[finger]!.location)
        }
        if !lifts.isEmpty { frames.append(TimelineFrame(time: ms(Double(time + 16)), changes: lifts)) }
        return Timeline(frames: frames)
    }
}
