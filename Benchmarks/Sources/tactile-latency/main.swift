// P5: the latency of one ten-finger frame, from its first evdev event into the decoder to the return of
// `Application.send` — what a live loop spends between reading a report's first event and reading the next
// report. Ten fingers all move in every frame (``MovingFingers``: 33 events per frame, as the kernel sends them).
//
//     tactile-latency [default|photo-viewer|recognizers-20]... [--frames N] [--warmup N] [--rounds R] [--noise]
//
// Defaults: all three scenes, 10,000 measured frames per round, 3 rounds, 2,000 warm-up frames. The scenes take
// turns round by round (so load from elsewhere falls on all of them alike); each keeps its fingers down and its
// recognizers in their states from one round to the next. Each frame is timed alone (CLOCK_MONOTONIC before
// its first event and after `send` returns); percentiles are over every measured frame of every round.
// `--noise` adds a row per scene for a busy loop as long as the scene's median frame, timed the same way: the
// machine's own p99 for that length (timer interrupts, a hypervisor's exits), to read the scenes' p99 against.
// `--frames 0` only sets up and warms up: callgrind's baseline for instructions per frame (measure-all.sh).
import BenchmarkSupport
import Foundation
import TactileInput

var scenes: [BenchmarkScene] = []
var frames = 10_000
var warmup = 2_000
var rounds = 3
var noise = false
var arguments = CommandLine.arguments.dropFirst()
func usage() -> Never {
    FileHandle.standardError.write(Data(
        "usage: tactile-latency [default|photo-viewer|recognizers-20]... [--frames N] [--warmup N] [--rounds R] [--noise]\n".utf8))
    exit(64)
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--frames", "--warmup", "--rounds":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else { usage() }
        switch argument {
        case "--frames": frames = value
        case "--warmup": warmup = value
        default: rounds = max(1, value)
        }
    case "--noise":
        noise = true
    default:
        guard let scene = BenchmarkScene(rawValue: argument) else { usage() }
        scenes.append(scene)
    }
}
if scenes.isEmpty { scenes = BenchmarkScene.allCases }

@inline(__always) func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

@MainActor
final class Run {
    let scene: BenchmarkScene
    let feed: DecoderFeed
    var fingers = MovingFingers(fingers: 10)
    var events: [InputEvent] = []
    var samples: [UInt64] = []
    var roundP99: [UInt64] = []
    var eventCount = 0

    init(_ scene: BenchmarkScene, warmup: Int, capacity: Int) throws {
        self.scene = scene
        feed = try DecoderFeed(target: scene.build())
        events.reserveCapacity(64)
        samples.reserveCapacity(capacity)
        fingers.nextReport(into: &events)  // the landing
        feed.feed(events)
        for _ in 0..<warmup {
            fingers.nextReport(into: &events)
            feed.feed(events)
        }
    }

    func measure(_ count: Int) {
        let start = samples.count
        for _ in 0..<count {
            fingers.nextReport(into: &events)
            eventCount += events.count
            let before = monotonicNanoseconds()
            feed.feed(events)
            let after = monotonicNanoseconds()
            samples.append(after - before)
        }
        if count > 0 { roundP99.append(percentile(samples[start...].sorted(), 0.99)) }
    }
}

func percentile(_ sorted: [UInt64], _ fraction: Double) -> UInt64 {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}
/// A dependent chain of `iterations` multiply-adds: no memory, no calls, a fixed length of time.
/// (`seed` differs from call to call, so that a call is not hoisted out of the loop that times it.)
@inline(never) func spin(_ iterations: Int, seed: Int) -> UInt64 {
    var value = UInt64(truncatingIfNeeded: seed)
    for _ in 0..<iterations { value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return value
}

/// Timings of `spin` calibrated to last `nanoseconds`, `count` times, the way frames are timed.
func noiseSamples(lasting nanoseconds: UInt64, count: Int) -> [UInt64] {
    // The fastest of 9 runs of 4 M iterations (about half a millisecond): a run that was interrupted only counts
    // as slower.
    let calibration = 1 << 22
    var fastest = UInt64.max
    for run in 0..<9 {
        let before = monotonicNanoseconds()
        blackHole(spin(calibration, seed: run))
        fastest = min(fastest, monotonicNanoseconds() - before)
    }
    let iterations = max(1, Int(Double(calibration) * Double(nanoseconds) / Double(fastest)))
    var samples: [UInt64] = []
    samples.reserveCapacity(count)
    for index in 0..<count {
        let before = monotonicNanoseconds()
        blackHole(spin(iterations, seed: index))
        samples.append(monotonicNanoseconds() - before)
    }
    return samples.sorted()
}
@inline(never) func blackHole(_ value: UInt64) { if value == 42 { print("") } }

func microseconds(_ nanoseconds: UInt64) -> String { String(format: "%.2f", Double(nanoseconds) / 1000) }

do {
    let runs = try scenes.map { try Run($0, warmup: warmup, capacity: frames * rounds) }
    for _ in 0..<rounds { for run in runs { run.measure(frames) } }
    guard frames > 0 else {
        for run in runs { print("\(run.scene.rawValue): set up, \(warmup) warm-up frames; \(run.feed.target.stateSummary)") }
        exit(0)
    }
    print("| scene | frames | events per frame | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | p99 per round µs | recognizers at the end |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for run in runs {
        let sorted = run.samples.sorted()
        let perFrame = String(format: "%.1f", Double(run.eventCount) / Double(sorted.count))
        let columns = [0.5, 0.9, 0.99, 0.999].map { microseconds(percentile(sorted, $0)) }.joined(separator: " | ")
        let perRound = run.roundP99.map(microseconds).joined(separator: " · ")
        print("| \(run.scene.rawValue) | \(sorted.count) | \(perFrame) | \(columns) | \(microseconds(sorted.last!)) | \(perRound) | \(run.feed.target.stateSummary) |")
        if noise {
            let busy = noiseSamples(lasting: percentile(sorted, 0.5), count: sorted.count)
            let columns = [0.5, 0.9, 0.99, 0.999].map { microseconds(percentile(busy, $0)) }.joined(separator: " | ")
            print("| busy loop as long as \(run.scene.rawValue)'s p50 | \(busy.count) | – | \(columns) | \(microseconds(busy.last!)) | – | – |")
        }
    }
    print("\n\(rounds) rounds of \(frames) frames per scene after \(warmup) warm-up frames; 10 fingers all moving, 120 Hz")
} catch {
    FileHandle.standardError.write(Data("tactile-latency: \(error)\n".utf8))
    exit(1)
}
