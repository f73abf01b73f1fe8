import Foundation

/// Paths of the package's files, found from this file's path.
enum Package {
    /// The package root.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path relative to the package root.
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// A fresh temporary directory for one test.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-replay-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryFile(_ text: String, name: String) -> String {
    let url = temporaryDirectory().appendingPathComponent(name)
    try? Data(text.utf8).write(to: url)
    return url.path
}
