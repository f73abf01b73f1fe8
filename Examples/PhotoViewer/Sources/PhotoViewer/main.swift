import Foundation
import Tactile
import TactileInput

/// The command line. Errors print one line, `photoviewer: …`, and exit with status 1 (2 for usage errors).
struct Options {
    var trace: String?
    var device: String?
    var grab = false
    var virtualTime = false
    var headless = false
    var software = false
    var screenshots: [FrameLoop.Screenshot] = []
    var exitAfter: Double?
    var verbose = false
    var logDraws = false
    /// `--touch-times sdl`: SDL's finger events even where the window system's own touch times can be read
    /// (`nil`: not given, the window system's times).
    var sdlTouchTimes: Bool?

    static let usage = """
        usage: PhotoViewer [--trace FILE | --device PATH|auto] [options]
          (default)               live: the touches the window system gives the window, with its times (a Wayland
                                  compositor's wl_touch, X11's XInput 2); no device access, no root
          --touch-times source|sdl
                                  live: the window system's event times (default), or SDL's finger events, stamped
                                  when SDL read them (what a loaded machine squeezes; for comparison)
          --trace FILE            play an evemu or libinput-record trace in real time (its device maps onto the window)
          --device PATH|auto      read a touchscreen itself through libevdev (kiosks that own the hardware; auto: the
                                  first one in /dev/input)
          --grab                  take the device for this app alone (EVIOCGRAB)
          --virtual-time          with --trace: the trace is the clock, frames at a fixed 60 Hz, no sleeping
          --screenshot-at T:FILE  write a PNG of the frame T seconds after the first input event (repeatable)
          --screenshot-after-touches T:FILE
                                  the same, but not before every touch that began has ended (a live run on a busy
                                  machine, whose input may arrive late)
          --exit-after T          quit T seconds after the first input event
          --headless              no display: SDL's off-screen video driver
          --software              SDL's software renderer (implied by --screenshot-at and --headless)
          --verbose               log actions and screenshots on stderr
          --log-draws             log on stderr, for every display frame, the views its display pass drew
        At exit it prints the frame count, the frame time and the input-to-photon delay (p50, p99) on stderr.
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws(UsageError) -> String {
            guard let value = iterator.next() else { throw UsageError("\(flag) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--trace": options.trace = try value(argument)
            case "--device": options.device = try value(argument)
            case "--grab": options.grab = true
            case "--virtual-time": options.virtualTime = true
            case "--headless": options.headless = true
            case "--software": options.software = true
            case "--verbose": options.verbose = true
            case "--log-draws": options.logDraws = true
            case "--touch-times":
                switch try value(argument) {
                case "source": options.sdlTouchTimes = false
                case "sdl": options.sdlTouchTimes = true
                case let other: throw UsageError("--touch-times: expected source or sdl, got '\(other)'")
                }
            case "--exit-after":
                let text = try value(argument)
                guard let seconds = Double(text), seconds >= 0 else { throw UsageError("--exit-after: bad time '\(text)'") }
                options.exitAfter = seconds
            case "--screenshot-at", "--screenshot-after-touches":
                let text = try value(argument)
                guard let colon = text.firstIndex(of: ":"), let time = Double(text[..<colon]), time >= 0,
                      text.index(after: colon) < text.endIndex
                else { throw UsageError("\(argument): expected SECONDS:FILE.png, got '\(text)'") }
                options.screenshots.append(
                    .init(time: time, path: String(text[text.index(after: colon)...]),
                          afterTouches: argument == "--screenshot-after-touches"))
            case "-h", "--help":
                print(usage)
                exit(0)
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        guard options.trace == nil || options.device == nil else {
            throw UsageError("give at most one of --trace FILE and --device PATH")
        }
        if options.grab, options.device == nil { throw UsageError("--grab needs --device") }
        if options.virtualTime, options.trace == nil { throw UsageError("--virtual-time needs --trace") }
        if options.sdlTouchTimes != nil, options.trace != nil || options.device != nil {
            throw UsageError("--touch-times is for the window system's touches: not with --trace or --device")
        }
        if !options.screenshots.isEmpty || options.headless { options.software = true }
        return options
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("photoviewer: \(message)\n".utf8))
    exit(status)
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\n\(Options.usage)", status: 2)
}

// The screen: the window is 1280 × 720 points, one pixel per point, and the device's surface maps onto it.
let mapping = ScreenMapping(screenSize: PhotoViewController.screenSize)
let decoderConfiguration = MultitouchDecoder.Configuration(mapping: mapping)

// Input first, so a bad file or device fails before a window opens.
var replay: TraceReplay?
var liveInput: LiveTouchInput?
do {
    if let trace = options.trace {
        replay = try TraceReplay(path: trace, configuration: decoderConfiguration)
    } else if var path = options.device {
        if path == "auto" {
            let discovery = InputDevice.discoverTouchscreens()
            guard let first = discovery.touchscreens.first else {
                fail("no touchscreen in /dev/input" + discovery.problems.map { "; \($0)" }.joined())
            }
            path = first.path
        }
        let device = try InputDevice.openTouchscreen(path: path)
        if options.grab { try device.grab() }
        FileHandle.standardError.write(Data("photoviewer: reading \(device.name) at \(path)\n".utf8))
        liveInput = try LiveTouchInput(device: device, configuration: decoderConfiguration)
    }
} catch {
    fail("\(error)")
}

// The app, as UIKit would have it: an application, a window, a root view controller.
let application = Application()
let window = ScreenWindow(frame: Rect(origin: .zero, size: PhotoViewController.screenSize))
window.name = "window"
application.addWindow(window)
let controller = PhotoViewController()
window.rootViewController = controller
application.deliveryLogCapacity = 0  // nothing stored: the app only acts

let renderer: Renderer
do {
    renderer = try Renderer(width: Int32(PhotoViewController.screenSize.width),
                            height: Int32(PhotoViewController.screenSize.height),
                            title: "Tactile photo viewer", headless: options.headless,
                            software: options.software, vsync: false, photo: Photo())
} catch {
    fail("\(error)")
}
if options.verbose {
    controller.log = { FileHandle.standardError.write(Data("photoviewer: \($0)\n".utf8)) }
    FileHandle.standardError.write(Data("photoviewer: renderer \(renderer.rendererName)\n".utf8))
}

let loop = FrameLoop(application: application, controller: controller, renderer: renderer,
                     screenshots: options.screenshots)
loop.exitAfter = options.exitAfter
loop.verbose = options.verbose
loop.logsDraws = options.logDraws
loop.requestedScreenshotsWereEmpty = options.screenshots.isEmpty

do {
    if options.virtualTime, let replay {
        try loop.runVirtual(replay: replay)
    } else {
        let queue = InputQueue()
        if let replay {
            _ = InputThread.startTrace(replay, into: queue)
        } else if let liveInput {
            _ = InputThread.startLive(liveInput, into: queue)
        } else {
            let touches = WindowTouchInput(renderer: renderer, windowSize: PhotoViewController.screenSize,
                                           sdlTimes: options.sdlTouchTimes ?? false) {
                FileHandle.standardError.write(Data("photoviewer: \($0)\n".utf8))
            }
            loop.windowTouches = touches
            if options.verbose {
                FileHandle.standardError.write(Data("photoviewer: touches from \(touches.summary)\n".utf8))
            }
        }
        replay = nil
        liveInput = nil
        try loop.run(queue: queue)
    }
} catch {
    fail("\(error)")
}
if let failure = loop.failure { fail(failure) }

var summary = "photoviewer: \(loop.frameCount) frames; frame time \(loop.frameTimes.summary)"
summary += "; of which dispatch \(loop.dispatchTimes.summary)"
if !options.virtualTime { summary += "; input-to-photon \(loop.inputToPhoton.summary)" }
FileHandle.standardError.write(Data((summary + "\n").utf8))
if !loop.screenshots.isEmpty {
    fail("the run ended before the screenshots at " + loop.screenshots.map { "\($0.time) s" }.joined(separator: ", "))
}
