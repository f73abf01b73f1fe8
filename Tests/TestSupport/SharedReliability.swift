import Foundation

/// The hostile inputs in the repository's `Traces/reliability/` (a table of reliability findings in its
/// `README.md`, each with its file), found from this file's path. Part of the package: the tests that read them run
/// in every clone.
///
/// The name is historical; ``HostileInputs`` is the same type under a better name.
public enum SharedReliability {
    /// The folder of inputs: `Traces/reliability` in the package.
    public static let directory: URL = SharedTraces.packageDirectory.appendingPathComponent("Traces/reliability")

    /// Whether the folder exists (it does in every clone of the repository).
    public static let isAvailable: Bool = FileManager.default.fileExists(atPath: directory.path)

    /// Always `true`: the tests of the hostile inputs run in every clone (a missing file fails them). Kept so that
    /// an `.enabled(if: SharedReliability.shouldRun, …)` trait still compiles; it never skips.
    public static let shouldRun: Bool = true

    /// The path of an input by file name.
    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// The hostile inputs in `Traces/reliability/`: ``SharedReliability`` under the name it has now that they live in
/// the repository.
public typealias HostileInputs = SharedReliability
