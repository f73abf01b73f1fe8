import ArgumentParser
import TactileReplay

/// `tactile`: replay touch traces through a scene, synthesize and render traces, use live touchscreens.
@main
struct TactileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "UIKit's touch model on Linux touchscreens: replay, synthesize, render and record touch input.",
        version: TactileVersion.string,
        subcommands: [
            ReplayCommand.self, RenderCommand.self, SynthCommand.self, DevicesCommand.self, LiveCommand.self,
            RecordCommand.self, CheckCommand.self,
        ]
    )
}
