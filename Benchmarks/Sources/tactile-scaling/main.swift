// Scaling tables: cost per frame as the work grows. Prints Markdown tables (README.md keeps a copy).
//
//     tactile-scaling [touches|flat|deep|recognizers|chains]...   (default: all)
//
// Each cell is the fastest of 5 batches (wall clock; the fastest is the least disturbed by other processes);
// "growth" is log(cost ratio) / log(size ratio) against the previous row: 1 is linear, 2 quadratic, 0 flat.
import BenchmarkSupport
import Foundation

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

func table(_ title: String, unit: String, sizes: [Int], label: String, measure: (Int) -> Double) {
    print("\n\(title)\n")
    print("| \(label) | \(unit) | growth |")
    print("|---:|---:|---:|")
    var previous: (size: Int, cost: Double)?
    for size in sizes {
        let cost = measure(size)
        let growth = previous.map { String(format: "%.2f", log(cost / $0.cost) / log(Double(size) / Double($0.size))) } ?? "–"
        print("| \(size) | \(String(format: "%.2f", cost / 1000)) | \(growth) |")
        previous = (size, cost)
    }
}

/// Batches sized so that each takes a few milliseconds at most.
func batch(forSize size: Int, base: Int) -> Int { max(3, base / max(1, size)) }

func runTables(_ requested: Set<String>) {
    func wanted(_ name: String) -> Bool { requested.isEmpty || requested.contains(name) }
    if wanted("touches") {
        table("Touches: steady move frames, pan in changed", unit: "µs per frame", sizes: Array(1...10), label: "fingers") { fingers in
            let moves = SteadyMoves(fingers: fingers)
            return nanosecondsPerOperation(batch: 2000) { moves.sendMove() }
        }
    }
    if wanted("flat") {
        table("Views, flat: N siblings, tap on the back-most", unit: "µs per tap (2 frames)", sizes: [10, 100, 1000, 10_000, 100_000], label: "views") { count in
            let scene = TapScene.flat(views: count)
            return nanosecondsPerOperation(batch: batch(forSize: count, base: 200_000)) { scene.sendTap() }
        }
    }
    if wanted("deep") {
        table("Views, deep: a chain of N nested views, tap on the deepest", unit: "µs per tap (2 frames)", sizes: [10, 100, 1000, 10_000, 100_000], label: "depth") { depth in
            let scene = TapScene.deep(views: depth)
            return nanosecondsPerOperation(batch: batch(forSize: depth, base: 200_000)) { scene.sendTap() }
        }
    }
    if wanted("recognizers") {
        table("Recognizers: N single taps on one view", unit: "µs per tap (2 frames)", sizes: [1, 10, 100, 1000], label: "recognizers") { count in
            let scene = TapScene.recognizers(count)
            return nanosecondsPerOperation(batch: batch(forSize: count, base: 20_000)) { scene.sendTap() }
        }
    }
    if wanted("chains") {
        table("Failure requirements: a chain of N (each tap requires the previous to fail)", unit: "µs per tap (2 frames)", sizes: [1, 10, 100], label: "chain length") { depth in
            let scene = TapScene.failureChain(depth: depth)
            return nanosecondsPerOperation(batch: batch(forSize: depth, base: 20_000)) { scene.sendTap() }
        }
    }
}

// Deep trees recurse once per level in hit-testing: the tables run on a thread with a 1 GiB stack.
let requested = Set(CommandLine.arguments.dropFirst())
let thread = Thread { runTables(requested) }
thread.stackSize = 1 << 30
thread.start()
while !thread.isFinished { usleep(10_000) }
