import PropertyBased
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// A random but valid protocol-B stream, built from a list of integers so that shrinking works.
struct RandomProtocolBStream {
    var events: [InputEvent] = []
    /// Tracking ids handed out (every contact the stream starts).
    var trackingIDsAssigned = 0
    var hasPalmOrDrop = false

    init(operations: [Int]) {
        var slots: [Int32?] = [nil, nil, nil, nil]
        var current = 0
        var nextID: Int32 = 100
        var time = Timestamp(seconds: 5, microseconds: 0)
        func emit(_ axis: AbsoluteAxis, _ value: Int32) { events.append(InputEvent(timestamp: time, axis, value)) }
        for operation in operations {
            let argument = operation / 8
            switch operation % 8 {
            case 0:
                let slot = argument % slots.count
                if slot != current { emit(.multitouchSlot, Int32(slot)) }
                current = slot
            case 1 where slots[current] == nil, 6 where slots[current] != nil:
                // A new contact, or a replaced id without −1.
                slots[current] = nextID
                emit(.multitouchTrackingID, nextID)
                nextID += 1
                trackingIDsAssigned += 1
            case 2 where slots[current] != nil:
                slots[current] = nil
                emit(.multitouchTrackingID, -1)
            case 3: emit(.multitouchPositionX, Int32(argument % 1000))
            case 4: emit(.multitouchPositionY, Int32(argument % 1000))
            case 5:
                if argument % 40 == 1 {
                    events.append(InputEvent(timestamp: time, .dropped))
                    hasPalmOrDrop = true
                }
                events.append(InputEvent(timestamp: time, .report))
                time = time + .microseconds(Int64(argument % 20_000))
            case 7:
                switch argument % 6 {
                case 0:
                    emit(.multitouchToolType, MultitouchToolType.palm.rawValue)
                    hasPalmOrDrop = true
                case 1: emit(.multitouchToolType, MultitouchToolType.pen.rawValue)
                case 2: emit(.multitouchToolType, MultitouchToolType.finger.rawValue)
                default: emit(.multitouchPressure, Int32(argument % 256))
                }
            default:
                break
            }
        }
        events.append(InputEvent(timestamp: time, .report))
    }
}

@Suite("Decoding random protocol-B streams")
struct MultitouchDecoderPropertyTests {
    @Test("Every contact begins once and ends or is cancelled once, in frames whose time never goes back")
    func everyContactBeginsAndEndsOnce() async {
        await propertyCheck(count: PropertyCases.count(300), input: Gen.int(in: 0...80_000).array(of: 0...120)) { operations in
            let stream = RandomProtocolBStream(operations: operations)
            guard let result = try? decode(stream.events, endAt: Timestamp(seconds: 1000, microseconds: 0)) else {
                Issue.record("the decoder rejected the scripted screen")
                return
            }
            #expect(PhaseChecker.violations(in: result.frames).isEmpty, "\(PhaseChecker.violations(in: result.frames))")
            let began = result.frames.flatMap(\.contacts).filter { $0.phase == .began }.count
            #expect(began <= stream.trackingIDsAssigned)
            if !stream.hasPalmOrDrop {
                #expect(began == stream.trackingIDsAssigned, "a contact was lost")
            }
            #expect(result.decoder.activeContactCount == 0)
        }
    }

    @Test("Every frame lists each contact at most once and in slot order")
    func framesAreWellFormed() async {
        await propertyCheck(count: PropertyCases.count(200), input: Gen.int(in: 0...80_000).array(of: 0...120)) { operations in
            let stream = RandomProtocolBStream(operations: operations)
            guard let result = try? decode(stream.events) else { return }
            for frame in result.frames {
                #expect(Set(frame.contacts.map(\.id)).count == frame.contacts.count)
                #expect(frame.contacts.map(\.slot) == frame.contacts.map(\.slot).sorted())
                #expect(frame.contacts.contains { $0.phase != .stationary })
            }
        }
    }
}
