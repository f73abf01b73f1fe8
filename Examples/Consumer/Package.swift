// swift-tools-version: 6.1
// A user's package, written the way Tactile's README and its Getting started article say: Tactile from a clone in
// any folder (`.package(name: "Tactile", path: …)`; from its home it would be `.package(url: …, from: "0.1.0")`),
// TactileTesting for the tests, and swift-property-based, whose `propertyCheck` the tests call (declared here rather
// than reached as an implicit transitive import through TactileTesting). `.ci/run` builds it and runs its test.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(name: "Tactile", path: "../.."),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .target(name: "Consumer", dependencies: [.product(name: "Tactile", package: "Tactile")]),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                "Consumer",
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileTesting", package: "Tactile"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
