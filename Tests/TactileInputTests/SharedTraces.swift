import Foundation

/// The real recordings in `../shared/traces`, found from this file's path. A user's clone has no `../shared`;
/// tests that need the folder are disabled then, with the reason printed.
enum SharedTraces {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/traces")

    static let isAvailable: Bool = {
        let available = FileManager.default.fileExists(atPath: directory.path)
        if !available {
            print("note: skipping tests of the real recordings: \(directory.path) is missing (it sits beside the checkout)")
        }
        return available
    }()

    /// The path of a recording by file name.
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Every recording (`.evemu` and `.events` files), sorted by name.
    static func recordings() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".events") }.sorted()
    }
}

/// Small fixtures written for these tests, in `Tests/TactileInputTests/Fixtures`.
enum Fixtures {
    static func path(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
            return "missing fixture \(name)"
        }
        return url.path
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "trace.evemu") -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try? Data(text.utf8).write(to: url)
        return url.path
    }
}
