import Foundation
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// One golden replay: a trace through a scene, and why its log is what UIKit would do.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// The trace, relative to the package root (`Traces/…`) or a file name in `../shared/traces`.
    var trace: String
    /// The scene's base name in `Traces/scenes`, or `default` for the scene used without `--scene`.
    var scene: String
    /// One sentence: why this log is UIKit's behaviour (the expectation file's header).
    var why: String

    var isShared: Bool { !trace.hasPrefix("Traces/") }
    var tracePath: String { isShared ? SharedTraces.path(trace) : Package.path(trace) }
    var scenePath: String { Package.path("Traces/scenes/\(scene).json") }
    var isDefaultScene: Bool { scene == "default" }
    /// The scene, loaded from its file or the default one.
    func loadScene() throws -> Scene { isDefaultScene ? Scene.defaultScene() : try Scene.load(path: scenePath) }
    var traceName: String { (trace as NSString).lastPathComponent }
    /// The expectation file.
    var goldenPath: String {
        let base = (traceName as NSString).deletingPathExtension
        return Package.path("Tests/TactileReplayTests/Golden/\(base)@\(scene).log")
    }
    var testDescription: String { "\(traceName) through \(scene)" }
}

/// Golden replays: each trace through its scene, compared line by line with the expectation checked in under
/// `Golden/`. Set `TACTILE_RECORD_GOLDEN=1` to rewrite the expectations on purpose (then review the diff).
@Suite("Golden replays")
struct GoldenReplayTests {
    static let isRecording = ProcessInfo.processInfo.environment["TACTILE_RECORD_GOLDEN"] == "1"

    static let synthesized: [GoldenCase] = [
        .init(trace: "Traces/tap.evemu", scene: "button-list",
              why: "Hit-testing picks the row under the finger, and a button tracks its touch: touchDown on began, touchUpInside when it lifts inside its bounds (§3.1, §4.9)."),
        .init(trace: "Traces/tap-share-button.evemu", scene: "photo-viewer",
              why: "The share button is the front-most view under the finger, so it receives the touch and sends touchDown, then touchUpInside (§3.1, §4.9)."),
        .init(trace: "Traces/double-tap.evemu", scene: "photo-viewer",
              why: "Each tap is a new touch hit-tested to the photo, which does not override the touch methods, so every call climbs photo → window → application and is dropped there (§2.1, §4.7, §4.8)."),
        .init(trace: "Traces/long-press.evemu", scene: "drawing-canvas",
              why: "The canvas handles its own touches, so a held finger gives began, the moves its jitter makes, and ended, all on the canvas (§2.2, §2.3)."),
        .init(trace: "Traces/pan.evemu", scene: "photo-viewer",
              why: "A drag stays with the view it began in: every move and the lift go to the canvas (§2.3)."),
        .init(trace: "Traces/swipe.evemu", scene: "default",
              why: "A fast flick is still one touch of the photo, forwarded up the responder chain at each phase because the photo does not handle touches itself (§2.3, §4.7)."),
        .init(trace: "Traces/pinch-in.evemu", scene: "photo-viewer",
              why: "The photo is multiple-touch enabled, so the second finger's touch is delivered to it too, and both move in the same calls (§4.3)."),
        .init(trace: "Traces/pinch-out.evemu", scene: "photo-viewer",
              why: "The photo is multiple-touch enabled, so both fingers' touches are delivered to it, together when they move together (§4.3)."),
        .init(trace: "Traces/rotation.evemu", scene: "photo-viewer",
              why: "Two fingers turning on the multiple-touch-enabled photo are two touches of the photo, reported together in each call (§4.3)."),
        .init(trace: "Traces/two-finger-tap.evemu", scene: "photo-viewer",
              why: "Two fingers landing a few milliseconds apart on a multiple-touch-enabled view each begin their own touch on it (§2.1, §4.3)."),
        .init(trace: "Traces/edge-pan.evemu", scene: "drawing-canvas",
              why: "A drag from the left edge is a touch of the canvas under it, which keeps it from began to ended (§2.3)."),
    ]

    static let shared: [GoldenCase] = [
        .init(trace: "wacom-isdv4-e6-ts__1finger-tap.events", scene: "button-list",
              why: "A 24 ms tap on a row is a complete button press: touchDown, then touchUpInside (§4.9)."),
        .init(trace: "wacom-isdv4-e6-ts__1finger-double-tap.events", scene: "photo-viewer",
              why: "A double tap is two touches of the photo, each forwarded to the end of the responder chain (§2.1, §4.7)."),
        .init(trace: "wacom-isdv4-e6-ts__2finger-tap.events", scene: "photo-viewer",
              why: "Two contacts that begin and end in the same reports reach the multiple-touch-enabled photo in one began and one ended call (§4.3)."),
        .init(trace: "wacom-isdv4-e6-ts__2finger-tap-staggered-release.events", scene: "drawing-canvas",
              why: "Fingers that lift in different reports end in separate calls, in the order they lifted (§2.2)."),
        .init(trace: "wacom-isdv4-e6-ts__1finger-pan-down.events", scene: "button-list",
              why: "A pan that starts between rows belongs to the scroll view it began in, whichever rows it crosses (§2.3)."),
        .init(trace: "wacom-isdv4-e6-ts__1finger-swipe-right.events", scene: "default",
              why: "A swipe across the photo stays the photo's touch even where it leaves the photo's bounds (§2.3)."),
        .init(trace: "wacom-isdv4-e6-ts__2finger-pan-down.events", scene: "photo-viewer",
              why: "The second finger lands 24 ms after the first and still reaches the multiple-touch-enabled photo (§4.3)."),
        .init(trace: "atmel-maxtouch-ts__1finger-fast-taps-x9.evemu", scene: "button-list",
              why: "Taps 115–150 ms apart on the same spot count up tapCount, so the button sends touchDownRepeat after touchDown from the second tap on (§2.6, §4.9)."),
        .init(trace: "atmel-maxtouch-ts__2finger-touch-release.evemu", scene: "drawing-canvas",
              why: "Two fingers resting on the canvas are two touches of it; their jitter is delivered as moves (§2.2, §4.3)."),
        .init(trace: "atmel-maxtouch-ts__4finger-swipe-down.evemu", scene: "drawing-canvas",
              why: "Four fingers landing over 110 ms each begin a touch of the multiple-touch-enabled canvas, and touches that move together are reported in one call (§4.3)."),
        .init(trace: "ep0430m09-ts__2finger-pan-vertical.evemu", scene: "photo-viewer",
              why: "A two-finger pan at 134 Hz gives the photo one moved call per report with the fingers that moved (§1.2, §2.2)."),
        .init(trace: "quanta-optical-ts__1finger-long-press.events", scene: "drawing-canvas",
              why: "A 1.4 s press that drifts is one touch of the canvas with many moves (§2.3)."),
        .init(trace: "quanta-optical-ts__1finger-press-left-edge.events", scene: "drawing-canvas",
              why: "A press at the left edge is hit-tested like any other point: the canvas gets it (§3.1)."),
        .init(trace: "wetab-egalax-ts__1finger-taps-x11.evemu", scene: "button-list",
              why: "Eleven taps each press the row under them; taps close in time and place repeat the count and send touchDownRepeat (§2.6, §4.9)."),
        .init(trace: "egalax-empia-pcap-ts__1finger-tap.events", scene: "button-list",
              why: "A tap whose reports arrive within 53 µs is still a full began–moved–ended sequence, here on the scroll view between two rows (§1.2)."),
        .init(trace: "ntrig-multitouch-ts__typeA-2finger-touch-release.events", scene: "drawing-canvas",
              why: "A protocol-A device's anonymous contacts become tracked touches, and both reach the canvas (§1.1, §4.3)."),
        .init(trace: "wacom-cintiq13hd-ts__1finger-short-drag.evemu", scene: "button-list",
              why: "An 8 mm drag within a button stays inside its tracking area, so it sends touchDragInside and ends in touchUpInside (§4.9)."),
    ]

    /// The text log of a replay, as `tactile replay` prints it.
    static func log(_ golden: GoldenCase) throws -> [String] {
        let instance = try golden.loadScene().instantiate()
        var lines: [String] = []
        let driver = ReplayDriver(instance: instance) { event in lines += ReplayLogFormat.text.lines(for: event) }
        try driver.replay(TraceReplay(path: golden.tracePath, scene: instance.scene))
        return lines
    }

    /// Compares a replay with its expectation, or rewrites the expectation when recording.
    static func check(_ golden: GoldenCase) throws {
        let lines = try log(golden)
        let header = [
            "# \(golden.why)",
            "# tactile replay \(golden.isShared ? "../shared/traces/" : "")\(golden.trace)"
                + (golden.isDefaultScene ? "" : " --scene Traces/scenes/\(golden.scene).json"),
        ]
        if isRecording {
            try (header + lines).joined(separator: "\n").appending("\n")
                .write(toFile: golden.goldenPath, atomically: true, encoding: .utf8)
            return
        }
        guard let stored = try? String(contentsOfFile: golden.goldenPath, encoding: .utf8) else {
            Issue.record("no expectation at \(golden.goldenPath); record it with TACTILE_RECORD_GOLDEN=1 swift test")
            return
        }
        let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(storedLines.first?.hasPrefix("# ") == true, "the expectation starts with its why")
        let expected = storedLines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let firstDifference = zip(expected, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        if let index = firstDifference ?? (expected.count == lines.count ? nil : min(expected.count, lines.count)) {
            let want = index < expected.count ? expected[index] : "(end of log)"
            let got = index < lines.count ? lines[index] : "(end of log)"
            Issue.record("\(golden.goldenPath): entry \(index + 1) differs\n  expected: \(want)\n  actual:   \(got)\n(re-record with TACTILE_RECORD_GOLDEN=1 if the change is intended)")
        }
    }

    @Test("Synthesized traces replay to their expected logs", arguments: synthesized)
    func synthesizedTraces(golden: GoldenCase) throws {
        try Self.check(golden)
    }

    @Test("Real recordings replay to their expected logs", .enabled(if: SharedTraces.isAvailable), arguments: shared)
    func sharedTraces(golden: GoldenCase) throws {
        try Self.check(golden)
    }

    @Test("Every trace in Traces/ has a golden replay, and every expectation file belongs to a case")
    func coverage() throws {
        let traces = try FileManager.default.contentsOfDirectory(atPath: Package.path("Traces")).filter { $0.hasSuffix(".evemu") }
        #expect(Set(traces) == Set(Self.synthesized.map(\.traceName)))
        #expect(Self.shared.count >= 12)
        let files = try FileManager.default.contentsOfDirectory(atPath: Package.path("Tests/TactileReplayTests/Golden"))
            .filter { $0.hasSuffix(".log") }
        let known = Set((Self.synthesized + Self.shared).map { ($0.goldenPath as NSString).lastPathComponent })
        #expect(Set(files).subtracting(known).isEmpty, "stale expectation files")
    }
}
