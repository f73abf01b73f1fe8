import Foundation
import Tactile

/// The time span of an evemu trace, read cheaply from its first and last event lines (the first 64 KB and the
/// last 4 KB of the file), for a progress bar's total.
public enum TraceExtent {
    /// The time from the first to the last `E:` line, or `nil` when either cannot be found (a libinput record
    /// file, a description, a file with very long lines).
    public static func duration(ofEvemuFile path: String) -> Timestamp? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64 * 1024),
            let first = eventTimes(in: head).first,
            let size = try? handle.seekToEnd()
        else { return nil }
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        guard let tail = try? handle.readToEnd(), let last = eventTimes(in: tail).last else { return nil }
        return Timestamp(nanoseconds: last.nanoseconds - first.nanoseconds)
    }

    /// The times of the complete `E:` lines in a chunk of text.
    static func eventTimes(in data: Data) -> [Timestamp] {
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> Timestamp? in
            guard line.hasPrefix("E: ") else { return nil }
            let field = line.dropFirst(3).prefix { $0 != " " }
            let parts = field.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count == 6, let micro = Int64(parts[1])
            else { return nil }
            return Timestamp(seconds: seconds, microseconds: micro)
        }
    }
}
