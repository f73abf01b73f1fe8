import Tactile
import TactileInput

extension Scene {
    /// The scene used when none is given: one full-screen view, `screen`, that keeps its touches, carrying the
    /// common recognizers — a single tap that waits for a double tap to fail, a double tap, a long press, a pan,
    /// a pinch and a rotation (pan, pinch and rotation simultaneous), and a right swipe. The pan requires the
    /// swipe to fail, as UIKit apps do to keep both on one view: otherwise the pan, which begins after 10 pt,
    /// would always exclude the swipe; a drag therefore begins panning once the swipe has failed (a wrong
    /// direction, too slow, or lifted).
    ///
    /// - Parameter screenSize: the screen (and window) size in points. Default 1280 × 800, the default of
    ///   ``ScreenMapping``.
    public static func defaultScene(screenSize: Size = ScreenMapping().screenSize) -> Scene {
        var index = 0
        func recognizer(_ name: String, _ kind: RecognizerKind, requireToFail: [String] = []) -> RecognizerSpec {
            defer { index += 1 }
            var spec = RecognizerSpec(name: name, kind: kind, path: "views[0].recognizers[\(index)]")
            spec.requireToFail = requireToFail
            return spec
        }
        var flags = Flags()
        flags.isMultipleTouchEnabled = true
        let screen = ViewSpec(
            name: "screen", kind: .view(handlesTouches: true), geometry: .frame(Rect(origin: .zero, size: screenSize)),
            flags: flags,
            recognizers: [
                recognizer("tap", .tap(taps: 1, touches: 1), requireToFail: ["doubleTap"]),
                recognizer("doubleTap", .tap(taps: 2, touches: 1)),
                recognizer(
                    "longPress", .longPress(minimumPressDuration: .milliseconds(500), allowableMovement: 10, taps: 0, touches: 1)),
                recognizer("pan", .pan(minimumTouches: 1, maximumTouches: Int.max), requireToFail: ["swipe"]),
                recognizer("pinch", .pinch),
                recognizer("rotation", .rotation),
                recognizer("swipe", .swipe(direction: .right, touches: 1)),
            ],
            path: "views[0]")
        return Scene(
            file: "(default scene)", title: "default full-screen scene", windowSize: screenSize,
            screen: ScreenMapping(screenSize: screenSize), views: [screen],
            simultaneous: [.init("pan", "pinch"), .init("pan", "rotation"), .init("pinch", "rotation")])
    }
}
