import Glibc
import Tactile

/// A progress line on stderr, redrawn in place, for replays that take a while.
///
/// Shown only when stderr is a terminal, the trace's duration is known, and the replay has already taken
/// ``minimumWallTime`` of wall time (a replay that ends sooner never shows one). It fits the terminal's width, and
/// is cleared before log lines are written to the same terminal (``LineOutput/progress``) so that they never
/// mix.
public final class TerminalProgress {
    /// Replays that end within this wall time show no bar.
    public static let minimumWallTime: Duration = .seconds(1)
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
    public init?(duration: @autoclosure () -> Timestamp?, pacedToTrace: Bool = false) {
        guard StandardStreams.errorIsTerminal, let total = duration(), total > .zero,
            !pacedToTrace || total >= Timestamp(nanoseconds: Self.minimumWallTime.nanoseconds),
            let bar = ProgressBar(total: total, columns: StandardStreams.terminalColumns())
        else { return nil }
        self.bar = bar
        started = clock.now
    }

    /// Redraws the bar for the replay's time `time`, once the replay has taken ``minimumWallTime``.
    public func update(_ time: Timestamp) {
        guard let line = bar.update(time) else { return }
        guard clock.now - started >= Self.minimumWallTime else { return }
        StandardStreams.writeError("\r\u{1B}[2K" + line)
        shown = line
    }

    /// Erases the bar before other output reaches the terminal (when stdout is that terminal).
    public func clear() {
        if sharesTerminal, shown != nil { StandardStreams.writeError("\r\u{1B}[2K") }
    }

    /// Draws the bar again after ``clear()``.
    public func redraw() {
        if sharesTerminal, let shown { StandardStreams.writeError("\r" + shown) }
    }

    /// Erases the bar for good.
    public func finish() {
        if shown != nil { StandardStreams.writeError("\r\u{1B}[2K") }
        shown = nil
    }
}
