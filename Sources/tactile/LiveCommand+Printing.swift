import Tactile
import TactileInput
import TactileReplay

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
    /// Runs a session of `tactile live` with its log printed, whichever input feeds it: SIGINT and SIGTERM
    /// request the stop; the log goes to stdout entry by entry and is flushed after each output and at the end;
    /// with `--latency`, each frame then gets its `latency KERNEL LOGGED RECEIVED` line on stderr.
    ///
    /// - Parameters:
    ///   - instance: the scene the session drives.
    ///   - makeSession: makes the session, given the observer that prints its log.
    ///   - run: runs the session until the given stop request holds, and reports how it ended.
    func runPrinted<Session: PrintedLiveSession>(
        _ instance: SceneInstance,
        session makeSession: (_ observer: @escaping (ReplayEvent) -> Void) throws -> Session,
        run: (_ session: Session, _ stopRequested: () -> Bool) throws -> Void
    ) throws {
        let signals = StopSignals()
        defer { signals.cancel() }
        let output = LineOutput()
        let printer = try logOptions.printer(instance: instance)
        defer {
            printer.flush(to: &output.buffer)
            output.flush()
        }
        let session = try makeSession { event in
            printer.write(event, to: &output.buffer)
            output.flush()
        }
        session.didHandleOutput = { [latency, unowned session] handled in
            // A frame's forwarding chain is complete once the frame is handled.
            printer.flush(to: &output.buffer)
            output.flush()
            guard latency else { return }
            let logged = MonotonicClock.now()
            for frame in Session.frames(of: handled) {
                writeError(latencyLine(frame: frame.timestamp, logged: logged, received: session.lastReceiveTime))
            }
        }
        try run(session) { signals.isRequested }
    }
}
