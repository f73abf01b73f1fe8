import Foundation
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// A tiny evemu 1.3 touchscreen description.
let tinyDescription = """
    # EVEMU 1.3
    N: Tiny Screen # the '#' is part of the name
    I: 0018 0000 0000 0000
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 00 00 00 00 00 80 60 02
    A: 2f 0 9 0 0 0
    A: 35 0 799 0 0 0
    A: 36 0 479 0 0 0
    A: 39 0 65535 0 0 0

    """

let tinyEvents = """
    E: 0.000001 0003 0039 0003	# EV_ABS / ABS_MT_TRACKING_ID   3
    E: 0.000001 0003 0035 0340	# EV_ABS / ABS_MT_POSITION_X    340
    E: 0.000001 0003 0036 0242
    E: 0.000001 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
    E: 0.095573 0003 0039 -001	# EV_ABS / ABS_MT_TRACKING_ID   -1
    E: 0.095573 0000 0000 0000

    """

@Suite("Reading trace files")
struct TraceReaderTests {
    func events(of reader: TraceReader) throws -> [InputEvent] {
        var events: [InputEvent] = []
        while let event = try reader.nextEvent() { events.append(event) }
        return events
    }

    func readError(_ text: String, name: String = "bad.evemu") -> TraceError? {
        let path = Fixtures.temporaryFile(text, name: name)
        do {
            let reader = try TraceReader(path: path)
            while try reader.nextEvent() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test("An evemu 1.3 file gives its description, zero-padded values and relative times")
    func evemuFile() throws {
        let reader = try TraceReader(path: Fixtures.temporaryFile(tinyDescription + tinyEvents))
        #expect(reader.format == .evemu)
        let description = reader.deviceDescription
        #expect(description.name == "Tiny Screen # the '#' is part of the name")
        #expect(description.identity.bus == 0x18)
        #expect(description.properties == [.direct])
        #expect(description.supports(.touch))
        #expect(description.touchProtocol == .slots(count: 10))
        #expect(description.axes[.multitouchPositionX] == AxisInfo(minimum: 0, maximum: 799))
        let events = try events(of: reader)
        #expect(events.count == 6)
        #expect(events[4] == InputEvent(timestamp: Timestamp(seconds: 0, microseconds: 95_573), .multitouchTrackingID, -1))
    }

    @Test("A description in a .desc file with events in a .events file is found by name")
    func splitFiles() throws {
        let descriptionPath = Fixtures.temporaryFile(tinyDescription, name: "tiny-ts.desc")
        let eventsPath = URL(fileURLWithPath: descriptionPath).deletingLastPathComponent()
            .appendingPathComponent("tiny-ts__tap.events").path
        try Data(tinyEvents.utf8).write(to: URL(fileURLWithPath: eventsPath))
        let reader = try TraceReader(path: eventsPath)
        #expect(reader.deviceDescription.name.hasPrefix("Tiny Screen"))
        #expect(try events(of: reader).count == 6)
    }

    @Test("A format 1.0 file without '# EVEMU' line, 5-field A: lines and absolute epoch times reads")
    func formatOnePointZero() throws {
        let text = """
            N: Old Screen
            I: 0003 0eef 0001 0210
            P: 00 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 04 00 00 00 00 00 00
            B: 03 03 00 00 00 00 00 00 00
            A: 00 42 1981 0 0
            A: 01 42 1981 0 0
            E: 1330523780.970493 0001 014a 1
            E: 1330523780.970498 0003 0000 1909
            E: 1330523780.970501 0003 0001 -2
            E: 1330523780.970502 0000 0000 0
            """
        let reader = try EvemuReader(path: Fixtures.temporaryFile(text))
        #expect(reader.formatVersion == (1, 0))
        #expect(reader.deviceDescription.axes[.x] == AxisInfo(minimum: 42, maximum: 1981))
        #expect(reader.deviceDescription.touchProtocol == .singleTouch)
        #expect(try reader.nextEvent()?.timestamp == Timestamp(seconds: 1_330_523_780, microseconds: 970_493))
        _ = try reader.nextEvent()
        #expect(try reader.nextEvent()?.value == -2)
    }

    @Test("A garbage line names the file, the line and the reason")
    func garbageLine() throws {
        let error = try #require(readError(tinyDescription + "E: 0.000001 0003 0039 0003\nhello world\n"))
        #expect(error.file.hasSuffix("bad.evemu"))
        #expect(error.line == 18)
        #expect(error.reason.contains("not an event line"))
    }

    @Test("Malformed event fields are errors with the field named", arguments: [
        ("E: 0.1 0003 zz 5", "event code 'zz'"),
        ("E: 0.1234567 0003 0035 5", "microseconds"),
        ("E: x.1 0003 0035 5", "time 'x.1'"),
        ("E: 0.1 0003 0035 5000000000", "value '5000000000'"),
        ("E: 0.1 0020 0035 5", "event type '0020'"),
        ("E: 0.1 0003 0035 5 6", "unexpected '6'"),
    ])
    func malformedEvents(line: String, reason: String) throws {
        let error = try #require(readError(tinyDescription + line + "\n"))
        #expect(error.line == 17)
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("A file cut in the middle of a line says so")
    func truncatedFile() throws {
        let text = tinyDescription + tinyEvents.split(separator: "\n").prefix(4).joined(separator: "\n") + "\nE: 0.09557"
        let error = try #require(readError(text))
        #expect(error.line == 21)
        #expect(error.reason.contains("the file ends in the middle of this line"))
    }

    @Test("A file that stops between frames replays, cancelling the touch that is still down")
    func truncatedBetweenFrames() throws {
        let text = tinyDescription + tinyEvents.split(separator: "\n").prefix(4).joined(separator: "\n") + "\n"
        let replay = try TraceReplay(path: Fixtures.temporaryFile(text))
        let frames = try replay.remainingFrames()
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.cancelled]])
    }

    @Test("Malformed descriptions are errors", arguments: [
        ("N: X\nA: 35 0 10\n", "A: needs 5 or 6 fields"),
        ("N: X\nI: 0003 zz 0001 0001\n", "I: field 'zz'"),
        ("N: X\nB: 40 00\n", "not an event type"),
        ("N: X\nQ: what\n", "not an evemu line"),
        ("# EVEMU 2.0\nN: X\n", "format 2.0 is not supported"),
        ("I: 0003 0001 0001 0001\nE: 0.1 0000 0000 0\n", "no device description"),
    ])
    func malformedDescriptions(text: String, reason: String) throws {
        let error = try #require(readError(text))
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("A missing file is an error naming it")
    func missingFile() {
        #expect(throws: TraceError(file: "/nonexistent/x.evemu", reason: "no such file")) {
            try TraceReader(path: "/nonexistent/x.evemu")
        }
    }

    @Test("A hand-written libinput record file gives its first device and its evdev frames only")
    func libinputRecord() throws {
        let reader = try TraceReader(path: Fixtures.path("handwritten-touchscreen.yml"))
        #expect(reader.format == .libinputRecord)
        let description = reader.deviceDescription
        #expect(description.name == "Handwritten Touchscreen: #1")
        #expect(description.identity == .init(bus: 24, vendor: 0x1234, product: 0x5678, version: 256))
        #expect(description.properties == [.direct])
        #expect(description.touchProtocol == .slots(count: 10))
        #expect(description.axes[.multitouchPositionX] == AxisInfo(minimum: 0, maximum: 4095, resolution: 40))
        #expect(description.sizeInMillimeters.map { [$0.width, $0.height] } == [4095.0 / 40, 2047.0 / 40])
        let events = try events(of: reader)
        #expect(events.count == 20)
        #expect(events.filter(\.isReport).count == 4)
        #expect(events.last == InputEvent(timestamp: Timestamp(seconds: 1, microseconds: 12), .report))

        let frames = try TraceReplay(path: Fixtures.path("handwritten-touchscreen.yml")).remainingFrames()
        #expect(frames.map { $0.contacts.map(\.phase) } == [
            [.began], [.moved], [.stationary, .began], [.ended, .ended],
        ])
    }

    @Test("libinput record errors name the file, the line and the reason", arguments: [
        ("version: 2\ndevices: []\n", nil as Int?, "version 2 is not supported"),
        ("ndevices: 0\n", nil, "no 'version' key"),
        ("version: 1\ndevices:\n- evdev:\n    name: a\n  events:\n  - evdev:\n    - [0, 0, 3]\n", 7, "5 numbers"),
        ("version: 1\ndevices:\n- evdev:\n    name: a\n  events:\n  - evdev:\n    - [0, 0, 3, 1, x]\n", 7, "value 'x'"),
        ("version: 1\ndevices:\n- evdev:\n    name: a\n  events:\n  - evdev:\n    oops: 1\n", 7, "expected '- [sec"),
        ("version: 1\ndevices:\n- evdev:\n    name: a\n    id: [1, 2]\n", nil, "'id' must be"),
        ("version: 1\ndevices: [\n", nil, "not valid YAML"),
    ])
    func libinputRecordErrors(text: String, line: Int?, reason: String) throws {
        let error = try #require(readError(text, name: "bad.yml"))
        #expect(error.line == line)
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("A long recording streams through a buffer of fixed size")
    func streaming() throws {
        let path = Fixtures.temporaryFile("", name: "long.evemu")
        let writer = try EvemuWriter(path: path, description: handMadeTouchscreen)
        let count = 40_000
        for index in 0..<count {
            let time = Timestamp(seconds: Int64(index / 100), microseconds: Int64(index % 100) * 10_000)
            try writer.write(InputEvent(timestamp: time, .multitouchPositionX, Int32(index % 1280)))
        }
        try writer.close()
        let reader = try EvemuReader(path: path)
        var read = 0
        while try reader.nextEvent() != nil { read += 1 }
        #expect(read == count)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 1_500_000)
        #expect(reader.events.bufferHighWater <= LineReader.chunkSize + 200)
    }
}
