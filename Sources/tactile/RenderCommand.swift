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

    @Argument(help: "The trace to replay.", completion: .traceFile)
    var trace: String

    @Option(help: .scene, completion: .sceneFile)
    var scene: String?

    @OptionGroup(title: "Input") var input: TraceInputOptions

    @Option(
        name: .shortAndLong, help: "The SVG file to write; - writes it to standard output.",
        completion: .file(extensions: ["svg"]))
    var output: String

    @Option(parsing: .unconditional, help: "The picture's width in pixels.")
    var width: Double = 960

    func validate() throws {
        guard width.isFinite, width >= 100, width <= 100_000 else {
            let given = width.isFinite && width.rounded() == width && abs(width) < 1e15 ? "\(Int(width))" : "\(width)"
            throw ValidationError("--width takes the picture's width in pixels, from 100 to 100000, such as 960 (got \(given))")
        }
    }

    func run() throws {
        try reportingErrors(Self.self) {
            let instance = try input.buildScene(scene)
            let source = try input.source(trace)
            defer { source.removeTemporaryCopy() }
            try SVGRenderer(width: width).renderReplay(
                of: source, named: trace, through: instance, options: input.traceOptions, to: output)
        }
    }
}
