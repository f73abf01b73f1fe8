import Foundation

/// Paths of the package's files, found from this file's path.
enum Package {
    /// The package root.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path relative to the package root.
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// The real recordings in `../shared/traces`. A user's clone has no `../shared`; tests that need the folder
/// are disabled then, with the reason printed.
enum SharedTraces {
    static let directory: URL = Package.root.deletingLastPathComponent().appendingPathComponent("shared/traces")

    static let isAvailable: Bool = {
        let available = FileManager.default.fileExists(atPath: directory.path)
        if !available {
            print("note: skipping tests of the real recordings: \(directory.path) is missing (it sits beside the checkout)")
        }
        return available
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
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
