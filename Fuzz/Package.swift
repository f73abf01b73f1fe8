// swift-tools-version: 6.1
// Coverage-guided fuzz targets for Tactile (libFuzzer), kept out of the main package so that `swift test` never
// builds them. Build and run one with `Fuzz/run.sh TARGET SECONDS` (README.md).
import PackageDescription

// `-parse-as-library`: each target defines `<module>_main` itself and hands control to libFuzzer's driver
// (SwiftPM links executables with `--defsym main=<module>_main`).
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "TactileFuzz",
    dependencies: [.package(name: "Tactile", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
                .product(name: "TactileReplay", package: "Tactile"),
            ]
        ),
        .executableTarget(name: "FuzzEvemu", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzLibinputRecord", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzScene", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzDecoderDispatch", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzContactStream", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    ],
    swiftLanguageModes: [.v6]
)
