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

    /// Creates an error.
    public init(file: String, path: String, reason: String) {
        self.file = file
        self.path = path
        self.reason = reason
    }

    /// `file: path: reason` (or `file: reason` for the whole document).
    public var description: String {
        path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
    }
}
