import Foundation

/// The real recordings in `../shared/traces`, found from this file's path (or `TACTILE_SHARED_TRACES`). A user's
/// clone has no `../shared`.
///
/// One rule for every test that reads them: it carries `.enabled(if: SharedTraces.shouldRun, "../shared/traces is
/// missing")`. Without the folder, a user's `swift test` skips them all (Swift Testing prints each skip and the
/// reason, and this type prints one note); with `CI` set they all run and fail, because CI must test the
/// recordings.
public enum SharedTraces {
    /// The folder of recordings: `TACTILE_SHARED_TRACES` when set, else `shared/traces` beside the checkout.
    public static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["TACTILE_SHARED_TRACES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/traces")
    }()

    /// Whether `CI` is set (to anything but empty, `0` or `false`): then missing recordings are a failure.
    public static let isRequired: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }()

    /// Whether the folder exists.
    public static let isAvailable: Bool = FileManager.default.fileExists(atPath: directory.path)

    /// Whether the tests of the recordings run: when the folder exists, and in CI even when it does not (they fail
    /// there). Prints, once, what happens when the folder is missing.
    public static let shouldRun: Bool = {
        if !isAvailable {
            if isRequired {
                print("error: \(directory.path) is missing and CI is set: the tests of the real recordings run and fail")
            } else {
                print("note: skipping the tests of the real recordings: \(directory.path) is missing (it sits beside the checkout); each skip is listed with this reason")
            }
        }
        return isAvailable || isRequired
    }()

    /// The path of a recording by file name.
    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Every recording (`.evemu` and `.events` files), sorted by name.
    public static func recordings() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".events") }.sorted()
    }
}
