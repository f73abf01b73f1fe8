import CEvemu
import Foundation
import PropertyBased
import Tactile
import TactileEvemuReference
import TactileTestSupport
import Testing

@testable import TactileInput

/// A small two-slot touchscreen, written by hand.
let handMadeTouchscreen = DeviceDescription(
    name: "Tactile Test Touchscreen",
    identity: .init(bus: 0x18, vendor: 0x1234, product: 0x5678, version: 0x0100),
    properties: [.direct],
    codes: [.key: [Key.touch.rawValue], .miscellaneous: [5]],
    axes: [
        .x: AxisInfo(minimum: 0, maximum: 1279, resolution: 10),
        .y: AxisInfo(minimum: 0, maximum: 799, resolution: 10),
        .multitouchSlot: AxisInfo(minimum: 0, maximum: 1),
        .multitouchPositionX: AxisInfo(minimum: 0, maximum: 1279, fuzz: 2, resolution: 10),
        .multitouchPositionY: AxisInfo(minimum: 0, maximum: 799, fuzz: 2, resolution: 10),
        .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
        .multitouchPressure: AxisInfo(minimum: 0, maximum: 255),
    ])

/// A two-finger touch, with a negative value (the lift) and a MSC_TIMESTAMP.
func handMadeEvents() -> [InputEvent] {
    func t(_ microseconds: Int64) -> Timestamp { Timestamp(seconds: 0, microseconds: microseconds) }
    return [
        InputEvent(timestamp: t(1), .multitouchTrackingID, 7),
        InputEvent(timestamp: t(1), .multitouchPositionX, 100),
        InputEvent(timestamp: t(1), .multitouchPositionY, 18),
        InputEvent(timestamp: t(1), .touch, 1),
        InputEvent(timestamp: t(1), type: .miscellaneous, code: 5, value: 123_456),
        InputEvent(timestamp: t(1), .report),
        InputEvent(timestamp: t(12_500), .multitouchSlot, 1),
        InputEvent(timestamp: t(12_500), .multitouchTrackingID, 8),
        InputEvent(timestamp: t(12_500), .multitouchPositionX, 1279),
        InputEvent(timestamp: t(12_500), .report),
        InputEvent(timestamp: t(1_250_000), .multitouchTrackingID, -1),
        InputEvent(timestamp: t(1_250_000), .multitouchSlot, 0),
        InputEvent(timestamp: t(1_250_000), .multitouchTrackingID, -1),
        InputEvent(timestamp: t(1_250_000), .touch, 0),
        InputEvent(timestamp: t(1_250_000), .report),
    ]
}

/// Compares a description with what libevemu read from the same file.
func libevemuDisagreements(_ description: DeviceDescription, path: String) throws -> [String] {
    let file = try #require(fopen(path, "r"))
    defer { fclose(file) }
    let device = try #require(evemu_new(nil))
    defer { evemu_delete(device) }
    guard evemu_read(device, file) > 0 else { return ["evemu_read failed"] }
    var problems: [String] = []
    for bit in 0...31 where (evemu_has_prop(device, Int32(bit)) != 0) != description.properties.contains(DeviceProperty(rawValue: UInt16(bit))) {
        problems.append("property \(bit)")
    }
    for (type, codes) in description.codes where type != .synchronization {
        for code in codes where evemu_has_event(device, Int32(type.rawValue), Int32(code)) == 0 {
            problems.append("missing \(type) \(code)")
        }
    }
    for (axis, info) in description.axes {
        let code = Int32(axis.rawValue)
        let read = AxisInfo(
            minimum: evemu_get_abs_minimum(device, code), maximum: evemu_get_abs_maximum(device, code),
            fuzz: evemu_get_abs_fuzz(device, code), flat: evemu_get_abs_flat(device, code),
            resolution: evemu_get_abs_resolution(device, code))
        if read != info { problems.append("axis \(axis): \(read) instead of \(info)") }
    }
    return problems
}

@Suite("Writing evemu files")
struct EvemuWriterTests {
    func write(_ description: DeviceDescription, _ events: [InputEvent]) throws -> String {
        let path = Fixtures.temporaryFile("", name: "written.evemu")
        let writer = try EvemuWriter(path: path, description: description)
        for event in events { try writer.write(event) }
        try writer.close()
        return path
    }

    @Test("An event line is padded as evemu-record pads it")
    func eventLineFormat() {
        let lift = InputEvent(timestamp: Timestamp(seconds: 12, microseconds: 345), .multitouchTrackingID, -1)
        #expect(EvemuWriter.eventLine(lift) == "E: 12.000345 0003 0039 -001")
        let wide = InputEvent(timestamp: Timestamp(seconds: 0, microseconds: 1), .multitouchPositionX, 26993)
        #expect(EvemuWriter.eventLine(wide) == "E: 0.000001 0003 0035 26993")
        let small = InputEvent(timestamp: .zero, .touch, 1)
        #expect(EvemuWriter.eventLine(small) == "E: 0.000000 0001 014a 0001")
    }

    @Test("Debian's libevemu reads a file Tactile wrote with the same device and events")
    func roundTripThroughLibevemu() throws {
        let events = handMadeEvents()
        let path = try write(handMadeTouchscreen, events)
        let reading = try EvemuLibraryReading(path: path)
        #expect(reading.name == handMadeTouchscreen.name)
        #expect(reading.identity == handMadeTouchscreen.identity)
        #expect(reading.events == events)
        #expect(try libevemuDisagreements(handMadeTouchscreen, path: path).isEmpty)
    }

    @Test(
        "Debian's libevemu reads real recordings rewritten by Tactile with the same events",
        arguments: [
            "dell-canvas-27-ts__session-2-4-5-fingers.evemu", "elan-cando-ts__1finger-drag-up-down.events",
            "ntrig-dell-xt2-ts__typeA-3to4finger-hold-release.evemu",
        ])
    func realRecordingsThroughLibevemu(_ name: String) throws {
        let reader = try TraceReader(path: SharedTraces.path(name))
        var events: [InputEvent] = []
        while let event = try reader.nextEvent() { events.append(event) }
        let path = try write(reader.deviceDescription, events)
        let reading = try EvemuLibraryReading(path: path)
        #expect(reading.name == reader.deviceDescription.name)
        #expect(reading.events == events)
        #expect(try libevemuDisagreements(reader.deviceDescription, path: path).isEmpty)
        // And Tactile's own reader gives back the same description.
        #expect(try EvemuReader(path: path).deviceDescription == reader.deviceDescription)
    }

    @Test("A negative timestamp cannot be written")
    func negativeTime() throws {
        let path = Fixtures.temporaryFile("", name: "negative.evemu")
        let writer = try EvemuWriter(path: path, description: handMadeTouchscreen)
        #expect(throws: TraceError.self) {
            try writer.write(InputEvent(timestamp: Timestamp(nanoseconds: -1000), .report))
        }
    }

    @Test("Writing then reading random devices and events gives them back unchanged")
    func randomRoundTrip() async {
        let generator = zip(
            Gen.int(in: 0...0xffff).array(of: 8...40),
            Gen.int(in: -70000...70000).array(of: 0...80)
        )
        await propertyCheck(count: PropertyCases.count(150), input: generator) { deviceSeeds, eventSeeds in
            let description = RandomTraces.description(from: deviceSeeds)
            let events = RandomTraces.events(from: eventSeeds)
            let path = Fixtures.temporaryFile("", name: "random.evemu")
            do {
                let writer = try EvemuWriter(path: path, description: description)
                for event in events { try writer.write(event) }
                try writer.close()
                let reader = try EvemuReader(path: path)
                #expect(reader.deviceDescription == description)
                var readBack: [InputEvent] = []
                while let event = try reader.nextEvent() { readBack.append(event) }
                #expect(readBack == events)
            } catch {
                Issue.record("round trip failed: \(error)")
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

/// Turns integer lists from the generators into devices and events, so shrinking keeps working.
enum RandomTraces {
    static func description(from seeds: [Int]) -> DeviceDescription {
        var seeds = seeds.makeIterator()
        func next() -> Int { seeds.next() ?? 0 }
        let names = ["Pad", "Touch Screen #2", "ünïcödé panel", "x"]
        var axes: [AbsoluteAxis: AxisInfo] = [:]
        for _ in 0..<(next() % 6 + 1) {
            let code = AbsoluteAxis(rawValue: UInt16(next() % 0x40))
            let minimum = Int32(next()) - 0x8000
            axes[code] = AxisInfo(
                minimum: minimum, maximum: minimum + Int32(next()), fuzz: Int32(next() % 16), flat: 0,
                resolution: Int32(next() % 100))
        }
        var keys: Set<UInt16> = [Key.touch.rawValue]
        keys.insert(UInt16(next() % 0x300))
        var properties: Set<DeviceProperty> = []
        if next() % 2 == 0 { properties.insert(.direct) }
        if next() % 3 == 0 { properties.insert(DeviceProperty(rawValue: UInt16(next() % 32))) }
        return DeviceDescription(
            name: names[next() % names.count],
            identity: .init(bus: UInt16(next()), vendor: UInt16(next()), product: UInt16(next()), version: UInt16(next())),
            properties: properties, codes: [.key: keys], axes: axes,
            ledStates: next() % 4 == 0 ? [UInt16(next() % 16): 1] : [:])
    }

    static func events(from seeds: [Int]) -> [InputEvent] {
        var time: Int64 = Int64(seeds.first.map { abs($0) } ?? 0)
        return seeds.enumerated().map { index, seed in
            time += Int64(abs(seed) % 20_000)
            let type: EventType = [.synchronization, .key, .absolute, .miscellaneous][index % 4]
            return InputEvent(
                timestamp: Timestamp(seconds: time / 1_000_000, microseconds: time % 1_000_000), type: type,
                code: UInt16(abs(seed) % 0x300), value: Int32(seed))
        }
    }
}
