import Foundation
import TactileTestSupport

/// Paths of the package's files, found from this file's path.
nonisolated enum Package {
    /// The package root.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path relative to the package root.
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// A fresh temporary directory for one test (removed when the test process exits).
nonisolated func temporaryDirectory() -> URL {
    TestScratch.directory("replay")
}

/// Writes `text` to a fresh temporary file (removed when the test process exits) and returns its path.
func temporaryFile(_ text: String, name: String) -> String {
    TestScratch.file(text, name: name)
}
