import Foundation
import Tactile
import TactileInput
import TactileTestSupport
import Testing

/// `tactile record --backend libinput`'s encoder: frames in fractions of the surface → evdev events of a protocol-B
/// touchscreen → an evemu file that the decoder reads back as the same touches.
@Suite("Touch frames encoded as a protocol-B touchscreen")
struct TouchFrameEncoderTests {
    /// A source whose position axes span exactly 1000 units each, so that k/1000 of the surface is unit k.
    static let source = DeviceDescription(
        name: "Source Panel", identity: .init(bus: 0x18, vendor: 0x0eef, product: 0x7224, version: 1),
        properties: [.direct], codes: [.key: [Key.touch.rawValue]],
        axes: [
            .x: AxisInfo(minimum: 0, maximum: 4095),
            .multitouchPositionX: AxisInfo(minimum: 100, maximum: 1099, fuzz: 8, resolution: 12),
            .multitouchPositionY: AxisInfo(minimum: -500, maximum: 499, fuzz: 8, resolution: 11),
            .multitouchSlot: AxisInfo(minimum: 0, maximum: 9),
        ])

    static func t(_ milliseconds: Int64) -> Timestamp {
        Timestamp(nanoseconds: 5_000_000_000 + milliseconds * 1_000_000)
    }

    static func contact(
        _ id: UInt64, _ phase: TouchContact.Phase, _ x: Int, _ y: Int, slot: Int
    ) -> TouchContact {
        TouchContact(
            id: .init(id), phase: phase, location: Point(x: Double(x) / 1000, y: Double(y) / 1000), slot: slot)
    }

    /// Writes `frames` through an encoder of ``source`` and reads the file back through the decoder, on a unit
    /// screen (positions as fractions of the surface).
    static func roundTrip(_ frames: [TouchFrame]) throws -> (decoded: [TouchFrame], encoder: TouchFrameEncoder) {
        var encoder = TouchFrameEncoder(name: "Source Panel (libinput)", like: source)
        let path = TestScratch.directory("encoder").appendingPathComponent("round-trip.evemu").path
        let writer = try EvemuWriter(path: path, description: encoder.deviceDescription)
        try encoder.write(frames, to: writer)
        try writer.close()
        let mapping = ScreenMapping(screenSize: Size(width: 1, height: 1))
        let replay = try TraceReplay(path: path, configuration: .init(mapping: mapping))
        return (try replay.remainingFrames(), encoder)
    }

    /// A frame's contacts as (phase, slot, location), in slot order: what survives the trip (not the identifiers,
    /// which the decoder hands out anew).
    static func shape(_ frame: TouchFrame) -> [String] {
        frame.contacts.sorted { $0.slot < $1.slot }.map { "\($0.phase) s\($0.slot) \($0.location.x),\($0.location.y)" }
    }

    @Test("Two staggered fingers come back as the same frames: phases, slots, positions and times")
    func roundTrip() throws {
        let frames = [
            TouchFrame(timestamp: Self.t(0), contacts: [Self.contact(7, .began, 0, 999, slot: 0)]),
            TouchFrame(
                timestamp: Self.t(8),
                contacts: [Self.contact(7, .moved, 10, 990, slot: 0), Self.contact(9, .began, 500, 250, slot: 1)]),
            TouchFrame(
                timestamp: Self.t(16),
                contacts: [Self.contact(7, .stationary, 10, 990, slot: 0), Self.contact(9, .moved, 501, 260, slot: 1)]),
            TouchFrame(
                timestamp: Self.t(24),
                contacts: [Self.contact(7, .ended, 10, 990, slot: 0), Self.contact(9, .moved, 502, 270, slot: 1)]),
            TouchFrame(timestamp: Self.t(33), contacts: [Self.contact(9, .ended, 502, 270, slot: 1)]),
        ]
        let (decoded, encoder) = try Self.roundTrip(frames)
        #expect(decoded.map(Self.shape) == frames.map(Self.shape))
        #expect(decoded.map(\.timestamp) == frames.map(\.timestamp))
        // two fingers: one identifier each, distinct, kept for the whole touch
        #expect(Set(decoded.flatMap { $0.contacts.map(\.id) }).count == 2)
        // every change but the stationary contact
        #expect(encoder.changeCount == 7)
    }

    @Test("A cancelled contact is written as a lift: evdev has no cancel")
    func cancelledIsALift() throws {
        let frames = [
            TouchFrame(timestamp: Self.t(0), contacts: [Self.contact(1, .began, 300, 300, slot: 2)]),
            TouchFrame(timestamp: Self.t(10), contacts: [Self.contact(1, .cancelled, 300, 300, slot: 2)]),
        ]
        let (decoded, _) = try Self.roundTrip(frames)
        #expect(decoded.map { $0.contacts.map(\.phase) } == [[.began], [.ended]])
    }

    @Test("The description: the name given, the source's identity and position ranges without fuzz, protocol B")
    func description() {
        let description = TouchFrameEncoder(name: "Source Panel (libinput)", like: Self.source).deviceDescription
        #expect(description.name == "Source Panel (libinput)")
        #expect(description.identity == Self.source.identity)
        #expect(description.properties == [.direct])
        #expect(description.axes[.multitouchPositionX] == AxisInfo(minimum: 100, maximum: 1099, resolution: 12))
        #expect(description.axes[.multitouchPositionY] == AxisInfo(minimum: -500, maximum: 499, resolution: 11))
        #expect(description.axes[.multitouchSlot] == AxisInfo(minimum: 0, maximum: 15))
        #expect(description.axes[.multitouchTrackingID] == AxisInfo(minimum: 0, maximum: 65535))
        // without multitouch axes, the single-touch ones; without those, 0 to 4095
        let singleTouch = DeviceDescription(name: "ST", axes: [.x: AxisInfo(minimum: 5, maximum: 50)])
        let fromSingle = TouchFrameEncoder(name: "ST", like: singleTouch).deviceDescription
        #expect(fromSingle.axes[.multitouchPositionX] == AxisInfo(minimum: 5, maximum: 50))
        #expect(fromSingle.axes[.multitouchPositionY] == AxisInfo(minimum: 0, maximum: 4095))
    }

    /// The X and Y values one began contact at `location` is written with.
    static func positions(of location: Point) -> (x: Int32?, y: Int32?) {
        var encoder = TouchFrameEncoder(name: "P", like: source)
        let events = encoder.events(
            for: TouchFrame(
                timestamp: t(0), contacts: [TouchContact(id: .init(1), phase: .began, location: location)]))
        return (
            events.first { $0.absoluteAxis == .multitouchPositionX }?.value,
            events.first { $0.absoluteAxis == .multitouchPositionY }?.value
        )
    }

    @Test("Positions are rounded to the nearest unit and held within the range, on both sides of each edge")
    func positionBoundaries() {
        // the edges: 0 is the minimum, the last unit's fraction the maximum, 1 (one unit past it) still the maximum
        #expect(Self.positions(of: Point(x: 0, y: 0)) == (100, -500))
        #expect(Self.positions(of: Point(x: 0.999, y: 0.999)) == (1099, 499))
        #expect(Self.positions(of: Point(x: 1, y: 1)) == (1099, 499))
        #expect(Self.positions(of: Point(x: 0.998, y: 0.001)) == (1098, -499))
        // rounding: below half a unit goes down, above it up
        #expect(Self.positions(of: Point(x: 0.0104, y: 0.0106)) == (110, -489))
        #expect(Self.positions(of: Point(x: 0.0106, y: 0.0104)) == (111, -490))
        // outside the surface, and hostile values: held at the edges, never a trap
        #expect(Self.positions(of: Point(x: -0.001, y: 1.001)) == (100, 499))
        #expect(Self.positions(of: Point(x: -.infinity, y: .infinity)) == (100, 499))
        #expect(Self.positions(of: Point(x: .nan, y: -1e300)) == (100, -500))
        #expect(Self.positions(of: Point(x: 1e300, y: .nan)) == (1099, -500))
    }

    @Test("Tracking IDs count from 0 and wrap from 65535 back to 0")
    func trackingIDWrap() {
        var encoder = TouchFrameEncoder(name: "P", like: Self.source)
        var ids: [Int32] = []
        for index in 0..<65_538 {
            let id = TouchContact.ID(UInt64(index))
            for phase in [TouchContact.Phase.began, .ended] {
                let contact = TouchContact(id: id, phase: phase, location: Point(x: 0.5, y: 0.5))
                let frame = TouchFrame(timestamp: Self.t(Int64(index)), contacts: [contact])
                let events = encoder.events(for: frame)
                for event in events where event.absoluteAxis == .multitouchTrackingID && event.value >= 0 {
                    ids.append(event.value)
                }
            }
        }
        #expect(ids.prefix(2) == [0, 1])
        #expect(ids[65_534...] == [65_534, 65_535, 0, 1])
    }

    @Test("A frame ends with BTN_TOUCH (1 while a contact is tracked) and SYN_REPORT; stationary contacts write none")
    func frameEnd() {
        var encoder = TouchFrameEncoder(name: "P", like: Self.source)
        func summary(_ contacts: [TouchContact]) -> [String] {
            encoder.events(for: TouchFrame(timestamp: Self.t(0), contacts: contacts)).map {
                "\($0.type.name ?? "?") \(EventCodeNames.name(of: $0.code, type: $0.type) ?? "?") \($0.value)"
            }
        }
        #expect(summary([Self.contact(1, .began, 0, 0, slot: 3)]) == [
            "EV_ABS ABS_MT_SLOT 3", "EV_ABS ABS_MT_TRACKING_ID 0", "EV_ABS ABS_MT_POSITION_X 100",
            "EV_ABS ABS_MT_POSITION_Y -500", "EV_KEY BTN_TOUCH 1", "EV_SYN SYN_REPORT 0",
        ])
        #expect(summary([Self.contact(1, .stationary, 0, 0, slot: 3)]) == ["EV_KEY BTN_TOUCH 1", "EV_SYN SYN_REPORT 0"])
        #expect(summary([Self.contact(1, .ended, 0, 0, slot: 3)]) == [
            "EV_ABS ABS_MT_SLOT 3", "EV_ABS ABS_MT_TRACKING_ID -1", "EV_KEY BTN_TOUCH 0", "EV_SYN SYN_REPORT 0",
        ])
        #expect(encoder.changeCount == 2)
    }
}
