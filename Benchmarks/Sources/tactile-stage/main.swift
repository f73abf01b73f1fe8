// The Tactile side of `compare.sh`: runs one stage (parse, decode or pipeline) on a trace, `repeat` times, and
// prints the counts and the time of the loop (CLOCK_MONOTONIC, excluding process start-up).
//
//     tactile-stage STAGE TRACE [REPEAT]      REPEAT 0 only starts up (callgrind's baseline)
//     tactile-stage steady FRAMES             the steady ten-finger pan, no file
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
