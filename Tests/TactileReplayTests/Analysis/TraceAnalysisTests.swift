import Foundation
import Tactile
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// `tactile analyze` and ``TraceAnalysis``: what each report documents, on hand-made event streams where the
/// answer is known, on the real recordings, and on hostile input.
@Suite("Analysing a recording")
struct TraceAnalysisTests {
    /// A two-slot screen, 1000 × 500 units; with `resolution` units per millimetre when given.
    static func screen(resolution: Int32 = 0, pressure: Bool = false) -> DeviceDescription {
        var axes: [AbsoluteAxis: AxisInfo] = [
            .multitouchSlot: AxisInfo(minimum: 0, maximum: 1),
            .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
            .multitouchPositionX: AxisInfo(minimum: 0, maximum: 999, resolution: resolution),
            .multitouchPositionY: AxisInfo(minimum: 0, maximum: 499, resolution: resolution),
            .x: AxisInfo(minimum: 0, maximum: 999), .y: AxisInfo(minimum: 0, maximum: 499),
        ]
        if pressure { axes[.multitouchPressure] = AxisInfo(minimum: 0, maximum: 255) }
        return DeviceDescription(
            name: "Test screen", properties: [.direct], codes: [.key: [Key.touch.rawValue]], axes: axes)
    }

    /// Events at `milliseconds`, then a report.
    static func report(_ milliseconds: Int64, _ events: [(AbsoluteAxis, Int32)]) -> [InputEvent] {
        let time = Timestamp(nanoseconds: milliseconds * 1_000_000)
        return events.map { InputEvent(timestamp: time, $0.0, $0.1) } + [InputEvent(timestamp: time, .report)]
    }

    static func analyze(_ description: DeviceDescription, _ events: [InputEvent]) throws -> TraceAnalysis {
        var analyzer = try TraceAnalyzer(description: description)
        for event in events { analyzer.handle(event) }
        return analyzer.finish()
    }

    /// One finger: down at (500, 250), moves (+3, −2), moves again only in x, lifts.
    static let oneFinger: [InputEvent] =
        report(0, [(.multitouchTrackingID, 7), (.multitouchPositionX, 500), (.multitouchPositionY, 250)])
        + report(10, [(.multitouchPositionX, 503), (.multitouchPositionY, 248)])
        + report(20, [(.multitouchPositionX, 504)])
        + report(30, [(.multitouchTrackingID, -1)])

    @Test("per-slot-delta: a begin, each report's change in device units, an end")
    func perSlotDeltas() throws {
        let analysis = try Self.analyze(Self.screen(), Self.oneFinger)
        #expect(analysis.deltaRows.map(\.entries) == [
            [.init(slot: 0, change: .began(x: 500, y: 250))],
            [.init(slot: 0, change: .moved(dx: 3, dy: -2, x: 503, y: 248))],
            [.init(slot: 0, change: .moved(dx: 1, dy: 0, x: 504, y: 248))],
            [.init(slot: 0, change: .ended)],
        ])
        #expect(analysis.deltaRows.map(\.sincePreviousReport) == [.zero, .milliseconds(10), .milliseconds(10), .milliseconds(10)])
        #expect(analysis.summary.oddities.isEmpty)
    }

    @Test("touch-down-state: a row each time the set of slots down changes, with the time since the previous row")
    func downState() throws {
        let events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100)])
            + Self.report(10, [(.multitouchPositionX, 110)])
            + Self.report(20, [(.multitouchSlot, 1), (.multitouchTrackingID, 2), (.multitouchPositionX, 600), (.multitouchPositionY, 300)])
            + Self.report(30, [(.multitouchSlot, 0), (.multitouchTrackingID, -1)])
            + Self.report(50, [(.multitouchSlot, 1), (.multitouchTrackingID, -1)])
        let analysis = try Self.analyze(Self.screen(), events)
        #expect(analysis.downStateRows.map(\.down) == [[0], [0, 1], [1], []])
        #expect(analysis.downStateRows.map(\.sincePreviousRow) == [.zero, .milliseconds(20), .milliseconds(10), .milliseconds(20)])
        #expect(analysis.summary.maximumSimultaneousContacts == 2)
        #expect(analysis.summary.contactCount == 2)
    }

    @Test("The kernel's rules: a repeated value is not a motion, and a report left empty is not a report")
    func kernelRules() throws {
        let events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100)])
            + Self.report(10, [(.multitouchPositionX, 100), (.multitouchPositionY, 100)])  // repeats: dropped, and the report
            + Self.report(20, [(.multitouchPositionX, 101), (.multitouchPositionY, 100)])
            + Self.report(30, [(.multitouchTrackingID, -1)])
        let analysis = try Self.analyze(Self.screen(), events)
        #expect(analysis.deltaRows.count == 3)
        #expect(analysis.deltaRows[1].entries == [.init(slot: 0, change: .moved(dx: 1, dy: 0, x: 101, y: 100))])
        #expect(analysis.deltaRows[1].sincePreviousReport == .milliseconds(20))
        #expect(analysis.summary.reportCount == 3)
        #expect(analysis.summary.eventCount == events.count)
    }

    @Test("Report rate: the median interval while a finger is down, percentiles and standard deviation as jitter")
    func reportRate() throws {
        // 21 reports 10 ms apart, except one 30 ms gap; then a lift, and a new touch 1 s later (not an interval).
        var events: [InputEvent] = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100)])
        var time: Int64 = 0
        for step in 1...20 {
            time += step == 10 ? 30 : 10
            events += Self.report(time, [(.multitouchPositionX, 100 + Int32(step))])
        }
        events += Self.report(time + 10, [(.multitouchTrackingID, -1)])
        events += Self.report(time + 1010, [(.multitouchTrackingID, 2), (.multitouchPositionX, 300)])
        events += Self.report(time + 1020, [(.multitouchTrackingID, -1)])
        let analysis = try Self.analyze(Self.screen(), events)
        let interval = try #require(analysis.summary.reportInterval)
        #expect(interval.count == 22)  // 21 while the first touch was down, 1 while the second was
        #expect(interval.median == .milliseconds(10))
        #expect(interval.maximum == .milliseconds(30))
        #expect(interval.p95 == .milliseconds(10))
        #expect(interval.p99 == .milliseconds(30))
        #expect(interval.medianRate == 100)
        // Mean (21 × 10 + 30) / 22 ms; the deviation of one 30 among 10s.
        let mean = (21.0 * 10 + 30) / 22
        let deviation = ((21 * (10 - mean) * (10 - mean) + (30 - mean) * (30 - mean)) / 22).squareRoot()
        #expect(abs(TraceAnalysis.Distribution.seconds(interval.standardDeviation) * 1000 - deviation) < 0.001)
    }

    @Test("Noise at rest: a finger that wanders ±2 units for 200 ms needs a fuzz of its peak-to-peak wander, 4")
    func noiseAtRest() throws {
        var events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 400), (.multitouchPositionY, 200)])
        let wander: [Int32] = [2, -2, 1, -1, 0, 2, -2, 1, 0, -1, 2, -2, 0, 1, -1, 2, -2, 0, 1, 0]
        for (index, offset) in wander.enumerated() {
            events += Self.report(Int64(index + 1) * 10, [(.multitouchPositionX, 400 + offset), (.multitouchPositionY, 200 - offset / 2)])
        }
        events += Self.report(220, [(.multitouchTrackingID, -1)])
        let analysis = try Self.analyze(Self.screen(resolution: 10), events)
        let noise = try #require(analysis.summary.noise)
        #expect(noise.stretchCount == 1)
        #expect(noise.x.peakToPeak == 4)
        #expect(noise.x.maximumStep == 4)
        #expect(noise.x.suggestedFuzz == 4)
        #expect(noise.y.peakToPeak == 2)
        #expect(noise.x.peakToPeakMillimeters == 0.4)
        #expect(noise.restBandX == 10)  // 1 mm
    }

    @Test("The rest band is 1 mm where the axis has a resolution: a finger wandering 1.5 mm does not rest")
    func restBandIsOneMillimetre() throws {
        // 4 units per millimetre: 1 mm is 4 units, less than the 1 % of the range (10 units) used without one.
        var events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 400), (.multitouchPositionY, 200)])
        for step in 1...20 {
            events += Self.report(Int64(step) * 10, [(.multitouchPositionX, 400 + (step % 2 == 0 ? 3 : -3))])
        }
        events += Self.report(210, [(.multitouchTrackingID, -1)])
        let withResolution = try Self.analyze(Self.screen(resolution: 4), events).summary
        #expect(withResolution.noise == nil, "6 units peak to peak is 1.5 mm: more than the 1 mm band")
        let noise = try #require(try Self.analyze(Self.screen(), events).summary.noise)
        #expect(noise.restBandX == 10, "1 % of 1000 units")
        #expect(noise.x.peakToPeak == 6)
    }

    @Test("A finger rests for 5 reports and 100 ms at least: 4 still reports over 150 ms are no rest")
    func restNeedsFiveReports() throws {
        let down = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 400), (.multitouchPositionY, 200)])
        let still = (1...3).flatMap { Self.report(Int64($0) * 50, [(.multitouchPressure, Int32($0))]) }
        let lift = Self.report(200, [(.multitouchTrackingID, -1)])
        #expect(try Self.analyze(Self.screen(pressure: true), down + still + lift).summary.noise == nil)
        let fifth = Self.report(200, [(.multitouchPressure, 9)])
        let rested = try #require(
            try Self.analyze(Self.screen(pressure: true), down + still + fifth + Self.report(250, [(.multitouchTrackingID, -1)]))
                .summary.noise)
        #expect((rested.stretchCount, rested.restingReports) == (1, 5))
    }

    @Test("A finger that keeps moving never rests")
    func movingFingerHasNoNoiseFigure() throws {
        var events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100)])
        for step in 1...30 { events += Self.report(Int64(step) * 10, [(.multitouchPositionX, 100 + Int32(step) * 20)]) }
        events += Self.report(310, [(.multitouchTrackingID, -1)])
        #expect(try Self.analyze(Self.screen(), events).summary.noise == nil)
    }

    @Test("Pressure range: the values while down, against the axis's range")
    func pressureRange() throws {
        let events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100), (.multitouchPressure, 30)])
            + Self.report(10, [(.multitouchPressure, 90)])
            + Self.report(20, [(.multitouchPressure, 60)])
            + Self.report(30, [(.multitouchTrackingID, -1), (.multitouchPressure, 0)])
        let pressure = try #require(try Self.analyze(Self.screen(pressure: true), events).summary.pressure)
        #expect((pressure.minimum, pressure.median, pressure.maximum, pressure.sampleCount) == (30, 60, 90, 3))
        #expect(pressure.axis.maximum == 255)
    }

    @Test("Pressure range: with an even number of samples the median is the lower of the two middle ones")
    func pressureMedianOfEvenCount() throws {
        func pressure(_ values: [Int32]) throws -> TraceAnalysis.ValueRange? {
            var events = Self.report(
                0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100),
                    (.multitouchPressure, values[0])])
            for (index, value) in values.enumerated().dropFirst() {
                events += Self.report(Int64(index) * 10, [(.multitouchPressure, value)])
            }
            events += Self.report(Int64(values.count) * 10, [(.multitouchTrackingID, -1), (.multitouchPressure, 0)])
            return try Self.analyze(Self.screen(pressure: true), events).summary.pressure
        }
        let two = try #require(try pressure([90, 30]))
        #expect((two.median, two.sampleCount) == (30, 2))
        let four = try #require(try pressure([30, 90, 60, 40]))
        #expect((four.minimum, four.median, four.maximum, four.sampleCount) == (30, 40, 90, 4))
    }

    @Test("Odd contacts: down at the start, a reused tracking id, a lift without a contact, an edge, a short one, one down at the end")
    func oddities() throws {
        let events = Self.report(0, [(.multitouchPositionX, 500), (.multitouchPositionY, 250)])  // no tracking id
            + Self.report(10, [(.multitouchTrackingID, 5)])  // a new id while down: the first contact ends, 10 ms long
            + Self.report(100, [(.multitouchTrackingID, -1)])
            + Self.report(120, [(.multitouchSlot, 1), (.multitouchTrackingID, -1)])  // slot 1 had no contact
            + Self.report(200, [(.multitouchSlot, 0), (.multitouchTrackingID, 6), (.multitouchPositionX, 3), (.multitouchPositionY, 250)])
            + Self.report(205, [(.multitouchTrackingID, -1)])
            + Self.report(300, [(.multitouchTrackingID, 7), (.multitouchPositionX, 500)])
        let analysis = try Self.analyze(Self.screen(), events)
        let found = analysis.summary.oddities.map { ($0.kind, $0.time.nanoseconds / 1_000_000, $0.slot) }
        let expected: [(TraceAnalysis.Oddity.Kind, Int64, Int?)] = [
            (.downAtStart, 0, 0), (.veryShort, 0, 0), (.trackingIDReused, 10, 0), (.liftWithoutContact, 120, 1),
            (.beganAtEdge, 200, 0), (.veryShort, 200, 0), (.downAtEnd, 300, 0),
        ]
        #expect(found.map(\.0) == expected.map(\.0))
        #expect(found.map(\.1) == expected.map(\.1))
        #expect(found.map(\.2) == expected.map(\.2))
        #expect(analysis.summary.oddities.allSatisfy { !$0.message.isEmpty })
        // libinput's per-slot-delta shows the reused id as a begin, as here.
        #expect(analysis.deltaRows[1].entries == [.init(slot: 0, change: .began(x: 500, y: 250))])
    }

    @Test("A contact that begins within 2 % of the top or bottom edge is noted, as one near the left or right")
    func beganAtTopOrBottomEdge() throws {
        let events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 500), (.multitouchPositionY, 5)])
            + Self.report(100, [(.multitouchTrackingID, -1)])
            + Self.report(200, [(.multitouchTrackingID, 2), (.multitouchPositionX, 500), (.multitouchPositionY, 495)])
            + Self.report(300, [(.multitouchTrackingID, -1)])
            + Self.report(400, [(.multitouchTrackingID, 3), (.multitouchPositionX, 500), (.multitouchPositionY, 250)])
            + Self.report(500, [(.multitouchTrackingID, -1)])
        let edges = try Self.analyze(Self.screen(), events).summary.oddities.filter { $0.kind == .beganAtEdge }
        #expect(edges.map { $0.time.nanoseconds / 1_000_000 } == [0, 200], "y 5 and 495 of 0...499; y 250 is not")
    }

    @Test("Stream faults: SYN_DROPPED, a slot beyond the device's, a report earlier than the previous one")
    func streamFaults() throws {
        let dropped = [InputEvent(timestamp: Timestamp(nanoseconds: 15_000_000), .dropped)]
        let events = Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100)])
            + Self.report(10, [(.multitouchPositionX, 110), (.multitouchSlot, 9), (.multitouchTrackingID, 4), (.multitouchPositionX, 7)])
            + dropped
            + Self.report(8, [(.multitouchSlot, 0), (.multitouchPositionX, 120)])
            + Self.report(30, [(.multitouchTrackingID, -1)])
        let analysis = try Self.analyze(Self.screen(), events)
        // In time order: the report at 8 ms comes after the one at 10 ms.
        #expect(analysis.summary.oddities.map(\.kind) == [.timeWentBackwards, .slotOutOfRange, .eventsDropped])
        // Slot 9 is ignored: the screen has two; the finger in slot 0 still moves and lifts.
        #expect(analysis.deltaRows.flatMap(\.entries).map(\.slot) == [0, 0, 0, 0])
        #expect(analysis.summary.contactCount == 1)
    }

    @Test("A single frame: one row, no rate, the touch noted as down at the end")
    func singleFrame() throws {
        let analysis = try Self.analyze(Self.screen(), Self.report(0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 10), (.multitouchPositionY, 10)]))
        #expect(analysis.deltaRows.count == 1)
        #expect(analysis.summary.reportInterval == nil)
        #expect(analysis.summary.oddities.map(\.kind) == [.beganAtEdge, .downAtEnd])
        #expect(analysis.text(.summary).contains("report rate: unknown"))
    }

    @Test("A device with no touch axes is refused with its name")
    func notATouchDevice() throws {
        #expect(throws: TraceAnalyzer.NotATouchDevice.self) {
            try TraceAnalyzer(description: DeviceDescription(name: "Keyboard", codes: [.key: [30]]))
        }
    }

    @Test("Single touch (no MT axes): BTN_TOUCH begins and ends slot 0; the eGalax recording has its two touches")
    func singleTouch() throws {
        let analysis = try TraceSource(
            path: Recordings.path("egalax-usb-singletouch-ts__no-mt-2-touches.events"),
            descriptionPath: Recordings.path("egalax-usb-singletouch-ts.desc")).analyze()
        #expect(analysis.device.touchProtocol == .singleTouch)
        #expect(analysis.summary.contactCount == 2)
        #expect(analysis.downStateRows.map(\.down) == [[0], [], [0], []])
    }

    @Test("Protocol A is analysed in libmtdev's slots: the N-Trig two-finger recording has two fingers at once")
    func protocolA() throws {
        let analysis = try TraceSource(
            path: Recordings.path("ntrig-multitouch-ts__typeA-2finger-touch-release.events"),
            descriptionPath: Recordings.path("ntrig-multitouch-ts.desc")).analyze()
        #expect(analysis.device.touchProtocol == .anonymous)
        #expect(analysis.summary.maximumSimultaneousContacts == 2)
        #expect(analysis.summary.oddities.allSatisfy { $0.kind != .trackingIDReused && $0.kind != .downAtStart })
    }

    @Test("A touchpad is refused without --allow-touchpad, as by every command, and analysed with it")
    func touchpad() throws {
        let path = Recordings.path("alps-glidepoint-touchpad__2finger-tap.evemu")
        #expect(throws: TraceError.self) { try TraceSource(path: path).analyze() }
        let analysis = try TraceSource(path: path).analyze(options: TraceOptions(allowsTouchpad: true))
        #expect(analysis.summary.contactCount >= 2)
    }

    @Test("The 3M session ends with touches down: the summary says which slots")
    func downAtEndOfARecording() throws {
        let analysis = try TraceSource(path: Recordings.path("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu")).analyze()
        #expect(analysis.summary.oddities.filter { $0.kind == .downAtEnd }.count == 2)
    }

    @Test("JSON: one object with the schema's name and version, the device, and the report's section")
    func json() throws {
        let analysis = try Self.analyze(Self.screen(resolution: 10), Self.oneFinger)
        for report in TraceAnalysis.Report.allCases {
            let text = analysis.json(report, trace: "a \"quoted\" name")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["schema"] as? String == "tactile-analysis")
            #expect(object["version"] as? Int == TraceAnalysis.jsonSchemaVersion)
            #expect(object["report"] as? String == report.rawValue)
            #expect(object["trace"] as? String == "a \"quoted\" name")
            #expect((object["device"] as? [String: Any])?["protocol"] as? String == "slots")
            #expect(text.hasPrefix("{\"schema\":\"tactile-analysis\",\"version\":1,\"report\":"))
        }
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(analysis.json(.summary, trace: "t").utf8)) as? [String: Any])
        let section = try #require(summary["summary"] as? [String: Any])
        #expect(section["reports"] as? Int == 4)
        #expect(section["noise"] is NSNull)
        #expect((section["reportInterval"] as? [String: Any])?["median"] as? Double == 0.01)
    }

    @Test("The SVG has a lane per slot and a line per contact's motion")
    func svg() throws {
        let analysis = try TraceSource(path: Recordings.path("atmel-maxtouch-ts__2finger-touch-release.evemu")).analyze()
        let svg = analysis.svg(title: "atmel")
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains(">slot 0<") && svg.contains(">slot 1<") && !svg.contains(">slot 2<"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
    }
}

/// The analysis of every real recording, checked against itself and against the decoder.
@Suite("Analysing every real recording")
struct TraceAnalysisRecordingTests {
    static func source(_ name: String) throws -> TraceSource {
        var description: String?
        if name.hasSuffix(".events") {
            let device = String(name.prefix { $0 != "_" })
            description = Recordings.path(device + ".desc")
        }
        return try TraceSource(path: Recordings.path(name), descriptionPath: description)
    }

    @Test("Every contact that began ends or is named down at the end, and the down rows follow the begins and ends",
          arguments: Recordings.recordings())
    func rowsAgree(name: String) throws {
        let analysis = try Self.source(name).analyze(options: TraceOptions(allowsTouchpad: true))
        var down = Set<Int>()
        var downStates: [[Int]] = []
        var began = 0, ended = 0
        for row in analysis.deltaRows {
            for entry in row.entries {
                switch entry.change {
                case .began:
                    began += 1
                    down.insert(entry.slot)
                case .ended:
                    ended += 1
                    down.remove(entry.slot)
                case .moved:
                    #expect(down.contains(entry.slot), "\(row.time): slot \(entry.slot) moved while up")
                }
            }
            if downStates.last != down.sorted() { downStates.append(down.sorted()) }
        }
        #expect(analysis.downStateRows.map(\.down) == downStates)
        let stillDown = analysis.summary.oddities.filter { $0.kind == .downAtEnd }.count
        #expect(down.count == stillDown)
        // A contact replaced by a new tracking id ends without an `ended` row (libinput shows the begin only).
        let replaced = analysis.summary.oddities.filter { $0.kind == .trackingIDReused }.count
        #expect(began == ended + replaced + stillDown)
        #expect(analysis.summary.maximumSimultaneousContacts == analysis.downStateRows.map(\.down.count).max() ?? 0)
    }
}

extension TraceAnalysisRecordingTests {
    @Test("The analysis counts the contacts the decoder hands on, and the most down at once",
          arguments: Recordings.recordings())
    func sameContactsAsTheDecoder(name: String) throws {
        let analysis = try Self.source(name).analyze(options: TraceOptions(allowsTouchpad: true))
        let replay = try Self.source(name).open(scene: Scene.defaultScene(), allowingTouchpad: true)
        _ = try replay.remainingFrames()
        #expect(analysis.summary.contactCount == replay.statistics.contactCount)
        #expect(analysis.summary.maximumSimultaneousContacts == replay.statistics.maximumSimultaneousContacts)
    }
}
