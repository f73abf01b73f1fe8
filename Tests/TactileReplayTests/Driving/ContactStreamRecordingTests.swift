import PropertyBased
import Tactile
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// Every real recording, decoded by the evdev path and fed back as a per-contact source (``ContactStream``),
/// gives the same frames and the same delivery log: what comes after the frames is shared.
@Suite("Contact stream: every real recording as a per-contact source equals the evdev path")
struct ContactStreamRecordingTests {
    /// How a source presents a recording's contacts: all of these describe the same touches.
    struct Presentation: CustomStringConvertible {
        /// Frame events, or grouping by timestamp (then frames end with a frame event or `flush()`).
        var grouping: ContactStream.Grouping
        /// The source's identifiers: each contact its own (`false`), or the slot, reused as Wayland's seat
        /// slots are (`true`).
        var slotIdentifiers: Bool
        /// Picks the rest per frame: the frame event's time or none, `flush()` instead of a frame event,
        /// motions for contacts that did not change, SDL's up with a position, the order of the frame's
        /// events (each contact's in order, downs in the order their touches were numbered).
        var seed: UInt64

        static let canonical = Presentation(grouping: .frameEvents, slotIdentifiers: false, seed: 0)
        var isCanonical: Bool { seed == 0 }

        var description: String { "\(grouping), \(slotIdentifiers ? "slot" : "unique") ids, seed \(seed)" }

        static let generator = zip(Gen.int(in: 0...1), Gen.int(in: 0...1), Gen.int(in: 1...Int.max)).map {
            Presentation(grouping: $0 == 0 ? .frameEvents : .timestamps, slotIdentifiers: $1 == 1, seed: UInt64($2))
        }
    }

    enum Step {
        case event(ContactStream.Event)
        case flush
    }

    /// SplitMix64: the presentation's own random choices, reproducible from its seed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func bool() -> Bool { next() & 1 == 1 }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static func report(_ contact: TouchContact, source: Int64, at time: Timestamp) -> ContactReport {
        ContactReport(
            id: source, timestamp: time, location: contact.location, slot: contact.slot,
            majorRadius: contact.majorRadius, majorRadiusTolerance: contact.majorRadiusTolerance, force: contact.force,
            maximumPossibleForce: contact.maximumPossibleForce, tool: contact.tool, type: contact.type)
    }

    /// The source events that describe `frames`. Contact numbers the decoder skipped (a palm from its first
    /// report, a contact that began in a report `SYN_DROPPED` discarded) become a down and a cancel in one frame,
    /// which the stream numbers and never reports, as libinput's palm detection would.
    static func steps(for frames: [TouchFrame], _ presentation: Presentation) -> [Step] {
        var random = Random(state: presentation.seed)
        var steps: [Step] = []
        var nextNumber: UInt64 = 1
        var lastSent: [TouchContact.ID: TouchContact] = [:]
        for frame in frames {
            let time = frame.timestamp
            // Each list holds one source identifier's events in order; `downs` the contact numbers of its downs.
            var lists: [(source: Int64, events: [(ContactStream.Event, down: UInt64?)])] = []
            func append(_ source: Int64, _ event: ContactStream.Event, down: UInt64? = nil) {
                if let index = lists.firstIndex(where: { $0.source == source }) {
                    lists[index].events.append((event, down))
                } else {
                    lists.append((source, [(event, down)]))
                }
            }
            for contact in frame.contacts {
                let source = presentation.slotIdentifiers ? Int64(contact.slot) : Int64(contact.id.rawValue)
                let report = Self.report(contact, source: source, at: time)
                var unchanged: Bool {
                    guard var last = lastSent[contact.id] else { return false }
                    last.phase = contact.phase
                    return last == contact
                }
                var attributesUnchanged: Bool {
                    guard var last = lastSent[contact.id] else { return false }
                    last.phase = contact.phase
                    last.location = contact.location
                    return last == contact
                }
                switch contact.phase {
                case .began:
                    while nextNumber < contact.id.rawValue {
                        let phantom = -Int64(nextNumber) - 1_000
                        let at = ContactReport(id: phantom, timestamp: time, location: contact.location, slot: 99)
                        append(phantom, .down(at), down: nextNumber)
                        append(phantom, .cancel(id: phantom, at: time))
                        nextNumber += 1
                    }
                    nextNumber = contact.id.rawValue + 1
                    append(source, .down(report), down: contact.id.rawValue)
                case .moved, .stationary:
                    if !(presentation.isCanonical == false && contact.phase == .stationary && unchanged && random.bool()) {
                        append(source, .motion(report))
                    }
                case .ended:
                    if !presentation.isCanonical, attributesUnchanged, random.bool() {
                        append(source, .up(id: source, at: time, location: contact.location))
                    } else {
                        append(source, .motion(report))
                        append(source, .up(id: source, at: time))
                    }
                case .cancelled:
                    append(source, .motion(report))
                    append(source, .cancel(id: source, at: time))
                }
                lastSent[contact.id] = contact
            }
            // Merge the lists: any order that keeps each list's order and the downs in the order of their numbers.
            var heads = Array(repeating: 0, count: lists.count)
            var pendingDowns = lists.flatMap { $0.events.compactMap(\.down) }.sorted()[...]
            while true {
                let eligible = lists.indices.filter { index in
                    guard heads[index] < lists[index].events.count else { return false }
                    guard let down = lists[index].events[heads[index]].down else { return true }
                    return down == pendingDowns.first
                }
                guard !eligible.isEmpty else { break }
                let pick = presentation.isCanonical ? eligible[0] : eligible[random.below(eligible.count)]
                let (event, down) = lists[pick].events[heads[pick]]
                if down != nil { pendingDowns.removeFirst() }
                heads[pick] += 1
                steps.append(.event(event))
            }
            if !presentation.isCanonical, presentation.grouping == .timestamps, random.bool() {
                steps.append(.flush)
            } else {
                steps.append(.event(.frame(at: presentation.isCanonical || random.bool() ? time : nil)))
            }
        }
        return steps
    }

    /// Plays `steps` through a stream; returns its frames and diagnostics.
    static func play(_ steps: [Step], grouping: ContactStream.Grouping) -> ContactStream.Output {
        var stream = ContactStream(grouping: grouping)
        var output = ContactStream.Output()
        for step in steps {
            switch step {
            case .event(let event): stream.handle(event, into: &output)
            case .flush: stream.flush(into: &output)
            }
        }
        return output
    }

    static let scenePath = Package.path("Traces/scenes/photo-viewer.json")

    /// The recording's frames and replay log (frames and deliveries) through the evdev path.
    static func evdevPath(_ name: String) throws -> (frames: [TouchFrame], log: [ReplayEvent], end: Timestamp) {
        let scene = try Scene.load(path: scenePath)
        let frames = try TraceReplay(path: SharedTraces.path(name), scene: scene, allowingTouchpad: true).remainingFrames()
        var log: [ReplayEvent] = []
        let driver = SceneDriver(instance: try scene.instantiate()) { event in
            if case .decoder = event { return }
            log.append(event)
        }
        let statistics = try driver.replay(TraceReplay(path: SharedTraces.path(name), scene: scene, allowingTouchpad: true))
        return (frames, log, statistics.latestEventTime ?? .zero)
    }

    @Test("Decoded contacts fed as a stream give the evdev path's frames and delivery log; any presentation of them gives the same frames",
          arguments: SharedTraces.recordings())
    func recordingAsStream(_ name: String) async throws {
        let evdev = try Self.evdevPath(name)
        #expect(!evdev.frames.isEmpty, "\(name) has no frames")
        let canonical = Self.play(Self.steps(for: evdev.frames, .canonical), grouping: .frameEvents)
        #expect(canonical.frames == evdev.frames, "\(name): the stream's frames differ from the decoder's")
        let unexpected = canonical.diagnostics.filter { if case .identifierReusedInFrame = $0 { false } else { true } }
        #expect(unexpected.isEmpty, "\(name): \(unexpected.prefix(3))")

        // The delivery log of the stream's frames through the same scene, finished at the same time.
        let scene = try Scene.load(path: Self.scenePath)
        var log: [ReplayEvent] = []
        let driver = SceneDriver(instance: try scene.instantiate()) { log.append($0) }
        for frame in canonical.frames { driver.send(frame) }
        driver.finish(at: evdev.end)
        #expect(log.count == evdev.log.count, "\(name): \(log.count) log entries against \(evdev.log.count)")
        if let index = log.indices.first(where: { $0 < evdev.log.count && log[$0] != evdev.log[$0] }) {
            Issue.record("\(name): first difference at entry \(index): \(log[index]) against \(evdev.log[index])")
        }

        await propertyCheck(count: PropertyCases.count(4), input: Presentation.generator) { presentation in
            let output = Self.play(Self.steps(for: evdev.frames, presentation), grouping: presentation.grouping)
            #expect(output.frames == evdev.frames, "\(name) presented as \(presentation)")
        }
    }
}
