// Allocation benchmarks: mallocCountTotal per frame (deterministic), gated by the static thresholds in
// Thresholds/ (`swift package benchmark thresholds check`). Wall time is reported, never gated on.
// Names use only letters, digits and hyphens: package-benchmark 1.38.1 cleans names when it writes a
// threshold file but not when it reads one, so a space or a slash would make `thresholds check` miss it.
import Benchmark
import BenchmarkSupport
import Tactile
import TactileInput
import TactileReplay

//
// The UI objects are on the main actor, so every benchmark's closure is `@MainActor` and `async`. package-benchmark
// (1.38) runs a synchronous closure on a thread of the cooperative pool — `BenchmarkRunner.run()` is a nonisolated
// `async` function and calls `Benchmark.run()` from there — so `MainActor.assumeIsolated` would stop it. An `async`
// closure is awaited in a `Task` (`Benchmark.runAsync()`), which hops to the main actor: the main thread, free while
// the runner's `async` main waits. Each closure measures between its own `startMeasurement()` and
// `stopMeasurement()`, after the hop and with no suspension between them.
let benchmarks: @Sendable () -> Void = {
    // Allocation counts are exact: any change is a regression or an improvement (tolerance 0).
    let exactAllocations: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: BenchmarkThresholds(absolute: [.p0: 0, .p50: 0, .p90: 0, .p100: 0])
    ]
    // No `.instructions`: reading the perf counters allocates 16 times inside every measurement (it showed as
    // 16 mallocs per iteration of every benchmark); instruction counts come from callgrind (`compare.sh`).
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal, .wallClock],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 10_000,
        thresholds: exactAllocations
    )

    // The harness's own allocations between startMeasurement() and stopMeasurement(), included in every count
    // below: 0 with these metrics (16 with `.instructions`). Gated at 0 so the counts below stay the code's.
    Benchmark("baseline-empty-measurement") { @MainActor benchmark async in
        benchmark.startMeasurement()
        benchmark.stopMeasurement()
    }

    // One iteration is 1000 frames (after 10 unmeasured ones, so first-use storage is not counted): ten
    // fingers move, the pan is in `changed` and has claimed them. Divide by 1000 for per frame.
    Benchmark("steady-ten-finger-moves-pan-changed-x1000-frames") { @MainActor benchmark async in
        let moves = SteadyMoves(fingers: 10)
        for _ in 0..<10 { moves.sendMove() }
        benchmark.startMeasurement()
        for _ in 0..<1000 { moves.sendMove() }
        benchmark.stopMeasurement()
        blackHole(moves.pan.state)
    }

    // One iteration is 100 taps on the photo viewer (after one unmeasured tap): each is two frames and the
    // double tap's deadline. Divide by 100 for per tap, by 200 for per frame.
    Benchmark("photo-viewer-taps-x100") { @MainActor benchmark async in
        guard let taps = try? PhotoViewerTaps() else { fatalError("photo-viewer.json does not load") }
        taps.sendTap()  // first-use storage (touch sets, buffers) is not the steady state
        benchmark.startMeasurement()
        for _ in 0..<100 { taps.sendTap() }
        benchmark.stopMeasurement()
        blackHole(taps.tapCount)
    }

    // P2, per frame through the real decoder: the latency benchmark's frames (ten fingers, all moving, 31.8 events
    // per frame as the kernel sends them) into `TouchInputDecoder` and on to each scene. Set-up outside the
    // measurement: the scene, the decoder, the landing and 100 frames. One iteration is 1000 frames.
    for scene in BenchmarkScene.allCases {
        Benchmark("decoder-ten-finger-frames-\(scene.rawValue)-x1000") { @MainActor benchmark async in
            guard let feed = try? DecoderFeed(target: scene.build()) else { fatalError("\(scene) does not build") }
            var fingers = MovingFingers(fingers: 10)
            var events: [InputEvent] = []
            events.reserveCapacity(64)
            for _ in 0...100 {
                fingers.nextReport(into: &events)
                feed.feed(events)
            }
            benchmark.startMeasurement()
            for _ in 0..<1000 {
                fingers.nextReport(into: &events)
                feed.feed(events)
            }
            benchmark.stopMeasurement()
            precondition(feed.frameCount == 1101, "a report made no frame")
        }
    }

    // P2, per frame on real recordings: the file read by `TraceReplay` (reader and decoder, as `tactile replay`
    // reads it), each frame sent to the scene after the deadlines due before it. Set-up outside the measurement:
    // opening the file, the scene and the first 100 frames; then a fixed number of frames is counted (divide by
    // it for per frame). New touches, file reads and deadlines fall among them as they do in the recording.
    let recordings: [(name: String, file: String, frames: Int)] = [
        ("3m", "3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu", 3000),  // 3,375 frames, 1–10 fingers
        ("wacom", "wacom-dth2242-ts__session-taps-to-10-fingers.evemu", 1500),  // 1,889 frames, taps of 1–10 fingers
    ]
    for recording in recordings {
        let path: String
        switch BenchmarkPaths.sharedTrace(recording.file) {
        case .success(let found): path = found
        case .failure(let missing):
            print("trace-\(recording.name): \(missing)")
            continue
        }
        for scene in BenchmarkScene.allCases {
            Benchmark(
                "trace-\(recording.name)-\(scene.rawValue)-x\(recording.frames)-frames",
                // 0 since #13 (the dispatcher makes room for two hands' touches at the first touch, the recognizers
                // and readers reserve theirs when made): exact, like the synthetic frames.
                configuration: .init(maxDuration: .seconds(3), maxIterations: 30, thresholds: exactAllocations)
            ) { @MainActor benchmark async throws in
                guard let trace = try? TraceThroughScene(path: path, scene: scene) else { fatalError("\(path) does not open") }
                guard (try? trace.send(frames: 100)) == 100 else { fatalError("\(path): fewer than 100 frames") }
                benchmark.startMeasurement()
                let sent = try trace.send(frames: recording.frames)
                benchmark.stopMeasurement()
                precondition(sent == recording.frames, "\(path) has fewer frames than counted")
            }
        }
    }

    // One iteration is the whole 3M recording (1 to 10 fingers, 43,466 events) through the photo viewer:
    // parse + decode + hit-test + recognizers + delivery. Divide by its frame count (README) for per frame.
    switch BenchmarkPaths.threeMTrace() {
    case .success(let path):
        let scene = try? Scene.load(path: BenchmarkPaths.photoViewerScene)
        Benchmark(
            "replay-3m-10-finger-recording-whole-pipeline",
            // Repeated runs differ by a couple of allocations: a tolerance of 16.
            configuration: .init(
                maxDuration: .seconds(5), maxIterations: 20,
                thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 16])])
        ) { @MainActor benchmark async throws in
            guard let scene else { fatalError("photo-viewer.json does not load") }
            benchmark.startMeasurement()  // after the hop to the main actor
            for _ in benchmark.scaledIterations {
                blackHole(try PipelineStage.pipeline.run(path: path, scene: scene))
            }
            benchmark.stopMeasurement()
        }
    case .failure(let missing):
        print("replay-3m-10-finger-recording-whole-pipeline: \(missing)")
    }
}
