import ArgumentParser
import Foundation
import Tactile
import TactileInput
import TactileReplay

struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Print the delivery log of a scene driven by a live touchscreen, until Ctrl-C.",
        discussion: """
            SIGINT and SIGTERM cancel the touches still down, release a grab and exit with status 0. If the device \
            goes away, the touches still down are cancelled, the loss is reported and the exit status is 1. Without a \
            device node (or with --all) every touchscreen is read as they come and go: each maps onto the scene's \
            area for it ("screens" in the scene), arrivals and removals are reported on stderr, and a device that \
            goes away has its touches cancelled while the session goes on.
            """
    )

    @Argument(
        help: "The device node, such as /dev/input/event5 or event5 (see tactile devices); none: every touchscreen.",
        completion: .deviceNode)
    var device: String?

    @Flag(help: "Read every touchscreen, following them as they appear and disappear (the default without a device).")
    var all = false

    @Option(help: ArgumentHelp("The directory of event nodes.", visibility: .hidden), completion: .directory)
    var directory = "/dev/input"

    @Option(help: .scene, completion: .sceneFile)
    var scene: String?

    @OptionGroup(title: "Input") var mapping: MappingOptions

    @Flag(
        help: ArgumentHelp(
            "Open a window on the Wayland compositor and take its touches (wl_touch) instead of a device.",
            discussion: """
                Runs as an ordinary user on a Wayland desktop or kiosk (WAYLAND_DISPLAY). The window asks for the \
                scene's window size; positions are the surface's points (the compositor has divided by the output's \
                scale), times the compositor's (the kernel's, in milliseconds, under libinput-based compositors).
                """))
    var wayland = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --wayland: run a recognizer's deadline this many milliseconds after it is due.",
            discussion: """
                A touch reaches a Wayland client some time after the kernel stamped it; a deadline (a long press, \
                a double tap's interval) runs only once touches stamped before it had time to arrive, and at its \
                own time. More under emulation.
                """, valueName: "ms"))
    var deadlineGrace = 50

    @Flag(help: "Take the device for this process alone while it runs (EVIOCGRAB).")
    var grab = false

    @Option(help: .backend)
    var backend: InputBackend = .evdev

    @Flag(
        help: ArgumentHelp(
            "After each frame's log entries, write 'latency KERNEL LOGGED RECEIVED' to stderr.",
            discussion: """
                KERNEL is the frame's SYN_REPORT time, LOGGED the time right after its entries were written to \
                stdout and RECEIVED the time the frame came out of the decoder (or libinput's contact stream), all \
                in nanoseconds on CLOCK_MONOTONIC (the clock the device's events use).
                """))
    var latency = false

    @OptionGroup var logOptions: LogOptions

    func validate() throws {
        if wayland && (all || device != nil || grab || backend == .libinput) {
            throw ValidationError(
                "--wayland takes its touches from the compositor: give no device, --all, --grab or --backend libinput")
        }
        if deadlineGrace < 0 {
            throw ValidationError("--deadline-grace is a number of milliseconds, 0 or more (got \(deadlineGrace))")
        }
        if wayland && (mapping.jitterFilter != nil || mapping.calibration != nil) {
            throw ValidationError("--wayland: the compositor maps and filters the touches (no --jitter-filter or --calibration)")
        }
        if all && device != nil { throw ValidationError("--all reads every touchscreen: give no device node with it") }
        if (all || device == nil) && grab { throw ValidationError("--grab needs a device node") }
        if backend == .libinput && grab { throw ValidationError("--grab reads with evdev: not with --backend libinput") }
    }

    func run() throws {
        if wayland { return try runWayland() }
        if backend == .libinput { return try runLibinput() }
        guard let device, !all else {
            try requireInputDirectory(directory)
            return try runAll()
        }
        try requireInputDirectory((devicePath(device) as NSString).deletingLastPathComponent)
        try reportingErrors(Self.self) {
            let device = try InputDevice.openTouchscreen(path: devicePath(device))
            let instance = try mapping.buildScene(scene)
            // udev's LIBINPUT_FUZZ_* and LIBINPUT_CALIBRATION_MATRIX, as libinput reads them
            let configuration = MultitouchDecoder.Configuration(
                mapping: instance.scene.screen, udevProperties: device.udevProperties())
            let input = try LiveTouchInput(device: device, configuration: configuration)
            try runPrinted(instance) { observer in
                LiveSession(input: input, instance: instance, observer: observer)
            } run: { session, stopRequested in
                if grab { try device.grab() }
                defer { if grab { try? device.ungrab() } }
                if try session.run(until: stopRequested) == .deviceRemoved {
                    writeError("\(device.path ?? "device"): the device was removed")
                    throw ExitCode.failure
                }
            }
        }
    }
}

extension LiveCommand {
    /// `tactile live` without a device: every touchscreen, with hot-plug.
    func runAll() throws {
        try reportingErrors(Self.self) {
            let instance = try mapping.buildScene(scene)
            let signals = StopSignals()
            defer { signals.cancel() }
            let output = LineOutput()
            let format = logOptions.format
            let session = try LiveSession(directory: directory, instance: instance) { event in
                for line in format.lines(for: event) { output.write(line) }
                output.flush()
            }
            session.didNote = { event in
                switch event {
                case .added(let device): writeError("added \(device)")
                case .removed(let device, let output):
                    let cancelled = output.frames.reduce(0) { $0 + $1.contacts.filter { $0.phase == .cancelled }.count }
                    writeError("removed \(device): \(cancelled) touch\(cancelled == 1 ? "" : "es") cancelled")
                case .ignored(let device): writeError("ignored \(device): no screen area of the scene takes it")
                case .problem(let error): writeError("\(error)")
                case .frames, .deadlinePassed: break
                }
            }
            if session.openDevices.isEmpty { writeError("waiting for touchscreens in \(directory); press Ctrl-C to stop") }
            try session.run(until: { signals.isRequested })
        }
    }
}
