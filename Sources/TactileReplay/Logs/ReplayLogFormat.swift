import Tactile
import TactileInput

/// The line formats of the log: one line per delivery-log entry and decoder diagnostic (input frames themselves
/// are not printed). `tactile replay` and `tactile live` print through ``ReplayLogPrinter``, which adds
/// positions, filters and merged forwarding chains to these formats.
///
/// - ``text``: `0.054s photo: began{#1}` — time since the first event, target, what (`Delivery.description`).
/// - ``explain``: the text line, then an indented `why:` line (`Delivery.explanation`).
/// - ``jsonLines(explain:)``: one JSON object per line (with a `"why"` key when explaining); see
///   ``jsonLine(for:explain:)`` for the schema.
public enum ReplayLogFormat: Hashable, Sendable {
    case text
    case explain
    case jsonLines(explain: Bool)

    /// The lines for one event (none for a frame).
    public func lines(for event: ReplayEvent) -> [String] {
        switch self {
        case .text: Self.textLine(for: event).map { [$0] } ?? []
        case .explain:
            switch event {
            case .frame: []
            case .delivery(let delivery): [delivery.description, "    why: \(delivery.explanation)"]
            case .decoder(let time, let diagnostic):
                ["\(time) decoder: \(diagnostic)", "    why: the evdev decoder repaired or filtered the raw input (spec §1.2)"]
            }
        case .jsonLines(let explain): Self.jsonLine(for: event, explain: explain).map { [$0] } ?? []
        }
    }

    /// The text line for an event, or `nil` for a frame.
    public static func textLine(for event: ReplayEvent) -> String? {
        switch event {
        case .frame: nil
        case .delivery(let delivery): delivery.description
        case .decoder(let time, let diagnostic): "\(time) decoder: \(diagnostic)"
        }
    }

    /// The JSON line for an event, or `nil` for a frame, one entry at a time: without the positions, merged
    /// forwarding chains and schema line that ``ReplayLogPrinter`` adds (schema version 2, what the tool prints).
    /// Keys in this order:
    ///
    /// - `"t"`: seconds since the trace's first event (a number with microsecond precision);
    /// - `"type"`: `"touches"`, `"forwarded"`, `"dropped"`, `"controlEvent"`, `"touchIgnored"`, `"deadline"`,
    ///   `"input"` (the dispatcher repaired inconsistent input), `"decoder"` (the evdev decoder did),
    ///   `"recognizer"` (a state change), `"action"`, `"arena"` (a decision of the gesture arena) or `"scroll"` (a
    ///   scroll view began or ended a drag, deceleration, animation or zoom);
    /// - `"target"`: the responder, control, deadline owner or recognizer (not for `touchIgnored`, `input`,
    ///   `decoder`); `forwarded` has `"from"` and `"to"` instead; `arena` has the recognizer, or the view for
    ///   `withheld`, `discarded`, `joinedRecognized` and `contentTouchesRefused`;
    /// - `"phase"` (`began`, `moved`, `ended`, `cancelled`) and `"touches"` (contact numbers) for the three
    ///   touch types; `"event"` (`touchUpInside`, …) for `controlEvent`; `"touch"` and `"reason"` for
    ///   `touchIgnored`; `"message"` for `input` and `decoder`;
    /// - `recognizer`: `"from"` and `"to"` (`possible`, `began`, `changed`, `recognized`, `ended`, `cancelled`,
    ///   `failed`) and `"reason"` (the arena's reason, `""` when the recognizer set the state itself);
    ///   `action`: `"state"`;
    /// - `arena`: `"decision"` (`waits`, `withheld`, `discarded`, `joinedRecognized`, `contentTouchesRefused`,
    ///   `ignored`, `coerced`, `requirementCycleIgnored`), then `"recognizers"` (the names it waits for, or that
    ///   decide, take or refuse the touches), `"phase"` and `"touches"` where they apply, `"reason"` for
    ///   `waits` and `ignored`, and `"message"` (the log's sentence) always;
    /// - `"why"`: with `explain`, the explanation sentence.
    public static func jsonLine(for event: ReplayEvent, explain: Bool) -> String? {
        jsonFields(for: event, explain: explain).map(JSONField.object)
    }

    /// The fields of ``jsonLine(for:explain:)``, in order.
    static func jsonFields(for event: ReplayEvent, explain: Bool) -> [(String, JSONField)]? {
        var fields: [(String, JSONField)] = []
        switch event {
        case .frame:
            return nil
        case .delivery(let delivery):
            fields.append(("t", .seconds(delivery.time)))
            switch delivery.kind {
            case .touches(let phase, let responder, let touches):
                fields += [("type", "touches"), ("target", .string(responder)), ("phase", .string("\(phase)")),
                           ("touches", .numbers(touches.map(\.rawValue)))]
            case .forwarded(let phase, let from, let to, let touches):
                fields += [("type", "forwarded"), ("from", .string(from)), ("to", .string(to)),
                           ("phase", .string("\(phase)")), ("touches", .numbers(touches.map(\.rawValue)))]
            case .dropped(let phase, let responder, let touches):
                fields += [("type", "dropped"), ("target", .string(responder)), ("phase", .string("\(phase)")),
                           ("touches", .numbers(touches.map(\.rawValue)))]
            case .controlEvent(let control, let controlEvent):
                fields += [("type", "controlEvent"), ("target", .string(control)), ("event", .string("\(controlEvent)"))]
            case .touchIgnored(let touch, let reason):
                fields += [("type", "touchIgnored"), ("touch", .number(touch.rawValue)), ("reason", .string("\(reason)"))]
            case .deadline(let owner):
                fields += [("type", "deadline"), ("target", .string(owner))]
            case .inputDiagnostic(let diagnostic):
                fields += [("type", "input"), ("message", .string("\(diagnostic)"))]
            case .recognizerState(let recognizer, let from, let to, let reason):
                fields += [("type", "recognizer"), ("target", .string(recognizer)), ("from", .string("\(from)")),
                           ("to", .string("\(to)")), ("reason", .reason(reason))]
            case .action(let recognizer, let state):
                fields += [("type", "action"), ("target", .string(recognizer)), ("state", .string("\(state)"))]
            case .arena(let decision):
                fields += [("type", "arena")] + arenaFields(decision) + [("message", .string("\(decision)"))]
            case .scroll(let scrollView, let event):
                fields += [("type", "scroll"), ("target", .string(scrollView))] + scrollFields(event)
                    + [("message", .string("\(event)"))]
            }
            if explain { fields.append(("why", .string(delivery.explanation))) }
        case .decoder(let time, let diagnostic):
            fields += [("t", .seconds(time)), ("type", "decoder"), ("message", .string("\(diagnostic)"))]
            if explain { fields.append(("why", "the evdev decoder repaired or filtered the raw input (spec §1.2)")) }
        }
        return fields
    }

    /// The fields of a scroll entry between `"target"` and `"message"`: `"event"`, then `"offset"` (`[x, y]`)
    /// or `"scale"`, and for the end of a drag `"velocity"` (points per second) and `"targetOffset"`.
    private static func scrollFields(_ event: Delivery.ScrollEvent) -> [(String, JSONField)] {
        func point(_ point: Point) -> JSONField { .decimals([point.x, point.y]) }
        switch event {
        case .draggingBegan(let offset):
            return [("event", "draggingBegan"), ("offset", point(offset))]
        case .draggingEnded(let offset, let velocity, let target):
            return [("event", "draggingEnded"), ("offset", point(offset)), ("velocity", point(velocity)),
                    ("targetOffset", point(target))]
        case .stopped(let offset, let byTouch):
            return [("event", byTouch ? "stoppedByTouch" : "cameToRest"), ("offset", point(offset))]
        case .animationEnded(let offset):
            return [("event", "animationEnded"), ("offset", point(offset))]
        case .zoomingBegan(let scale):
            return [("event", "zoomingBegan"), ("scale", .decimals([scale]))]
        case .zoomingEnded(let scale, let offset):
            return [("event", "zoomingEnded"), ("scale", .decimals([scale])), ("offset", point(offset))]
        }
    }

    /// The fields of an arena decision between `"type"` and `"message"`.
    private static func arenaFields(_ decision: Delivery.ArenaDecision) -> [(String, JSONField)] {
        func touchFields(_ phase: String?, _ touches: [TouchContact.ID]) -> [(String, JSONField)] {
            (phase.map { [("phase", JSONField.string($0))] } ?? []) + [("touches", .numbers(touches.map(\.rawValue)))]
        }
        switch decision {
        case .waits(let recognizer, let others, let reason):
            return [("decision", "waits"), ("target", .string(recognizer)), ("recognizers", .strings(others)),
                    ("reason", .reason(reason))]
        case .withheld(let phase, let view, let touches, let recognizers):
            return [("decision", "withheld"), ("target", .string(view)), ("recognizers", .strings(recognizers))]
                + touchFields("\(phase)", touches)
        case .discarded(let view, let touches, let recognizer):
            return [("decision", "discarded"), ("target", .string(view)), ("recognizers", .strings([recognizer]))]
                + touchFields(nil, touches)
        case .joinedRecognized(let view, let touches, let recognizer):
            return [("decision", "joinedRecognized"), ("target", .string(view)), ("recognizers", .strings([recognizer]))]
                + touchFields(nil, touches)
        case .contentTouchesRefused(let view, let touches, let scrollView):
            return [("decision", "contentTouchesRefused"), ("target", .string(view)),
                    ("recognizers", .strings([scrollView]))] + touchFields(nil, touches)
        case .ignored(let recognizer, let touches, let reason):
            return [("decision", "ignored"), ("target", .string(recognizer))] + touchFields(nil, touches)
                + [("reason", .reason(reason))]
        case .coerced(let recognizer, _, _, _):
            return [("decision", "coerced"), ("target", .string(recognizer))]
        case .requirementCycleIgnored(let dependent, let required, _):
            return [("decision", "requirementCycleIgnored"), ("target", .string(dependent)),
                    ("recognizers", .strings([required]))]
        }
    }
}

/// A JSON value written by hand, so that key order and number formatting are stable across platforms.
enum JSONField: ExpressibleByStringLiteral {
    case string(String)
    case seconds(Timestamp)
    case number(UInt64)
    case numbers([UInt64])
    case strings([String])
    /// Points as `[[x,y],…]`, each coordinate rounded to 0.001.
    case points([Point])
    /// Numbers rounded to 0.001, as `[a,b,…]`.
    case decimals([Double])
    case bool(Bool)

    /// An object with the fields in order.
    static func object(_ fields: [(String, JSONField)]) -> String {
        var buffer = LogBuffer()
        writeObject(fields, to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Writes an object with the fields in order.
    static func writeObject(_ fields: [(String, JSONField)], to output: inout LogBuffer) {
        output.write(byte: UInt8(ascii: "{"))
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { output.write(byte: UInt8(ascii: ",")) }
            writeQuoted(key, to: &output)
            output.write(byte: UInt8(ascii: ":"))
            value.write(to: &output)
        }
        output.write(byte: UInt8(ascii: "}"))
    }

    /// A coordinate rounded to 0.001, as the shortest JSON number that reads back to it. A value whose
    /// thousandths reach 2⁵³ (≈ 9.0e12 and up, where doubles are farther apart than 0.001) is written as it is
    /// (`1e+308`): any finite value gives a JSON number that reads back to it, never `inf`.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = rounding(value, toMultiplesOf: 1000)
        return rounded == 0 ? "0" : "\(rounded)"
    }

    /// 2⁵³: every whole number below it is a double, so `value × scale` rounds exactly below it.
    static let exactWholeNumbers = 9_007_199_254_740_992.0

    /// `value` rounded to the nearest multiple of `1 / scale` when `value × scale` is below 2⁵³ (so the rounding
    /// is exact); otherwise `value` itself, which doubles cannot resolve more finely than that anyway (and which
    /// scaling could overflow).
    static func rounding(_ value: Double, toMultiplesOf scale: Double) -> Double {
        let scaled = value * scale
        return scaled.magnitude < exactWholeNumbers ? scaled.rounded() / scale : value
    }

    init(stringLiteral value: String) { self = .string(value) }

    /// A recognizer's reason as a string: its description, or `""` when the recognizer set its state itself.
    static func reason(_ reason: Delivery.RecognizerReason) -> JSONField {
        switch reason {
        case .requested: ""
        case .recognition, .requirementFailed, .requiredRecognized, .excluded, .delegateDeclined, .viewDeclined,
            .contentTouchesNotCancellable, .disabled, .removed, .reset:
            .string("\(reason)")
        }
    }

    var text: String {
        var buffer = LogBuffer()
        write(to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Writes the value's JSON text.
    func write(to output: inout LogBuffer) {
        switch self {
        case .string(let string): Self.writeQuoted(string, to: &output)
        case .seconds(let time): Self.writeSeconds(time, to: &output)
        case .number(let number): output.write(decimal: number)
        case .numbers(let numbers):
            output.write(byte: UInt8(ascii: "["))
            for (index, number) in numbers.enumerated() {
                if index > 0 { output.write(byte: UInt8(ascii: ",")) }
                output.write(decimal: number)
            }
            output.write(byte: UInt8(ascii: "]"))
        case .strings(let strings):
            output.write(byte: UInt8(ascii: "["))
            for (index, string) in strings.enumerated() {
                if index > 0 { output.write(byte: UInt8(ascii: ",")) }
                Self.writeQuoted(string, to: &output)
            }
            output.write(byte: UInt8(ascii: "]"))
        case .points(let points):
            output.write("[")
            for (index, point) in points.enumerated() {
                output.write(index > 0 ? ",[" : "[")
                output.write(Self.coordinate(point.x))
                output.write(",")
                output.write(Self.coordinate(point.y))
                output.write("]")
            }
            output.write("]")
        case .decimals(let values):
            output.write("[")
            for (index, value) in values.enumerated() {
                if index > 0 { output.write(",") }
                output.write(Self.coordinate(value))
            }
            output.write("]")
        case .bool(let value): output.write(value ? "true" : "false")
        }
    }

    /// Seconds with six decimals, without trailing zeros beyond the first decimal (`0.054`, `1.5`, `0.0`).
    static func seconds(_ time: Timestamp) -> String {
        var buffer = LogBuffer()
        writeSeconds(time, to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Writes ``seconds(_:)``: whole microseconds (truncated toward zero), so no NaN or negative zero.
    static func writeSeconds(_ time: Timestamp, to output: inout LogBuffer) {
        let micro = time.nanoseconds / 1000
        if micro < 0 { output.write(byte: UInt8(ascii: "-")) }
        let magnitude = micro.magnitude
        output.write(decimal: magnitude / 1_000_000)
        output.write(byte: UInt8(ascii: "."))
        var fraction = magnitude % 1_000_000
        var digits = 6
        while digits > 1 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            output.write(decimal: fraction / divisor % 10)
            divisor /= 10
        }
    }

    /// A JSON string literal with the required escapes.
    static func quoted(_ string: String) -> String {
        var buffer = LogBuffer()
        writeQuoted(string, to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Writes ``quoted(_:)``: byte by byte, since every byte of a multi-byte UTF-8 sequence is 0x80 or more and
    /// only `"`, `\\` and the controls below 0x20 are escaped.
    static func writeQuoted(_ string: String, to output: inout LogBuffer) {
        output.write(byte: UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var plain = 0
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.write(utf8[plain..<index])
                plain = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.write("\\\"")
                case UInt8(ascii: "\\"): output.write("\\\\")
                case UInt8(ascii: "\n"): output.write("\\n")
                case UInt8(ascii: "\r"): output.write("\\r")
                case UInt8(ascii: "\t"): output.write("\\t")
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    output.write("\\u00")
                    output.write(byte: hex[Int(byte >> 4)])
                    output.write(byte: hex[Int(byte & 0xF)])
                }
            }
            output.write(utf8[plain...])
        }
        output.write(byte: UInt8(ascii: "\""))
    }
}
