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
        try reportingErrors(Self.self) {
            let path = all ? nil : device.map(DeviceListing.nodePath)
            if let path { try DeviceListing.requireInputDirectory(ofNode: path) } else {
                try DeviceListing.requireInputDirectory(directory)
            }
            if backend == .libinput {
                let instance = try mapping.buildScene(scene)
                try LiveLogOutput.runLibinput(at: path, through: instance, log: logOptions.options, latency: latency)
            } else if let path {
                let device = try InputDevice.openTouchscreen(path: path)
                let instance = try mapping.buildScene(scene)
                try LiveLogOutput.runTouchscreen(
                    device, through: instance, log: logOptions.options, latency: latency, grab: grab)
            } else {
                let instance = try mapping.buildScene(scene)
                let format = logOptions.options.format
                try LiveLogOutput.runEveryTouchscreen(in: directory, through: instance, format: format)
            }
        }
    }
}
