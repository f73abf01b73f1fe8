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
                LibinputSession(input: input, instance: instance, observer: observer)
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
    /// `tactile record --backend libinput`: the touches libinput delivered (after its quirks, calibration, jitter
    /// filter and palm handling), written as an evemu trace of a protocol-B touchscreen with the device's name
    /// (plus " (libinput)"), identity and position ranges, and no fuzz (libinput filtered already), so that
    /// `tactile replay` plays back what libinput delivered. A touch libinput cancelled is written as a lift.
    func runLibinput(_ path: String) throws {
        try reportingErrors(Self.self) {
            // The device's description through libevdev, closed again (when the function returns) before libinput
            // opens the node.
            func describe() throws(InputDeviceError) -> DeviceDescription { try InputDevice.open(path: path).deviceDescription }
            let source = try describe()
            let xAxis = source.axes[.multitouchPositionX] ?? source.axes[.x] ?? AxisInfo(minimum: 0, maximum: 4095)
            let yAxis = source.axes[.multitouchPositionY] ?? source.axes[.y] ?? AxisInfo(minimum: 0, maximum: 4095)
            let description = DeviceDescription(
                name: source.name + " (libinput)", identity: source.identity, properties: [.direct],
                codes: [.key: [Key.touch.rawValue]],
                axes: [
                    .multitouchSlot: AxisInfo(minimum: 0, maximum: 15),
                    .multitouchTrackingID: AxisInfo(minimum: 0, maximum: 65535),
                    .multitouchPositionX: AxisInfo(minimum: xAxis.minimum, maximum: xAxis.maximum, resolution: xAxis.resolution),
                    .multitouchPositionY: AxisInfo(minimum: yAxis.minimum, maximum: yAxis.maximum, resolution: yAxis.resolution),
                ])
            // Normalized positions (0…1, calibrated by libinput) back to the device's units.
            let input = try LibinputTouchInput(
                backend: .path([path]), mapping: ScreenMapping(screenSize: Size(width: 1, height: 1)))
            let toFile = output.flatMap { $0 == "-" ? nil : $0 }
            let name = toFile ?? "standard output"
            let writer = try toFile.map { file throws(TraceError) in try EvemuWriter(path: file, description: description) }
                ?? EvemuWriter(handle: .standardOutput, name: "<stdout>", description: description)
            let signals = StopSignals()
            defer { signals.cancel() }
            writeError("recording \"\(source.name)\" through libinput to \(name); press Ctrl-C to stop")
            var trackingIDs: [TouchContact.ID: Int32] = [:]
            var nextTrackingID: Int32 = 0
            var events = 0
            func unit(_ value: Double, _ axis: AxisInfo) -> Int32 {
                Int32(clamping: Int64((Double(axis.minimum) + value * axis.span).rounded()))
                    .clamped(axis.minimum, axis.maximum)
            }
            func write(_ frames: [TouchFrame]) throws(TraceError) {
                for frame in frames {
                    let time = frame.timestamp
                    var touching = false
                    for contact in frame.contacts where contact.phase != .stationary {
                        try writer.write(InputEvent(timestamp: time, .multitouchSlot, Int32(clamping: contact.slot)))
                        switch contact.phase {
                        case .began:
                            trackingIDs[contact.id] = nextTrackingID
                            try writer.write(InputEvent(timestamp: time, .multitouchTrackingID, nextTrackingID))
                            nextTrackingID = nextTrackingID == 65535 ? 0 : nextTrackingID + 1
                            fallthrough
                        case .moved:
                            try writer.write(InputEvent(timestamp: time, .multitouchPositionX, unit(contact.location.x, xAxis)))
                            try writer.write(InputEvent(timestamp: time, .multitouchPositionY, unit(contact.location.y, yAxis)))
                        case .ended, .cancelled:
                            trackingIDs[contact.id] = nil
                            try writer.write(InputEvent(timestamp: time, .multitouchTrackingID, -1))
                        case .stationary:
                            break
                        }
                        events += 1
                    }
                    touching = !trackingIDs.isEmpty
                    try writer.write(InputEvent(timestamp: time, .touch, touching ? 1 : 0))
                    try writer.write(InputEvent(timestamp: time, .report))
                }
            }
            loop: while !signals.isRequested {
                switch try input.next(deadline: MonotonicClock.now() + .milliseconds(100)) {
                case .frames(let output): try write(output.frames)
                case .deviceRemoved(_, let output):
                    try write(output.frames)
                    break loop
                case .deadlinePassed, .deviceAdded: continue
                }
            }
            try write(input.end(at: MonotonicClock.now()).frames)
            try writer.close()
            writeError("\(events) touch changes written to \(name)")
        }
    }
}

extension Int32 {
    fileprivate func clamped(_ low: Int32, _ high: Int32) -> Int32 { Swift.min(Swift.max(self, low), high) }
}
