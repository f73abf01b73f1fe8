import Foundation

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
