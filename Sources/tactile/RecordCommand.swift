import ArgumentParser
import Foundation
import TactileInput
import TactileReplay

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a device's events to an evemu file, until Ctrl-C.",
        discussion: "The file reads back with tactile replay, evemu-play and libevemu."
    )

    @Argument(
        help: "The device node, such as /dev/input/event5 or event5 (see tactile devices); none: the only touchscreen.",
        completion: .deviceNode)
    var device: String?

    @Option(help: ArgumentHelp("The directory of event nodes.", visibility: .hidden), completion: .directory)
    var directory = "/dev/input"

    @Option(
        name: .shortAndLong, help: "The evemu file to write (default: standard output, as evemu-record).",
        completion: .outputFile)
    var output: String?

    @Option(help: .recordBackend)
    var backend: InputBackend = .evdev

    func run() throws {
        try reportingErrors(Self.self) {
            let path = try DeviceListing.node(device, in: directory, command: "record")
            if backend == .libinput {
                try LibinputTraceRecorder.record(devicePath: path, to: output)
            } else {
                try TraceRecorder.record(devicePath: path, to: output)
            }
        }
    }
}
