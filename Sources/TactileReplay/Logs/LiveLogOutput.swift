import Tactile

/// The printing side of a `tactile live` run, whichever input feeds it: the stop request (SIGINT, SIGTERM), the log
/// on stdout written entry by entry, and with `--latency` one `latency KERNEL LOGGED [RECEIVED]` line per frame on
/// stderr once the frame's entries are out. ``finish()`` flushes what is left and restores the signals.
@preconcurrency @MainActor
public final class LiveLogOutput {
    /// SIGINT and SIGTERM: the run stops once ``StopSignals/isRequested``.
    public let signals = StopSignals()
    private let output = LineOutput()
    private let printer: ReplayLogPrinter
    private let latency: Bool

    /// Prints with `printer`; `latency`: `--latency`.
    public init(printer: ReplayLogPrinter, latency: Bool) {
        self.printer = printer
        self.latency = latency
    }

    /// Prints one log entry (the driver's observer): written to stdout at once.
    public func write(_ event: ReplayEvent) {
        printer.write(event, to: &output.buffer)
        output.flush()
    }

    /// Called once `frames` were handled (a frame's forwarding chain is complete then): writes what the printer held
    /// back, then with `--latency` a line per frame, `received` being when the frames came out of the input.
    public func handled(_ frames: [TouchFrame], received: Timestamp?) {
        printer.flush(to: &output.buffer)
        output.flush()
        guard latency else { return }
        let logged = MonotonicClock.now()
        for frame in frames {
            let line = Self.latencyLine(frame: frame.timestamp, logged: logged, received: received)
            StandardStreams.writeError(line + "\n")
        }
    }

    /// Writes what the printer still holds and restores the signals' default handling.
    public func finish() {
        printer.flush(to: &output.buffer)
        output.flush()
        signals.cancel()
    }

    /// One `--latency` line: `latency KERNEL LOGGED RECEIVED`, nanoseconds on `CLOCK_MONOTONIC`; RECEIVED (when the
    /// frame came out of the decoder or the contact stream, before the library handled it) is left out when unknown.
    public static func latencyLine(frame: Timestamp, logged: Timestamp, received: Timestamp? = nil) -> String {
        "latency \(frame.nanoseconds) \(logged.nanoseconds)" + (received.map { " \($0.nanoseconds)" } ?? "")
    }
}
