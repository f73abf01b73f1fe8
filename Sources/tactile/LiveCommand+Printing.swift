import Tactile
import TactileInput
import TactileReplay

extension LiveCommand {
    /// The `LiveLogOutput` of this command's log options and `--latency`.
    func livePrinting(_ instance: SceneInstance) throws -> LiveLogOutput {
        let printer = try logOptions.printer(instance: instance)
        return LiveLogOutput(printer: printer, latency: latency)
    }

    /// Runs a session of `tactile live` with its log printed (`LiveLogOutput`): the log after each output the
    /// session handled, and the `--latency` lines with the time the output came in.
    ///
    /// - Parameters:
    ///   - instance: the scene the session drives.
    ///   - reportsReceiveTime: whether the `--latency` lines end with RECEIVED (not with `--wayland`).
    ///   - makeSession: makes the session, given the observer that prints its log.
    ///   - run: runs the session until the given stop request (SIGINT or SIGTERM) holds.
    func runPrinted<Input: LiveInput>(
        _ instance: SceneInstance, reportsReceiveTime: Bool = true,
        session makeSession: (_ observer: @escaping (ReplayEvent) -> Void) throws -> LiveSession<Input>,
        run: (_ session: LiveSession<Input>, _ stopRequested: () -> Bool) throws -> Void
    ) throws {
        let printing = try livePrinting(instance)
        defer { printing.finish() }
        let session = try makeSession(printing.write)
        session.didHandleOutput = { [unowned session] handled in
            printing.handled(Input.frames(of: handled), received: reportsReceiveTime ? session.lastReceiveTime : nil)
        }
        try run(session) { printing.signals.isRequested }
    }
}
