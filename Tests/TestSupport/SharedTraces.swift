import Foundation

/// The real recordings in `../shared/traces`, found from this file's path. A user's clone has no `../shared`;
/// tests that need the folder are disabled then, with the reason printed.
public enum SharedTraces {
    /// The folder of recordings.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/traces")

    /// Whether the folder exists; prints why tests are skipped when it does not.
    public static let isAvailable: Bool = {
        let available = FileManager.default.fileExists(atPath: directory.path)
        if !available {
            print("note: skipping tests of the real recordings: \(directory.path) is missing (it sits beside the checkout)")
        }
        return available
    }()

    /// The path of a recording by file name.
    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Every recording (`.evemu` and `.events` files), sorted by name.
    public static func recordings() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".events") }.sorted()
    }
}
