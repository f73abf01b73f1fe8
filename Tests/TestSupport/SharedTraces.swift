import Foundation

/// The real recordings in the repository's `Traces/recordings/` (49 files, their provenance in `SOURCES.md` there),
/// found from this file's path. They are part of the package, so every test that reads them runs in every clone;
/// a missing file fails its test with the file's path, it is never skipped.
///
/// The name is historical (the recordings used to live in a folder beside the checkout); ``Recordings`` is the same
/// type under a better name.
public enum SharedTraces {
    /// The package's root folder (the one holding `Package.swift`).
    public static let packageDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of recordings: `Traces/recordings` in the package.
    public static let directory: URL = packageDirectory.appendingPathComponent("Traces/recordings")

    /// Whether `CI` is set (to anything but empty, `0` or `false`). Kept for older tests; the recordings are
    /// required everywhere now.
    public static let isRequired: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }()

    /// Whether the folder exists (it does in every clone of the repository).
    public static let isAvailable: Bool = FileManager.default.fileExists(atPath: directory.path)

    /// Always `true`: the tests of the recordings run in every clone (a missing folder fails them). Kept so that an
    /// `.enabled(if: SharedTraces.shouldRun, …)` trait still compiles; it never skips.
    public static let shouldRun: Bool = true

    /// The path of a recording by file name.
    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Every recording (`.evemu` and `.events` files), sorted by name.
    public static func recordings() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".events") }.sorted()
    }
}

/// The real recordings in `Traces/recordings/`: ``SharedTraces`` under the name it has now that they live in the
/// repository.
public typealias Recordings = SharedTraces
