import Tactile
import TactileInput

extension Scene {
    /// The scene used when none is given: one full-screen view, `screen`, that keeps its touches, carrying the
    /// common recognizers, arranged as a UIKit app arranges them to keep each one reachable:
    ///
    /// | name | kind | relationships |
    /// |---|---|---|
    /// | `tap` | tap, 1 finger | requires `doubleTap` to fail |
    /// | `doubleTap` | tap, 2 taps | |
    /// | `twoFingerTap` | tap, 2 fingers | |
    /// | `longPress` | long press, 0.5 s | |
    /// | `edgePan` | screen-edge pan, all edges | |
    /// | `swipe` | swipe right, a long fast flick (150 pt within 0.35 s) | requires `edgePan` to fail |
    /// | `pan` | pan, any number of fingers | requires `edgePan` and `swipe` to fail |
    /// | `pinch` | pinch | |
    /// | `rotation` | rotation | |
    ///
    /// `pan`, `pinch` and `rotation` may recognize simultaneously. Without the requirements the pan, which
    /// begins after 10 pt, would exclude the swipe and the edge pan on every drag (spec §5.12, scenario S8). With
    /// UIKit's swipe thresholds (50 pt within 0.5 s) the pan could still never begin to the right: any drag covers
    /// 50 pt within half a second. So the swipe is a long fast flick — 150 pt within 0.35 s of touch-down (a real
    /// flick on a Wacom ISDv4 screen covers 150 pt in 0.31 s, a brisk drag takes 0.4 s or more) — and a drag that
    /// is slower fails the swipe and pans. A drag from an edge is an edge pan, neither a swipe nor a pan. Every
    /// gesture `tactile synth` makes is recognized as itself (tested for several seeds).
    ///
    /// - Parameter screenSize: the screen (and window) size in points. Default 1280 × 800, the default of
    ///   `ScreenMapping`.
    public static func defaultScene(screenSize: Size = ScreenMapping().screenSize) -> Scene {
        var index = 0
        func recognizer(_ name: String, _ kind: RecognizerKind, requireToFail: [String] = []) -> RecognizerSpec {
            defer { index += 1 }
            var spec = RecognizerSpec(name: name, kind: kind, path: "views[0].recognizers[\(index)]")
            spec.requireToFail = requireToFail
            return spec
        }
        let flick = SwipeThresholds(minimumPrimaryMovement: 150, maximumDuration: .milliseconds(350))
        let swipe = recognizer(
            "swipe", .swipe(direction: .right, touches: 1, thresholds: flick), requireToFail: ["edgePan"])
        var flags = Flags()
        flags.isMultipleTouchEnabled = true
        let screen = ViewSpec(
            name: "screen", kind: .view(handlesTouches: true), geometry: .frame(Rect(origin: .zero, size: screenSize)),
            flags: flags,
            recognizers: [
                recognizer("tap", .tap(taps: 1, touches: 1), requireToFail: ["doubleTap"]),
                recognizer("doubleTap", .tap(taps: 2, touches: 1)),
                recognizer("twoFingerTap", .tap(taps: 1, touches: 2)),
                recognizer(
                    "longPress", .longPress(minimumPressDuration: .milliseconds(500), allowableMovement: 10, taps: 0, touches: 1)),
                recognizer("edgePan", .screenEdgePan(edges: .all)),
                swipe,
                recognizer("pan", .pan(minimumTouches: 1, maximumTouches: Int.max), requireToFail: ["edgePan", "swipe"]),
                recognizer("pinch", .pinch),
                recognizer("rotation", .rotation),
            ],
            path: "views[0]")
        return Scene(
            file: "(default scene)", title: "default full-screen scene", windowSize: screenSize,
            screen: ScreenMapping(screenSize: screenSize), views: [screen],
            simultaneous: [.init("pan", "pinch"), .init("pan", "rotation"), .init("pinch", "rotation")])
    }
}
