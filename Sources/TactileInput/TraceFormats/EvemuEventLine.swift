import Tactile

/// The fast path for the common form of an evemu event line, `E: <seconds>.<microseconds> <type> <code>
/// <value>`: digits only, no signs, no overflow checks to make (field lengths are bounded first).
///
/// ``parse(_:)`` returns `nil` for anything else — a sign, a long field, a stray character — and the reader
/// then parses the line with ``ByteScanner``, which accepts the rarer forms and names what is wrong. Whenever
/// this path returns an event, the careful path would return the same one.
enum EvemuEventLine {
    /// The event on an `E:` line given from its `E`, or `nil` when the line is not in the common form.
    @inline(__always) static func parse(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        guard let base = line.baseAddress, line.count >= 2 else { return nil }
        var cursor = Cursor(position: base + 2, end: base + line.count)  // after "E:"
        cursor.skipSpaces()
        // Epoch seconds (ten digits) in one step; shorter (relative) or longer times digit by digit.
        guard let seconds = cursor.tenDigitSeconds() ?? cursor.digits(limit: 12), seconds < InputEvent.secondsLimit,
            cursor.consume(UInt8(ascii: "."))
        else { return nil }
        let type: UInt32
        let code: UInt32
        let microseconds: Int64
        // evemu-record's own layout, `%06lu %04x %04x `, in one bounds check; any other spacing or width below.
        if let fixed = Cursor.fixedWidthFields(at: cursor.position, end: cursor.end) {
            (microseconds, type, code) = fixed
            cursor.position += 17
            cursor.skipSpaces()
        } else {
            guard let parsed = cursor.digits(limit: 6) else { return nil }
            microseconds = parsed
            cursor.skipSpaces()
            guard let parsedType = cursor.hexadecimal() else { return nil }
            type = parsedType
            cursor.skipSpaces()
            guard let parsedCode = cursor.hexadecimal() else { return nil }
            code = parsedCode
            cursor.skipSpaces()
        }
        guard type <= UInt32(EventType.maximum.rawValue), code <= 0xffff else { return nil }
        let negative = cursor.consume(UInt8(ascii: "-"))
        guard let magnitude = cursor.digits(limit: 10) else { return nil }
        guard let value = Int32(exactly: negative ? -magnitude : magnitude) else { return nil }
        cursor.skipSpaces()
        guard cursor.isAtEnd || cursor.consume(UInt8(ascii: "#")) else { return nil }
        return InputEvent(
            timestamp: Timestamp(seconds: seconds, microseconds: microseconds),
            type: EventType(rawValue: UInt16(type)), code: UInt16(code), value: value)
    }

    /// A position in the line's bytes (a value kept in registers, unlike a variable captured by local
    /// functions).
    private struct Cursor {
        var position: UnsafePointer<UInt8>
        let end: UnsafePointer<UInt8>

        var isAtEnd: Bool { position >= end }

        @inline(__always) mutating func skipSpaces() {
            while position < end, position.pointee == 0x20 || position.pointee == 0x09 { position += 1 }
        }

        /// Consumes `byte` if it is next.
        @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
            guard position < end, position.pointee == byte else { return false }
            position += 1
            return true
        }

        /// The fields of `dddddd xxxx xxxx ` (six decimal digits, two four-digit hexadecimal numbers, each
        /// followed by one space or tab) at `p`, 17 bytes, or `nil`. `p` follows the seconds' `.`.
        @inline(__always) static func fixedWidthFields(
            at p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
        ) -> (Int64, UInt32, UInt32)? {
            guard end - p >= 17 else { return nil }
            // The six digits with the two bytes before them (the '.' and a digit, always there) read as
            // "00dddddd".
            let chunk = UnsafeRawPointer(p - 2).loadUnaligned(as: UInt64.self) & ~0xffff | 0x3030
            guard let microseconds = eightDigits(chunk), isSpace(p[6]), let type = hex4(p + 7), isSpace(p[11]),
                let code = hex4(p + 12), isSpace(p[16])
            else { return nil }
            return (Int64(microseconds), type, code)
        }

        /// Ten decimal digits followed by `.` (an epoch time's seconds), consumed up to the `.`, or `nil` with
        /// nothing consumed.
        @inline(__always) mutating func tenDigitSeconds() -> Int64? {
            guard end - position >= 11, position[10] == UInt8(ascii: ".") else { return nil }
            let first = position[0] &- 0x30
            let second = position[1] &- 0x30
            guard first < 10, second < 10,
                let low = Self.eightDigits(UnsafeRawPointer(position + 2).loadUnaligned(as: UInt64.self))
            else { return nil }
            position += 10
            return (Int64(first) &* 10 &+ Int64(second)) &* 100_000_000 &+ Int64(low)
        }

        /// The value of eight ASCII decimal digits loaded little-endian (the first digit in the lowest byte, the
        /// most significant), or `nil` when a byte is not a digit: the SWAR conversion of Lemire (2018),
        /// "Quickly parsing eight digits".
        @inline(__always) static func eightDigits(_ chunk: UInt64) -> UInt64? {
            // A byte below '0' sets its top bit in the difference, a byte above '9' in the sum (the lowest such
            // byte always does; carries and borrows only come from it).
            let below = chunk &- 0x3030_3030_3030_3030
            let above = chunk &+ 0x4646_4646_4646_4646
            guard (below | above) & 0x8080_8080_8080_8080 == 0 else { return nil }
            var value = below
            value = (value &* 10 &+ (value >> 8)) & 0x00ff_00ff_00ff_00ff
            value = (value &* 100 &+ (value >> 16)) & 0x0000_ffff_0000_ffff
            value = (value &* 10_000 &+ (value >> 32)) & 0xffff_ffff
            return value
        }

        @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

        /// Four hexadecimal digits at `p`, or `nil`.
        @inline(__always) static func hex4(_ p: UnsafePointer<UInt8>) -> UInt32? {
            var value: UInt32 = 0
            for index in 0..<4 {
                guard let digit = hexDigit(p[index]) else { return nil }
                value = value &<< 4 | UInt32(digit)
            }
            return value
        }

        /// The value of a hexadecimal digit (either case), or `nil`.
        @inline(__always) static func hexDigit(_ byte: UInt8) -> UInt8? {
            if byte &- 0x30 < 10 { return byte &- 0x30 }
            if (byte | 0x20) &- 0x61 < 6 { return (byte | 0x20) &- 0x61 &+ 10 }
            return nil
        }

        /// Unsigned decimal digits, at most `limit` of them; `nil` when there are none or more.
        @inline(__always) mutating func digits(limit: Int) -> Int64? {
            let start = position
            var value: Int64 = 0
            while position < end {
                let digit = position.pointee &- 0x30
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                position += 1
            }
            let count = start.distance(to: position)
            return count > 0 && count <= limit ? value : nil
        }

        /// Hexadecimal digits, at most 8; `nil` when there are none or more.
        @inline(__always) mutating func hexadecimal() -> UInt32? {
            let start = position
            var value: UInt32 = 0
            while position < end {
                guard let digit = Self.hexDigit(position.pointee) else { break }
                value = value &<< 4 | UInt32(digit)
                position += 1
            }
            let count = start.distance(to: position)
            return count > 0 && count <= 8 ? value : nil
        }
    }
}
