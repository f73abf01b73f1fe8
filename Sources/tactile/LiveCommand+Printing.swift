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

/// A session `tactile live` runs with its log printed: ``LiveSession`` (evdev) or ``LibinputSession``. Each hands
/// every output to a hook right after the driver handled its frames, and knows when that output came in.
protocol PrintedLiveSession: AnyObject {
    /// What the session's input hands on: the decoder's output or the contact stream's.
    associatedtype HandledOutput
    /// Called with each output right after the driver handled its frames.
    var didHandleOutput: ((HandledOutput) -> Void)? { get set }
    /// When the output last passed to ``didHandleOutput`` came out of the input.
    var lastReceiveTime: Timestamp? { get }
    /// The frames of an output.
    static func frames(of output: HandledOutput) -> [TouchFrame]
}

extension LiveSession: PrintedLiveSession {
    static func frames(of output: MultitouchDecoder.Output) -> [TouchFrame] { output.frames }
}

extension LibinputSession: PrintedLiveSession {
    static func frames(of output: ContactStream.Output) -> [TouchFrame] { output.frames }
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
    func runPrinted<Session: PrintedLiveSession>(
        _ instance: SceneInstance,
        session makeSession: (_ observer: @escaping (ReplayEvent) -> Void) throws -> Session,
        run: (_ session: Session, _ stopRequested: () -> Bool) throws -> Void
    ) throws {
        let printing = try livePrinting(instance)
        defer { printing.finish() }
        let session = try makeSession(printing.write)
        session.didHandleOutput = { [unowned session] handled in
            printing.handled(Session.frames(of: handled), received: session.lastReceiveTime)
        }
        try run(session) { printing.signals.isRequested }
    }
}
