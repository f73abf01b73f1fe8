import ArgumentParser
import Foundation
import Tactile
import TactileInput
import TactileReplay

/// `--backend` of `tactile live` and `tactile record`: who reads the touchscreen.
enum InputBackend: String, ExpressibleByArgument, CaseIterable {
    /// Tactile's own reader: libevdev, the multitouch decoder (the default).
    case evdev
    /// libinput, with the system's device quirks, calibration, jitter filter and palm handling.
    case libinput
}

extension ArgumentHelp {
    static let backend = ArgumentHelp(
        "Who reads the touchscreen: evdev (default) or libinput.",
        discussion: """
            evdev is the default: Tactile reads the device itself (libevdev, its own decoder), which is the path a \
            recording replays exactly, needs no udev, and can --grab. libinput reads it as the rest of the system \
            does (libinput's quirks, calibration, jitter filter and palm handling, then a contact stream): with a \
            device node through libinput's path backend; without one through its udev backend on seat0, following \
            devices as they come and go.
            """,
        valueName: "evdev|libinput")

    /// `tactile record --backend`.
    static let recordBackend = ArgumentHelp(
        "Who reads the touchscreen: evdev (default) or libinput.",
        discussion: """
            evdev writes the device's own events, as evemu-record does: the recording tactile replay plays back \
            exactly. libinput writes the touches libinput delivered (after its quirks, calibration, jitter filter \
            and palm handling), as a trace of a protocol-B touchscreen in the device's units.
            """,
        valueName: "evdev|libinput")
}

extension LiveCommand {
    /// `tactile live --backend libinput`. Without `/dev/input` (or the named node's folder) it says what the evdev
    /// backend says, before libinput is asked.
    func runLibinput() throws {
        try requireInputDirectory(device.map { (devicePath($0) as NSString).deletingLastPathComponent } ?? directory)
        try reportingErrors(Self.self) {
            let instance = try mapping.buildScene(scene)
            let backend: LibinputTouchInput.Backend =
                if let device, !all { .path([devicePath(device)]) } else { .udev(seat: "seat0") }
            let input = try LibinputTouchInput(backend: backend, mapping: instance.scene.screen)
            try runPrinted(instance) { observer in
                LiveSession(input: input, instance: instance, observer: observer)
            } run: { session, stopRequested in
                session.didNote = { note in
                    switch note {
                    case .added(let device): if case .udev = backend { writeError("added \(device)") }
                    case .removed(let device, let cancelled):
                        writeError("removed \(device): \(cancelled) touch\(cancelled == 1 ? "" : "es") cancelled")
                    case .diagnostic(let diagnostic): writeError("libinput: \(diagnostic)")
                    }
                }
                if case .udev = backend, input.devices.isEmpty {
                    writeError("waiting for touchscreens on seat0; press Ctrl-C to stop")
                }
                if try session.run(until: stopRequested) == .deviceRemoved {
                    writeError("\(device.map(devicePath) ?? "device"): the device was removed")
                    throw ExitCode.failure
                }
            }
        }
    }
}

extension RecordCommand {
    /// `tactile record --backend libinput`: the touches libinput delivered (`LibinputTraceRecorder`).
    func runLibinput(_ path: String) throws {
        try reportingErrors(Self.self) {
            let recorder = try LibinputTraceRecorder(path: path)
            let toFile = output.flatMap { $0 == "-" ? nil : $0 }
            let name = toFile ?? "standard output"
            let description = recorder.deviceDescription
            let writer = try toFile.map { file throws(TraceError) in try EvemuWriter(path: file, description: description) }
                ?? EvemuWriter(handle: .standardOutput, name: "<stdout>", description: description)
            let signals = StopSignals()
            defer { signals.cancel() }
            writeError("recording \"\(recorder.deviceName)\" through libinput to \(name); press Ctrl-C to stop")
            try recorder.run(writingTo: writer, until: { signals.isRequested })
            writeError("\(recorder.changeCount) touch changes written to \(name)")
        }
    }
}
