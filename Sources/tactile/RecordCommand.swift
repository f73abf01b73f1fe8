import ArgumentParser
import TactileInput
import TactileReplay

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a device's events to an evemu file, until Ctrl-C.",
        discussion: "The file reads back with tactile replay, evemu-play and libevemu."
    )

    @Argument(help: "The device node, such as /dev/input/event5 (see tactile devices).")
    var device: String

    @Option(name: .shortAndLong, help: "The evemu file to write.")
    var output: String

    func run() throws {
        try reportingErrors {
            let device = try InputDevice.open(path: device)
            if let reason = device.deviceDescription.notATouchscreenReason {
                writeError("warning: \(device.path ?? "device") (\"\(device.name)\") is not a touchscreen: \(reason); recording anyway")
            }
            let signals = StopSignals()
            defer { signals.cancel() }
            let recorder = try TraceRecorder(source: device, path: output, udevProperties: device.udevProperties())
            writeError("recording \"\(device.name)\" to \(output); press Ctrl-C to stop")
            try recorder.run(until: { signals.isRequested })
            writeError("\(recorder.eventCount) events written to \(output)")
        }
    }
}
