#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a text file one line at a time, with a fixed-size buffer, so a trace of any length streams.
///
/// Lines end at `\n` (a trailing `\r` is removed). Bytes that are not UTF-8 are replaced, not fatal. The file's
/// bytes are read with `read(2)` straight into the buffer, which the reader owns: no copy and no allocation per
/// chunk. Short reads and `EINTR` are retried, so pipes and FIFOs read like files. Not `Sendable`: it owns a
/// file descriptor.
///
/// This is TactileInput's one unsafe type: the readers above it see each line as an `UnsafeBufferPointer`
/// into ``storage`` that lives only inside ``withNextLine(_:)``'s closure. The safety argument, once:
/// - ``storage`` is allocated by this type and freed only in `deinit`; it grows (``ensureFreeSpace()``) and its
///   bytes move (``fill()``) only inside ``fill()``, which is never called while a line's bytes are lent out,
///   so a lent pointer stays valid for the whole closure.
/// - Every index is kept within `0 ≤ start ≤ scannedUpTo ≤ end ≤ capacity` and bytes `0..<end` are initialized.
/// - The stored properties are marked `@exclusivity(unchecked)`: they are written only by this type's own
///   methods, never while a closure it called runs (the closure gets a pointer, not `self`'s properties), so
///   the dynamic exclusivity checks (a quarter of a replay's instructions once; Benchmarks/README.md) could
///   never fire.
final class LineReader {
    let path: String
    private let descriptor: Int32
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// Where the next line starts.
    @exclusivity(unchecked) private var start = 0
    /// How many bytes of ``storage`` hold the file's bytes.
    @exclusivity(unchecked) private var end = 0
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
    /// Room for the unread part of a line beside a chunk, in the first buffer: a partial line up to this long
    /// moved to the front leaves room for a whole chunk, so reading a trace of ordinary lines never grows the
    /// buffer (longer lines grow it once, up to ``maximumLineLength``).
    static let lineRoom = 4 * 1024
    /// The longest line accepted, in bytes (1 MiB): far above any real trace line (an evemu event line is
    /// under 40 bytes, a libinput-record header line a few KiB), low enough that a file without newlines
    /// (a 1 GB file of zeros, `/dev/zero`) fails at once in bounded memory.
    static let maximumLineLength = 1 << 20
    /// How many bytes of an over-long line an error message quotes.
    static let quotedPrefixLength = 16

    /// Opens `path` for reading.
    init(path: String) throws(TraceError) {
        self.path = path
        var status = stat()
        guard stat(path, &status) == 0 else { throw TraceError(file: path, reason: "no such file") }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw TraceError(file: path, reason: "is a directory") }
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw TraceError(file: path, reason: "cannot be opened for reading") }
        self.descriptor = descriptor
        capacity = Self.chunkSize + Self.lineRoom
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        close(descriptor)
    }

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
    @inline(__always) func withNextLine<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(TraceError) -> Result
    ) throws(TraceError) -> Result? {
        while true {
            let searchFrom = max(start, scannedUpTo)
            let lineStart = start
            var lineEnd: Int
            if searchFrom < end, let newline = memchr(storage + searchFrom, 0x0a, end - searchFrom) {
                lineEnd = storage.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                start = lineEnd + 1
                lastLineWasUnterminated = false
            } else if reachedEnd {
                guard start < end else { return nil }
                lineEnd = end
                start = end
                lastLineWasUnterminated = true
            } else {
                scannedUpTo = end
                guard end - start <= Self.maximumLineLength else { throw overlongLine(from: start) }
                try fill()
                continue
            }
            guard lineEnd - lineStart <= Self.maximumLineLength else { throw overlongLine(from: lineStart) }
            if lineEnd > lineStart && storage[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            lineNumber += 1
            return try body(UnsafeBufferPointer(start: storage + lineStart, count: lineEnd - lineStart))
        }
    }

    /// The error for a line longer than ``maximumLineLength``, quoting a bounded prefix of it.
    private func overlongLine(from lineStart: Int) -> TraceError {
        let prefix = UnsafeBufferPointer(start: storage + lineStart, count: min(end - lineStart, Self.quotedPrefixLength))
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

    /// Moves the unread bytes to the front and reads the next chunk (up to ``chunkSize`` bytes) after them;
    /// sets ``reachedEnd`` at the end of the file.
    private func fill() throws(TraceError) {
        if start > 0 {
            memmove(storage, storage + start, end - start)
            end -= start
            scannedUpTo = max(0, scannedUpTo - start)
            start = 0
        }
        ensureFreeSpace()
        while true {
            let count = read(descriptor, storage + end, Self.chunkSize)
            if count > 0 {
                end += count
                bufferHighWater = max(bufferHighWater, end)
                return
            }
            if count == 0 {
                reachedEnd = true
                return
            }
            let code = errno
            if code == EINTR { continue }
            let message = String(cString: strerror(code))
            throw TraceError(file: path, line: lineNumber + 1, reason: "read failed: \(message)")
        }
    }

    /// Makes room for a chunk after the unread bytes (at most ``maximumLineLength`` of them, so the storage
    /// never exceeds a chunk plus the longest line).
    private func ensureFreeSpace() {
        guard capacity - end < Self.chunkSize else { return }
        let newCapacity = min(max(capacity * 2, end + Self.chunkSize), Self.maximumLineLength + Self.chunkSize)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: end)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}

@available(*, unavailable)
extension LineReader: Sendable {}
