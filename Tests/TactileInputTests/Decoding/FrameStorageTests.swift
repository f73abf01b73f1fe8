import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// The decoder reuses one frame's storage from report to report. A consumer that lets go of each frame before
/// the next costs no allocation; a consumer that keeps frames must still get frames of its own, which later
/// reports never change.
@Suite("Frames a consumer keeps")
struct FrameStorageTests {
    /// Replays `path` twice: once keeping every frame, noting each frame's text when it arrives; once dropping
    /// each frame at once. Returns the texts noted on arrival, the kept frames' texts at the end, and the
    /// streaming replay's texts.
    static func replayKeepingFrames(_ path: String) throws -> (arrival: [String], kept: [String], streamed: [String]) {
        let keeping = try TraceReplay(path: path)
        var frames: [TouchFrame] = []
        var arrival: [String] = []
        while let frame = try keeping.nextFrame() {
            arrival.append(frame.description)
            frames.append(frame)
        }
        let streaming = try TraceReplay(path: path)
        var streamed: [String] = []
        while let frame = try streaming.nextFrame() { streamed.append(frame.description) }
        return (arrival, frames.map(\.description), streamed)
    }

    @Test("Kept frames of the handwritten libinput record trace stay as they arrived")
    func libinputRecord() throws {
        let result = try Self.replayKeepingFrames(Fixtures.path("handwritten-touchscreen.yml"))
        #expect(!result.kept.isEmpty)
        #expect(result.kept == result.arrival)
        #expect(result.streamed == result.arrival)
    }

    @Test(
        "Kept frames of real recordings (protocol B, protocol A through libmtdev, single touch) stay as they arrived",
        arguments: [
            "3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu",
            "ntrig-multitouch-ts__typeA-2finger-touch-release.events",
            "apple-bcm5974-touchpad__typeA-session-1-to-4-fingers.evemu",
            "egalax-usb-singletouch-ts__no-mt-2-touches.events",
            "atmel-maxtouch-ts__1finger-fast-taps-x9.evemu",
        ])
    func recordings(file: String) throws {
        let result = try Self.replayKeepingFrames(SharedTraces.path(file))
        #expect(result.kept.count > 5)
        #expect(result.kept == result.arrival)
        #expect(result.streamed == result.arrival)
    }

    @Test("A frame kept from one report is not changed by the next, through the decoder's reused output")
    func decoderOutputReuse() throws {
        let description = DeviceDescription(
            name: "two slots", properties: [.direct], eventTypes: [.synchronization, .absolute],
            codes: [.absolute: [AbsoluteAxis.multitouchSlot.rawValue, AbsoluteAxis.multitouchTrackingID.rawValue,
                                AbsoluteAxis.multitouchPositionX.rawValue, AbsoluteAxis.multitouchPositionY.rawValue]],
            axes: [
                .multitouchSlot: AxisInfo(minimum: 0, maximum: 1),
                .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
                .multitouchPositionX: AxisInfo(minimum: 0, maximum: 1000),
                .multitouchPositionY: AxisInfo(minimum: 0, maximum: 1000),
            ])
        var decoder = try MultitouchDecoder(description: description)
        var output = MultitouchDecoder.Output()
        var kept: [TouchFrame] = []
        var arrival: [String] = []
        func event(_ time: Int64, _ axis: AbsoluteAxis, _ value: Int32) -> InputEvent {
            InputEvent(timestamp: Timestamp(seconds: 0, microseconds: time), type: .absolute, code: axis.rawValue, value: value)
        }
        func report(_ time: Int64) {
            decoder.handle(InputEvent(timestamp: Timestamp(seconds: 0, microseconds: time), .report), into: &output)
            for frame in output.frames {
                arrival.append(frame.description)
                kept.append(frame)
            }
            output.frames.removeAll(keepingCapacity: true)
        }
        decoder.handle(event(0, .multitouchTrackingID, 7), into: &output)
        decoder.handle(event(0, .multitouchPositionX, 100), into: &output)
        decoder.handle(event(0, .multitouchPositionY, 100), into: &output)
        report(0)
        for step in 1...20 {
            decoder.handle(event(Int64(step) * 1000, .multitouchPositionX, 100 + Int32(step) * 10), into: &output)
            if step == 5 {
                decoder.handle(event(5000, .multitouchSlot, 1), into: &output)
                decoder.handle(event(5000, .multitouchTrackingID, 8), into: &output)
                decoder.handle(event(5000, .multitouchPositionX, 500), into: &output)
                decoder.handle(event(5000, .multitouchPositionY, 500), into: &output)
                decoder.handle(event(5000, .multitouchSlot, 0), into: &output)
            }
            report(Int64(step) * 1000)
        }
        decoder.handle(event(21000, .multitouchTrackingID, -1), into: &output)
        report(21000)
        #expect(kept.count == 22)
        #expect(kept.map(\.description) == arrival)
        // The kept frames are the values they were: each moved by 10 device units from the one before.
        #expect(kept[1].contacts.map(\.phase) == [.moved])
        #expect(kept[5].contacts.map(\.phase) == [.moved, .began])
        #expect(kept[21].contacts.map(\.phase) == [.ended, .stationary])
    }
}

@Suite("libinput record event lines")
struct LibinputRecordEventLineTests {
    @Test("Every spelling of an event line the format allows reads the same: spaces, tabs, signs, no space after '-'")
    func spellings() throws {
        let source = try String(contentsOfFile: Fixtures.path("handwritten-touchscreen.yml"), encoding: .utf8)
        let header = String(source[..<source.range(of: "    events:\n")!.upperBound])
        let lines = [
            "          - [  1,  20,   3,  57,  7] # EV_ABS / ABS_MT_TRACKING_ID",
            "          -[1,20,3,53,+100]",
            "          - [\t1 ,\t20 , 3 , 54 , 200 ]\t# comment",
            "          - [0001, 000020, 003, 0, -0]",
            "          - [1, 20, 0, 0, 0]",
        ]
        let path = Fixtures.temporaryFile(header + "      - evdev:\n" + lines.joined(separator: "\n") + "\n", name: "forms.yml")
        let reader = try LibinputRecordReader(path: path)
        var events: [InputEvent] = []
        while let event = try reader.nextEvent() { events.append(event) }
        let time = Timestamp(seconds: 1, microseconds: 20)
        #expect(events == [
            InputEvent(timestamp: time, .multitouchTrackingID, 7),
            InputEvent(timestamp: time, .multitouchPositionX, 100),
            InputEvent(timestamp: time, .multitouchPositionY, 200),
            InputEvent(timestamp: time, type: .absolute, code: 0, value: 0),
            InputEvent(timestamp: time, .report),
        ])
    }
}
