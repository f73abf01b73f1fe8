import Tactile
import Testing

@testable import TactileInput

/// Checks the decoder's output: every contact that began ends or is cancelled exactly once, and nothing follows.
func contactLifecycleViolations(_ frames: [TouchFrame]) -> [String] {
    var down: Set<TouchContact.ID> = []
    var finished: Set<TouchContact.ID> = []
    var problems: [String] = []
    for frame in frames {
        for contact in frame.contacts {
            let id = contact.id
            if finished.contains(id) { problems.append("\(id) \(contact.phase) after it finished") }
            switch contact.phase {
            case .began:
                if !down.insert(id).inserted { problems.append("\(id) began twice") }
            case .moved, .stationary:
                if !down.contains(id) { problems.append("\(id) \(contact.phase) while not down") }
            case .ended, .cancelled:
                if down.remove(id) == nil { problems.append("\(id) \(contact.phase) while not down") }
                finished.insert(id)
            }
        }
    }
    return problems + down.sorted().map { "\($0) never ended" }
}

@Suite("Decoder stop paths: every contact that began ends or is cancelled, whatever the call order")
struct DecoderStopPathTests {
    @Test("SYN_DROPPED after a lift, then beginResynchronization before the next report: the contact is cancelled")
    func resynchronizationAfterDropKeepsPendingCancel() throws {
        var decoder = try MultitouchDecoder(description: scriptedScreen, configuration: scriptedConfiguration)
        var frames: [TouchFrame] = []
        let t0 = Timestamp(seconds: 1, microseconds: 0)
        for event in [
            InputEvent(timestamp: t0, .multitouchTrackingID, 7), InputEvent(timestamp: t0, .multitouchPositionX, 100),
            InputEvent(timestamp: t0, .multitouchPositionY, 100), InputEvent(timestamp: t0, .report),
            InputEvent(timestamp: t0 + .milliseconds(10), .multitouchTrackingID, -1),
            InputEvent(timestamp: t0 + .milliseconds(10), .dropped),
        ] {
            frames += decoder.handle(event).frames
        }
        decoder.beginResynchronization()
        frames += decoder.handle(InputEvent(timestamp: t0 + .milliseconds(20), .report)).frames
        decoder.endResynchronization()
        #expect(summary(frames) == ["#1:began@(100, 100)", "#1:cancelled@(100, 100)"])
        #expect(contactLifecycleViolations(frames + decoder.end(at: t0 + .seconds(1)).frames) == [])
    }

    @Test("The time diagnostic of a trace ending with time going backwards is reported once, not again by end(at:)")
    func endAddsNoTimeDiagnostic() throws {
        var script = DecoderScript()
        script.report(.id(1), .x(10), .y(10))
        script.report(.id(-1))
        script.events.append(InputEvent(timestamp: Timestamp(seconds: 1, microseconds: 0), .report))
        let (_, diagnostics, _) = try decode(script.events, endAt: Timestamp(seconds: 1, microseconds: 0))
        #expect(diagnostics.filter { if case .timeWentBackwards = $0 { true } else { false } }.count == 1)
    }

    /// A small deterministic generator (SplitMix64).
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    @Test("Random interleavings of events, SYN_DROPPED, begin/endResynchronization and end keep the invariant")
    func randomCallOrders() throws {
        var generator = Generator(state: 12)
        var nextID: Int32 = 1
        for _ in 0..<3000 {
            var decoder = try MultitouchDecoder(description: scriptedScreen, configuration: scriptedConfiguration)
            var output = MultitouchDecoder.Output()
            var time = Timestamp(seconds: 10, microseconds: 0)
            var operations: [String] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                time = time + .milliseconds(Int64.random(in: -5...20, using: &generator))
                let slot = Int32.random(in: 0...4, using: &generator)
                switch Int.random(in: 0..<10, using: &generator) {
                case 0:
                    decoder.beginResynchronization()
                    operations.append("begin")
                case 1:
                    decoder.endResynchronization()
                    operations.append("endSync")
                case 2:
                    decoder.handle(InputEvent(timestamp: time, .dropped), into: &output)
                    operations.append("dropped")
                case 3, 4:
                    decoder.handle(InputEvent(timestamp: time, .multitouchSlot, slot), into: &output)
                    decoder.handle(InputEvent(timestamp: time, .multitouchTrackingID, nextID), into: &output)
                    nextID += 1
                    operations.append("down\(slot)")
                case 5:
                    decoder.handle(InputEvent(timestamp: time, .multitouchSlot, slot), into: &output)
                    decoder.handle(InputEvent(timestamp: time, .multitouchTrackingID, -1), into: &output)
                    operations.append("up\(slot)")
                case 6:
                    decoder.handle(InputEvent(timestamp: time, .multitouchPositionX, Int32.random(in: 0...999, using: &generator)), into: &output)
                    operations.append("x")
                default:
                    decoder.handle(InputEvent(timestamp: time, .report), into: &output)
                    operations.append("report")
                }
            }
            output.append(decoder.end(at: time))
            let violations = contactLifecycleViolations(output.frames)
            #expect(violations == [], "\(operations)")
            if !violations.isEmpty { return }
        }
    }
}
