// Long runs: a synthetic ten-finger, 120 Hz trace of MINUTES minutes (default 60: 432,000 reports) replayed
// through the photo-viewer scene in one process, reporting the process's peak resident memory (VmHWM) and
// current resident memory (VmRSS) from /proc/self/status when the replay reaches each checkpoint of trace
// time. Constant memory means the last checkpoint's peak equals the first's.
//
//     tactile-longrun [--minutes 60] [--log stored|off|observer] [--checkpoints 1,10,60]
//
// The trace never exists as a file: a writer thread generates evemu text (``LongRunTrace``) into a FIFO whose
// name ends in `.evemu`, and the replay reads it like any trace (`TraceReplay` → `SceneDriver.replay`), so
// the whole pipeline runs: parse, decode, hit-test, recognizers, delivery. Log modes:
// - `stored`: the application's stored delivery log at its default capacity (10,000 entries), no observer;
// - `off`: capacity 0 and no observer (an application that records nothing);
// - `observer`: the replay driver's observer gets every frame and delivery (as `tactile replay` does) and
//   counts them; nothing is stored.
import BenchmarkSupport
import Foundation
import Tactile
import TactileInput
import TactileReplay

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tactile-longrun: \(message)\n".utf8))
    exit(64)
}

var minutes = 60.0
var logMode = "stored"
var checkpoints: [Double] = [1, 10, 60]
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    guard let value = arguments.first else { fail("\(option) needs a value") }
    arguments.removeFirst()
    switch option {
    case "--minutes":
        guard let parsed = Double(value), parsed > 0 else { fail("--minutes takes a positive number, not \(value)") }
        minutes = parsed
    case "--log":
        guard ["stored", "off", "observer"].contains(value) else { fail("--log takes stored, off or observer") }
        logMode = value
    case "--checkpoints":
        let parsed = value.split(separator: ",").compactMap { Double($0) }
        guard !parsed.isEmpty else { fail("--checkpoints takes minutes separated by commas, not \(value)") }
        checkpoints = parsed.sorted()
    default:
        fail("unknown option \(option) (usage: tactile-longrun [--minutes M] [--log stored|off|observer] [--checkpoints 1,10,60])")
    }
}
checkpoints = checkpoints.filter { $0 <= minutes }
if checkpoints.last != minutes { checkpoints.append(minutes) }

/// VmHWM and VmRSS from /proc/self/status, in KiB.
func memory() -> (peak: Int, current: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).filter(\.isNumber)) ?? 0
        }
        return 0
    }
    return (field("VmHWM"), field("VmRSS"))
}

func mebibytes(_ kibibytes: Int) -> String { String(format: "%.1f", Double(kibibytes) / 1024) }

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-longrun-\(getpid())").path
let fifo = directory + "/trace.evemu"
do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(directory): \(error)")
}
guard mkfifo(fifo, 0o600) == 0 else { fail("cannot create the FIFO \(fifo): \(String(cString: strerror(errno)))") }
defer {
    unlink(fifo)
    rmdir(directory)
}
signal(SIGPIPE, SIG_IGN)

let trace = LongRunTrace(minutes: minutes)
let writer = Thread { [trace, fifo] in
    let descriptor = open(fifo, O_WRONLY)
    guard descriptor >= 0 else { return }
    _ = trace.write(to: descriptor)
    close(descriptor)
}
writer.start()

let scene: Scene
do {
    scene = try Scene.load(path: BenchmarkPaths.photoViewerScene)
} catch {
    fail("cannot load the photo-viewer scene: \(error)")
}
let start = memory()
print("log: \(logMode); trace: \(trace.reportCount) reports (\(minutes) min at \(LongRunTrace.rate) Hz, \(LongRunTrace.fingers) fingers)")
print("before the replay: VmHWM \(mebibytes(start.peak)) MiB, VmRSS \(mebibytes(start.current)) MiB")
print("")
print("| trace time | frames | deliveries seen | peak RSS (VmHWM) | RSS now (VmRSS) | wall time |")
print("|---:|---:|---:|---:|---:|---:|")

let clock = ContinuousClock()
let began = clock.now
do {
    let instance = try scene.instantiate()
    var observed = 0
    let driver = SceneDriver(instance: instance, observer: { event in
        if case .delivery = event { observed += 1 }
    })
    let application = instance.application
    switch logMode {
    case "stored":
        application.deliveryObserver = nil
        application.deliveryLogCapacity = Application().deliveryLogCapacity
    case "off":
        application.deliveryObserver = nil
        application.deliveryLogCapacity = 0
    default:
        break  // the driver's observer, as it installs it; nothing stored
    }
    var next = 0
    func report(_ label: Double) {
        let now = memory()
        let seen = logMode == "stored" ? application.deliveries.count + application.discardedDeliveryCount : observed
        let elapsed = (clock.now - began).components
        print("| \(String(format: "%g", label)) min | \(driver.frameCount) | \(seen) | "
            + "\(mebibytes(now.peak)) MiB | \(mebibytes(now.current)) MiB | "
            + "\(String(format: "%.1f", Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)) s |")
    }
    let replay = try TraceReplay(path: fifo, scene: scene)
    // A checkpoint is reached by the frame within half a report of it (the last report of minute m is at
    // m·60 s − 1/120 s).
    let tolerance = 1.5e9 / Double(LongRunTrace.rate)
    let statistics = try driver.replay(replay) { time in
        guard next < checkpoints.count, Double(time.nanoseconds) >= checkpoints[next] * 60e9 - tolerance else { return }
        report(checkpoints[next])
        next += 1
    }
    while next < checkpoints.count {  // not reached by a frame (a shorter trace): after the last one
        report(checkpoints[next])
        next += 1
    }
    let end = memory()
    print("")
    print("after: \(statistics.eventCount) events, \(statistics.frameCount) frames, \(replay.diagnostics.count) decoder "
        + "diagnostics, stored log \(application.deliveries.count) entries (\(application.discardedDeliveryCount) "
        + "dropped); VmHWM \(mebibytes(end.peak)) MiB")
} catch {
    fail("replay failed: \(error)")
}
