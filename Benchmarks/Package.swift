// swift-tools-version: 6.1
import PackageDescription

// Tactile's benchmarks: a separate package (as swift-nio does), so that `swift test` at the top level
// never builds package-benchmark. Run with `swift package benchmark` from this folder; see README.md.
let package = Package(
    name: "TactileBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Tactile", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Shared fixtures: scenes, synthetic frames and the trace location, used by the benchmarks and `compare`.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
                .product(name: "TactileReplay", package: "Tactile"),
            ]
        ),
        // package-benchmark suites: allocation counts (thresholds gate on these) and scaling.
        .executableTarget(
            name: "Pipeline",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
                .product(name: "TactileReplay", package: "Tactile"),
            ],
            path: "Benchmarks/Pipeline",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The Tactile side of the side-by-side with libevemu: one stage per run, for timing and callgrind.
        .executableTarget(
            name: "tactile-stage",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
            ]
        ),
        // Scaling tables: touches, views (flat, deep, balanced), recognizers, failure-requirement chains; SVG plots.
        .executableTarget(name: "tactile-scaling", dependencies: ["BenchmarkSupport"]),
        // P5: the latency of one ten-finger frame, first evdev event into the decoder → `Application.send` returns.
        .executableTarget(
            name: "tactile-latency",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "TactileInput", package: "Tactile"),
            ]
        ),
        // Long runs: an hour of synthetic ten-finger input through the photo viewer, peak RSS at checkpoints.
        .executableTarget(
            name: "tactile-longrun",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
                .product(name: "TactileReplay", package: "Tactile"),
            ]
        ),
        // Issue 36: the Swift side of the C boundary's cost per frame (Benchmarks/CAPI/measure.sh).
        .executableTarget(
            name: "tactile-capi-swift",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
