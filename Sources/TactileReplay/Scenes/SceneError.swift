/// A problem with a scene file: which file, where in it (a JSON path such as `views[2].recognizers[0]`), and
/// why.
///
/// Scene files are user input: every problem is one of these, never a crash. The message reads like a
/// compiler's: `scene.json: views[2].recognizers[0]: unknown key "tapz"`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene file's path, as given.
    public var file: String
    /// The JSON path of the offending value (`views[0].frame.width`); empty for the whole document.
    public var path: String
    /// What is wrong, in words.
    public var reason: String
    /// The 1-based line of a problem in the JSON text itself (a syntax error, nesting too deep), or `nil`.
    public var line: Int?
    /// The 1-based column, in characters, that goes with ``line``.
    public var column: Int?
    /// The JSON path of an unknown key (`views[0].frmae`), by which ``Scene/decode(_:file:)`` finds its line and
    /// column; `nil` for other problems.
    var keyPath: String?

    /// Creates an error.
    public init(file: String, path: String, reason: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// `file: path: reason` (or `file: reason` for the whole document); `file:line:column: reason` for a
    /// problem in the JSON text, like a compiler's message.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return path.isEmpty ? "\(location): \(reason)" : "\(location): \(path): \(reason)"
    }
}
