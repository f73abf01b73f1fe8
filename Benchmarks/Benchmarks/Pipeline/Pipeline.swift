// Allocation benchmarks: mallocCountTotal per frame (deterministic), gated by the static thresholds in
// Thresholds/ (`swift package benchmark thresholds check`). Wall time is reported, never gated on.
// Names use only letters, digits and hyphens: package-benchmark 1.38.1 cleans names when it writes a
// threshold file but not when it reads one, so a space or a slash would make `thresholds check` miss it.
import Benchmark
import BenchmarkSupport
import Tactile
import TactileReplay

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
    Benchmark("baseline-empty-measurement") { benchmark in
        benchmark.startMeasurement()
        benchmark.stopMeasurement()
    }

    // One iteration is 1000 frames (after 10 unmeasured ones, so first-use storage is not counted): ten
    // fingers move, the pan is in `changed` and has claimed them. Divide by 1000 for per frame.
    Benchmark("steady-ten-finger-moves-pan-changed-x1000-frames") { benchmark in
        let moves = SteadyMoves(fingers: 10)
        for _ in 0..<10 { moves.sendMove() }
        benchmark.startMeasurement()
        for _ in 0..<1000 { moves.sendMove() }
        benchmark.stopMeasurement()
        blackHole(moves.pan.state)
    }

    // One iteration is 100 taps on the photo viewer (after one unmeasured tap): each is two frames and the
    // double tap's deadline. Divide by 100 for per tap, by 200 for per frame.
    Benchmark("photo-viewer-taps-x100") { benchmark in
        guard let taps = try? PhotoViewerTaps() else { fatalError("photo-viewer.json does not load") }
        taps.sendTap()  // first-use storage (touch sets, buffers) is not the steady state
        benchmark.startMeasurement()
        for _ in 0..<100 { taps.sendTap() }
        benchmark.stopMeasurement()
        blackHole(taps.tapCount)
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
        ) { benchmark in
            guard let scene else { fatalError("photo-viewer.json does not load") }
            for _ in benchmark.scaledIterations {
                blackHole(try PipelineStage.pipeline.run(path: path, scene: scene))
            }
        }
    case .failure(let missing):
        print("replay-3m-10-finger-recording-whole-pipeline: \(missing)")
    }
}
