import CEvemu
import Foundation
import PropertyBased
import Tactile
import TactileGestures
import TactileEvemuReference
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// What a synthesized trace decodes to: each contact's life and path in screen points (1280 × 720).
struct DecodedContacts {
    struct Contact {
        var began: Timestamp
        var ended: Timestamp?
        var path: [Point]
        /// Every sample with its time (began, moved, stationary, ended).
        var samples: [(time: Timestamp, location: Point)] = []
        /// Whether the contact was cancelled rather than lifted.
        var cancelled = false
        /// The tools it was reported with.
        var tools: Set<TouchContact.Tool> = []
        var duration: Double { ((ended ?? began) - began).seconds }
        var travel: Double { path.last.map { $0.distance(to: path[0]) } ?? 0 }
    }
    var contacts: [Contact] = []
    var maximumSimultaneous = 0

    init(path: String) throws {
        let mapping = ScreenMapping(screenSize: Size(width: 1280, height: 720))
        let replay = try TraceReplay(path: path, configuration: .init(mapping: mapping))
        var index: [TouchContact.ID: Int] = [:]
        while let frame = try replay.nextFrame() {
            for contact in frame.contacts {
                switch contact.phase {
                case .began:
                    index[contact.id] = contacts.count
                    contacts.append(Contact(began: frame.timestamp, path: [contact.location]))
                case .moved, .stationary:
                    if let i = index[contact.id] { contacts[i].path.append(contact.location) }
                case .ended, .cancelled:
                    if let i = index[contact.id] {
                        contacts[i].ended = frame.timestamp
                        contacts[i].path.append(contact.location)
                        contacts[i].cancelled = contact.phase == .cancelled
                    }
                }
                if let i = index[contact.id] { contacts[i].tools.insert(contact.tool) }
                if let i = index[contact.id] { contacts[i].samples.append((frame.timestamp, contact.location)) }
            }
        }
        maximumSimultaneous = replay.statistics.maximumSimultaneousContacts
    }

    /// Distance and angle between the first two contacts at their first and last common samples.
    var pairChange: (spreadRatio: Double, turnDegrees: Double)? {
        guard contacts.count == 2 else { return nil }
        let a = Dictionary(contacts[0].samples.map { ($0.time, $0.location) }, uniquingKeysWith: { $1 })
        let common = contacts[1].samples.filter { a[$0.time] != nil }
        guard let first = common.first, let last = common.last else { return nil }
        let start = first.location - a[first.time]!
        let end = last.location - a[last.time]!
        let spread0 = (start.x * start.x + start.y * start.y).squareRoot()
        let spread1 = (end.x * end.x + end.y * end.y).squareRoot()
        let turn = (atan2(end.y, end.x) - atan2(start.y, start.x)) * 180 / .pi
        return (spread1 / spread0, turn)
    }
}

@Suite("Trace synthesizer")
struct TraceSynthesizerTests {
    let synthesizer = try! TraceSynthesizer(device: SyntheticTouchscreen.description)

    func synthesize(_ gesture: SynthesizedGesture, seed: UInt64 = 1, anchor: Point = Point(x: 0.5, y: 0.5)) throws -> String {
        let path = temporaryDirectory().appendingPathComponent("\(gesture.rawValue).evemu").path
        try synthesizer.write(gesture, seed: seed, anchor: anchor, to: path)
        return path
    }

    @Test("Each gesture decodes to its contact count, timing and movement", arguments: SynthesizedGesture.allCases)
    func gestureShapes(gesture: SynthesizedGesture) throws {
        for seed: UInt64 in [1, 2, 3] {
            let decoded = try DecodedContacts(path: try synthesize(gesture, seed: seed))
            let contacts = decoded.contacts
            #expect(contacts.allSatisfy { $0.ended != nil }, "every contact lifts")
            switch gesture {
            case .tap:
                #expect(contacts.count == 1)
                #expect((0.06...0.15).contains(contacts[0].duration))
                #expect(contacts[0].travel < 5)
            case .doubleTap:
                #expect(contacts.count == 2 && decoded.maximumSimultaneous == 1)
                let gap = (contacts[1].began - contacts[0].ended!).seconds
                #expect((0.1...0.2).contains(gap), "gap \(gap)")
                #expect(contacts.allSatisfy { $0.duration < 0.13 })
                #expect(contacts[1].path[0].distance(to: contacts[0].path[0]) < 20)
            case .longPress:
                #expect(contacts.count == 1)
                #expect(contacts[0].duration > 0.85)
                #expect(contacts[0].path.allSatisfy { $0.distance(to: contacts[0].path[0]) < 10 }, "within the 10 pt allowance")
            case .pan:
                #expect(contacts.count == 1)
                #expect(contacts[0].travel > 250 && contacts[0].duration > 0.6)
            case .swipe:
                #expect(contacts.count == 1)
                #expect(contacts[0].travel > 200 && contacts[0].duration < 0.25)
                let last = contacts[0].path.suffix(3)
                #expect(last.first!.distance(to: last.last!) > 10, "lifted while moving")
            case .pinchIn:
                #expect(contacts.count == 2 && decoded.maximumSimultaneous == 2)
                #expect(try #require(decoded.pairChange).spreadRatio < 0.6)
            case .pinchOut:
                #expect(contacts.count == 2 && decoded.maximumSimultaneous == 2)
                #expect(try #require(decoded.pairChange).spreadRatio > 1.7)
            case .rotation:
                let change = try #require(decoded.pairChange)
                #expect((50...70).contains(change.turnDegrees), "turned \(change.turnDegrees)°")
                #expect((0.9...1.1).contains(change.spreadRatio))
            case .twoFingerTap:
                #expect(contacts.count == 2 && decoded.maximumSimultaneous == 2)
                #expect(contacts.allSatisfy { $0.duration < 0.2 && $0.travel < 5 })
                #expect(contacts[0].began < contacts[1].began || contacts[0].began == contacts[1].began)
            case .edgePan:
                #expect(contacts.count == 1)
                #expect(contacts[0].path[0].x < 20, "starts within the 20 pt edge margin")
                #expect(contacts[0].path.last!.x - contacts[0].path[0].x > 250)
            case .pen:
                // 40 mm of the 251 mm surface is about 204 pt; a pen lifts normally.
                #expect(contacts.count == 1 && contacts[0].tools == [.pen] && !contacts[0].cancelled)
                #expect((180...230).contains(contacts[0].path.last!.x - contacts[0].path[0].x))
            case .palm:
                // The finger's touch begins, then the palm cancels it when it turns (0.15–0.25 s).
                #expect(contacts.count == 1 && contacts[0].cancelled && contacts[0].tools == [.finger])
                #expect((0.13...0.27).contains(contacts[0].duration), "cancelled after \(contacts[0].duration) s")
            case .palmAndTap:
                // The palm never begins: only the tap above it is a touch, and it lifts.
                #expect(contacts.count == 1 && decoded.maximumSimultaneous == 1)
                #expect(!contacts[0].cancelled && contacts[0].duration < 0.15)
                #expect(contacts[0].path[0].y < 360, "the tap is above the palm")
            }
        }
    }

    @Test("The same seed gives the same bytes; another seed gives others")
    func deterministic() throws {
        let first = try Data(contentsOf: URL(fileURLWithPath: try synthesize(.pinchIn, seed: 42)))
        let again = try Data(contentsOf: URL(fileURLWithPath: try synthesize(.pinchIn, seed: 42)))
        let other = try Data(contentsOf: URL(fileURLWithPath: try synthesize(.pinchIn, seed: 43)))
        #expect(first == again)
        #expect(first != other)
    }

    @Test("Debian's libevemu reads every gesture's trace event for event")
    func libevemuReadsTraces() throws {
        for gesture in SynthesizedGesture.allCases {
            let path = try synthesize(gesture)
            let ours = try TraceReader(path: path)
            var events: [InputEvent] = []
            while let event = try ours.nextEvent() { events.append(event) }
            let theirs = try EvemuLibraryReading(path: path)
            #expect(theirs.name == SyntheticTouchscreen.name)
            #expect(theirs.events == events, "\(gesture)")
        }
    }

    /// Checks the kernel's rules on a synthesized event stream; returns the broken ones.
    static func kernelRuleViolations(_ events: [InputEvent], slotCount: Int) -> [String] {
        var problems: [String] = []
        var slot = 0
        var slotValues = Array(repeating: [UInt16: Int32](), count: slotCount)
        var pointer: [UInt16: Int32] = [:]
        var frameTime: Timestamp?
        var frameEvents = 0
        var lastTrackingID: Int32?
        var lastReport: Timestamp?
        for event in events {
            if let frameTime, event.timestamp != frameTime { problems.append("mixed times in a frame at \(event)") }
            frameTime = event.timestamp
            if event.isReport {
                if frameEvents == 0 { problems.append("empty report at \(event.timestamp)") }
                if let lastReport, event.timestamp <= lastReport { problems.append("time did not advance at \(event)") }
                lastReport = event.timestamp
                frameTime = nil
                frameEvents = 0
                continue
            }
            frameEvents += 1
            guard let axis = event.absoluteAxis else {
                if event.type != .key { problems.append("unexpected \(event)") }
                continue
            }
            if axis == .multitouchSlot {
                if Int(event.value) == slot { problems.append("redundant ABS_MT_SLOT at \(event)") }
                slot = Int(event.value)
            } else if axis.isMultitouchContactAxis || axis == .multitouchTrackingID || axis == .multitouchPressure {
                if slotValues[slot][axis.rawValue] == event.value { problems.append("repeated value \(event)") }
                slotValues[slot][axis.rawValue] = event.value
                if axis == .multitouchTrackingID, event.value >= 0 {
                    if let lastTrackingID, event.value != lastTrackingID + 1 { problems.append("tracking id jumped at \(event)") }
                    lastTrackingID = event.value
                }
            } else {
                if pointer[axis.rawValue] == event.value { problems.append("repeated pointer value \(event)") }
                pointer[axis.rawValue] = event.value
            }
        }
        return problems
    }

    @Test("Any gesture and seed: only changed values, no redundant slot selection, one time per report, ids counting up")
    func kernelRules() async {
        await propertyCheck(count: PropertyCases.count(120), input: Gen<SynthesizedGesture>.case, Gen.uint64(in: 0...UInt64.max)) { gesture, seed in
            let events = try! synthesizer.events(for: gesture, seed: seed)
            #expect(Self.kernelRuleViolations(events, slotCount: 10) == [], "\(gesture) seed \(seed)")
            #expect(events.first?.timestamp == Timestamp(nanoseconds: 1000), "relative times from 1 µs")
        }
    }

    @Test("Reports follow the scan rate while a finger moves, and thin out while it rests")
    func reportRate() throws {
        let events = try synthesizer.events(for: .pan, seed: 5)
        let reports = events.filter(\.isReport).map(\.timestamp.seconds)
        let intervals = zip(reports, reports.dropFirst()).map { $1 - $0 }.sorted()
        let median = intervals[intervals.count / 2]
        #expect(abs(median - 1 / 120) < 0.0005, "median interval \(median)")
        let longPress = try synthesizer.events(for: .longPress, seed: 5).filter(\.isReport).count
        #expect(longPress < 100, "a one-second press sends \(longPress) of about 120 possible reports")
    }

    @Test("Two-finger gestures land and lift in slot order, tens of milliseconds apart")
    func landingOrder() throws {
        let events = try synthesizer.events(for: .pinchIn, seed: 9)
        var slot: Int32 = 0
        var begins: [(slot: Int32, time: Double)] = []
        for event in events {
            if event.absoluteAxis == .multitouchSlot { slot = event.value }
            if event.absoluteAxis == .multitouchTrackingID, event.value >= 0 { begins.append((slot, event.timestamp.seconds)) }
        }
        #expect(begins.map(\.slot) == [0, 1])
        let gap = begins[1].time - begins[0].time
        #expect((0.015...0.07).contains(gap), "second finger \(gap) s later")
    }

    @Test("A real device's description gives its rate and only its axes")
    func realDevice() throws {
        let atmel = try TraceReader(path: SharedTraces.path("atmel-maxtouch-ts__2finger-touch-release.evemu")).deviceDescription
        let synthesizer = try TraceSynthesizer(device: atmel)
        #expect(synthesizer.rate == 72.5)
        let events = try synthesizer.events(for: .twoFingerTap, seed: 3)
        #expect(events.allSatisfy { atmel.supports($0.type, code: $0.code) }, "only advertised codes")
        #expect(!events.contains { $0.absoluteAxis == .multitouchTouchMajor })
        #expect(Self.kernelRuleViolations(events, slotCount: 10) == [])
    }

    @Test("A device that cannot play the gesture is a clear error")
    func unsuitableDevices() throws {
        var oneSlot = SyntheticTouchscreen.description
        oneSlot.axes[.multitouchSlot] = AxisInfo(minimum: 0, maximum: 0)
        let single = try TraceSynthesizer(device: oneSlot)
        #expect(throws: SynthesisError(reason: "rotation needs 2 fingers but \"Tactile Synthetic Touchscreen\" has 1 slot")) {
            try single.events(for: .rotation, seed: 1)
        }
        var noTool = SyntheticTouchscreen.description
        noTool.axes[.multitouchToolType] = nil
        noTool.codes[.absolute]?.remove(AbsoluteAxis.multitouchToolType.rawValue)
        let fingersOnly = try TraceSynthesizer(device: noTool)
        #expect(throws: SynthesisError(reason: "pen needs ABS_MT_TOOL_TYPE (pens and palms) but \"Tactile Synthetic Touchscreen\" does not report it")) {
            try fingersOnly.events(for: .pen, seed: 1)
        }
        let keyboard = DeviceDescription(name: "Keyboard", codes: [.key: [30]])
        #expect(throws: SynthesisError.self) { try TraceSynthesizer(device: keyboard) }
    }

    @Test("The traces in Traces/ are exactly what make-traces.sh writes")
    func committedTraces() throws {
        let script = try String(contentsOfFile: Package.path("Traces/make-traces.sh"), encoding: .utf8)
        var checked = 0
        for line in script.split(separator: "\n") where line.hasPrefix("$tactile synth") {
            let words = line.split(separator: " ").map(String.init)
            let gesture = try #require(SynthesizedGesture(rawValue: words[2]))
            let seed = try #require(UInt64(words[words.firstIndex(of: "--seed")! + 1]))
            let at = words[words.firstIndex(of: "--at")! + 1].split(separator: ",").compactMap { Double($0) }
            let output = words[words.firstIndex(of: "-o")! + 1]
            let fresh = try synthesize(gesture, seed: seed, anchor: Point(x: at[0], y: at[1]))
            #expect(
                FileManager.default.contents(atPath: fresh) == FileManager.default.contents(atPath: Package.path(output)),
                "\(output) is stale: run Traces/make-traces.sh")
            checked += 1
        }
        #expect(checked >= 10)
    }
}
