import ArgumentParser
import Foundation
import Glibc
import Tactile
import TactileInput
import TactileReplay

/// Runs the body of `command`; a library error becomes one line on stderr (`file:line: reason`) and exit status 1,
/// never a stack trace. A value the command rejects as it runs (`ValidationError`: a `--target` that names
/// nothing in the scene, a malformed `--calibration`) is a usage error, reported as swift-argument-parser reports the
/// values it rejects itself: `Error: REASON`, the command's usage, and exit status 64 (`EX_USAGE`).
func reportingErrors<T>(_ command: any ParsableCommand.Type, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        let name = command.configuration.commandName ?? ""
        writeError("Error: \(error.message)")
        writeError("Usage: " + TactileCommand.usageString(for: command).drop { $0 == " " })
        writeError("  See 'tactile \(name) --help' for more information.")
        throw ExitCode.validationFailure
    } catch {
        writeError("\(error)")
        throw ExitCode.failure
    }
}

/// Writes one line to stderr.
func writeError(_ line: String) {
    writeStandardError(line + "\n")
}

/// Writes `text` to stderr, unbuffered.
func writeStandardError(_ text: String) {
    writeAll(Array(text.utf8), to: STDERR_FILENO, name: "standard error")
}

/// `items` separated by ", ", for the help texts. Not `joined(separator:)`: the command configurations are built on
/// every run (the parser reads them all to find the subcommand), and the generic `joined` looked up Array's
/// `Collection` conformance at run time, a scan of the binary's 6,000 conformance records (≈ 300 k instructions).
func commaSeparated(_ items: [String]) -> String {
    var text = ""
    for (index, item) in items.enumerated() {
        if index > 0 { text += ", " }
        text += item
    }
    return text
}

/// A device argument as a path: a bare node name such as `event3` is the node in `/dev/input` (as
/// `libinput debug-events --device` users type it); anything with a slash is a path as given.
func devicePath(_ argument: String) -> String {
    argument.contains("/") ? argument : "/dev/input/" + argument
}

/// Fails with one line when `directory` (`/dev/input`, or the folder of a device node) does not exist (a
/// container without devices), saying what to do, instead of "no such device" or a failed watch.
func requireInputDirectory(_ directory: String) throws {
    // Only /dev/input (or `live --directory`'s folder): a node elsewhere that does not exist is "no such device".
    guard directory == "/dev/input" || directory.hasPrefix("/dev/input/") else { return }
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
        writeError(DeviceListing.missingDirectory(directory).errors[0])
        throw ExitCode.failure
    }
}

/// Whether stderr is a terminal (progress bars go there only then).
var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

/// Loads `path`, or the default scene when it is `nil`, and builds it.
func buildScene(_ path: String?) throws -> SceneInstance {
    let scene = try path.map { path throws(SceneError) in try Scene.load(path: path) } ?? Scene.defaultScene()
    return try scene.instantiate()
}

/// Buffered standard output: log text collects in ``buffer`` and goes out in large writes, when it holds
/// ``capacity`` bytes, when a command calls ``flush()`` (at the end, before an error is reported, after each live
/// entry) and when the output is released. A progress bar on the same terminal is cleared before the text is
/// written and drawn again after it.
///
/// When standard output is closed (`tactile replay … | head -1`) the process ends quietly: killed by `SIGPIPE`
/// as any filter is, or, when `SIGPIPE` is ignored, with one line on stderr and exit status 1.
final class LineOutput {
    /// The text not yet written.
    var buffer = LogBuffer()
    /// How many bytes the buffer holds before it is written out.
    static let capacity = 64 * 1024
    /// The bar to clear around each write, when stdout is a terminal too.
    var progress: TerminalProgress?

    /// Buffers one line.
    func write(_ line: String) {
        buffer.writeLine(line)
        flushIfFull()
    }

    /// Prints one event through `printer` (an entry it holds back stays in the printer) and writes the buffer
    /// out if it is full. The buffer is moved out for the call and back after it, so that no access to this
    /// object's stored property spans the printer's code (a run-time exclusivity check per event otherwise).
    func write(_ event: ReplayEvent, with printer: ReplayLogPrinter) {
        var bytes = LogBuffer()
        swap(&bytes, &buffer)
        printer.write(event, to: &bytes)
        swap(&bytes, &buffer)
        flushIfFull()
    }

    /// Writes the buffer out if it holds ``capacity`` bytes or more.
    func flushIfFull() {
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes everything buffered to standard output.
    func flush() {
        guard !buffer.isEmpty else { return }
        progress?.clear()
        writeAll(buffer.bytes, to: STDOUT_FILENO, name: "standard output")
        buffer.removeAll()
        progress?.redraw()
    }

    deinit { flush() }
}

/// Writes all of `bytes` to `descriptor`; a write that fails (a closed pipe with `SIGPIPE` ignored, a full
/// disk) ends the process with one line on stderr and exit status 1.
func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                if descriptor != STDERR_FILENO { writeError("tactile: \(name): \(reason)") }
                exit(1)
            }
            offset += written
        }
    }
}

/// The terminal's width in columns: `TIOCGWINSZ` on stderr, else `$COLUMNS`, else 80.
func terminalColumns() -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)), columns > 0 { return columns }
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
    ///
    /// With `pacedToTrace` (`--realtime`), a trace shorter than ``minimumWallTime`` shows no bar either: its
    /// replay is meant to end within that time, and one that starts late on a busy machine still does not "take a
    /// while" (so whether a bar appears depends on the trace, not on the machine's load).
    init?(duration: @autoclosure () -> Timestamp?, pacedToTrace: Bool = false) {
        guard standardErrorIsTerminal, let total = duration(), total > .zero,
            !pacedToTrace || total >= Timestamp(nanoseconds: Self.minimumWallTime.nanoseconds),
            let bar = ProgressBar(total: total, columns: terminalColumns())
        else { return nil }
        self.bar = bar
        started = clock.now
    }

    func update(_ time: Timestamp) {
        guard let line = bar.update(time) else { return }
        guard clock.now - started >= Self.minimumWallTime else { return }
        writeStandardError("\r\u{1B}[2K" + line)
        shown = line
    }

    /// Erases the bar before other output reaches the terminal (when stdout is that terminal).
    func clear() {
        if sharesTerminal, shown != nil { writeStandardError("\r\u{1B}[2K") }
    }

    /// Draws the bar again after ``clear()``.
    func redraw() {
        if sharesTerminal, let shown { writeStandardError("\r" + shown) }
    }

    func finish() {
        if shown != nil { writeStandardError("\r\u{1B}[2K") }
        shown = nil
    }
}
