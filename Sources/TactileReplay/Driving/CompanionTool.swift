import Foundation
import Glibc

/// A `tactile` subcommand that ships as an executable of its own, run git-style: `tactile port …` runs
/// `tactile-port …`, found beside the running `tactile` executable, then on `PATH`.
///
/// Such a tool is its own executable when its dependencies are heavy: `tactile-port` links swift-syntax, which
/// `tactile` — and every build of it, such as `swift run tactile replay …` — never compiles.
public struct CompanionTool: Hashable, Sendable {
    /// The `tactile` subcommand (`port`).
    public var subcommand: String
    /// The executable's file name (`tactile-port`).
    public var executableName: String
    /// The product to build when the executable is missing (`tactile-port`: `swift build --product tactile-port`).
    public var product: String

    /// A companion tool run as `tactile SUBCOMMAND`, from the executable `executableName`, built as `product`.
    public init(subcommand: String, executableName: String, product: String) {
        self.subcommand = subcommand
        self.executableName = executableName
        self.product = product
    }

    /// `tactile port`: UIKit touch code ported to Tactile, by the `tactile-port` executable.
    public static let port = CompanionTool(subcommand: "port", executableName: "tactile-port", product: "tactile-port")

    /// The tool's executable: the file named ``executableName`` in the directory of `runningExecutable`, else in
    /// the first directory of `searchPath` (a colon-separated list, as `PATH`; an empty entry is the current
    /// directory) that holds it as an executable file; `nil` when there is none.
    public func locate(besides runningExecutable: String?, searchPath: String?) -> String? {
        var directories: [String] = []
        if let runningExecutable, runningExecutable.contains("/") {
            directories.append((runningExecutable as NSString).deletingLastPathComponent)
        }
        for entry in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false) {
            directories.append(entry.isEmpty ? "." : String(entry))
        }
        for directory in directories {
            let candidate = (directory as NSString).appendingPathComponent(executableName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }

    /// Why the tool cannot run when ``locate(besides:searchPath:)`` finds nothing, and how to build it.
    public func missingMessage(besides runningExecutable: String?) -> String {
        let places = runningExecutable.map { "found neither beside \($0) nor on PATH" } ?? "not found on PATH"
        return "tactile \(subcommand): the \(executableName) executable was \(places); "
            + "build it with `swift build --product \(product)` (it is a product of its own so that `tactile` "
            + "needs no swift-syntax)"
    }

    /// Runs the tool with `arguments` in place of this process (`execv`): its output, errors and exit status are
    /// the command's, as if it had been run directly.
    ///
    /// - Throws: ``Failure`` naming what is missing and how to build it when the executable is found nowhere, or
    ///   why it could not be started.
    public func run(arguments: [String]) throws(Failure) -> Never {
        let running = runningExecutablePath()
        guard let executable = locate(besides: running, searchPath: ProcessInfo.processInfo.environment["PATH"]) else {
            throw Failure(description: missingMessage(besides: running))
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, argv)
        let reason = String(cString: strerror(errno))
        throw Failure(description: "tactile \(subcommand): cannot run \(executable): \(reason)")
    }

    /// The arguments to run the tool with when `tactile`'s command line `arguments` (without the executable)
    /// names it: `port …` gives `…`, and `help port` gives `--help` (the tool's own help); `nil` otherwise.
    public func forwardedArguments(_ arguments: [String]) -> [String]? {
        if arguments.first == subcommand { return Array(arguments.dropFirst()) }
        if arguments.count >= 2, arguments[0] == "help", arguments[1] == subcommand { return ["--help"] }
        return nil
    }

    /// Runs the tool with `arguments` in place of this process (``run(arguments:)``), or says why it cannot on
    /// standard error and exits with status 1.
    public func runOrExit(arguments: [String]) -> Never {
        do {
            try run(arguments: arguments)
        } catch {
            StandardStreams.writeError(error.description + "\n")
            exit(1)
        }
    }

    /// A companion tool that could not be started.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is missing or failed, and what to do.
        public var description: String
    }

    /// The running executable, as the kernel knows it (`/proc/self/exe`), else as it was invoked.
    private func runningExecutablePath() -> String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        return CommandLine.arguments.first
    }
}
