import ArgumentParser
import TactileReplay

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the touchscreens (evdev devices with INPUT_PROP_DIRECT and touch axes).")

    @Option(help: ArgumentHelp("The directory of event nodes.", visibility: .hidden), completion: .directory)
    var directory = "/dev/input"

    func run() throws {
        let listing = DeviceListing(directory: directory)
        for line in listing.output { print(line) }
        for line in listing.errors { writeError(line) }
        if !listing.succeeded { throw ExitCode.failure }
    }
}
