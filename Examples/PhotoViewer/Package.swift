// swift-tools-version: 6.2
// The photo viewer example: an SDL2 app whose views, gesture recognizers and controls are Tactile's.
// A package of its own so that the main package and its tests never need SDL.
import PackageDescription

let package = Package(
    name: "PhotoViewer",
    dependencies: [
        // The main package, by path: this example always builds against the checkout it sits in.
        .package(name: "Tactile", path: "../.."),
    ],
    targets: [
        // SDL2, as a system library (Debian: libsdl2-dev). No pkgConfig: sdl2.pc's cflags carry -D_REENTRANT,
        // which SwiftPM refuses with a warning; the shim includes <SDL2/SDL.h>, so no include path is needed.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // zlib, for writing PNG screenshots (Debian: zlib1g-dev).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .executableTarget(
            name: "PhotoViewer",
            dependencies: [
                "CSDL2", "CZlib",
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileInput", package: "Tactile"),
                // The compositor's wl_touch on SDL's own Wayland connection (WindowTouchInput.swift).
                .product(name: "TactileWayland", package: "Tactile"),
            ],
            // An app: its code runs on the main thread, the main actor's, where its UI objects are (SE-0466).
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
