/// A problem with a trace file: which file, which line, and why.
///
/// Trace files are untrusted input: every problem is one of these, never a crash.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the file.
    public var file: String
    /// The 1-based line number, or `nil` when the problem concerns the whole file (it cannot be opened, it
    /// has no description, …).
    public var line: Int?
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, like a compiler's message.
    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}
