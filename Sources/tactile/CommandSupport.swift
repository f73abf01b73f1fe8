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

/// A device argument as a path: a bare node name such as `event3` is the node in `/dev/input` (as
/// `libinput debug-events --device` users type it); anything with a slash is a path as given.
func devicePath(_ argument: String) -> String {
    argument.contains("/") ? argument : "/dev/input/" + argument
}

/// Whether stderr is a terminal (progress bars go there only then).
var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

/// Loads `path`, or the default scene when it is `nil`, and builds it.
func buildScene(_ path: String?) throws -> SceneInstance {
    let scene = try path.map { path throws(SceneError) in try Scene.load(path: path) } ?? Scene.defaultScene()
    return try scene.instantiate()
}

/// Buffered standard output, flushed at the end (and when the buffer fills). A progress bar on the same
/// terminal is cleared before the lines are written and drawn again after them.
final class LineOutput {
    private var buffer = ""
    /// The bar to clear around each write, when stdout is a terminal too.
    var progress: TerminalProgress?

    func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count >= 32 * 1024 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        progress?.clear()
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
        progress?.redraw()
    }

    deinit { flush() }
}

/// The terminal's width in columns: `TIOCGWINSZ` on stderr, else `$COLUMNS`, else 80.
func terminalColumns() -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return 80
}

/// A progress line on stderr, redrawn in place, for replays that take a while.
///
/// Shown only when stderr is a terminal, the trace's duration is known, and the replay has already taken
/// ``minimumWallTime`` of wall time (a replay that ends sooner never shows one). It fits the terminal's width, and
/// is cleared before log lines are written to the same terminal (``LineOutput/progress``) so that they never
/// mix.
final class TerminalProgress {
    /// Replays that end within this wall time show no bar.
    static let minimumWallTime: Duration = .seconds(1)
    private var bar: ProgressBar
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var shown: String?
    private let sharesTerminal = isatty(STDOUT_FILENO) == 1

    /// A bar for a trace lasting `duration`, or `nil` when stderr is not a terminal, the duration is unknown, or
    /// the terminal is too narrow. `duration` is read only for a terminal.
    init?(duration: @autoclosure () -> Timestamp?) {
        guard standardErrorIsTerminal, let total = duration(), total > .zero,
            let bar = ProgressBar(total: total, columns: terminalColumns())
        else { return nil }
        self.bar = bar
        started = clock.now
    }

    func update(_ time: Timestamp) {
        guard let line = bar.update(time) else { return }
        guard clock.now - started >= Self.minimumWallTime else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
        shown = line
    }

    /// Erases the bar before other output reaches the terminal (when stdout is that terminal).
    func clear() {
        if sharesTerminal, shown != nil { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    /// Draws the bar again after ``clear()``.
    func redraw() {
        if sharesTerminal, let shown { FileHandle.standardError.write(Data(("\r" + shown).utf8)) }
    }

    func finish() {
        if shown != nil { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        shown = nil
    }
}
