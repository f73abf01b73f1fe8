/// A fast scanner over the bytes of one trace line, for the hot path (event lines): whitespace-separated
/// numbers in decimal or hexadecimal, without building substrings.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Skips spaces, tabs and the given extra separator.
    mutating func skipSpaces(also separator: UInt8? = nil) {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == separator else { return }
            position += 1
        }
    }

    /// Whether the rest of the line is empty or a `#` comment (after spaces).
    mutating func isAtEndOrComment() -> Bool {
        skipSpaces()
        return isAtEnd || bytes[position] == UInt8(ascii: "#")
    }

    /// Reads a decimal integer with an optional sign; `nil` when there is none or it overflows.
    /// `digits` receives the number of digits read.
    mutating func decimal(digits: inout Int) -> Int64? {
        var negative = false
        if position < bytes.count && (bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")) {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        var value: Int64 = 0
        digits = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = product + Int64(bytes[position] - 0x30)
            digits += 1
            position += 1
            guard value < 1 << 48 else { return nil }
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// Reads a decimal integer with an optional sign.
    mutating func decimal() -> Int64? {
        var digits = 0
        return decimal(digits: &digits)
    }

    /// Reads a hexadecimal integer (no `0x` prefix) of at most 8 digits.
    mutating func hexadecimal() -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while position < bytes.count {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return digits > 0 ? value : nil
            }
            guard digits < 8 else { return nil }
            value = value << 4 | digit
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// The next byte, or `nil` at the end.
    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The text of the next whitespace-separated field, for error messages.
    func currentField() -> String { field(at: position) }

    /// The text of the whitespace-separated field starting at `start`, for error messages: at most
    /// ``quotedFieldLength`` bytes of it, then `…` (a 200,000-digit value is not repeated whole).
    func field(at start: Int) -> String {
        let position = min(start, bytes.count)
        var end = position
        while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != UInt8(ascii: ",") { end += 1 }
        let shown = min(end, position + Self.quotedFieldLength)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<shown]), as: UTF8.self)
        return shown < end ? text + "… (\(end - position) bytes)" : text
    }

    /// The most bytes of a field an error message quotes.
    static let quotedFieldLength = 40
}

/// Why a line could not be parsed (becomes a ``TraceError`` with the file and line).
struct LineProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
