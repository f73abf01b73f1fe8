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

    /// The device node: the one named, else the only touchscreen (a line saying so); with none or several, the
    /// lines that say how to name one, and exit status 1.
    func nodePath() throws -> String {
        if let device {
            let path = devicePath(device)
            try requireInputDirectory((path as NSString).deletingLastPathComponent)
            return path
        }
        let (only, errors) = DeviceListing.onlyTouchscreen(in: directory, command: "record")
        for line in errors { writeError(line) }
        guard let only else { throw ExitCode.failure }
        writeError("recording the only touchscreen, \(only)")
        return only
    }

    func run() throws {
        let path = try nodePath()
        if backend == .libinput { return try runLibinput(path) }
        try reportingErrors(Self.self) {
            let device = try InputDevice.open(path: path)
            if let reason = device.deviceDescription.notATouchscreenReason {
                writeError("warning: \(device.path ?? "device") (\"\(device.name)\") is not a touchscreen: \(reason); recording anyway")
            }
            let signals = StopSignals()
            defer { signals.cancel() }
            let toFile = output.flatMap { $0 == "-" ? nil : $0 }
            let name = toFile ?? "standard output"
            let udev = device.udevProperties()
            let recorder = try toFile.map { path throws(TraceError) in
                try TraceRecorder(source: device, path: path, udevProperties: udev)
            }
                ?? TraceRecorder(
                    source: device,
                    writer: EvemuWriter(
                        handle: .standardOutput, name: "<stdout>", description: device.deviceDescription,
                        udevProperties: udev))
            writeError("recording \"\(device.name)\" to \(name); press Ctrl-C to stop")
            try recorder.run(until: { signals.isRequested })
            writeError("\(recorder.eventCount) events written to \(name)")
        }
    }
}
