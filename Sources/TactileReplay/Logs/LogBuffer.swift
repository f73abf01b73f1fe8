import Tactile

/// Log text as UTF-8 bytes, appended in place: what ``ReplayLogPrinter`` writes into and the tool sends to
/// standard output in large writes.
///
/// Every line ends with `"\n"` (``endLine()``). Appending a `String` copies its UTF-8 bytes; times and numbers
/// are formatted straight into the buffer, so a log line costs no intermediate strings.
public struct LogBuffer: DeliveryTextOutput, Sendable {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []
    /// Where each line ends (the index after its `"\n"`), when ``recordsLineEnds`` is set.
    private(set) var lineEnds: [Int] = []
    /// Whether ``endLine()`` records where lines end, for ``lines``.
    let recordsLineEnds: Bool

    /// An empty buffer.
    public init() { recordsLineEnds = false }

    init(recordingLineEnds: Bool) { recordsLineEnds = recordingLineEnds }

    /// Whether the buffer holds no text.
    public var isEmpty: Bool { bytes.isEmpty }

    /// The number of bytes held.
    public var count: Int { bytes.count }

    /// Appends `string`'s UTF-8 bytes, read in place (a native string's bytes are not copied, nor the string
    /// retained: the log writes 101,758 pieces for one replay of the 3M recording).
    public mutating func write(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var string = string
            string.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// Appends one byte (an ASCII character).
    mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends UTF-8 bytes (a piece of a `String`).
    mutating func write(_ piece: UnsafeBufferPointer<UInt8>.SubSequence) {
        bytes.append(contentsOf: piece)
    }

    /// Appends one line: `line` and `"\n"`.
    public mutating func writeLine(_ line: String) {
        write(line)
        endLine()
    }

    /// Ends the current line.
    public mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
        if recordsLineEnds { lineEnds.append(bytes.count) }
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lineEnds.removeAll(keepingCapacity: true)
    }

    /// The recorded lines, without their `"\n"` (for a buffer made with `recordingLineEnds`).
    var lines: [String] {
        var start = 0
        return lineEnds.map { end in
            defer { start = end }
            return String(decoding: bytes[start..<(end - 1)], as: UTF8.self)
        }
    }

    /// `time` as `Timestamp.description` writes it: seconds with millisecond precision, `1.250s` (truncated
    /// toward zero, so `-0.0009 s` is `0.000s`; integer nanoseconds, so no NaN or negative zero).
    public mutating func write(_ time: Timestamp) {
        let milliseconds = time.nanoseconds / 1_000_000
        if milliseconds < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = milliseconds.magnitude
        write(decimal: magnitude / 1000)
        let fraction = magnitude % 1000
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        bytes.append(UInt8(ascii: "s"))
    }

    /// `value` in decimal digits.
    /// `{#1,#2}`, as the log writes a list of touches, formatted in place.
    public mutating func write(touches: [TouchContact.ID]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, touch) in touches.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "#"))
            write(decimal: touch.rawValue)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func write(decimal value: UInt64) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        guard value >= 100 else {
            // Two digits (a log's seconds, mostly): no divisor search.
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
