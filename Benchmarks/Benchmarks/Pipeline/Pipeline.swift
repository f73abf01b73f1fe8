// Allocation benchmarks: mallocCountTotal per frame (deterministic), gated by the static thresholds in
// Thresholds/ (`swift package benchmark thresholds check`). Wall time is reported, never gated on.
import Benchmark
import BenchmarkSupport
import Tactile
import TactileReplay

let benchmarks: @Sendable () -> Void = {
    // Allocation counts are exact: any change is a regression or an improvement (tolerance 0).
    let exactAllocations: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: BenchmarkThresholds(absolute: [.p0: 0, .p50: 0, .p90: 0, .p100: 0])
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal, .wallClock, .instructions],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 10_000,
        thresholds: exactAllocations
    )

    // One iteration is one frame: ten fingers move, the pan is in `changed` and has claimed them.
    Benchmark("Allocations/steady ten-finger move frame (pan changed)") { benchmark in
        let moves = SteadyMoves(fingers: 10)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { moves.sendMove() }
        benchmark.stopMeasurement()
        blackHole(moves.pan.state)
    }

    // One iteration is one tap on the photo viewer: two frames and the double tap's deadline.
    Benchmark("Allocations/tap on the photo viewer (2 frames + deadline)") { benchmark in
        guard let taps = try? PhotoViewerTaps() else { fatalError("photo-viewer.json does not load") }
        taps.sendTap()  // first-use storage (touch sets, buffers) is not the steady state
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { taps.sendTap() }
        benchmark.stopMeasurement()
        blackHole(taps.tapCount)
    }

    // One iteration is the whole 3M recording (1 to 10 fingers, 43,466 events) through the photo viewer:
    // parse + decode + hit-test + recognizers + delivery. Divide by its frame count (README) for per frame.
    switch BenchmarkPaths.threeMTrace() {
    case .success(let path):
        let scene = try? Scene.load(path: BenchmarkPaths.photoViewerScene)
        Benchmark(
            "Allocations/replay of the 3M 10-finger recording (whole pipeline)",
            configuration: .init(maxDuration: .seconds(5), maxIterations: 20)
        ) { benchmark in
            guard let scene else { fatalError("photo-viewer.json does not load") }
            for _ in benchmark.scaledIterations {
                blackHole(try PipelineStage.pipeline.run(path: path, scene: scene))
            }
        }
    case .failure(let missing):
        print("Allocations/replay of the 3M 10-finger recording: \(missing)")
    }
}
