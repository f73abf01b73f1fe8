// Scaling tables: cost per frame as the work grows. Prints Markdown tables (README.md keeps a copy) and, with
// --svg-dir, writes one log-log plot per table.
//
//     tactile-scaling [touches|flat|deep|deep-recognizers|balanced|recognizers|chains]... [--svg-dir DIR]
//                                              (default: all)
//     tactile-scaling taps KIND SIZE COUNT     builds one scene, 2 warm-up taps, then COUNT taps (callgrind:
//                                              COUNT=k minus COUNT=0 is the cost of k taps;
//                                              KIND: flat, deep, deep-recognizers, recognizers, chains,
//                                              balanced10, balanced4 —
//                                              for the balanced ones SIZE is the depth)
//
// Each cell is the fastest of 5 batches (wall clock; the fastest is the least disturbed by other processes);
// "growth" is log(cost ratio) / log(size ratio) against the previous row: 1 is linear, 2 quadratic, 0 flat.
import BenchmarkSupport
import Foundation

@MainActor
func nanosecondsPerOperation(batch: Int, _ operation: () -> Void) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<5 {
        let elapsed = clock.measure { for _ in 0..<batch { operation() } }
        let (seconds, attoseconds) = elapsed.components
        best = min(best, (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(batch))
    }
    return best
}

/// One measured table, kept for its plot.
struct Table {
    var name: String
    var title: String
    var sizeLabel: String
    var unit: String
    var rows: [(size: Int, nanoseconds: Double)] = []
}

func growth(_ cost: Double, _ previousCost: Double, _ size: Int, _ previousSize: Int) -> String {
    String(format: "%.2f", log(cost / previousCost) / log(Double(size) / Double(previousSize)))
}

@MainActor
func table(
    _ name: String, _ title: String, unit: String, sizes: [Int], label: String, measure: (Int) -> Double
) -> Table {
    print("\n\(title)\n")
    print("| \(label) | \(unit) | growth |")
    print("|---:|---:|---:|")
    var result = Table(name: name, title: title, sizeLabel: label, unit: unit)
    for size in sizes {
        let cost = measure(size)
        let previous = result.rows.last
        let growthText = previous.map { growth(cost, $0.nanoseconds, size, $0.size) } ?? "–"
        print("| \(size) | \(String(format: "%.2f", cost / 1000)) | \(growthText) |")
        result.rows.append((size, cost))
    }
    return result
}

/// The balanced trees of fan-out `fanOut` at each depth: a table by view count, with the depth × fan-out of
/// the tapped path beside it.
@MainActor
func balancedTable(fanOut: Int, depths: [Int]) -> Table {
    let title = "Views, balanced: fan-out \(fanOut), depth d (tap on the back-most view at every level)"
    print("\n\(title)\n")
    print("| depth | views | depth × fan-out | µs per tap (2 frames) | growth vs views |")
    print("|---:|---:|---:|---:|---:|")
    var result = Table(name: "balanced-\(fanOut)", title: "Views, balanced: fan-out \(fanOut)", sizeLabel: "views",
                       unit: "µs per tap (2 frames)")
    for depth in depths {
        let views = TapScene.balancedViewCount(fanOut: fanOut, depth: depth)
        let scene = TapScene.balanced(fanOut: fanOut, depth: depth)
        let cost = nanosecondsPerOperation(batch: 2000) { scene.sendTap() }
        let previous = result.rows.last
        let growthText = previous.map { growth(cost, $0.nanoseconds, views, $0.size) } ?? "–"
        print("| \(depth) | \(views) | \(depth * fanOut) | \(String(format: "%.2f", cost / 1000)) | \(growthText) |")
        result.rows.append((views, cost))
    }
    return result
}

/// Batches sized so that each takes a few milliseconds at most.
func batch(forSize size: Int, base: Int) -> Int { max(3, base / max(1, size)) }

@MainActor
func runTables(_ requested: Set<String>) -> [Table] {
    func wanted(_ name: String) -> Bool { requested.isEmpty || requested.contains(name) }
    var tables: [Table] = []
    if wanted("touches") {
        tables.append(table("touches", "Touches: steady move frames, pan in changed", unit: "µs per frame", sizes: Array(1...10), label: "fingers") { fingers in
            let moves = SteadyMoves(fingers: fingers)
            return nanosecondsPerOperation(batch: 2000) { moves.sendMove() }
        })
    }
    if wanted("flat") {
        tables.append(table("flat", "Views, flat: N siblings, tap on the back-most", unit: "µs per tap (2 frames)", sizes: [10, 100, 1000, 10_000, 100_000], label: "views") { count in
            let scene = TapScene.flat(views: count)
            return nanosecondsPerOperation(batch: batch(forSize: count, base: 200_000)) { scene.sendTap() }
        })
    }
    if wanted("deep") {
        tables.append(table("deep", "Views, deep: a chain of N nested views, tap on the deepest", unit: "µs per tap (2 frames)", sizes: [10, 100, 1000, 10_000, 100_000], label: "depth") { depth in
            let scene = TapScene.deep(views: depth)
            return nanosecondsPerOperation(batch: batch(forSize: depth, base: 200_000)) { scene.sendTap() }
        })
    }
    if wanted("deep-recognizers") {
        tables.append(table("deep-recognizers", "Recognizers along a deep path: N nested views, a single tap on each", unit: "µs per tap (2 frames)", sizes: [10, 100, 1000, 3000], label: "depth") { depth in
            let scene = TapScene.deep(views: depth, tapOnEachView: true)
            return nanosecondsPerOperation(batch: batch(forSize: depth, base: 20_000)) { scene.sendTap() }
        })
    }
    if wanted("balanced") {
        tables.append(balancedTable(fanOut: 10, depths: [1, 2, 3, 4, 5]))
        tables.append(balancedTable(fanOut: 4, depths: [1, 2, 4, 6, 8]))
    }
    if wanted("recognizers") {
        tables.append(table("recognizers", "Recognizers: N single taps on one view", unit: "µs per tap (2 frames)", sizes: [1, 10, 100, 1000, 3000], label: "recognizers") { count in
            let scene = TapScene.recognizers(count)
            return nanosecondsPerOperation(batch: batch(forSize: count, base: 20_000)) { scene.sendTap() }
        })
    }
    if wanted("chains") {
        tables.append(table("chains", "Failure requirements: a chain of N (each tap requires the previous to fail)", unit: "µs per tap (2 frames)", sizes: [1, 10, 100, 300, 1000], label: "chain length") { depth in
            let scene = TapScene.failureChain(depth: depth)
            return nanosecondsPerOperation(batch: batch(forSize: depth, base: 20_000)) { scene.sendTap() }
        })
    }
    return tables
}

func writePlots(_ tables: [Table], to directory: String) {
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for table in tables {
            let plot = LogLogPlot(
                title: table.title, xLabel: table.sizeLabel, yLabel: table.unit,
                points: table.rows.map { (Double($0.size), $0.nanoseconds / 1000) })
            let path = (directory as NSString).appendingPathComponent("scaling-\(table.name).svg")
            try plot.svg().write(toFile: path, atomically: true, encoding: .utf8)
            print("wrote \(path)")
        }
    } catch {
        FileHandle.standardError.write(Data("tactile-scaling: cannot write the plots: \(error)\n".utf8))
        exit(1)
    }
}

/// `taps KIND SIZE COUNT`: the scene, 2 warm-up taps, then COUNT taps; nothing printed but a summary.
@MainActor
func runTaps(_ arguments: [String]) {
    guard arguments.count == 3, let size = Int(arguments[1]), let count = Int(arguments[2]) else {
        FileHandle.standardError.write(Data("usage: tactile-scaling taps KIND SIZE COUNT\n".utf8))
        exit(64)
    }
    let scene: TapScene
    switch arguments[0] {
    case "flat": scene = .flat(views: size)
    case "deep": scene = .deep(views: size)
    case "deep-recognizers": scene = .deep(views: size, tapOnEachView: true)
    case "recognizers": scene = .recognizers(size)
    case "chains": scene = .failureChain(depth: size)
    case "balanced10": scene = .balanced(fanOut: 10, depth: size)
    case "balanced4": scene = .balanced(fanOut: 4, depth: size)
    default:
        FileHandle.standardError.write(Data("tactile-scaling: unknown scene \(arguments[0])\n".utf8))
        exit(64)
    }
    for _ in 0..<2 { scene.sendTap() }
    for _ in 0..<count { scene.sendTap() }
    print("\(arguments[0]) size=\(size) taps=\(count)")
}

// Deep trees recurse once per level in hit-testing and in the responder chain, so everything needs a 1 GiB stack;
// the views are on the main actor, so everything runs on the main thread. The main thread's stack is sized by
// RLIMIT_STACK when the program starts: below 1 GiB, the program raises its soft limit and runs itself again
// (once). scaling-instructions.sh raises the limit itself (`ulimit -s`), so callgrind never sees that exec.
let stackNeeded: rlim_t = 1 << 30
let unlimited = rlim_t.max  // RLIM_INFINITY
var stackLimit = rlimit()
let stackResource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
if getrlimit(stackResource, &stackLimit) == 0, stackLimit.rlim_cur != unlimited, stackLimit.rlim_cur < stackNeeded {
    func stackError(_ message: String) -> Never {
        let text = "tactile-scaling: needs a stack of 1 GiB (ulimit -s 1048576): \(message)\n"
        FileHandle.standardError.write(Data(text.utf8))
        exit(71)
    }
    if getenv("TACTILE_SCALING_STACK_RAISED") != nil { stackError("the limit is still \(stackLimit.rlim_cur) bytes") }
    if stackLimit.rlim_max != unlimited, stackLimit.rlim_max < stackNeeded {
        stackError("the hard limit is \(stackLimit.rlim_max) bytes (ulimit -Hs)")
    }
    stackLimit.rlim_cur = stackNeeded
    guard setrlimit(stackResource, &stackLimit) == 0 else {
        stackError("setrlimit: \(String(cString: strerror(errno)))")
    }
    setenv("TACTILE_SCALING_STACK_RAISED", "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    stackError("cannot run itself again: \(String(cString: strerror(errno)))")
}
var arguments = Array(CommandLine.arguments.dropFirst())
var svgDirectory: String?
if let index = arguments.firstIndex(of: "--svg-dir") {
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("tactile-scaling: --svg-dir needs a folder\n".utf8))
        exit(64)
    }
    svgDirectory = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
if arguments.first == "taps" {
    runTaps(Array(arguments.dropFirst()))
} else {
    let tables = runTables(Set(arguments))
    if let svgDirectory { writePlots(tables, to: svgDirectory) }
}
