import PropertyBased
import Tactile
import TactileTestSupport
import Testing

@testable import TactileContacts

/// Random interleavings of a source's events — downs, motions, ups and cancels of a few identifiers, cancels of
/// everything, frame events, flushes, time going forwards and backwards — never strand a touch.
@Suite("Contact stream: random interleavings never strand a touch")
struct ContactStreamPropertyTests {
    /// A random source, decoded from integers so that shrinking works. The first integer picks the grouping.
    struct RandomSource: CustomStringConvertible {
        enum Step {
            case event(ContactStream.Event)
            case flush
        }

        var grouping: ContactStream.Grouping = .frameEvents
        var steps: [Step] = []

        init(_ operations: [Int]) {
            var time = Timestamp(seconds: 100)
            var remaining = operations[...]
            if let first = remaining.popFirst() { grouping = first % 2 == 0 ? .frameEvents : .timestamps }
            for operation in remaining {
                let id = Int64(operation / 16 % 5)
                let argument = operation / 80
                let location = Point(x: Double(argument % 1000), y: Double(argument / 1000 % 800))
                let report = ContactReport(
                    id: id, timestamp: time, location: location, slot: argument % 7 == 0 ? Int(argument % 3) : nil,
                    force: argument % 3 == 0 ? Double(argument % 5) : nil)
                switch operation % 16 {
                case 0, 1, 2: steps.append(.event(.down(report)))
                case 3, 4, 5, 6: steps.append(.event(.motion(report)))
                case 7, 8: steps.append(.event(.up(id: id, at: time, location: argument % 2 == 0 ? location : nil)))
                case 9: steps.append(.event(.cancel(id: id, at: time)))
                case 10: if argument % 4 == 0 { steps.append(.event(.cancelAll(at: time))) }
                case 11, 12: steps.append(.event(.frame(at: argument % 3 == 0 ? time : nil)))
                case 13: steps.append(.flush)
                case 14: time = time + .microseconds(Int64(argument % 20_000))
                default: time = time - .microseconds(Int64(argument % 5_000))   // backwards
                }
            }
        }

        var description: String {
            "\(grouping): " + steps.map {
                switch $0 {
                case .event(let event): event.description
                case .flush: "flush"
                }
            }.joined(separator: ", ")
        }
    }

    static let operations = Gen.int(in: 0...2_000_000).array(of: 0...80)

    /// Plays a source and checks, frame by frame: each contact begins once, appears at most once per frame,
    /// never after its end; frame times never go back. After `end(at:)` nothing is left open. Also checks the
    /// diagnostics for unknown contacts and repeated downs against a model of which identifiers are down.
    static func check(_ operations: [Int]) {
        let source = RandomSource(operations)
        var stream = ContactStream(grouping: source.grouping)
        var output = ContactStream.Output()
        // The model: source identifiers down (a down with a non-finite location never happens here).
        var down: Set<Int64> = []
        var expectedUnknown = 0
        var expectedRepeatedDowns = 0
        for step in source.steps {
            switch step {
            case .flush: stream.flush(into: &output)
            case .event(let event):
                switch event {
                case .down(let report):
                    if !down.insert(report.id).inserted { expectedRepeatedDowns += 1 }
                case .motion(let report): if !down.contains(report.id) { expectedUnknown += 1 }
                case .up(let id, _, _), .cancel(let id, _): if down.remove(id) == nil { expectedUnknown += 1 }
                case .cancelAll: down.removeAll()
                case .frame: break
                }
                stream.handle(event, into: &output)
            }
            #expect(stream.activeContactCount == down.count)
        }
        output.append(stream.end(at: Timestamp(seconds: 0)))

        var open: Set<TouchContact.ID> = []
        var finished: Set<TouchContact.ID> = []
        var lastTime: Timestamp?
        for frame in output.frames {
            #expect(Set(frame.contacts.map(\.id)).count == frame.contacts.count, "a contact twice in \(frame)")
            #expect(frame.contacts.map(\.slot) == frame.contacts.map(\.slot).sorted(), "not in slot order: \(frame)")
            #expect(frame.contacts.contains { $0.phase != .stationary }, "a frame of stationary contacts: \(frame)")
            if let lastTime { #expect(frame.timestamp >= lastTime, "time went back at \(frame)") }
            lastTime = frame.timestamp
            for contact in frame.contacts {
                #expect(!finished.contains(contact.id), "\(contact) after its end")
                switch contact.phase {
                case .began: #expect(open.insert(contact.id).inserted, "\(contact.id) began twice")
                case .moved, .stationary: #expect(open.contains(contact.id), "\(contact) before it began")
                case .ended, .cancelled:
                    #expect(open.remove(contact.id) != nil, "\(contact) ended without beginning")
                    finished.insert(contact.id)
                }
            }
        }
        #expect(open.isEmpty, "stranded: \(open.sorted())")
        let unknown = output.diagnostics.filter { if case .unknownContact = $0 { true } else { false } }.count
        let repeated = output.diagnostics.filter { if case .contactAlreadyDown = $0 { true } else { false } }.count
        #expect(unknown == expectedUnknown)
        #expect(repeated == expectedRepeatedDowns)
        #expect(stream.activeContactCount == 0)
    }

    @Test("Every touch that begins ends or is cancelled exactly once, each frame lists a contact once in slot order, frame times never go back, and each unknown or repeated identifier gets its diagnostic")
    func neverStrandsATouch() async {
        await propertyCheck(count: PropertyCases.count(500), input: Self.operations) { Self.check($0) }
    }

    @Test("The generator makes touches that begin, and every kind of source error")
    func generatorIsNotVacuous() async {
        var began = 0, backwards = 0, unknown = 0, repeated = 0, reused = 0, cancelledAll = 0
        await propertyCheck(count: 300, input: Self.operations) { operations in
            let source = RandomSource(operations)
            var stream = ContactStream(grouping: source.grouping)
            var output = ContactStream.Output()
            for step in source.steps {
                switch step {
                case .flush: stream.flush(into: &output)
                case .event(let event):
                    if case .cancelAll = event { cancelledAll += 1 }
                    stream.handle(event, into: &output)
                }
            }
            began += output.frames.flatMap(\.contacts).filter { $0.phase == .began }.count
            for diagnostic in output.diagnostics {
                switch diagnostic {
                case .timeWentBackwards: backwards += 1
                case .unknownContact: unknown += 1
                case .contactAlreadyDown: repeated += 1
                case .identifierReusedInFrame: reused += 1
                case .nonFiniteLocation, .inputAfterEnd: break
                }
            }
        }
        #expect(began > 300)
        #expect(backwards > 30)
        #expect(unknown > 30)
        #expect(repeated > 30)
        #expect(reused > 3)
        #expect(cancelledAll > 10)
    }
}
