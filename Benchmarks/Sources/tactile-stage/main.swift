// The Tactile side of `compare.sh`: runs one stage (parse, decode or pipeline) on a trace, `repeat` times, and
// prints the counts and the time of the loop (CLOCK_MONOTONIC, excluding process start-up).
//
//     tactile-stage STAGE TRACE [REPEAT]      REPEAT 0 only starts up (callgrind's baseline)
//     tactile-stage steady FRAMES             the steady ten-finger pan, no file
//     tactile-stage taps TAPS                 single taps on the photo viewer
//     tactile-stage trace SCENE TRACE FRAMES  100 frames of TRACE into SCENE, then FRAMES (the trace benchmarks)
import BenchmarkSupport
import Foundation
import TactileReplay

let arguments = CommandLine.arguments
// `tactile-stage steady FRAMES`: ten fingers moving under a pan in `changed`, for tracing allocations
// (heaptrack, gdb) or profiling the steady move path without a file.
if arguments.count == 3, arguments[1] == "steady", let frames = Int(arguments[2]) {
    let moves = SteadyMoves(fingers: 10)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<frames { moves.sendMove() }
    }
    print("steady frames=\(frames) pan=\(moves.pan.state) elapsed=\(elapsed)")
    exit(0)
}
// `tactile-stage taps TAPS`: single taps on the photo viewer (one new touch each), as the `photo-viewer-taps`
// benchmark sends them; `tactile-stage trace SCENE TRACE FRAMES`: 100 frames of TRACE into SCENE (default,
// photo-viewer, recognizers-20), then FRAMES more, as the `trace-…` benchmarks count them. For heaptrack: the
// allocations of N frames or taps are those of a run with N minus those of a run with 0.
if arguments.count == 3, arguments[1] == "taps", let count = Int(arguments[2]) {
    do {
        let taps = try PhotoViewerTaps()
        taps.sendTap()
        for _ in 0..<count { taps.sendTap() }
        print("taps=\(taps.tapCount)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("tactile-stage: \(error)\n".utf8))
        exit(1)
    }
}
if arguments.count == 5, arguments[1] == "trace", let scene = BenchmarkScene(rawValue: arguments[2]),
    let frames = Int(arguments[4])
{
    do {
        let trace = try TraceThroughScene(path: arguments[3], scene: scene)
        let first = try trace.send(frames: 100)
        let sent = try trace.send(frames: frames)
        print("trace \(scene.rawValue) frames=\(first)+\(sent)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("tactile-stage: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count >= 3, let stage = PipelineStage(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: tactile-stage parse|decode|pipeline TRACE [REPEAT]\n".utf8))
    exit(64)
}
let path = arguments[2]
let repeatCount = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
do {
    let scene = try Scene.load(path: BenchmarkPaths.photoViewerScene)
    let clock = ContinuousClock()
    var counts = PipelineStage.Counts()
    let elapsed = try clock.measure {
        for _ in 0..<repeatCount { counts = try stage.run(path: path, scene: scene) }
    }
    let (seconds, attoseconds) = elapsed.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    print("\(stage.rawValue) \(counts) repeat=\(repeatCount) ns=\(Int(nanoseconds))")
} catch {
    FileHandle.standardError.write(Data("tactile-stage: \(error)\n".utf8))
    exit(1)
}
