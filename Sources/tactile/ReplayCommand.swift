import ArgumentParser
import Tactile
import TactileInput
import TactileReplay

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace through a scene and print the delivery log, one line per entry.",
        discussion: """
            Time is virtual: the replay runs as fast as the machine goes, timers fire at their deadlines on the \
            trace's clock, and the log is the same on every run. Times are seconds since the trace's first event.
            """
    )

    @Argument(help: "The trace: an evemu recording (.evemu, or .events beside a .desc) or a libinput record file.")
    var trace: String

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var logOptions: LogOptions

    @OptionGroup var touchpadOption: TouchpadOption

    @OptionGroup var mappingOptions: InputMappingOptions

    @Flag(help: "Pace the replay to the trace's timestamps.")
    var realtime = false

    func run() throws {
        try reportingErrors {
            let instance = try buildScene(sceneOptions.scene, applying: mappingOptions)
            let replay = try TraceReplay(
                path: trace, scene: instance.scene, allowingTouchpad: touchpadOption.allowTouchpad)
            let output = LineOutput()
            defer { output.flush() }
            let format = logOptions.format
            let driver = ReplayDriver(instance: instance) { event in
                for line in format.lines(for: event) { output.write(line) }
                if realtime { output.flush() }
            }
            if realtime { driver.pacer = RealtimePacer().pace(until:) }
            let progress = TerminalProgress(tracePath: trace)
            defer { progress?.finish() }
            try driver.replay(replay, progress: progress.map { $0.update })
        }
    }
}
