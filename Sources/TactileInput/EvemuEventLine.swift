import Tactile

/// The fast path for the common form of an evemu event line, `E: <seconds>.<microseconds> <type> <code>
/// <value>`: digits only, no signs, no overflow checks to make (field lengths are bounded first).
///
/// ``parse(_:)`` returns `nil` for anything else — a sign, a long field, a stray character — and the reader
/// then parses the line with ``ByteScanner``, which accepts the rarer forms and names what is wrong. Whenever
/// this path returns an event, the careful path would return the same one.
enum EvemuEventLine {
    /// The event on an `E:` line given from its `E`, or `nil` when the line is not in the common form.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        guard let base = line.baseAddress else { return nil }
        let end = line.count
        var position = 2  // after "E:"

        @inline(__always) func skipSpaces() {
            while position < end, base[position] == 0x20 || base[position] == 0x09 { position += 1 }
        }
        /// Unsigned decimal digits, at most `limit` of them; `nil` when there are none or more.
        @inline(__always) func digits(limit: Int) -> (value: Int64, count: Int)? {
            var value: Int64 = 0
            var count = 0
            while position < end {
                let digit = base[position] &- 0x30
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                count += 1
                position += 1
            }
            return count > 0 && count <= limit ? (value, count) : nil
        }
        /// Hexadecimal digits, at most 8.
        @inline(__always) func hexadecimal() -> UInt32? {
            var value: UInt32 = 0
            var count = 0
            while position < end {
                let byte = base[position]
                let digit: UInt8
                if byte &- 0x30 < 10 {
                    digit = byte &- 0x30
                } else if (byte | 0x20) &- 0x61 < 6 {
                    digit = (byte | 0x20) &- 0x61 &+ 10
                } else {
                    break
                }
                value = value &<< 4 | UInt32(digit)
                count += 1
                position += 1
            }
            return count > 0 && count <= 8 ? value : nil
        }

        skipSpaces()
        guard let seconds = digits(limit: 12), seconds.value < 1 << 40,
            position < end, base[position] == UInt8(ascii: ".")
        else { return nil }
        position += 1
        guard let microseconds = digits(limit: 6) else { return nil }
        skipSpaces()
        guard let type = hexadecimal(), type <= UInt32(EventType.maximum.rawValue) else { return nil }
        skipSpaces()
        guard let code = hexadecimal(), code <= 0xffff else { return nil }
        skipSpaces()
        var negative = false
        if position < end, base[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard let magnitude = digits(limit: 10) else { return nil }
        let value = negative ? -magnitude.value : magnitude.value
        guard let value32 = Int32(exactly: value) else { return nil }
        skipSpaces()
        guard position == end || base[position] == UInt8(ascii: "#") else { return nil }
        return InputEvent(
            timestamp: Timestamp(seconds: seconds.value, microseconds: microseconds.value),
            type: EventType(rawValue: UInt16(type)), code: UInt16(code), value: value32)
    }
}
