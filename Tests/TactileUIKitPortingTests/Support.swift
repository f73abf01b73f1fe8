import Foundation
import TactileTesting
import TactileUIKit
import Testing

// The harness of the UIKit porting tests: an application with one window, driven by TactileTesting's gesture
// scripts sampled at 120 Hz without jitter (so each expectation is about the ported code, not the noise).

/// An application with one 800×600 window at the screen's origin, and a player for it.
func makeScreen() -> (UIApplication, UIWindow, GesturePlayer) {
    let application = UIApplication()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    application.addWindow(window)
    return (application, window, GesturePlayer(application: application, sampling: .exact(rate: 120)))
}

/// The source file of this directory named `name`.
func sourceFile(_ name: String, filePath: String = #filePath) throws -> String {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
}
