import Foundation

/// Reads a text file one line at a time, with a fixed-size buffer, so a trace of any length streams.
///
/// Lines end at `\n` (a trailing `\r` is removed). Bytes that are not UTF-8 are replaced, not fatal. Not
/// `Sendable`: it owns a file handle.
final class LineReader {
    let path: String
    private let handle: FileHandle
    // `@exclusivity(unchecked)` on the reader's own stored state: written only here, never across a call out
    // (dynamic exclusivity checks were a quarter of a replay's instructions; Benchmarks/README.md).
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var reachedEnd = false
    /// Where the search for the next newline resumes: bytes before it (from ``start``) hold none, so each
    /// chunk is scanned once however long the line (a rescan from ``start`` made long lines quadratic).
    @exclusivity(unchecked) private var scannedUpTo = 0
    /// The number of the line most recently returned (1-based); 0 before the first.
    @exclusivity(unchecked) private(set) var lineNumber = 0
    /// The most bytes the buffer ever held: a chunk plus the longest line, however long the file (for tests).
    @exclusivity(unchecked) private(set) var bufferHighWater = 0
    /// Whether the line most recently returned ended the file without a newline.
    @exclusivity(unchecked) private(set) var lastLineWasUnterminated = false

    static let chunkSize = 64 * 1024
    /// The longest line accepted, in bytes (1 MiB): far above any real trace line (an evemu event line is
    /// under 40 bytes, a libinput-record header line a few KiB), low enough that a file without newlines
    /// (a 1 GB file of zeros, `/dev/zero`) fails at once in bounded memory.
    static let maximumLineLength = 1 << 20
    /// How many bytes of an over-long line an error message quotes.
    static let quotedPrefixLength = 16

    /// Opens `path` for reading.
    init(path: String) throws(TraceError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceError(file: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw TraceError(file: path, reason: "is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(file: path, reason: "cannot be opened for reading")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// An error about the line most recently returned, noting when the file ends in the middle of it.
    func error(_ reason: String) -> TraceError {
        let suffix = lastLineWasUnterminated ? " (the file ends in the middle of this line)" : ""
        return TraceError(file: path, line: lineNumber, reason: reason + suffix)
    }

    /// The next line without its terminator, or `nil` at the end of the file.
    func nextLine() throws(TraceError) -> String? {
        try withNextLine { bytes in String(decoding: bytes, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of the next line (without its terminator) and returns its result, or returns
    /// `nil` at the end of the file. The hot path for event lines: no `String` is made for the line.
    ///
    /// The bytes are valid only inside `body`; ``lineNumber`` and ``error(_:)`` already refer to this line there.
    func withNextLine<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(TraceError) -> Result
    ) throws(TraceError) -> Result? {
        while true {
            let searchFrom = max(start, scannedUpTo)
            let found: Int? = buffer.withUnsafeBufferPointer { bytes in
                guard searchFrom < bytes.count, let base = bytes.baseAddress,
                    let newline = memchr(base + searchFrom, 0x0a, bytes.count - searchFrom)
                else { return nil }
                return base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            }
            let lineStart = start
            var end: Int
            if let newline = found {
                end = newline
                start = newline + 1
                lastLineWasUnterminated = false
            } else if reachedEnd {
                guard start < buffer.count else { return nil }
                end = buffer.count
                start = buffer.count
                lastLineWasUnterminated = true
            } else {
                scannedUpTo = buffer.count
                guard buffer.count - start <= Self.maximumLineLength else { throw overlongLine(from: start) }
                try fill()
                continue
            }
            guard end - lineStart <= Self.maximumLineLength else { throw overlongLine(from: lineStart) }
            if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lineNumber += 1
            return try buffer.withUnsafeBufferPointer { (bytes) throws(TraceError) -> Result in
                try body(UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
            }
        }
    }

    /// The error for a line longer than ``maximumLineLength``, quoting a bounded prefix of it.
    private func overlongLine(from lineStart: Int) -> TraceError {
        let prefix = buffer[lineStart..<min(buffer.count, lineStart + Self.quotedPrefixLength)]
        let quoted = Self.quoted(String(decoding: prefix, as: UTF8.self))
        return TraceError(
            file: path, line: lineNumber + 1,
            reason: "line longer than \(Self.maximumLineLength) bytes (starts \(quoted)…); not a trace file?")
    }

    /// `text` for an error message: control characters (a NUL, an escape) shown as `\u{…}` escapes.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7f {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    private func fill() throws(TraceError) {
        if start > 0 {
            buffer.removeFirst(start)
            scannedUpTo = max(0, scannedUpTo - start)
            start = 0
        }
        let data: Data?
        do {
            data = try handle.read(upToCount: Self.chunkSize)
        } catch {
            throw TraceError(file: path, line: lineNumber + 1, reason: "read failed: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else {
            reachedEnd = true
            return
        }
        buffer.append(contentsOf: data)
        bufferHighWater = max(bufferHighWater, buffer.count)
    }
}

@available(*, unavailable)
extension LineReader: Sendable {}
