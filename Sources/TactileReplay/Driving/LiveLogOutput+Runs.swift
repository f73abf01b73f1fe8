import Foundation
import Tactile
import TactileInput

extension LiveLogOutput {
    /// Runs a session of `input` through `instance` with its log printed, as `tactile live` does: the log after
    /// each output the session handled, and with `latency` the `latency` lines, ending with the time the output
    /// came in when `reportsReceiveTime`. SIGINT and SIGTERM stop it (``signals``, installed once `log` chose its
    /// printer).
    ///
    /// - Parameters:
    ///   - input: the live input: a touchscreen, libinput, every touchscreen, a Wayland window.
    ///   - instance: the scene the touches go through.
    ///   - log: the log's format and filters (`--json`, `--target`, …).
    ///   - latency: whether to print a `latency` line after each output.
    ///   - reportsReceiveTime: whether the `latency` lines end with the time the output came in.
    ///   - body: sets the session up and runs it until the given stop request holds.
    /// - Throws: ``OptionError`` for log options the scene refutes (``ReplayLogOptions/printer(instance:)``), and
    ///   what `body` throws.
    @preconcurrency @MainActor public static func run<Input: LiveInput>(
        _ input: Input, through instance: SceneInstance, log: ReplayLogOptions, latency: Bool,
        reportsReceiveTime: Bool = true,
        body: (_ session: LiveSession<Input>, _ stopRequested: () -> Bool) throws -> Void
    ) throws {
        let printing = LiveLogOutput(printer: try log.printer(instance: instance), latency: latency)
        defer { printing.finish() }
        let session = LiveSession(input: input, instance: instance, observer: printing.write)
        session.didHandleOutput = { [unowned session] handled in
            printing.handled(Input.frames(of: handled), received: reportsReceiveTime ? session.lastReceiveTime : nil)
        }
        try body(session) { printing.signals.isRequested }
    }

    /// `tactile live DEVICE`: `device` (a touchscreen, opened) through `instance`, mapped with udev's
    /// `LIBINPUT_FUZZ_*` and `LIBINPUT_CALIBRATION_MATRIX` as libinput reads them, taken for this process alone
    /// while it runs when `grab` (`EVIOCGRAB`), until SIGINT or SIGTERM.
    ///
    /// - Throws: a ``ToolFailure`` with status 1 (said on stderr) when the device goes away; `InputDeviceError`.
    @preconcurrency @MainActor public static func runTouchscreen(
        _ device: InputDevice, through instance: SceneInstance, log: ReplayLogOptions, latency: Bool, grab: Bool
    ) throws {
        let configuration = MultitouchDecoder.Configuration(
            mapping: instance.scene.screen, udevProperties: device.udevProperties())
        let input = try LiveTouchInput(device: device, configuration: configuration)
        try run(input, through: instance, log: log, latency: latency) { session, stopRequested in
            if grab { try device.grab() }
            defer { if grab { try? device.ungrab() } }
            if try session.run(until: stopRequested) == .deviceRemoved {
                StandardStreams.writeError("\(device.path ?? "device"): the device was removed\n")
                throw ToolFailure(status: 1)
            }
        }
    }

    /// `tactile live --backend libinput`: the touchscreen at `path` through libinput's path backend, or without
    /// one every touchscreen of seat0 through its udev backend (arrivals said on stderr), until SIGINT or SIGTERM.
    /// Removals and libinput's diagnostics are said on stderr.
    ///
    /// - Throws: a ``ToolFailure`` with status 1 (said on stderr) when the device at `path` goes away;
    ///   `InputDeviceError`.
    @preconcurrency @MainActor public static func runLibinput(
        at path: String?, through instance: SceneInstance, log: ReplayLogOptions, latency: Bool
    ) throws {
        let backend: LibinputTouchInput.Backend = if let path { .path([path]) } else { .udev(seat: "seat0") }
        let input = try LibinputTouchInput(backend: backend, mapping: instance.scene.screen)
        try run(input, through: instance, log: log, latency: latency) { session, stopRequested in
            session.didNote = { note in
                switch note {
                case .added(let device): if path == nil { StandardStreams.writeError("added \(device)\n") }
                case .removed(let device, let cancelled):
                    StandardStreams.writeError(
                        "removed \(device): \(cancelled) touch\(cancelled == 1 ? "" : "es") cancelled\n")
                case .diagnostic(let diagnostic): StandardStreams.writeError("libinput: \(diagnostic)\n")
                }
            }
            if path == nil, input.devices.isEmpty {
                StandardStreams.writeError("waiting for touchscreens on seat0; press Ctrl-C to stop\n")
            }
            if try session.run(until: stopRequested) == .deviceRemoved {
                StandardStreams.writeError("\(path ?? "device"): the device was removed\n")
                throw ToolFailure(status: 1)
            }
        }
    }

    /// `tactile live` without a device: every touchscreen of `directory` through `instance` in `format`, as they
    /// come and go (arrivals, removals, declined devices and problems said on stderr), until SIGINT or SIGTERM.
    ///
    /// - Throws: `InputDeviceError` when the directory cannot be watched.
    @preconcurrency @MainActor public static func runEveryTouchscreen(
        in directory: String, through instance: SceneInstance, format: ReplayLogFormat
    ) throws {
        let signals = StopSignals()
        defer { signals.cancel() }
        let output = LineOutput()
        let session = try LiveSession(directory: directory, instance: instance) { event in
            for line in format.lines(for: event) { output.write(line) }
            output.flush()
        }
        session.didNote = { event in
            switch event {
            case .added(let device): StandardStreams.writeError("added \(device)\n")
            case .removed(let device, let output):
                let cancelled = output.frames.reduce(0) { $0 + $1.contacts.filter { $0.phase == .cancelled }.count }
                StandardStreams.writeError(
                    "removed \(device): \(cancelled) touch\(cancelled == 1 ? "" : "es") cancelled\n")
            case .ignored(let device):
                StandardStreams.writeError("ignored \(device): no screen area of the scene takes it\n")
            case .problem(let error): StandardStreams.writeError("\(error)\n")
            case .frames, .deadlinePassed: break
            }
        }
        if session.openDevices.isEmpty {
            StandardStreams.writeError("waiting for touchscreens in \(directory); press Ctrl-C to stop\n")
        }
        try session.run(until: { signals.isRequested })
    }
}
