import Glibc

/// Buffered standard output: log text collects in ``buffer`` and goes out in large writes, when it holds
/// ``capacity`` bytes, when a command calls ``flush()`` (at the end, before an error is reported, after each live
/// entry) and when the output is released. A progress bar on the same terminal is cleared before the text is
/// written and drawn again after it.
///
/// When standard output is closed (`tactile replay … | head -1`) the process ends quietly: killed by `SIGPIPE`
/// as any filter is, or, when `SIGPIPE` is ignored, with one line on stderr and exit status 1.
public final class LineOutput {
    /// The text not yet written.
    public var buffer = LogBuffer()
    /// How many bytes the buffer holds before it is written out.
    public static let capacity = 64 * 1024
    /// The bar to clear around each write, when stdout is a terminal too.
    public var progress: TerminalProgress?

    /// An empty output.
    public init() {}

    /// Buffers one line.
    public func write(_ line: String) {
        buffer.writeLine(line)
        flushIfFull()
    }

    /// Prints one event through `printer` (an entry it holds back stays in the printer) and writes the buffer
    /// out if it is full. The buffer is moved out for the call and back after it, so that no access to this
    /// object's stored property spans the printer's code (a run-time exclusivity check per event otherwise).
    @preconcurrency @MainActor public func write(_ event: ReplayEvent, with printer: ReplayLogPrinter) {
        var bytes = LogBuffer()
        swap(&bytes, &buffer)
        printer.write(event, to: &bytes)
        swap(&bytes, &buffer)
        flushIfFull()
    }

    /// Writes the buffer out if it holds ``capacity`` bytes or more.
    public func flushIfFull() {
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes everything buffered to standard output.
    public func flush() {
        guard !buffer.isEmpty else { return }
        progress?.clear()
        StandardStreams.writeAll(buffer.bytes, to: STDOUT_FILENO, name: "standard output")
        buffer.removeAll()
        progress?.redraw()
    }

    deinit { flush() }
}

/// The process's standard output and error, written unbuffered with `write(2)` (the tool's log goes through a
/// ``LineOutput``).
public enum StandardStreams {
    /// Writes `text` to stderr, unbuffered.
    public static func writeError(_ text: String) {
        writeAll(Array(text.utf8), to: STDERR_FILENO, name: "standard error")
    }

    /// Whether stderr is a terminal (progress bars go there only then).
    public static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes all of `bytes` to `descriptor`; a write that fails (a closed pipe with `SIGPIPE` ignored, a full
    /// disk) ends the process with one line on stderr and exit status 1.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    if descriptor != STDERR_FILENO { writeError("tactile: \(name): \(reason)\n") }
                    exit(1)
                }
                offset += written
            }
        }
    }

    /// The terminal's width in columns: `TIOCGWINSZ` on stderr, else `$COLUMNS`, else 80.
    public static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)), columns > 0 { return columns }
        return 80
    }
}
