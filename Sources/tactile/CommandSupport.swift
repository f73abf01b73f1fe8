import ArgumentParser
import Foundation
import Glibc
import Tactile
import TactileInput
import TactileReplay

/// Runs the body of `command`; a library error becomes one line on stderr (`file:line: reason`) and exit status 1,
/// never a stack trace. A value the command rejects as it runs (`ValidationError`: a `--target` that names
/// nothing in the scene, a malformed `--calibration`; the library's `OptionError`) is a usage error, reported as
/// swift-argument-parser reports the values it rejects itself: `Error: REASON`, the command's usage, and exit status
/// 64 (`EX_USAGE`). A `ToolFailure` has said why already: its exit status.
/// The body runs on the main actor (a command runs on the main thread), where the scene's UI objects are.
func reportingErrors<T: Sendable>(_ command: any ParsableCommand.Type, _ body: @MainActor () throws -> T) throws -> T {
    do {
        return try MainActor.assumeIsolated(body)
    } catch let error as ExitCode {
        throw error
    } catch let failure as ToolFailure {
        throw ExitCode(failure.status)
    } catch where error is ValidationError || error is OptionError {
        let name = command.configuration.commandName ?? ""
        writeError("Error: \(error)")
        writeError("Usage: " + TactileCommand.usageString(for: command).drop { $0 == " " })
        writeError("  See 'tactile \(name) --help' for more information.")
        throw ExitCode.validationFailure
    } catch {
        writeError("\(error)")
        throw ExitCode.failure
    }
}

/// Writes one line to stderr.
func writeError(_ line: String) {
    StandardStreams.writeError(line + "\n")
}
