import ArgumentParser
import Foundation
import Tactile
import TactileInput
import TactileReplay

/// Runs a command's body; a library error becomes one line on stderr (`file:line: reason`) and exit status 1,
/// never a stack trace.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        writeError("\(error)")
        throw ExitCode.failure
    }
}

/// Writes one line to stderr.
func writeError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Whether stderr is a terminal (progress bars go there only then).
var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

/// Loads `path`, or the default scene when it is `nil`, and builds it.
func buildScene(_ path: String?) throws -> SceneInstance {
    let scene = try path.map { path throws(SceneError) in try Scene.load(path: path) } ?? Scene.defaultScene()
    return try scene.instantiate()
}

/// Buffered standard output, flushed at the end (and when the buffer fills).
final class LineOutput {
    private var buffer = ""

    func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count >= 32 * 1024 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }

    deinit { flush() }
}

/// A progress line on stderr, redrawn in place, for traces longer than ``minimumDuration``.
final class TerminalProgress {
    /// Traces shorter than this get no bar.
    static let minimumDuration = Timestamp(nanoseconds: 5_000_000_000)
    private var bar: ProgressBar
    private var drawn = false

    /// A bar for the trace at `path`, or `nil` when stderr is not a terminal or the trace is short.
    init?(tracePath: String) {
        guard standardErrorIsTerminal, let total = TraceExtent.duration(ofEvemuFile: tracePath),
            total >= Self.minimumDuration
        else { return nil }
        bar = ProgressBar(total: total)
    }

    func update(_ time: Timestamp) {
        guard let line = bar.update(time) else { return }
        FileHandle.standardError.write(Data(("\r" + line).utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
