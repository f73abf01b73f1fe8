import Glibc
import Tactile

/// The time span of an evemu trace, read cheaply from its first and last event lines (the first 64 KB and the
/// last 4 KB of the file), for a progress bar's total.
public enum TraceExtent {
    /// The time from the first to the last `E:` line, or `nil` when either cannot be found (a libinput record
    /// file, a description, a file with very long lines).
    public static func duration(ofEvemuFile path: String) -> Timestamp? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, let first = firstEventTime(in: read(file, count: 64 * 1024, at: 0)) else {
            return nil
        }
        let size = Int(info.st_size)
        guard let last = lastEventTime(in: read(file, count: 4096, at: max(size - 4096, 0))) else { return nil }
        return Timestamp(nanoseconds: last.nanoseconds - first.nanoseconds)
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file or on an error).
    private static func read(_ file: Int32, count: Int, at offset: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let got = pread(file, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                initialized += got
            }
        }
    }

    /// The time of the first `E:` line in a chunk of text that has one.
    static func firstEventTime(in bytes: [UInt8]) -> Timestamp? {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if let time = eventTime(bytes[start..<end]) { return time }
            start = end + 1
        }
        return nil
    }

    /// The time of the last `E:` line in a chunk of text that has one.
    static func lastEventTime(in bytes: [UInt8]) -> Timestamp? {
        var end = bytes.count
        while end > 0 {
            let start = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            if let time = eventTime(bytes[start..<end]) { return time }
            end = start - 1
        }
        return nil
    }

    /// The time of one `E: SECONDS.MICROSECONDS …` line, or `nil` for any other line.
    private static func eventTime(_ line: ArraySlice<UInt8>) -> Timestamp? {
        guard line.starts(with: "E: ".utf8) else { return nil }
        let field = line.dropFirst(3).prefix { $0 != UInt8(ascii: " ") }
        let parts = field.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6,
            let seconds = Int64(String(decoding: parts[0], as: UTF8.self)),
            let micro = Int64(String(decoding: parts[1], as: UTF8.self))
        else { return nil }
        return Timestamp(seconds: seconds, microseconds: micro)
    }
}
