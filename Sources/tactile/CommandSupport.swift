import ArgumentParser
import Foundation
import Glibc
import Tactile
import TactileInput
import TactileReplay

/// Runs the body of `command`; a library error becomes one line on stderr (`file:line: reason`) and exit status 1,
/// never a stack trace. A value the command rejects as it runs (`ValidationError`: a `--target` that names
/// nothing in the scene, a malformed `--calibration`) is a usage error, reported as swift-argument-parser reports the
/// values it rejects itself: `Error: REASON`, the command's usage, and exit status 64 (`EX_USAGE`).
func reportingErrors<T>(_ command: any ParsableCommand.Type, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        let name = command.configuration.commandName ?? ""
        writeError("Error: \(error.message)")
        writeError("Usage: " + TactileCommand.usageString(for: command).drop { $0 == " " })
        writeError("  See 'tactile \(name) --help' for more information.")
        throw ExitCode.validationFailure
    } catch {
        writeError("\(error)")
        throw ExitCode.failure
    }
}

/// Writes `text` to stdout, unbuffered.
func writeOutput(_ text: String) {
    StandardStreams.writeAll(Array(text.utf8), to: STDOUT_FILENO, name: "standard output")
}

/// Writes one line to stderr.
func writeError(_ line: String) {
    StandardStreams.writeError(line + "\n")
}

/// `items` separated by ", ", for the help texts. Not `joined(separator:)`: the command configurations are built on
/// every run (the parser reads them all to find the subcommand), and the generic `joined` looked up Array's
/// `Collection` conformance at run time, a scan of the binary's 6,000 conformance records (≈ 300 k instructions).
func commaSeparated(_ items: [String]) -> String {
    var text = ""
    for (index, item) in items.enumerated() {
        if index > 0 { text += ", " }
        text += item
    }
    return text
}

/// A device argument as a path: a bare node name such as `event3` is the node in `/dev/input` (as
/// `libinput debug-events --device` users type it); anything with a slash is a path as given.
func devicePath(_ argument: String) -> String {
    argument.contains("/") ? argument : "/dev/input/" + argument
}

/// Fails with one line when `directory` (`/dev/input`, or the folder of a device node) does not exist (a
/// container without devices), saying what to do, instead of "no such device" or a failed watch.
func requireInputDirectory(_ directory: String) throws {
    // Only /dev/input (or `live --directory`'s folder): a node elsewhere that does not exist is "no such device".
    guard directory == "/dev/input" || directory.hasPrefix("/dev/input/") else { return }
    if !DeviceListing.isDirectory(directory) {
        writeError(DeviceListing.missingDirectory(directory).errors[0])
        throw ExitCode.failure
    }
}
