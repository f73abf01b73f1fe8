import Tactile
import TactileInput
import Testing

@testable import TactileReplay

/// The log written straight into bytes (`LogBuffer`, `ReplayLogPrinter.write(_:to:)`) is the log of the documented
/// formats: each text line is the entry's `Delivery.description`, and the buffer holds exactly the lines of
/// `lines(for:)`.
@Suite("Log text written into a byte buffer")
struct LogOutputTests {
    static let hostileNanoseconds: [Int64] = [
        0, 1, -1, 999_999, -999_999, 1_000_000, -1_000_000, -1_000_001, 117_000_000, 999_999_999, 1_000_000_000,
        -1_500_000_000, 59_999_999_999, 4_294_967_296_000_000_000, .max, .min, .max - 1, .min + 1,
    ]

    @Test("Times are written as Timestamp's description: milliseconds, truncated toward zero, at any magnitude")
    func times() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2000).map { _ in Int64.random(in: .min ... .max, using: &generator) }
            + (0..<2000).map { _ in Int64.random(in: -10_000_000_000...10_000_000_000, using: &generator) }
        for nanoseconds in Self.hostileNanoseconds + random {
            let time = Timestamp(nanoseconds: nanoseconds)
            var buffer = LogBuffer()
            buffer.write(time)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == time.description, "\(nanoseconds)")
        }
    }

    @Test("Numbers are written in decimal", arguments: [0, 1, 9, 10, 99, 100, 101, 1_000_000, UInt64.max / 10, UInt64.max - 1, .max])
    func decimals(_ value: UInt64) {
        var buffer = LogBuffer()
        buffer.write(decimal: value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
    }

    /// Every kind of entry, with names that are empty, not ASCII, or hold a newline.
    static func deliveries() -> [Delivery] {
        let names = ["pan", "", "émoji 👆🏽", "two\nlines", "a → b"]
        let touches: [[TouchContact.ID]] = [[], [TouchContact.ID(1)], [TouchContact.ID(3), TouchContact.ID(12), TouchContact.ID(.max)]]
        let reasons: [Delivery.RecognizerReason] = [
            .requested, .recognition(.allTouchesLifted), .recognition(.tapped(taps: 2, touches: 1)), .requirementFailed("doubleTap"),
            .requiredRecognized("x"), .excluded(by: "pinch"), .delegateDeclined, .viewDeclined("v"),
            .contentTouchesNotCancellable("list"), .disabled, .removed, .reset,
        ]
        var kinds: [Delivery.Kind] = []
        for name in names {
            for phase in [TouchPhase.began, .moved, .stationary, .ended, .cancelled] {
                for ids in touches {
                    kinds += [
                        .touches(phase, responder: name, touches: ids),
                        .forwarded(phase: phase, from: name, to: "window", touches: ids),
                        .dropped(phase: phase, responder: name, touches: ids),
                    ]
                }
            }
            for state in [Delivery.RecognizerState.possible, .began, .changed, .recognized, .ended, .cancelled, .failed] {
                kinds.append(.action(recognizer: name, state: state))
                for reason in reasons { kinds.append(.recognizerState(recognizer: name, from: .possible, to: state, reason: reason)) }
            }
            kinds += [
                .controlEvent(control: name, event: .touchUpInside), .deadline(owner: name),
                .touchIgnored(TouchContact.ID(4), reason: .exclusiveTouch(blockedBy: name)),
                .inputDiagnostic(.duplicateBegan(TouchContact.ID(2))),
                .arena(.waits(recognizer: name, for: ["a", "b"], reason: .requested)),
                .arena(.ignored(recognizer: name, touches: [TouchContact.ID(1)], reason: .recognition(.touchesCancelled))),
            ]
        }
        return kinds.enumerated().map { index, kind in
            Delivery(time: Timestamp(nanoseconds: hostileNanoseconds[index % hostileNanoseconds.count]), kind: kind)
        }
    }

    @Test("Each text line is the entry's description, and the buffer holds the same lines")
    func textIsTheDescription() {
        for delivery in Self.deliveries() {
            let printer = ReplayLogPrinter(format: .text)
            let lines = printer.lines(for: .delivery(delivery)) + printer.flush()
            #expect(lines == [delivery.description])
            let writer = ReplayLogPrinter(format: .text)
            var buffer = LogBuffer()
            writer.write(.delivery(delivery), to: &buffer)
            writer.flush(to: &buffer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == delivery.description + "\n")
        }
    }

    @Test("Every format writes into the buffer exactly the lines it returns", arguments: [
        ReplayLogFormat.text, .explain, .jsonLines(explain: false), .jsonLines(explain: true),
    ])
    func bufferMatchesLines(_ format: ReplayLogFormat) throws {
        for positions in [false, true] {
            let instance = try Scene.load(path: Package.path("Traces/scenes/photo-viewer.json")).instantiate()
            let returning = ReplayLogPrinter(format: format, showsPositions: positions, instance: instance)
            let writing = ReplayLogPrinter(format: format, showsPositions: positions, instance: instance)
            var lines: [String] = []
            var buffer = LogBuffer()
            let driver = SceneDriver(instance: instance) { event in
                lines += returning.lines(for: event)
                writing.write(event, to: &buffer)
            }
            try driver.replay(TraceReplay(path: Package.path("Traces/rotation.evemu"), scene: instance.scene))
            lines += returning.flush()
            writing.flush(to: &buffer)
            #expect(lines.count > 10)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == lines.map { $0 + "\n" }.joined())
        }
    }

    /// The JSON escapes as the schema documents them, one scalar at a time (the writer works on bytes).
    static func referenceQuoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    @Test("JSON strings escape quotes, backslashes and every control character, and keep other text as it is")
    func quoted() {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        for string in ["", "pan", "a \"quoted\" \\ name", controls, "émoji 👆🏽\u{7F}\u{85}\u{2028}", "\r\n", "x\u{0}y\u{1F}"] {
            #expect(JSONField.quoted(string) == Self.referenceQuoted(string), "\(Array(string.utf8))")
        }
    }

    @Test("JSON times are microseconds with trailing zeros dropped, at any magnitude")
    func jsonSeconds() {
        for nanoseconds in Self.hostileNanoseconds + [1_000, -1_000, 120_000_000, 1_000_001_000, -999] {
            let micro = nanoseconds / 1000
            var fraction = String(micro.magnitude % 1_000_000)
            fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
            while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
            let expected = "\(micro < 0 ? "-" : "")\(micro.magnitude / 1_000_000).\(fraction)"
            #expect(JSONField.seconds(Timestamp(nanoseconds: nanoseconds)) == expected, "\(nanoseconds)")
        }
    }
}

@Suite("Realtime pacing")
struct RealtimePacingTests {
    @Test("The pacer sleeps until the wall clock has moved as far as the trace's time")
    func pacesToTheTrace() {
        let pacer = RealtimePacer()
        let clock = ContinuousClock()
        let start = clock.now
        pacer.pace(until: Timestamp(seconds: 5))
        pacer.pace(until: Timestamp(nanoseconds: 5_030_000_000))
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(30) && elapsed < .seconds(2), "\(elapsed)")
        // A time already past returns at once.
        let before = clock.now
        pacer.pace(until: Timestamp(seconds: 5))
        #expect(clock.now - before < .milliseconds(20))
    }
}
