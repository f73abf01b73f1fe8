import ArgumentParser
import Tactile
import TactileInput
import TactileReplay

struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Print the delivery log of a scene driven by a live touchscreen, until Ctrl-C.",
        discussion: """
            SIGINT and SIGTERM cancel the touches still down, release a grab and exit with status 0. If the device \
            goes away, the touches still down are cancelled, the loss is reported and the exit status is 1 \
            (there is no hot-plug: run it again when the device is back).
            """
    )

    @Argument(help: "The device node, such as /dev/input/event5 (see tactile devices).")
    var device: String

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var mappingOptions: InputMappingOptions

    @Flag(help: "Take the device for this process alone while it runs (EVIOCGRAB).")
    var grab = false

    @Flag(
        help: ArgumentHelp(
            "After each frame's log entries, write 'latency KERNEL LOGGED' to stderr.",
            discussion: """
                KERNEL is the frame's SYN_REPORT time and LOGGED the time right after its entries were written to \
                stdout, both in nanoseconds on CLOCK_MONOTONIC (the clock the device's events use).
                """))
    var latency = false

    @OptionGroup var logOptions: LogOptions

    func run() throws {
        try reportingErrors {
            let device = try InputDevice.openTouchscreen(path: device)
            let instance = try buildScene(sceneOptions.scene, applying: mappingOptions)
            // udev's LIBINPUT_FUZZ_* and LIBINPUT_CALIBRATION_MATRIX, as libinput reads them
            let configuration = MultitouchDecoder.Configuration(
                mapping: instance.scene.screen, udevProperties: device.udevProperties())
            let input = try LiveTouchInput(device: device, configuration: configuration)
            let signals = StopSignals()
            defer { signals.cancel() }
            if grab { try device.grab() }
            defer { if grab { try? device.ungrab() } }
            let output = LineOutput()
            let format = logOptions.format
            let session = LiveSession(input: input, instance: instance) { event in
                for line in format.lines(for: event) { output.write(line) }
                output.flush()
            }
            if latency {
                session.didHandleOutput = { output in
                    let logged = MonotonicClock.now()
                    for frame in output.frames { writeError(latencyLine(frame: frame.timestamp, logged: logged)) }
                }
            }
            if try session.run(until: { signals.isRequested }) == .deviceRemoved {
                writeError("\(device.path ?? "device"): the device was removed")
                throw ExitCode.failure
            }
        }
    }
}

/// One `--latency` line: `latency KERNEL LOGGED`, nanoseconds on `CLOCK_MONOTONIC`.
func latencyLine(frame: Timestamp, logged: Timestamp) -> String {
    "latency \(frame.nanoseconds) \(logged.nanoseconds)"
}
