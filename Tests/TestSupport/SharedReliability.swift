import Foundation

/// The hostile inputs in `../shared/reliability` (a table of reliability findings, each with its file), found from
/// this file's path. A user's clone has no `../shared`; tests that need the folder are disabled then, with the
/// reason printed.
public enum SharedReliability {
    /// The folder of inputs.
    public static let directory: URL = SharedTraces.directory.deletingLastPathComponent()
        .appendingPathComponent("reliability")

    /// Whether the folder exists; prints why tests are skipped when it does not.
    public static let isAvailable: Bool = {
        let available = FileManager.default.fileExists(atPath: directory.path)
        if !available {
            print("note: skipping the reliability regression tests: \(directory.path) is missing (it sits beside the checkout)")
        }
        return available
    }()

    /// Whether the tests that need the folder run: when it exists, and under CI (`CI` set) whether or not it does,
    /// so that a missing folder fails there instead of skipping (the rule of ``SharedTraces/shouldRun``).
    public static let shouldRun: Bool = isAvailable || SharedTraces.isRequired

    /// The path of an input by file name.
    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
