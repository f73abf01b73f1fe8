import Foundation

/// A parsed JSON document as a tree of values, for readers that check every key themselves.
///
/// `Codable` would silently ignore unknown keys; scene files must reject them with the key's path, so the
/// scene reader walks this tree with ``JSONObjectReader`` instead.
enum JSONValue: Hashable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses JSON text; the error is the parser's message (which names the line and column).
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            throw JSONSyntaxError(message: Self.cleaned(underlying))
        } catch {
            throw JSONSyntaxError(message: "\(error)")
        }
    }

    /// The kind of value, in words, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Foundation's parser errors read like `Error Domain=NSCocoaErrorDomain Code=3840 "…" UserInfo=…`; keep the
    /// quoted message.
    private static func cleaned(_ text: String) -> String {
        guard let start = text.firstIndex(of: "\""), let end = text.lastIndex(of: "\""), start < end else {
            return text
        }
        return String(text[text.index(after: start)..<end])
    }
}

/// JSON text that does not parse.
struct JSONSyntaxError: Error {
    var message: String
}
