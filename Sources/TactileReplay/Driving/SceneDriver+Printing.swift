import Tactile
import TactileInput

extension SceneDriver {
    /// Replays `source` through `instance` and prints its log on standard output, as `tactile replay` does: in
    /// large writes (``LineOutput``), with a progress bar on stderr when it is a terminal and the trace is long,
    /// and paced to the trace's timestamps when `realtime` (the complete entries printed before each wait).
    ///
    /// - Throws: `TraceError` naming the trace; a ``ToolFailure`` (``TraceSource/finish(_:format:command:options:)``)
    ///   for a trace that ended with touches down, after the log.
    public static func printReplay(
        of source: TraceSource, through instance: SceneInstance, printer: ReplayLogPrinter, options: TraceOptions,
        realtime: Bool = false
    ) throws {
        let progress = TerminalProgress(duration: source.duration, pacedToTrace: realtime)
        defer { progress?.finish() }
        let replay = try source.open(scene: instance.scene, options: options)
        let output = LineOutput()
        output.progress = progress
        defer { output.flush() }
        defer { printer.flush(to: &output.buffer) }
        let driver = SceneDriver(instance: instance) { event in output.write(event, with: printer) }
        if realtime {
            let pacer = RealtimePacer()
            driver.pacer = { time in
                // Print what is complete before sleeping.
                printer.flush(to: &output.buffer)
                output.flush()
                pacer.pace(until: time)
            }
        }
        let statistics: TraceReplay.Statistics
        do throws(TraceError) {
            statistics = try driver.replay(replay, progress: progress.map { $0.update })
        } catch {
            throw source.renamed(error)
        }
        printer.flush(to: &output.buffer)
        output.flush()
        try source.finish(statistics, format: replay.reader.format, command: "replay", options: options)
    }
}
