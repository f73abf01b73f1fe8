// swift-tools-version: 6.2
import PackageDescription

// The test targets that drive UI objects (`@MainActor`, as UIKit's) are main-actor isolated by default (SE-0466), as
// an app target is in a new Xcode project; the tests of frames, devices and the rewriter stay nonisolated.
let mainActorTests: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

let package = Package(
    name: "Tactile",
    products: [
        .library(name: "Tactile", targets: ["Tactile"]),
        .library(name: "TactileContacts", targets: ["TactileContacts"]),
        .library(name: "TactileInput", targets: ["TactileInput"]),
        .library(name: "TactileReplay", targets: ["TactileReplay"]),
        .library(name: "TactileWayland", targets: ["TactileWayland"]),
        .library(name: "TactileGestures", targets: ["TactileGestures"]),
        .library(name: "TactileTesting", targets: ["TactileTesting"]),
        // UIKit's spelling over the core: `import TactileUIKit` replaces `import UIKit` in touch code.
        .library(name: "TactileUIKit", targets: ["TactileUIKit"]),
        .executable(name: "tactile", targets: ["tactile"]),
        // `tactile port`'s rewriter, on swift-syntax, for programs that port code themselves.
        .library(name: "TactilePort", targets: ["TactilePort"]),
        // `tactile port`'s tool, on swift-syntax: built only when asked for (`swift build --product tactile-port`).
        .executable(name: "tactile-port", targets: ["tactile-port"]),
        // libtactile, the C API (tactile.h): SwiftPM names them libTactileC.so and libTactileCStatic.a;
        // Scripts/install-libtactile.sh installs them as libtactile.so.0 (its SONAME) and libtactile.a.
        .library(name: "TactileC", type: .dynamic, targets: ["TactileC"]),
        .library(name: "TactileCStatic", type: .static, targets: ["TactileC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation` (the DocC catalogs in Sources/*/*.docc); CI builds them.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `tactile port` (TactilePort): the toolchain's own parser, at the toolchain's version (Swift 6.3).
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The core: pure Swift, no C, no I/O, no wall clock.
        .target(name: "Tactile", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // The gesture model shared by `tactile synth` and TactileTesting: finger strokes, the synthesizer's
        // gestures, report timing and finger jitter, seeded randomness. Pure Swift over the core, no C.
        .target(name: "TactileGestures", dependencies: ["Tactile"]),
        // Property-based testing of users' scenes and recognizers with Swift Testing: gesture scripts, generators,
        // invariant checks, log assertions. Core only: no C libraries in its dependency closure.
        .target(
            name: "TactileTesting",
            dependencies: [
                "Tactile", "TactileGestures", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // UIKit's spelling: a thin face over the core (UIKit's names as typealiases, CoreGraphics' names, time as
        // `TimeInterval`, UIKit's delegate shapes) that re-exports Tactile and Foundation as UIKit does. Not the
        // core: it may use Foundation and read the monotonic clock (`CACurrentMediaTime()`).
        .target(name: "TactileUIKit", dependencies: ["Tactile", "TactileUIKitBridge"]),
        // The core's members the face shadows with UIKit's types, under other names (package access only).
        .target(name: "TactileUIKitBridge", dependencies: ["Tactile"]),
        // Touches from any source that reports contacts one by one (a compositor's wl_touch, SDL, GTK, libinput)
        // assembled into the core's frames: `ContactStream`. Pure Swift over the core, no C, no I/O, no clock, so
        // an app that never opens a device needs no C library for it. TactileInput re-exports it.
        .target(name: "TactileContacts", dependencies: ["Tactile"]),
        // libevdev, as a system library (Debian: libevdev-dev).
        .systemLibrary(
            name: "CLibevdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        // libmtdev, as a system library (Debian: libmtdev-dev): turns protocol-A streams into slots.
        .systemLibrary(
            name: "CMtdev",
            pkgConfig: "mtdev",
            providers: [.apt(["libmtdev-dev"])]
        ),
        // libinput and libudev, as a system library (Debian: libinput-dev, which brings libudev-dev): the
        // libinput source of `LibinputTouchInput` (path backend for named devices, udev backend for a seat).
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),
        // Everything evdev: devices, the multitouch decoder, trace files, screen mapping; libinput as a source (through
        // a contact stream, which it re-exports).
        .target(
            name: "TactileInput",
            dependencies: [
                "Tactile", "TactileContacts", "CLibevdev", "CMtdev", "CLibinput",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // libwayland-client, as a system library (Debian: libwayland-dev): a Wayland compositor's wl_touch.
        .systemLibrary(
            name: "CWaylandClient",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        // The xdg-shell protocol's client code, generated by wayland-scanner and committed (its README says how).
        .target(name: "CXdgShell", dependencies: ["CWaylandClient"], exclude: ["README.md"]),
        // Touches from a Wayland compositor: the wl_touch adapter (a contact stream) and a small client window. Needs
        // libwayland-client and no evdev library: the contact stream is TactileContacts'.
        .target(name: "TactileWayland", dependencies: ["Tactile", "TactileContacts", "CWaylandClient", "CXdgShell"]),
        // The tool's library: scenes, the replay driver, log formats, SVG rendering and the trace synthesizer.
        .target(name: "TactileReplay", dependencies: ["Tactile", "TactileInput", "TactileGestures"]),
        // The C API's header (Sources/CTactileAPI/tactile.h, hand-written and installed), as a module for TactileC.
        .systemLibrary(name: "CTactileAPI"),
        // libtactile: the C-callable functions of tactile.h (`@c @implementation`: the compiler checks each one
        // against its declaration), over TactileReplay's scenes, driver and log formats.
        .target(name: "TactileC", dependencies: ["CTactileAPI", "Tactile", "TactileInput", "TactileReplay"]),
        // The command-line tool: thin commands over TactileReplay.
        .executableTarget(
            name: "tactile",
            dependencies: [
                "Tactile", "TactileInput", "TactileReplay", "TactileGestures", "TactileWayland",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test-only helpers shared by the test targets (no C, so `swift build` needs nothing extra for it).
        .target(name: "TactileTestSupport", path: "Tests/TestSupport"),
        // The core's tests. TactileInput and the real recordings (Traces/recordings) are here only for the scenario
        // tests that replay real recordings through the same scenes as their synthetic timelines
        // (Arena/Recorded*.swift).
        .testTarget(
            name: "TactileTests",
            dependencies: [
                "Tactile", "TactileInput", "TactileTestSupport", "TactileTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: mainActorTests
        ),
        // TactileTesting's own tests and the example of its article, on the public API only, without C.
        .testTarget(
            name: "TactileTestingTests",
            dependencies: [
                "Tactile", "TactileTesting", "TactileGestures", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: mainActorTests
        ),
        // The contact stream's tests, without C (as its module).
        .testTarget(
            name: "TactileContactsTests",
            dependencies: [
                "TactileContacts", "Tactile", "TactileTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Test-only: Debian's libevemu (libevemu-dev), the reference reader for the evemu round trip.
        .systemLibrary(
            name: "CEvemu",
            path: "Tests/CEvemu",
            pkgConfig: "evemu",
            providers: [.apt(["libevemu-dev"])]
        ),
        // Test-only: the libevemu reference reader shared by the two evemu test targets (needs libevemu-dev).
        .target(
            name: "TactileEvemuReference",
            dependencies: ["CEvemu", "Tactile", "TactileInput"],
            path: "Tests/EvemuReference"
        ),
        .testTarget(
            name: "TactileInputTests",
            dependencies: [
                "TactileInput", "Tactile", "CEvemu", "TactileTestSupport", "TactileEvemuReference",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TactileReplayTests",
            dependencies: [
                "TactileReplay", "TactileInput", "Tactile", "TactileGestures", "tactile", "CEvemu", "TactileTestSupport",
                "TactileEvemuReference", "TactileTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Expectation files, read from the source tree (and rewritten with TACTILE_RECORD_GOLDEN=1), and the
            // JUnit schema the check command's reports are validated against.
            exclude: ["Golden", "Schemas"],
            swiftSettings: mainActorTests
        ),
        // The wl_touch adapter's tests: wl_touch events as values, no compositor.
        .testTarget(
            name: "TactileWaylandTests",
            dependencies: ["TactileWayland", "TactileContacts", "TactileInput", "Tactile", "TactileTestSupport"]
        ),
        // UIKit app code ported to Tactile: the public API only (`import Tactile`, no @testable), its input written
        // with TactileTesting's `TouchSequence`.
        .testTarget(
            name: "TactilePortingTests", dependencies: ["Tactile", "TactileTesting"], swiftSettings: mainActorTests
        ),
        // UIKit app code compiled with only `import UIKit` changed to `import TactileUIKit`, driven by touches.
        .testTarget(
            name: "TactileUIKitPortingTests", dependencies: ["TactileUIKit", "TactileTesting"],
            // The UIKit originals the ported files are compared with, read from the source tree.
            exclude: ["UIKitOriginals"],
            swiftSettings: mainActorTests
        ),
        // App code that hops to the main actor (`DispatchQueue.main.async { self… }`, `Task { @MainActor in … }`) in
        // Swift 5 language mode without default isolation, as most app code is; TactileUIKitPortingTests compiles the
        // same file (a link) in Swift 6 mode with main-actor default isolation.
        .testTarget(
            name: "TactileAdoptionTests", dependencies: ["TactileUIKit", "TactileTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // `tactile port` (issue 38): UIKit touch code rewritten for Tactile by a source rewrite on swift-syntax — the
        // import, the Objective-C spelling Linux rejects (`@objc`, `dynamic`, `#selector`, `@objc optional`), the
        // rename table — with every rewrite reported and what cannot be ported named. No C, no Tactile dependency.
        .target(
            name: "TactilePort",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        // The port tool, an executable of its own so that `tactile` (and every build of it: the README's main
        // command, the release builds) never compiles swift-syntax; `tactile port …` runs it git-style.
        .executableTarget(
            name: "tactile-port",
            dependencies: ["TactilePort", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The rewriter's tests: every rewrite, idempotence, hostile source, paths, the command; and the corpus of
        // real UIKit code (Corpus/: originals with provenance, not compiled here) whose ports are
        // TactilePortCorpusTests'.
        .testTarget(name: "TactilePortTests", dependencies: ["TactilePort", "tactile-port"], exclude: ["Corpus"]),
        // The corpus's ports exactly as `tactile port` wrote them (each folder: one piece), compiled against
        // TactileUIKit with the marked stand-ins of StandIns/ (drawing and other non-touch UIKit API, the pieces'
        // own project types) and driven by touches (Behaviour/). In Swift 5 language mode, the pieces' projects'
        // own: Swift 6 rejects one of them on iOS too (SwiftSignatureView's `deinit` calls a main-actor method).
        .testTarget(
            name: "TactilePortCorpusTests", dependencies: ["TactileUIKit", "TactileTesting"],
            swiftSettings: mainActorTests + [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `TACTILE_WITHOUT_PORT=1` leaves out `tactile port`'s rewriter, its tool and their tests, with swift-syntax:
// builds that need no source rewriter, such as the AddressSanitizer build of .ci/sanitizers.sh (a memory-safe
// rewriter over swift-syntax, whose cold build alone takes about six minutes on two cores), do not compile it. The
// corpus's tests stay: they need TactileUIKit only.
if Context.environment["TACTILE_WITHOUT_PORT"] == "1" {
    let port: Set<String> = ["TactilePort", "tactile-port", "TactilePortTests"]
    package.products.removeAll { port.contains($0.name) }
    package.targets.removeAll { port.contains($0.name) }
    package.dependencies.removeAll { dependency in
        if case .sourceControl(_, let location, _) = dependency.kind {
            return location.hasSuffix("swift-syntax")
        }
        return false
    }
}
