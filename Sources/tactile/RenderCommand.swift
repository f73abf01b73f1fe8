import ArgumentParser
import Foundation
import TactileInput
import TactileReplay

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a replay as an SVG: the views, each touch's path, and a timeline of deliveries.",
        discussion: "Convert it with, for example: rsvg-convert -o out.png out.svg"
    )

    @Argument(help: "The trace to replay.")
    var trace: String

    @Option(help: .scene)
    var scene: String?

    @OptionGroup(title: "Input") var input: TraceInputOptions

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output: String

    @Option(help: "The picture's width in pixels.")
    var width: Double = 960

    func run() throws {
        try reportingErrors {
            let instance = try input.mapping.buildScene(scene)
            var recording = ReplayRecording()
            let driver = ReplayDriver(instance: instance) { event in
                recording.record(event)
                // The values a recognizer reports, read while its state change is being logged.
                if case .delivery(let delivery) = event, case .recognizerState(let name, _, let to, _) = delivery.kind,
                    let recognizer = instance.recognizers[name]
                {
                    recording.recordValues(of: recognizer, at: delivery.time, state: to)
                }
            }
            let source = try input.source(trace)
            defer { source.removeTemporaryCopy() }
            do throws(TraceError) {
                try driver.replay(input.open(source, scene: instance.scene))
            } catch {
                throw source.renamed(error)
            }
            let title = "\((trace as NSString).lastPathComponent) through \(instance.scene.title ?? instance.scene.file)"
            let svg = SVGRenderer(width: width).render(recording, scene: instance, title: title)
            guard FileManager.default.createFile(atPath: output, contents: Data(svg.utf8)) else {
                throw TraceError(file: output, reason: "cannot be written")
            }
        }
    }
}
