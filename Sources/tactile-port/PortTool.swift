import ArgumentParser
import Foundation
import TactilePort

/// `tactile-port` (run as `tactile port`): UIKit touch code rewritten for Tactile; TactilePort does the work.
@main
struct PortTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile-port",
        abstract: "Port UIKit touch code to Tactile: the import, the Objective-C spelling Linux rejects, the names.",
        discussion: """
            `tactile port ARGUMENTS` runs this tool. Rewrites `import UIKit`, `#selector(…)`, \
            `@objc`/`@objcMembers`/`@IBOutlet`, `@objc dynamic`, `@objc` and NSObjectProtocol-bound protocols and \
            their optional requirements; everything else stays byte for byte. Prints every rewrite (file:line: \
            what, why) and every UIKit API Tactile lacks (a warning that names it). Writes nothing unless \
            --in-place or -o DIR is given; a file that is not valid Swift, or larger than \
            \(PortRun.defaultMaximumFileSize / 1024) KiB, stops the run before anything is written.
            """
    )

    @Argument(
        help: "Swift files, or directories to port every .swift file of.", completion: .file(extensions: ["swift"]))
    var paths: [String]

    @Flag(help: "Rewrite the files in place (only those that change).")
    var inPlace = false

    @Option(name: .shortAndLong, help: "Write the ported files under this directory.", completion: .directory)
    var output: String?

    @Flag(help: "Print a unified diff of each changed file.")
    var diff = false

    @Option(
        help: "The names the port uses: uikit (import TactileUIKit) or tactile (import Tactile, renamed types).",
        completion: .list(PortNames.allCases.map(\.rawValue)))
    var names = PortNames.uikit.rawValue

    func validate() throws {
        if inPlace && output != nil { throw ValidationError("--in-place and --output exclude each other") }
        if PortNames(rawValue: names) == nil {
            throw ValidationError("--names must be uikit or tactile, not '\(names)'")
        }
    }

    func run() throws {
        let destination: PortRun.Output = inPlace ? .inPlace : output.map { .directory($0) } ?? .none
        let status = PortRun(inputs: paths, output: destination, names: PortNames(rawValue: names) ?? .uikit)
            .runCommand(printingDiffs: diff)
        if status != 0 { throw ExitCode(status) }
    }
}
