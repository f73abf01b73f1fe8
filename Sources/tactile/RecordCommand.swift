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

    @Argument(help: "The device node, such as /dev/input/event5 or event5 (see tactile devices).")
    var device: String

    @Option(name: .shortAndLong, help: "The evemu file to write (default: standard output, as evemu-record).")
    var output: String?

    @Option(help: .backend)
    var backend: InputBackend = .evdev

    func run() throws {
        if backend == .libinput { return try runLibinput() }
        try requireInputDirectory((devicePath(device) as NSString).deletingLastPathComponent)
        try reportingErrors {
            let device = try InputDevice.open(path: devicePath(device))
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
