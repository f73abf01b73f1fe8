@testable import Tactile
import TactileTesting

/// One dispatch of a synthetic touch timeline: the touches that changed at one time, or a clock tick.
nonisolated struct TimelineFrame: Hashable, Sendable, CustomStringConvertible {
    /// What happened to one touch.
    enum Phase: Hashable, Sendable { case began, moved, ended, cancelled }

    /// One touch's change; a lift or cancel without a location keeps the last known one.
    struct Change: Hashable, Sendable {
        var id: TouchContact.ID
        var phase: Phase
        var location: Point?
    }

    /// The dispatch time.
    var time: Timestamp
    /// The changes; empty for a tick (the clock reaches `time` with no input).
    var changes: [Change]

    var description: String {
        let ms = formatMilliseconds(time)
        if changes.isEmpty { return "t=\(ms) ·" }
        return "t=\(ms) " + changes.map { change in
            let symbol = switch change.phase {
            case .began: "↓"
            case .moved: "→"
            case .ended: "↑"
            case .cancelled: "✕"
            }
            let location = change.location.map { "(\(formatPoints($0.x)),\(formatPoints($0.y)))" } ?? ""
            return "T\(change.id.rawValue)\(symbol)\(location)"
        }.joined(separator: " ")
    }
}

/// A synthetic timeline in the spec's notation (§7):
/// `t=0 T1↓(100,100); t=16 T1→(112,100); t=80 T1↑` — `↓` down, `→` move, `↑` lift (optionally with a
/// location), `✕` system cancel, `·` a clock tick with no input. Times are milliseconds; events with the same
/// time form one dispatch. Separators are spaces, `;` and newlines.
nonisolated struct Timeline: Hashable, Sendable, CustomStringConvertible {
    var frames: [TimelineFrame]

    init(frames: [TimelineFrame]) { self.frames = frames }

    init(_ text: String) {
        var frames: [TimelineFrame] = []
        var time = Timestamp.zero
        var scanner = TimelineScanner(text)
        while true {
            scanner.skipSeparators()
            if scanner.atEnd { break }
            if scanner.consume("t=") {
                time = Timestamp(nanoseconds: Int64((scanner.number() * 1e6).rounded()))
            } else if scanner.consume("·") {
                frames.append(TimelineFrame(time: time, changes: []))
            } else if scanner.consume("T") {
                let id = TouchContact.ID(UInt64(scanner.number()))
                let phase: TimelineFrame.Phase
                if scanner.consume("↓") { phase = .began }
                else if scanner.consume("→") { phase = .moved }
                else if scanner.consume("↑") { phase = .ended }
                else if scanner.consume("✕") { phase = .cancelled }
                else { preconditionFailure("timeline: expected ↓ → ↑ ✕ after T\(id.rawValue) in \(text)") }
                var location: Point?
                if scanner.consume("(") {
                    let x = scanner.number()
                    precondition(scanner.consume(","), "timeline: expected ',' in \(text)")
                    let y = scanner.number()
                    precondition(scanner.consume(")"), "timeline: expected ')' in \(text)")
                    location = Point(x: x, y: y)
                }
                precondition(phase != .began && phase != .moved || location != nil, "timeline: ↓ and → need (x,y)")
                let change = TimelineFrame.Change(id: id, phase: phase, location: location)
                if let last = frames.last, last.time == time, !last.changes.isEmpty {
                    frames[frames.count - 1].changes.append(change)
                } else {
                    frames.append(TimelineFrame(time: time, changes: [change]))
                }
            } else {
                preconditionFailure("timeline: unexpected text at \(scanner.rest) in \(text)")
            }
        }
        self.frames = frames
    }

    /// The same timeline with every time moved by `offset`.
    func shifted(by offset: Duration) -> Timeline {
        Timeline(frames: frames.map { TimelineFrame(time: $0.time + offset, changes: $0.changes) })
    }

    /// The same timeline with every location mapped through `transform`.
    func applying(_ transform: AffineTransform) -> Timeline {
        Timeline(frames: frames.map { frame in
            TimelineFrame(time: frame.time, changes: frame.changes.map { change in
                TimelineFrame.Change(id: change.id, phase: change.phase, location: change.location?.applying(transform))
            })
        })
    }

    var description: String { frames.map(\.description).joined(separator: "; ") }
}

/// One verdict a machine returned during a replay.
nonisolated struct RecordedVerdict: Hashable, Sendable, CustomStringConvertible {
    /// The dispatch time (the deadline for a deadline dispatch).
    var time: Timestamp
    /// Which call produced it: `began`, `moved`, `ended`, `cancelled` or `deadline`.
    var call: String
    /// What the machine returned.
    var verdict: RecognitionVerdict

    /// `t=48 moved → begin: moved 11 pt in x ≥ 10 pt`.
    var description: String { "t=\(formatMilliseconds(time)) \(call) → \(verdict)" }
}

/// Replays `timeline` into `machine` the way a recognizer and the dispatcher will: per dispatch, deadlines
/// that passed strictly before it first, then began, moved, ended, cancelled with non-empty sample
/// collections; ignored touches are not passed again. After the timeline, pending deadlines fire while
/// `drain` is true. Returns the verdicts other than `nothing`; `observe` sees every one with the machine
/// right after it, `inspect` every call (with its time) including those that returned `nothing`.
@discardableResult
nonisolated func replay<Machine: RecognitionMachine>(
    _ timeline: Timeline,
    on machine: inout Machine,
    drain: Bool = true,
    observe: (RecordedVerdict, Machine) -> Void = { _, _ in },
    inspect: (Timestamp, Machine) -> Void = { _, _ in }
) -> [RecordedVerdict] {
    var log: [RecordedVerdict] = []
    var current: [TouchContact.ID: Point] = [:]
    var ignored: Set<TouchContact.ID> = []

    func record(_ time: Timestamp, _ call: String, _ verdict: RecognitionVerdict) {
        inspect(time, machine)
        if case .ignore(let ids, _) = verdict { ignored.formUnion(ids) }
        guard verdict != .nothing else { return }
        let entry = RecordedVerdict(time: time, call: call, verdict: verdict)
        log.append(entry)
        observe(entry, machine)
    }
    func fireDeadlines(through time: Timestamp, inclusive: Bool) {
        var guardCount = 0
        while let deadline = machine.deadline, inclusive ? deadline <= time : deadline < time, guardCount < 100 {
            record(deadline, "deadline", machine.deadlinePassed(at: deadline))
            guardCount += 1
        }
    }

    for frame in timeline.frames {
        fireDeadlines(through: frame.time, inclusive: frame.changes.isEmpty)
        for phase in [TimelineFrame.Phase.began, .moved, .ended, .cancelled] {
            var samples: [TouchSample] = []
            for change in frame.changes where change.phase == phase {
                let location = change.location ?? current[change.id] ?? .zero
                current[change.id] = location
                if !ignored.contains(change.id) {
                    samples.append(TouchSample(id: change.id, location: location, timestamp: frame.time))
                }
            }
            guard !samples.isEmpty else { continue }
            let verdict: RecognitionVerdict
            let call: String
            switch phase {
            case .began: (verdict, call) = (machine.touchesBegan(samples, at: frame.time), "began")
            case .moved: (verdict, call) = (machine.touchesMoved(samples, at: frame.time), "moved")
            case .ended: (verdict, call) = (machine.touchesEnded(samples, at: frame.time), "ended")
            case .cancelled: (verdict, call) = (machine.touchesCancelled(samples, at: frame.time), "cancelled")
            }
            record(frame.time, call, verdict)
        }
    }
    if drain, let last = machine.deadline {
        fireDeadlines(through: last, inclusive: true)
    }
    return log
}

/// Replays a timeline written in the spec's notation into a fresh machine and returns the log lines.
nonisolated func log<Machine: RecognitionMachine>(
    _ machine: Machine, _ timeline: String, drain: Bool = true
) -> [String] {
    var machine = machine
    return replay(Timeline(timeline), on: &machine, drain: drain).map(\.description)
}

/// A timestamp in milliseconds since the origin (`t=…` in timelines).
nonisolated func ms(_ milliseconds: Double) -> Timestamp { .milliseconds(milliseconds) }

/// Milliseconds without a fraction when whole: `48`, `16.5`.
nonisolated func formatMilliseconds(_ time: Timestamp) -> String {
    let value = Double(time.nanoseconds) / 1e6
    return formatPoints(value)
}

/// A character scanner for timeline text.
private nonisolated struct TimelineScanner {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) { characters = Array(text) }

    var atEnd: Bool { index >= characters.count }
    var rest: String { String(characters[index...]) }

    mutating func skipSeparators() {
        while index < characters.count, characters[index] == " " || characters[index] == ";"
            || characters[index] == "\n" || characters[index] == "\t"
        {
            index += 1
        }
    }

    mutating func consume(_ literal: String) -> Bool {
        let expected = Array(literal)
        guard index + expected.count <= characters.count,
            Array(characters[index..<index + expected.count]) == expected
        else { return false }
        index += expected.count
        return true
    }

    mutating func number() -> Double {
        while index < characters.count, characters[index] == " " { index += 1 }
        var text = ""
        while index < characters.count, characters[index].isNumber || "-−.".contains(characters[index]) {
            text.append(characters[index] == "−" ? "-" : characters[index])
            index += 1
        }
        while index < characters.count, characters[index] == " " { index += 1 }
        guard let value = Double(text) else { preconditionFailure("timeline: expected a number at \(rest)") }
        return value
    }
}
