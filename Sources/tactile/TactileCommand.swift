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
            RecordCommand.self, CheckCommand.self, AnalyzeCommand.self, PortCommand.self,
        ]
    )

    /// Runs the command line, as `ParsableCommand.main()` does, with one shortcut for `tactile replay`.
    ///
    /// swift-argument-parser parses every command line twice more before the command's own parse, as two small
    /// commands that look for `--generate-completion-script` (7.3 M of the 11.9 M instructions `tactile --version`
    /// executes, ≈ 0.9 ms: the first look-ups of its property-wrapper types' conformances scan every conformance
    /// record of the binary). A `replay` command line that names none of the parser's own options (help,
    /// version, completion scripts, help dumps) is parsed by ``ReplayCommand`` alone, as a command of
    /// `tactile` (``ReplayCommand/configuration``'s super-command name), which skips that check; any parse error
    /// there falls back to the whole parse, so that errors and help read exactly as without the shortcut.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `tactile port …` and `tactile help port` run the `tactile-port` executable with the arguments as given
        // (its own help, errors and exit status), git-style.
        if let forwarded = CompanionTool.port.forwardedArguments(arguments) {
            CompanionTool.port.runOrExit(arguments: forwarded)
        }
        if arguments.first == ReplayCommand.configuration.commandName,
            !arguments.contains(where: isParserOption),
            var command = try? ReplayCommand.parseAsRoot(Array(arguments.dropFirst()))
        {
            do {
                try command.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }

    /// Whether `argument` is one of swift-argument-parser's own options or commands, which only the whole parse
    /// handles.
    private static func isParserOption(_ argument: String) -> Bool {
        argument == "-h" || argument == "--help" || argument == "help" || argument == "--version"
            || argument.hasPrefix("--generate-completion-script") || argument.hasPrefix("--experimental")
    }
}
