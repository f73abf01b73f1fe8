// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tactile",
    products: [
        .library(name: "Tactile", targets: ["Tactile"]),
        .library(name: "TactileInput", targets: ["TactileInput"]),
        .executable(name: "tactile", targets: ["tactile"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // The core: pure Swift, no C, no I/O, no wall clock.
        .target(name: "Tactile", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // libevdev, as a system library (Debian: libevdev-dev).
        .systemLibrary(
            name: "CLibevdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        // Everything evdev: devices, the multitouch decoder, trace files, screen mapping.
        .target(name: "TactileInput", dependencies: ["Tactile", "CLibevdev"]),
        .executableTarget(
            name: "tactile",
            dependencies: [
                "Tactile", "TactileInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TactileTests",
            dependencies: ["Tactile", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "TactileInputTests",
            dependencies: [
                "TactileInput", "Tactile",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
