import Foundation

/// Scratch files and folders for tests, all inside one folder per test process that is removed when the process
/// exits: the suite leaves nothing behind in the temporary directory (before, each run left a folder per test
/// that wrote a file — 90,000 of them after a day of runs on one machine).
public enum TestScratch {
    /// The process's folder, `$TMPDIR/tactile-tests-<pid>-<uuid>`: made at first use, removed at exit.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-tests-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { TestScratch.removeRoot() }
        return url
    }()

    /// Removes ``root`` and everything in it (at exit).
    private static func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A fresh, empty folder inside ``root``, named `prefix-<uuid>`.
    public static func directory(_ prefix: String = "scratch") -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file called `name` in a fresh folder and returns its path.
    public static func file(_ text: String, name: String) -> String {
        let url = directory("file").appendingPathComponent(name)
        try? Data(text.utf8).write(to: url)
        return url.path
    }
}
