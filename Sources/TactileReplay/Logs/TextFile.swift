import Foundation
import TactileInput

/// Writes a whole text file: an SVG picture, a JUnit report.
public enum TextFile {
    /// Writes `text` to the file at `path`, created or truncated in place (`EvemuWriter.openForWriting(_:)`, so
    /// that `/dev/null` stays a device).
    ///
    /// - Throws: `TraceError` naming `path` when it cannot be opened or written.
    public static func write(_ text: String, to path: String) throws(TraceError) {
        let handle = try EvemuWriter.openForWriting(path)
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw TraceError(file: path, reason: "cannot be written (\(error.localizedDescription))")
        }
    }
}
