import PropertyBased
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// One event of a random stream, as the model reads it.
enum StreamEvent: Equatable {
    case slot(Int), trackingID(Int32), x(Int32), y(Int32), tool(Int32), pressure(Int32), dropped, report
}

/// A random but valid protocol-B stream, built from a list of integers so that shrinking works. A `SYN_DROPPED`
/// goes anywhere in its report (the argument picks how many of the report's events come after it), so the events
/// the decoder must discard vary from none to all of the report.
struct RandomProtocolBStream {
    var events: [InputEvent] = []
    /// The same stream for the model.
    var script: [StreamEvent] = []
    /// Tracking ids handed out (every contact the stream starts).
    var trackingIDsAssigned = 0
    var hasPalmOrDrop = false
    /// Drops whose report had events after them (a non-empty discard window).
    var dropsWithDiscards = 0

    init(operations: [Int]) {
        var slots: [Int32?] = [nil, nil, nil, nil]
        var current = 0
        var nextID: Int32 = 100
        var time = Timestamp(seconds: 5, microseconds: 0)
        var reportStart = 0
        func emit(_ event: StreamEvent, _ input: InputEvent) {
            events.append(input)
            script.append(event)
        }
        func emit(_ axis: AbsoluteAxis, _ value: Int32, _ event: StreamEvent) { emit(event, InputEvent(timestamp: time, axis, value)) }
        for operation in operations {
            let argument = operation / 8
            switch operation % 8 {
            case 0:
                let slot = argument % slots.count
                if slot != current { emit(.multitouchSlot, Int32(slot), .slot(slot)) }
                current = slot
            case 1 where slots[current] == nil, 6 where slots[current] != nil:
                // A new contact, or a replaced id without −1.
                slots[current] = nextID
                emit(.multitouchTrackingID, nextID, .trackingID(nextID))
                nextID += 1
                trackingIDsAssigned += 1
            case 2 where slots[current] != nil:
                slots[current] = nil
                emit(.multitouchTrackingID, -1, .trackingID(-1))
            case 3: emit(.multitouchPositionX, Int32(argument % 1000), .x(Int32(argument % 1000)))
            case 4: emit(.multitouchPositionY, Int32(argument % 1000), .y(Int32(argument % 1000)))
            case 5:
                if argument % 10 == 1 {
                    // SYN_DROPPED with the last k events of the report after it (to be discarded).
                    let inReport = events.count - reportStart
                    let after = inReport == 0 ? 0 : (argument / 10) % (inReport + 1)
                    let at = events.count - after
                    events.insert(InputEvent(timestamp: time, .dropped), at: at)
                    script.insert(.dropped, at: at)
                    hasPalmOrDrop = true
                    if after > 0 { dropsWithDiscards += 1 }
                }
                emit(.report, InputEvent(timestamp: time, .report))
                reportStart = events.count
                time = time + .microseconds(Int64(argument % 20_000))
            case 7:
                switch argument % 6 {
                case 0:
                    emit(.multitouchToolType, MultitouchToolType.palm.rawValue, .tool(MultitouchToolType.palm.rawValue))
                    hasPalmOrDrop = true
                case 1: emit(.multitouchToolType, MultitouchToolType.pen.rawValue, .tool(MultitouchToolType.pen.rawValue))
                case 2: emit(.multitouchToolType, MultitouchToolType.finger.rawValue, .tool(MultitouchToolType.finger.rawValue))
                default: emit(.multitouchPressure, Int32(argument % 256), .pressure(Int32(argument % 256)))
                }
            default:
                break
            }
        }
        emit(.report, InputEvent(timestamp: time, .report))
    }
}

/// What the kernel documentation and the decoder's documented rules say a stream decodes to, computed from the
/// stream alone (a second, plain implementation of the rules, not the decoder's code): how many contacts are
/// reported, and at each completed report where every contact that began or moved is.
///
/// Rules: events apply in order, a slot keeps its values across contacts; a new tracking id begins a contact, −1
/// or another id ends it; a contact that is a palm when its report completes is cancelled (never reported if it
/// began in that report) and its slot ignored until the id changes; `SYN_DROPPED` discards the events up to and
/// including the next `SYN_REPORT`, where every reported contact is cancelled (contacts new in the dropped report
/// are never reported) and every slot with a tracking id is ignored until the id changes.
struct DecoderModel {
    struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0, y: Int32 = 0
        var tool: Int32 = 0
        /// The open contact: whether it began in the report in progress; `nil` when free or ignored.
        var contact: (isNew: Bool, Void)? = nil
        var ignored = false
    }

    private(set) var reported = 0
    /// For each completed report with output: slot → the point of each contact that began or moved in it.
    private(set) var positions: [[Int: Point]] = []

    init(_ script: [StreamEvent]) {
        var slots = Array(repeating: Slot(), count: 4)
        var current = 0
        var discarding = false
        /// Contacts that closed in the report in progress: new (never reported yet) or not, palm or not.
        var closed: [(isNew: Bool, isPalm: Bool)] = []
        for event in script {
            if discarding {
                guard event == .report else { continue }
                discarding = false
                for index in slots.indices {
                    slots[index].contact = nil
                    slots[index].ignored = slots[index].trackingID >= 0
                }
                closed = []
                positions.append([:])
                continue
            }
            switch event {
            case .slot(let slot): current = slot
            case .trackingID(let id):
                guard id != slots[current].trackingID else { break }
                if let open = slots[current].contact {
                    closed.append((open.isNew, slots[current].tool == MultitouchToolType.palm.rawValue))
                }
                slots[current].contact = nil
                slots[current].ignored = false
                slots[current].trackingID = id
                if id >= 0 { slots[current].contact = (true, ()) }
            case .x(let value): slots[current].x = value
            case .y(let value): slots[current].y = value
            case .tool(let value): slots[current].tool = value
            case .pressure: break
            case .dropped:
                discarding = true
                closed = []
            case .report:
                // Contacts that began and ended within the report are reported (two frames), unless palms.
                reported += closed.filter { $0.isNew && !$0.isPalm }.count
                closed = []
                var moved: [Int: Point] = [:]
                for index in slots.indices {
                    guard let open = slots[index].contact else { continue }
                    if slots[index].tool == MultitouchToolType.palm.rawValue {
                        slots[index].contact = nil
                        slots[index].ignored = true
                        continue
                    }
                    if open.isNew { reported += 1 }
                    slots[index].contact = (false, ())
                    // Axis 0…999 onto 1000 points: (v − min) / (max − min + 1) × 1000.
                    moved[index] = Point(x: Double(slots[index].x) / 1000 * 1000, y: Double(slots[index].y) / 1000 * 1000)
                }
                positions.append(moved)
            }
        }
    }
}

@Suite("Decoding random protocol-B streams")
struct MultitouchDecoderPropertyTests {
    static let operations = Gen.int(in: 0...80_000).array(of: 0...120)

    static func checkContacts(_ operations: [Int]) {
        let stream = RandomProtocolBStream(operations: operations)
        guard let result = try? decode(stream.events, endAt: Timestamp(seconds: 1000, microseconds: 0)) else {
            Issue.record("the decoder rejected the scripted screen")
            return
        }
        #expect(PhaseChecker.violations(in: result.frames).isEmpty, "\(PhaseChecker.violations(in: result.frames))")
        let began = result.frames.flatMap(\.contacts).filter { $0.phase == .began }.count
        #expect(began <= stream.trackingIDsAssigned)
        // Drops and palms included: the model says which contacts are reported.
        #expect(began == DecoderModel(stream.script).reported, "contacts reported")
        if !stream.hasPalmOrDrop { #expect(began == stream.trackingIDsAssigned, "a contact was lost") }
        #expect(result.decoder.activeContactCount == 0)
    }

    @Test("Every contact begins once and ends or is cancelled once, in frames whose time never goes back; as many begin as the rules say, drops and palms included")
    func everyContactBeginsAndEndsOnce() async {
        await propertyCheck(count: PropertyCases.count(300), input: Self.operations) { Self.checkContacts($0) }
    }

    static func checkPositions(_ operations: [Int]) throws {
        let stream = RandomProtocolBStream(operations: operations)
        let model = DecoderModel(stream.script)
        var decoder = try MultitouchDecoder(description: scriptedScreen, configuration: scriptedConfiguration)
        var report = 0
        var checked = 0
        for event in stream.events {
            let frames = decoder.handle(event).frames
            let endedHere = Set(frames.flatMap(\.contacts).filter { $0.phase == .ended || $0.phase == .cancelled }.map(\.id))
            for contact in frames.flatMap(\.contacts) where contact.phase == .began || contact.phase == .moved || contact.phase == .stationary {
                if contact.phase == .began, endedHere.contains(contact.id) { continue }  // began and ended in one report
                guard report < model.positions.count, let expected = model.positions[report][contact.slot] else {
                    Issue.record("report \(report): \(contact) is not a contact the rules report")
                    continue
                }
                checked += 1
                #expect(abs(contact.location.x - expected.x) < 1e-9 && abs(contact.location.y - expected.y) < 1e-9,
                        "report \(report): \(contact) but the values written put slot \(contact.slot) at \(expected)")
            }
            if event.type == .synchronization, event.code == SynchronizationCode.report.rawValue { report += 1 }
        }
        #expect(report == model.positions.count)
    }

    @Test("Every contact that begins or moves is where the values written to its slot put it (axis 0…999 onto 1000 pt), drops anywhere in a report included")
    func positionsFollowTheValuesWritten() async {
        await propertyCheck(count: PropertyCases.count(300), input: Self.operations) { try Self.checkPositions($0) }
    }

    @Test("The generator puts drops with a non-empty discard window, and palms, in its streams")
    func generatorIsNotVacuous() async {
        var discardingDrops = 0, streams = 0
        await propertyCheck(count: 200, input: Self.operations) { operations in
            let stream = RandomProtocolBStream(operations: operations)
            discardingDrops += stream.dropsWithDiscards
            streams += 1
        }
        #expect(discardingDrops > streams / 10, "\(discardingDrops) drops with events after them in \(streams) streams")
    }

    @Test("Every frame lists each contact at most once and in slot order")
    func framesAreWellFormed() async {
        await propertyCheck(count: PropertyCases.count(200), input: Self.operations) { operations in
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
