import Foundation
import Tactile
import TactileInput

extension SVGRenderer {
    /// Replays `source` through `instance` and writes the picture of it to `output` (`-`: standard output), as
    /// `tactile render` does. The picture's title names the trace (`traceName`'s last path component: the name as
    /// the user gave it) and the scene.
    ///
    /// - Throws: `TraceError` naming the trace (a trace without events, before any picture is written); a
    ///   ``ToolFailure`` for a trace that ended with touches down, after the picture
    ///   (``TraceSource/finish(_:format:command:options:)``).
    @preconcurrency @MainActor
    public func renderReplay(
        of source: TraceSource, named traceName: String, through instance: SceneInstance, options: TraceOptions,
        to output: String
    ) throws {
        var recording = ReplayRecording()
        let driver = SceneDriver(instance: instance) { recording.record($0, of: instance) }
        let statistics: TraceReplay.Statistics
        let format: TraceReader.Format
        do throws(TraceError) {
            let replay = try source.open(scene: instance.scene, options: options)
            format = replay.reader.format
            statistics = try driver.replay(replay)
        } catch {
            throw source.renamed(error)
        }
        if statistics.eventCount == 0 {
            try source.finish(statistics, format: format, command: "render", options: options)
        }
        let trace = (traceName as NSString).lastPathComponent
        let title = "\(trace) through \(instance.scene.title ?? instance.scene.file)"
        let svg = render(recording, scene: instance, title: title)
        if output == "-" {
            StandardStreams.writeAll(Array(svg.utf8), to: STDOUT_FILENO, name: "standard output")
        } else {
            try TextFile.write(svg, to: output)
        }
        try source.finish(statistics, format: format, command: "render", options: options)
    }
}
