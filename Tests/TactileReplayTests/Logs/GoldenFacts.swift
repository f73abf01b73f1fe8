import Foundation
import Tactile
import Testing

@testable import TactileReplay

/// A moment of a golden replay, computed from the recording's own frames (never from the log under test), in
/// seconds since the first event.
nonisolated indirect enum GoldenMoment: Sendable, CustomStringConvertible {
    /// An absolute time.
    case seconds(Double)
    /// The frame where contact `n` lands.
    case landing(UInt64)
    /// The frame where contact `n` lifts.
    case lift(UInt64)
    /// The frame where the last contact still down lifts.
    case lastLift
    /// A moment plus a duration (a recognizer's timer: `minimumPressDuration`, a scroll view's content delay).
    case after(GoldenMoment, Double)
    /// The first frame where contact `n` is `distance` pt or more from where it landed along x or y (a pan's
    /// per-axis hysteresis, spec §6.3 rule 1; `axis` restricts it to one axis: a swipe's primary movement, an edge
    /// pan's movement away from the edge).
    case moved(UInt64, atLeast: Double, axis: Axis = .either)
    /// The first frame where contact `n` is more than `distance` pt from where it landed, in a straight line (a
    /// long press's `allowableMovement`, spec §6.2 rule 2).
    case strayed(UInt64, beyond: Double)
    /// The first frame where the centroid of contacts 1 and 2 moved `distance` pt or more along x or y from where it
    /// was when the second landed (a two-finger pan, spec §6.3 rules 1 and 4).
    case pairMoved(atLeast: Double)
    /// The first frame where the span between contacts 1 and 2 changed by `distance` pt or more since the second
    /// landed (a pinch's hysteresis, spec §6.6 rule 1).
    case spanChanged(atLeast: Double)
    /// The first frame where the line from contact 1 to contact 2 turned by `angle` radians or more since the
    /// second landed (a rotation's threshold, spec §6.7 rule 2).
    case turned(atLeast: Double)

    enum Axis: Sendable { case x, y, either }

    var description: String {
        switch self {
        case .seconds(let seconds): "\(seconds) s"
        case .landing(let n): "#\(n) lands"
        case .lift(let n): "#\(n) lifts"
        case .lastLift: "the last finger lifts"
        case .after(let moment, let seconds): "\(seconds) s after \(moment)"
        case .moved(let n, let distance, let axis): "#\(n) has moved \(distance) pt (\(axis))"
        case .strayed(let n, let distance): "#\(n) is more than \(distance) pt from where it landed"
        case .pairMoved(let distance): "the two fingers' centroid has moved \(distance) pt"
        case .spanChanged(let distance): "the span has changed by \(distance) pt"
        case .turned(let angle): "the fingers have turned \(angle) rad"
        }
    }
}

/// One decisive fact of a golden replay: who recognizes or fails, when and why, who gets which touches. Facts are
/// derived from the spec (thresholds, rules) and the recording (when fingers land, move and lift), and checked on
/// the replay's JSON log, so a re-recorded golden whose outcome changed fails even though its lines match.
nonisolated struct GoldenFact: Sendable, CustomStringConvertible {
    enum Claim: Sendable {
        /// `recognizer` goes to `state` (`began`, `recognized`, `failed`, `ended`, `cancelled`) at `when`, its
        /// reason containing `reason`.
        case transition(String, to: String, when: GoldenMoment?, reason: String?)
        /// `recognizer` never goes to `state`.
        case never(String, to: String)
        /// `view` gets `phase` for exactly `touches` at `when`.
        case touches(String, phase: String, touches: [UInt64], when: GoldenMoment?)
        /// `view` never gets `phase` (any touches).
        case noTouches(String, phase: String)
        /// `view`'s withheld touches are discarded because `recognizer` took them.
        case discarded(String, touches: [UInt64], by: String, when: GoldenMoment?)
        /// `recognizer` waits for `required` to fail.
        case waits(String, for: String, when: GoldenMoment?)
        /// `control` sends `event` exactly `count` times.
        case controlEvents(String, event: String, count: Int)
        /// No recognizer changes state at all.
        case noRecognizerChanges
    }

    var claim: Claim
    /// Why the fact does not hold yet (a bug it found, left to the issue that owns the code); the check then expects
    /// the fact to fail, and fails once it holds so that the note is removed.
    var knownIssue: String? = nil

    /// The same fact, known not to hold yet for `reason`.
    func knownIssue(_ reason: String) -> Self {
        var fact = self
        fact.knownIssue = reason
        return fact
    }

    static func recognizes(_ name: String, at when: GoldenMoment?, _ reason: String? = nil) -> Self {
        .init(claim: .transition(name, to: "recognized", when: when, reason: reason))
    }
    static func begins(_ name: String, at when: GoldenMoment?, _ reason: String? = nil) -> Self {
        .init(claim: .transition(name, to: "began", when: when, reason: reason))
    }
    static func fails(_ name: String, at when: GoldenMoment?, _ reason: String? = nil) -> Self {
        .init(claim: .transition(name, to: "failed", when: when, reason: reason))
    }
    static func ends(_ name: String, at when: GoldenMoment?, _ reason: String? = nil) -> Self {
        .init(claim: .transition(name, to: "ended", when: when, reason: reason))
    }
    static func never(_ name: String, _ state: String) -> Self { .init(claim: .never(name, to: state)) }
    static func gets(_ view: String, _ phase: String, _ touches: [UInt64], at when: GoldenMoment?) -> Self {
        .init(claim: .touches(view, phase: phase, touches: touches, when: when))
    }
    static func neverGets(_ view: String, _ phase: String) -> Self { .init(claim: .noTouches(view, phase: phase)) }
    static func discarded(_ view: String, _ touches: [UInt64], by recognizer: String, at when: GoldenMoment?) -> Self {
        .init(claim: .discarded(view, touches: touches, by: recognizer, when: when))
    }
    static func waits(_ name: String, for required: String, at when: GoldenMoment?) -> Self {
        .init(claim: .waits(name, for: required, when: when))
    }
    static func sends(_ control: String, _ event: String, times count: Int) -> Self {
        .init(claim: .controlEvents(control, event: event, count: count))
    }
    static let noRecognizerChanges = Self(claim: .noRecognizerChanges)

    var description: String {
        func at(_ when: GoldenMoment?) -> String { when.map { " when \($0)" } ?? "" }
        switch claim {
        case .transition(let name, let state, let when, let reason):
            return "\(name) → \(state)\(at(when))" + (reason.map { " (\($0)…)" } ?? "")
        case .never(let name, let state): return "\(name) never → \(state)"
        case .touches(let view, let phase, let touches, let when):
            return "\(view) gets \(phase)\(touches.map { "#\($0)" })\(at(when))"
        case .noTouches(let view, let phase): return "\(view) never gets \(phase)"
        case .discarded(let view, let touches, let recognizer, let when):
            return "\(view)'s withheld \(touches.map { "#\($0)" }) discarded by \(recognizer)\(at(when))"
        case .waits(let name, let required, let when): return "\(name) waits for \(required)\(at(when))"
        case .controlEvents(let control, let event, let count): return "\(control) sends \(event) \(count) times"
        case .noRecognizerChanges: return "no recognizer changes state"
        }
    }
}

/// A replay's log as JSON objects (the documented `--json` format: only the keys named there are read, so added
/// keys such as positions change nothing) and its input frames.
struct GoldenRecord {
    var entries: [[String: Any]]
    var frames: [TouchFrame]

    /// The time of a moment, from the frames; `nil` when the recording never reaches it.
    func time(of moment: GoldenMoment) -> Double? {
        func location(_ n: UInt64, in frame: TouchFrame) -> Point? {
            frame.contacts.first { $0.id.rawValue == n }?.location
        }
        func firstFrame(from start: Double, where predicate: (TouchFrame) -> Bool) -> Double? {
            frames.first { $0.timestamp.seconds >= start && predicate($0) }?.timestamp.seconds
        }
        func pairStart() -> (time: Double, a: Point, b: Point)? {
            guard let landing = time(of: .landing(2)),
                let frame = frames.first(where: { $0.timestamp.seconds == landing }),
                let a = location(1, in: frame), let b = location(2, in: frame)
            else { return nil }
            return (landing, a, b)
        }
        switch moment {
        case .seconds(let seconds):
            return seconds
        case .landing(let n):
            return frames.first { $0.contacts.contains { $0.id.rawValue == n && $0.phase == .began } }?.timestamp.seconds
        case .lift(let n):
            return frames.first {
                $0.contacts.contains { $0.id.rawValue == n && ($0.phase == .ended || $0.phase == .cancelled) }
            }?.timestamp.seconds
        case .lastLift:
            return frames.last {
                $0.contacts.contains { $0.phase == .ended || $0.phase == .cancelled }
                    && $0.contacts.allSatisfy { $0.phase == .ended || $0.phase == .cancelled }
            }?.timestamp.seconds
        case .after(let moment, let seconds):
            return time(of: moment).map { $0 + seconds }
        case .moved(let n, let distance, let axis):
            guard let landing = time(of: .landing(n)),
                let start = frames.first(where: { $0.timestamp.seconds == landing }).flatMap({ location(n, in: $0) })
            else { return nil }
            return firstFrame(from: landing) { frame in
                guard let point = location(n, in: frame) else { return false }
                let dx = abs(point.x - start.x), dy = abs(point.y - start.y)
                switch axis {
                case .x: return dx >= distance
                case .y: return dy >= distance
                case .either: return max(dx, dy) >= distance
                }
            }
        case .strayed(let n, let distance):
            guard let landing = time(of: .landing(n)),
                let start = frames.first(where: { $0.timestamp.seconds == landing }).flatMap({ location(n, in: $0) })
            else { return nil }
            return firstFrame(from: landing) { frame in
                guard let point = location(n, in: frame) else { return false }
                return ((point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y)).squareRoot()
                    > distance
            }
        case .pairMoved(let distance):
            guard let start = pairStart() else { return nil }
            let centroid = Point(x: (start.a.x + start.b.x) / 2, y: (start.a.y + start.b.y) / 2)
            return firstFrame(from: start.time) { frame in
                guard let a = location(1, in: frame), let b = location(2, in: frame) else { return false }
                return max(abs((a.x + b.x) / 2 - centroid.x), abs((a.y + b.y) / 2 - centroid.y)) >= distance
            }
        case .spanChanged(let distance):
            guard let start = pairStart() else { return nil }
            func span(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
            let initial = span(start.a, start.b)
            return firstFrame(from: start.time) { frame in
                guard let a = location(1, in: frame), let b = location(2, in: frame) else { return false }
                return abs(span(a, b) - initial) >= distance
            }
        case .turned(let angle):
            guard let start = pairStart() else { return nil }
            let initial = atan2(start.b.y - start.a.y, start.b.x - start.a.x)
            return firstFrame(from: start.time) { frame in
                guard let a = location(1, in: frame), let b = location(2, in: frame) else { return false }
                var turn = atan2(b.y - a.y, b.x - a.x) - initial
                while turn > .pi { turn -= 2 * .pi }
                while turn < -.pi { turn += 2 * .pi }
                return abs(turn) >= angle
            }
        }
    }

    private func string(_ entry: [String: Any], _ key: String) -> String? { entry[key] as? String }
    private func touches(_ entry: [String: Any]) -> [UInt64] {
        ((entry["touches"] as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.uint64Value }
    }

    /// Whether `entry` is at `when` (within the JSON's microsecond rounding); true when `when` is `nil`.
    private func matches(_ entry: [String: Any], _ when: GoldenMoment?) -> Bool {
        guard let when else { return true }
        guard let expected = time(of: when), let t = entry["t"] as? Double else { return false }
        return abs(t - expected) < 2e-6
    }

    /// The problems found checking `fact`, or `nil` when it holds.
    func problem(with fact: GoldenFact) -> String? {
        func describe(_ when: GoldenMoment?) -> String {
            guard let when else { return "" }
            return time(of: when).map { " (the recording says \(String(format: "%.6f", $0)) s)" }
                ?? " (the recording never gets there)"
        }
        func transitions(_ name: String, _ state: String) -> [[String: Any]] {
            entries.filter { string($0, "type") == "recognizer" && string($0, "target") == name && string($0, "to") == state }
        }
        func logged(_ list: [[String: Any]]) -> String {
            list.isEmpty ? "none" : list.prefix(4).map { "\($0["t"] ?? "?") \($0["reason"] ?? "")" }.joined(separator: "; ")
        }
        switch fact.claim {
        case .transition(let name, let state, let when, let reason):
            let candidates = transitions(name, state)
            let found = candidates.contains { entry in
                matches(entry, when) && (reason.map { string(entry, "reason")?.contains($0) == true } ?? true)
            }
            return found ? nil : "\(fact)\(describe(when)) — logged: \(logged(candidates))"
        case .never(let name, let state):
            let candidates = transitions(name, state)
            return candidates.isEmpty ? nil : "\(fact) — logged: \(logged(candidates))"
        case .touches(let view, let phase, let expected, let when):
            let candidates = entries.filter {
                string($0, "type") == "touches" && string($0, "target") == view && string($0, "phase") == phase
            }
            let found = candidates.contains { matches($0, when) && touches($0) == expected }
            return found ? nil : "\(fact)\(describe(when)) — logged: "
                + (candidates.isEmpty ? "none" : candidates.prefix(4).map { "\($0["t"] ?? "?") \(touches($0))" }.joined(separator: "; "))
        case .noTouches(let view, let phase):
            let candidates = entries.filter {
                string($0, "type") == "touches" && string($0, "target") == view && string($0, "phase") == phase
            }
            return candidates.isEmpty ? nil : "\(fact) — logged at \(candidates.prefix(4).map { "\($0["t"] ?? "?")" })"
        case .discarded(let view, let expected, let recognizer, let when):
            let found = entries.contains {
                string($0, "type") == "arena" && string($0, "decision") == "discarded" && string($0, "target") == view
                    && ($0["recognizers"] as? [String]) == [recognizer] && touches($0) == expected && matches($0, when)
            }
            return found ? nil : "\(fact)\(describe(when))"
        case .waits(let name, let required, let when):
            let found = entries.contains {
                string($0, "type") == "arena" && string($0, "decision") == "waits" && string($0, "target") == name
                    && ($0["recognizers"] as? [String])?.contains(required) == true && matches($0, when)
            }
            return found ? nil : "\(fact)\(describe(when))"
        case .controlEvents(let control, let event, let count):
            let sent = entries.filter {
                string($0, "type") == "controlEvent" && string($0, "target") == control && string($0, "event") == event
            }.count
            return sent == count ? nil : "\(fact) — sent \(sent) times"
        case .noRecognizerChanges:
            let changes = entries.filter { string($0, "type") == "recognizer" }
            return changes.isEmpty ? nil : "\(fact) — logged \(changes.count), first \(changes[0])"
        }
    }
}
