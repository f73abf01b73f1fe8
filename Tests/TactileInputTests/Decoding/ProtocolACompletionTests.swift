import Tactile
@testable import TactileInput
import Testing

/// Issue 26: libmtdev reads a packet's `ABS_MT_TOUCH_MAJOR` (and `ABS_MT_TRACKING_ID`) whether or not the packet
/// set it; the converter completes every packet so that nothing libmtdev reads is uninitialised. The valgrind
/// check of the same path is `.ci/valgrind-protocol-a.sh`.
@Suite("Protocol A: complete packets for libmtdev")
struct ProtocolACompletionTests {
    /// An N-Trig-like protocol-A device that declares a touch size (and, when asked, tracking identities).
    static func device(trackingID: Bool) -> DeviceDescription {
        var axes: [AbsoluteAxis: AxisInfo] = [
            .multitouchPositionX: AxisInfo(minimum: 0, maximum: 9600),
            .multitouchPositionY: AxisInfo(minimum: 0, maximum: 7200),
            .multitouchTouchMajor: AxisInfo(minimum: 0, maximum: 9600),
            .multitouchTouchMinor: AxisInfo(minimum: 0, maximum: 7200),
        ]
        if trackingID { axes[.multitouchTrackingID] = AxisInfo(minimum: 0, maximum: 65535) }
        return DeviceDescription(name: "Type A", codes: [.key: [Key.touch.rawValue]], axes: axes)
    }

    /// Two contacts whose packets have positions only, moved for three frames, then lifted.
    static func events() -> [InputEvent] {
        var events: [InputEvent] = []
        let start = Timestamp(seconds: 1, microseconds: 0)
        for frame in 0..<3 {
            let time = start + .milliseconds(Int64(frame * 10))
            for (x, y) in [(7411, 4677), (5911, 1677)] {
                events.append(InputEvent(timestamp: time, .multitouchPositionX, Int32(x + frame * 10)))
                events.append(InputEvent(timestamp: time, .multitouchPositionY, Int32(y + frame * 10)))
                events.append(InputEvent(timestamp: time, .multitouchReport))
            }
            if frame == 0 { events.append(InputEvent(timestamp: time, .touch, 1)) }
            events.append(InputEvent(timestamp: time, .report))
        }
        let end = start + .milliseconds(30)
        events += [InputEvent(timestamp: end, .multitouchReport), InputEvent(timestamp: end, .touch, 0), InputEvent(timestamp: end, .report)]
        return events
    }

    static func convert(trackingID: Bool) throws -> [InputEvent] {
        let converter = try #require(ProtocolAConverter(description: device(trackingID: trackingID)))
        return events().flatMap { converter.convert($0).events }
    }

    @Test("The same input decodes the same twice in one process, each packet a touch", arguments: [false, true])
    func sameTwice(trackingID: Bool) throws {
        let first = try Self.convert(trackingID: trackingID)
        // Something else on the stack between the two runs, as a replay has.
        _ = try Self.convert(trackingID: !trackingID)
        let second = try Self.convert(trackingID: trackingID)
        #expect(first == second)
        // Both packets of the first frame are touches: two identities, each with the size given to a packet
        // without one (1), and both end in the last frame.
        let identities = first.filter { $0.type == .absolute && $0.code == AbsoluteAxis.multitouchTrackingID.rawValue }
        #expect(identities.filter { $0.value >= 0 }.count == 2, "\(first)")
        #expect(identities.filter { $0.value < 0 }.count == 2, "\(first)")
        let sizes = first.filter { $0.type == .absolute && $0.code == AbsoluteAxis.multitouchTouchMajor.rawValue }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0.value == 1 }, "\(sizes)")
    }

    @Test("A packet's own size is kept; a size of 0 is no touch, as libmtdev has it")
    func ownSize() throws {
        let converter = try #require(ProtocolAConverter(description: Self.device(trackingID: false)))
        let time = Timestamp(seconds: 1, microseconds: 0)
        var output: [InputEvent] = []
        for event in [
            InputEvent(timestamp: time, .multitouchPositionX, 100), InputEvent(timestamp: time, .multitouchPositionY, 100),
            InputEvent(timestamp: time, .multitouchTouchMajor, 462), InputEvent(timestamp: time, .multitouchReport),
            InputEvent(timestamp: time, .multitouchPositionX, 900), InputEvent(timestamp: time, .multitouchPositionY, 900),
            InputEvent(timestamp: time, .multitouchTouchMajor, 0), InputEvent(timestamp: time, .multitouchReport),
            InputEvent(timestamp: time, .report),
        ] { output += converter.convert(event).events }
        let identities = output.filter { $0.code == AbsoluteAxis.multitouchTrackingID.rawValue && $0.type == .absolute }
        #expect(identities.count == 1 && identities[0].value >= 0, "\(output)")
        #expect(output.contains(InputEvent(timestamp: time, .multitouchTouchMajor, 462)))
        #expect(ProtocolAConverter.missingTouchMajor(AxisInfo(minimum: 5, maximum: 10)) == 5)
        #expect(ProtocolAConverter.missingTouchMajor(AxisInfo(minimum: 0, maximum: 0)) == 0)
    }
}
