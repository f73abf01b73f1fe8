import Tactile
import TactileInput

/// How `tactile replay` and `tactile live` print the log: one line per delivery-log entry and decoder
/// diagnostic (input frames themselves are not printed).
///
/// - ``text``: `0.054s photo: began{#1}` — time since the first event, target, what (``Delivery/description``).
/// - ``explain``: the text line, then an indented `why:` line (``Delivery/explanation``).
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
                ["\(time) decoder: \(diagnostic)", "    why: the evdev decoder repaired or filtered the raw input (§1.2)"]
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

    /// The JSON line for an event, or `nil` for a frame. Schema version 1, keys in this order:
    ///
    /// - `"t"`: seconds since the trace's first event (a number with microsecond precision);
    /// - `"type"`: `"touches"`, `"forwarded"`, `"dropped"`, `"controlEvent"`, `"touchIgnored"`, `"deadline"`,
    ///   `"input"` (the dispatcher repaired inconsistent input) or `"decoder"` (the evdev decoder did);
    /// - `"target"`: the responder, control or deadline owner (not for `touchIgnored`, `input`, `decoder`);
    ///   `forwarded` has `"from"` and `"to"` instead;
    /// - `"phase"` (`began`, `moved`, `ended`, `cancelled`) and `"touches"` (contact numbers) for the three
    ///   touch types; `"event"` (`touchUpInside`, …) for `controlEvent`; `"touch"` and `"reason"` for
    ///   `touchIgnored`; `"message"` for `input` and `decoder`;
    /// - `"why"`: with `explain`, the explanation sentence.
    public static func jsonLine(for event: ReplayEvent, explain: Bool) -> String? {
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
            }
            if explain { fields.append(("why", .string(delivery.explanation))) }
        case .decoder(let time, let diagnostic):
            fields += [("t", .seconds(time)), ("type", "decoder"), ("message", .string("\(diagnostic)"))]
            if explain { fields.append(("why", "the evdev decoder repaired or filtered the raw input (§1.2)")) }
        }
        return "{" + fields.map { "\(JSONField.quoted($0.0)):\($0.1.text)" }.joined(separator: ",") + "}"
    }
}

/// A JSON value written by hand, so that key order and number formatting are stable across platforms.
enum JSONField: ExpressibleByStringLiteral {
    case string(String)
    case seconds(Timestamp)
    case number(UInt64)
    case numbers([UInt64])

    init(stringLiteral value: String) { self = .string(value) }

    var text: String {
        switch self {
        case .string(let string): Self.quoted(string)
        case .seconds(let time): Self.seconds(time)
        case .number(let number): String(number)
        case .numbers(let numbers): "[" + numbers.map(String.init).joined(separator: ",") + "]"
        }
    }

    /// Seconds with six decimals, without trailing zeros beyond the first decimal (`0.054`, `1.5`, `0.0`).
    static func seconds(_ time: Timestamp) -> String {
        let micro = time.nanoseconds / 1000
        let sign = micro < 0 ? "-" : ""
        let magnitude = micro.magnitude
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / 1_000_000).\(fraction)"
    }

    /// A JSON string literal with the required escapes.
    static func quoted(_ string: String) -> String {
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
}
