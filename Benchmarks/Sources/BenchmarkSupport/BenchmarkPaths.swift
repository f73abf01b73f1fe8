import Foundation

/// Where the benchmarks find their inputs, resolved from this file's location so that they run from any
/// working directory.
public enum BenchmarkPaths {
    /// The `Benchmarks/` package folder.
    public static let benchmarksDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BenchmarkSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks

    /// The repository's root (the Tactile package).
    public static let repositoryDirectory = benchmarksDirectory.deletingLastPathComponent()

    /// The photo-viewer scene shipped with the repository (`Traces/scenes/photo-viewer.json`).
    public static let photoViewerScene = repositoryDirectory.appendingPathComponent("Traces/scenes/photo-viewer.json").path

    /// The real recordings in the repository (`Traces/recordings`, `../Traces/recordings` from `Benchmarks/`).
    public static let sharedTraces = repositoryDirectory.appendingPathComponent("Traces/recordings")

    /// The 10-finger 3M recording, or the reason it cannot be used.
    public static func threeMTrace() -> Result<String, MissingTrace> {
        sharedTrace("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu")
    }

    /// The path of a file of `Traces/recordings`, or the reason it cannot be used.
    public static func sharedTrace(_ file: String) -> Result<String, MissingTrace> {
        let path = sharedTraces.appendingPathComponent(file).path
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .failure(MissingTrace(path: path))
        }
        return .success(path)
    }

    /// The reason a recording cannot be used.
    public struct MissingTrace: Error, CustomStringConvertible {
        /// The path that was looked for.
        public var path: String
        public var description: String { "skipped: \(path) is not readable (it is part of the repository: is the clone complete?)" }
    }
}
