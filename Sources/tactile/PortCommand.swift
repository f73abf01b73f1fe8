import ArgumentParser
import TactileReplay

/// `tactile port`: runs the `tactile-port` executable (git-style: beside `tactile`, then on PATH) with the
/// arguments as given, so that `tactile` itself never links swift-syntax. ``TactileCommand/main()`` forwards
/// `tactile port …` and `tactile help port` before parsing; this command is what `tactile help` lists.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Port UIKit touch code to Tactile: the import, the Objective-C spelling Linux rejects, the names.",
        discussion: """
            Runs the tactile-port executable (beside tactile, else on PATH; build it with \
            `swift build --product tactile-port`) with these arguments: `tactile port --help` prints its options.
            """
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: "tactile-port's arguments: FILE|DIR… [--in-place | -o DIR] [--diff] [--names uikit|tactile].",
        completion: .file(extensions: ["swift"]))
    var arguments: [String] = []

    func run() throws {
        CompanionTool.port.runOrExit(arguments: arguments)
    }
}
