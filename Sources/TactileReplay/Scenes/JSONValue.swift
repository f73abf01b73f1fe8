import struct FoundationEssentials.Data

/// A parsed JSON document as a tree of values, for readers that check every key themselves.
///
/// `Codable` would silently ignore unknown keys; scene files must reject them with the key's path, so the
/// scene reader walks this tree with ``JSONObjectReader`` instead.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The deepest nesting of arrays and objects accepted (a scene nests two levels per view level, so views
    /// can nest about 250 deep): the parser and everything that walks the tree recurse per level.
    static let maximumDepth = 512

    /// Parses JSON text (RFC 8259) in one linear pass.
    ///
    /// - Throws: ``JSONSyntaxError`` with the reason and where: the line and column of a syntax error or of
    ///   nesting deeper than ``maximumDepth``, the JSON path of a string that is not valid UTF-8.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) -> JSONValue in
                var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
                return try parser.parseDocument()
            }
        }
        return try result.get()
    }

    /// The 1-based line and column (in characters) of the key at `keyPath` (`views[0].frmae`) in JSON text that
    /// ``parse(_:)`` accepts; `nil` when there is no such key. It parses the text again: call it for an error.
    static func location(ofKey keyPath: String, in data: Data) -> (line: Int, column: Int)? {
        data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.soughtKey = keyPath
            _ = try? parser.parseDocument()
            guard let offset = parser.soughtKeyOffset else { return nil }
            let error = parser.syntaxError("", at: offset)
            return error.line.flatMap { line in error.column.map { (line, $0) } }
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
}

/// JSON text that does not parse: why, and where.
struct JSONSyntaxError: Error {
    /// What is wrong, in words.
    var message: String
    /// The 1-based line and column (in characters) of the problem, for a syntax error.
    var line: Int?
    var column: Int?
    /// The JSON path of the value at fault (`views[0].name`), when the problem is inside a well-formed value
    /// (a string that is not valid UTF-8); empty otherwise.
    var path: String = ""
}

/// A recursive-descent JSON parser over bytes; positions are computed only when an error is reported.
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// The keys and indices leading to the value being parsed, for errors about a value (not about syntax).
    var path: [PathComponent] = []
    /// The JSON path of a key to find (``JSONValue/location(ofKey:in:)``), and the offset of its opening quote
    /// once found.
    var soughtKey: String?
    var soughtKeyOffset: Int?

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xef, bytes[1] == 0xbb, bytes[2] == 0xbf { position = 3 }  // a BOM
        skipWhitespace()
        guard position < bytes.count else { throw syntaxError("the document is empty") }
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else { throw syntaxError("unexpected \(describeByte()) after the document's value") }
        return value
    }

    // MARK: Values

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw syntaxError("the document ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw syntaxError("unexpected \(describeByte()) where a value was expected")
        }
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw syntaxError("nesting too deep (arrays and objects nest at most \(JSONValue.maximumDepth) levels)")
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw syntaxError(position < bytes.count
                    ? "expected a key in double quotes, found \(describeByte())"
                    : "the document ends inside an object")
            }
            let keyStart = position
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw syntaxError(position < bytes.count
                    ? "expected ':' after the key \"\(key)\", found \(describeByte())"
                    : "the document ends inside an object")
            }
            position += 1
            skipWhitespace()
            path.append(.key(key))
            if let soughtKey, soughtKeyOffset == nil, pathText() == soughtKey { soughtKeyOffset = keyStart }
            let value = try parseValue()
            path.removeLast()
            guard members.updateValue(value, forKey: key) == nil else {
                throw syntaxError("duplicate key \"\(key)\"", at: keyStart)
            }
            skipWhitespace()
            guard position < bytes.count else { throw syntaxError("the document ends inside an object") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            default:
                throw syntaxError("expected ',' or '}' after an object member, found \(describeByte())")
            }
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            elements.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw syntaxError("the document ends inside an array") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            default:
                throw syntaxError("expected ',' or ']' after an array element, found \(describeByte())")
            }
        }
    }

    mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        let text = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard position + count <= bytes.count, bytes[position..<position + count].elementsEqual(text) else {
            throw syntaxError("unexpected \(describeByte()) where a value was expected")
        }
        position += count
        return value
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] &- 0x30 < 10 { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, bytes[position] &- 0x30 < 10 else {
            throw syntaxError("a number needs digits after '-'")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, bytes[position] &- 0x30 < 10 {
                throw syntaxError("a number cannot have a leading zero", at: start)
            }
        } else {
            _ = digits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw syntaxError("a number needs digits after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw syntaxError("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw syntaxError("the number \(text.prefix(40)) is out of range", at: start)
        }
        return number
    }

    /// A string, from its opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        let contentStart = position
        var plain = true
        while true {
            guard position < bytes.count else { throw syntaxError("the document ends inside a string", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw syntaxError("a control character (\(byte)) inside a string; escape it") }
            if byte == UInt8(ascii: "\\") {
                plain = false
                position += 2
                continue
            }
            position += 1
        }
        let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
        position += 1
        if plain {
            guard let text = String(validating: content, as: UTF8.self) else { throw notUTF8(at: start) }
            return text
        }
        return try unescape(from: contentStart, to: position - 1)
    }

    /// The text of a string with escapes, its content between `start` and `end`.
    mutating func unescape(from start: Int, to end: Int) throws(JSONSyntaxError) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            guard index + 1 < end else { throw syntaxError("a string ends with a lone '\\'", at: index) }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5c)
            case UInt8(ascii: "/"): utf8.append(0x2f)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0c)
            case UInt8(ascii: "n"): utf8.append(0x0a)
            case UInt8(ascii: "r"): utf8.append(0x0d)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hexQuad(at: index, end: end) else {
                    throw syntaxError("'\\u' needs four hex digits", at: index - 2)
                }
                index += 4
                if (0xd800..<0xdc00).contains(scalar), index + 6 <= end, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u"), let low = hexQuad(at: index + 2, end: end),
                    (0xdc00..<0xe000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
                    index += 6
                }
                // A lone surrogate cannot be a character: it becomes U+FFFD, as Foundation's parser does.
                utf8.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{fffd}").utf8)
            default:
                throw syntaxError("unknown escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
            }
        }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw notUTF8(at: start - 1) }
        return text
    }

    func hexQuad(at index: Int, end: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            if byte &- 0x30 < 10 {
                digit = byte &- 0x30
            } else if (byte | 0x20) &- 0x61 < 6 {
                digit = (byte | 0x20) &- 0x61 &+ 10
            } else {
                return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0a, 0x0d: position += 1
            default: return
            }
        }
    }

    // MARK: Errors

    /// The byte at the position, in words.
    func describeByte() -> String {
        guard position < bytes.count else { return "the end of the document" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7f { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    /// An error at `offset` (default: the current position), with its line and column.
    func syntaxError(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<end] {
            if byte == 0x0a {
                line += 1
                column = 1
            } else if byte & 0xc0 != 0x80 {
                column += 1  // one per character: continuation bytes do not count
            }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    /// The JSON path of the value being parsed, as errors write it (`views[0].name`).
    func pathText() -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The error for a string that is not valid UTF-8: named by its JSON path (the key itself for a key).
    func notUTF8(at offset: Int) -> JSONSyntaxError {
        let text = pathText()
        guard !text.isEmpty else {
            var error = syntaxError("a string that is not valid UTF-8", at: offset)
            error.message = "not valid UTF-8"
            return error
        }
        return JSONSyntaxError(message: "not valid UTF-8", path: text)
    }
}
