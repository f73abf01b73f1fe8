import TactileInput

extension TraceRecorder {
    /// `tactile record`: records the device at `path` to the evemu file `output` (`nil` or `-`: standard output,
    /// as evemu-record) with its udev properties, saying on stderr what it records (with a warning for a device
    /// that is not a touchscreen) and, once SIGINT or SIGTERM stopped it, how many events it wrote.
    ///
    /// - Throws: `InputDeviceError` when the device cannot be opened or read, `TraceError` when writing fails.
    public static func record(devicePath path: String, to output: String?) throws {
        let device = try InputDevice.open(path: path)
        if let reason = device.deviceDescription.notATouchscreenReason {
            StandardStreams.writeError(
                "warning: \(device.path ?? "device") (\"\(device.name)\") is not a touchscreen: \(reason); "
                    + "recording anyway\n")
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
        StandardStreams.writeError("recording \"\(device.name)\" to \(name); press Ctrl-C to stop\n")
        try recorder.run(until: { signals.isRequested })
        StandardStreams.writeError("\(recorder.eventCount) events written to \(name)\n")
    }
}

extension LibinputTraceRecorder {
    /// `tactile record --backend libinput`: records the touches libinput delivers for the device at `path` to the
    /// evemu file `output` (`nil` or `-`: standard output), saying on stderr what it records and, once SIGINT or
    /// SIGTERM stopped it, how many touch changes it wrote.
    ///
    /// - Throws: `InputDeviceError` when the device cannot be opened or read, `TraceError` when writing fails.
    public static func record(devicePath path: String, to output: String?) throws {
        let recorder = try LibinputTraceRecorder(path: path)
        let toFile = output.flatMap { $0 == "-" ? nil : $0 }
        let name = toFile ?? "standard output"
        let description = recorder.deviceDescription
        let writer =
            try toFile.map { file throws(TraceError) in try EvemuWriter(path: file, description: description) }
            ?? EvemuWriter(handle: .standardOutput, name: "<stdout>", description: description)
        let signals = StopSignals()
        defer { signals.cancel() }
        StandardStreams.writeError(
            "recording \"\(recorder.deviceName)\" through libinput to \(name); press Ctrl-C to stop\n")
        try recorder.run(writingTo: writer, until: { signals.isRequested })
        StandardStreams.writeError("\(recorder.changeCount) touch changes written to \(name)\n")
    }
}
