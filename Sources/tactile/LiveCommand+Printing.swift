import Tactile
import TactileInput
import TactileReplay

/// The printing side of a `tactile live` run, whichever input feeds it: the stop request (SIGINT, SIGTERM), the log
/// on stdout written entry by entry, and with `--latency` one `latency KERNEL LOGGED [RECEIVED]` line per frame on
/// stderr once the frame's entries are out. ``finish()`` flushes what is left and restores the signals.
final class LivePrinting {
    /// SIGINT and SIGTERM: the run stops once ``StopSignals/isRequested``.
    let signals = StopSignals()
    private let output = LineOutput()
    private let printer: ReplayLogPrinter
    private let latency: Bool

    /// Prints with `printer`; `latency`: `--latency`.
    init(printer: ReplayLogPrinter, latency: Bool) {
        self.printer = printer
        self.latency = latency
    }

    /// Prints one log entry (the driver's observer): written to stdout at once.
    func write(_ event: ReplayEvent) {
        printer.write(event, to: &output.buffer)
        output.flush()
    }

    /// Called once `frames` were handled (a frame's forwarding chain is complete then): writes what the printer held
    /// back, then with `--latency` a line per frame, `received` being when the frames came out of the input.
    func handled(_ frames: [TouchFrame], received: Timestamp?) {
        printer.flush(to: &output.buffer)
        output.flush()
        guard latency else { return }
        let logged = MonotonicClock.now()
        for frame in frames {
            writeError(latencyLine(frame: frame.timestamp, logged: logged, received: received))
        }
    }

    /// Writes what the printer still holds and restores the signals' default handling.
    func finish() {
        printer.flush(to: &output.buffer)
        output.flush()
        signals.cancel()
    }
}

extension LiveCommand {
    /// The ``LivePrinting`` of this command's log options and `--latency`.
    func livePrinting(_ instance: SceneInstance) throws -> LivePrinting {
        let printer = try logOptions.printer(instance: instance)
        return LivePrinting(printer: printer, latency: latency)
    }

    /// Runs a session of `tactile live` with its log printed (``LivePrinting``): the log after each output the
    /// session handled, and the `--latency` lines with the time the output came in.
    ///
    /// - Parameters:
    ///   - instance: the scene the session drives.
    ///   - makeSession: makes the session, given the observer that prints its log.
    ///   - run: runs the session until the given stop request (SIGINT or SIGTERM) holds.
    func runPrinted<Input: LiveSessionInput>(
        _ instance: SceneInstance,
        session makeSession: (_ observer: @escaping (ReplayEvent) -> Void) throws -> LiveInputSession<Input>,
        run: (_ session: LiveInputSession<Input>, _ stopRequested: () -> Bool) throws -> Void
    ) throws {
        let printing = try livePrinting(instance)
        defer { printing.finish() }
        let session = try makeSession(printing.write)
        session.didHandleOutput = { [unowned session] handled in
            printing.handled(Input.frames(of: handled), received: session.lastReceiveTime)
        }
        try run(session) { printing.signals.isRequested }
    }
}
