import Foundation
import TactileInput
import TactileTestSupport
import Testing

@testable import TactileReplay

/// One golden replay: a trace through a scene, and why its log is what UIKit would do.
nonisolated struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// The trace, relative to the package root (`Traces/…`) or a file name in `Traces/recordings`.
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

    nonisolated static let synthesized: [GoldenCase] = [
        .init(trace: "Traces/tap.evemu", scene: "button-list",
              why: "The scroll view holds the row's began back while its pan decides; the finger lifts within the 0.15 s content delay, so the pan fails and the row gets began and ended back to back and sends touchUpInside (§4.6, §4.9)."),
        .init(trace: "Traces/tap-share-button.evemu", scene: "photo-viewer",
              why: "The share button is the front-most view under the finger and no recognizer sits on it or its ancestors, so it tracks the touch alone: touchDown, then touchUpInside (§3.1, §4.9)."),
        .init(trace: "Traces/double-tap.evemu", scene: "photo-viewer",
              why: "The single tap recognizes after the first tap but waits for the double tap, which recognizes on the second tap, so the single tap fails and the photo's withheld touches are cancelled (§5.7, §5.9, §5.12)."),
        .init(trace: "Traces/long-press.evemu", scene: "drawing-canvas",
              why: "Held still for 0.5 s, the menu's long press begins on its timer and cancels the canvas's touch, then changes with the jitter and ends when the finger lifts (§5.1, §5.7, §5.14)."),
        .init(trace: "Traces/pan.evemu", scene: "photo-viewer",
              why: "Once the drag moves 10 pt the photo's pan begins and cancels the photo's touch, then changes with each move and ends at the lift; the taps are excluded by it (§5.1, §5.7, §5.11)."),
        .init(trace: "Traces/swipe.evemu", scene: "default",
              why: "The default scene's pan requires its swipe to fail, so it waits while the flick covers the swipe's 150 pt right in 83 ms and the swipe recognizes; the pan then fails and the others are excluded (§5.11, §5.12)."),
        .init(trace: "Traces/pinch-in.evemu", scene: "photo-viewer",
              why: "Two closing fingers change their span by 10 pt, so the pinch begins, and the rotation joins when the hand turns 3° because the pair may recognize simultaneously; both end when the fingers lift (§5.1, §5.11)."),
        .init(trace: "Traces/pinch-out.evemu", scene: "photo-viewer",
              why: "Two opening fingers begin the pinch after 10 pt of span, and the rotation joins as the hand turns 3°, simultaneously by the scene's pairs; both end at the lift (§5.1, §5.11)."),
        .init(trace: "Traces/rotation.evemu", scene: "photo-viewer",
              why: "Two fingers turning by 0.05 rad begin the rotation, which cancels the photo's touches and excludes the two-finger tap, then changes until the fingers lift (§5.1, §5.7, §5.11)."),
        .init(trace: "Traces/two-finger-tap.evemu", scene: "photo-viewer",
              why: "The second finger fails the one-finger taps, the photo's ended is withheld while the others decide, and the two-finger tap recognizes at the lift, cancelling the photo's touches (§5.7, §5.9)."),
        .init(trace: "Traces/pen.evemu", scene: "drawing-canvas",
              why: "A pen contact (MT_TOOL_PEN) is a touch of the pencil type that the canvas follows like a finger, began through its moves to ended; the menu's long press fails once it has moved 10 pt (§1.3, §5.1)."),
        .init(trace: "Traces/palm.evemu", scene: "drawing-canvas",
              why: "The finger flattens into a palm (MT_TOOL_PALM) after 0.2 s: the decoder cancels its touch, so the canvas gets cancelled instead of ended and the menu's long press fails with it (§1.2 rule 2)."),
        .init(trace: "Traces/palm-and-tap.evemu", scene: "button-list",
              why: "A palm resting from its first report never becomes a touch; the tap above it is the only touch, which lifts within the scroll view's content delay, so the row gets its full press and touchUpInside (§1.2, §4.6)."),
        .init(trace: "Traces/swipe.evemu", scene: "scroll-pager",
              why: "The zoomable page at scale 1 cannot scroll, so its pan declines and the paging scroll view's pan takes the flick; released at about 2 900 pt/s it goes on to the next page in the flick's direction, page 0, and rests there (§4.6)."),
        .init(trace: "Traces/pan.evemu", scene: "scroll-pager",
              why: "A slow drag of less than half a page, released at rest, settles back on the nearest page, page 1, where it started (§4.6)."),
        .init(trace: "Traces/pinch-out.evemu", scene: "scroll-pager",
              why: "Two opening fingers begin the zoomable page's own pinch, which zooms its photo about the fingers' midpoint to about 2× (within the 1–3× limits, so no bounce); the pager never pages (§4.6, §6.6)."),
        .init(trace: "Traces/edge-pan.evemu", scene: "drawing-canvas",
              why: "A drag that starts at the left edge and moves 10 pt away from it begins the screen-edge pan, which cancels the canvas's touch and fails the long press, and ends at the lift (§5.1, §5.7)."),
    ]

    nonisolated static let shared: [GoldenCase] = [
        .init(trace: "wacom-isdv4-e6-ts__1finger-tap.events", scene: "button-list",
              why: "A 24 ms tap lifts long before the scroll view's content delay, so its pan fails and the row gets its withheld began and the end together and sends touchUpInside (§4.6, §4.9)."),
        .init(trace: "wacom-isdv4-e6-ts__1finger-double-tap.events", scene: "photo-viewer",
              why: "A real double tap: the single tap waits for the double tap, which recognizes on the second tap, so the single tap fails (§5.12)."),
        .init(trace: "wacom-isdv4-e6-ts__2finger-tap.events", scene: "photo-viewer",
              why: "Two contacts landing and lifting together fail the one-finger taps and recognize the two-finger tap at the lift (§5.1, §5.11)."),
        .init(trace: "wacom-isdv4-e6-ts__2finger-tap-staggered-release.events", scene: "drawing-canvas",
              why: "Two fingers at once fail the one-finger long press, so the canvas keeps both touches and they end in separate calls in the order they lifted (§2.2, §5.1)."),
        .init(trace: "wacom-isdv4-e6-ts__1finger-pan-down.events", scene: "button-list",
              why: "The drag moves 11 pt down within the content delay, so the scroll view's pan begins and the row under the finger never hears of the touch (§4.6, §5.8)."),
        .init(trace: "wacom-isdv4-e6-ts__1finger-swipe-right.events", scene: "default",
              why: "A real swipe right: the default scene's pan waits for the swipe, which recognizes after 152 pt in 0.31 s, so the pan fails (§5.12)."),
        .init(trace: "wacom-isdv4-e6-ts__2finger-pan-down.events", scene: "photo-viewer",
              why: "Two fingers dragging down begin the photo's pan, and the pinch and rotation join from their span and angle drift because the scene lets them recognize together (§5.11)."),
        .init(trace: "atmel-maxtouch-ts__1finger-fast-taps-x9.evemu", scene: "button-list",
              why: "Each quick tap lifts within the scroll view's content delay, so the pan fails each time and the row gets a full press, repeating its tap count (touchDownRepeat) from the second on (§2.6, §4.6, §4.9)."),
        .init(trace: "atmel-maxtouch-ts__2finger-touch-release.evemu", scene: "drawing-canvas",
              why: "A second finger fails the one-finger long press and neither finger is near the left edge, so both resting touches stay with the canvas (§4.3, §5.1)."),
        .init(trace: "atmel-maxtouch-ts__4finger-swipe-down.evemu", scene: "drawing-canvas",
              why: "More fingers than the long press takes fail it and none starts at the left edge, so the canvas keeps all four touches (§4.3, §5.1)."),
        .init(trace: "ep0430m09-ts__2finger-pan-vertical.evemu", scene: "photo-viewer",
              why: "A two-finger pan begins the photo's pan after 10 pt, and the pinch and rotation join from the fingers' drift because the scene pairs them as simultaneous (§5.1, §5.11)."),
        .init(trace: "quanta-optical-ts__1finger-long-press.events", scene: "drawing-canvas",
              why: "The optical panel's press drifts 10.3 pt in 87 ms, beyond the long press's 10 pt allowableMovement, so the menu fails and the canvas keeps the touch (§5.1)."),
        .init(trace: "quanta-optical-ts__1finger-press-left-edge.events", scene: "drawing-canvas",
              why: "The press is 85 pt from the edge, beyond the edge pan's 20 pt margin, so the edge pan fails and the long press begins on its 0.5 s timer, cancelling the canvas's touch (§5.1, §5.7)."),
        .init(trace: "wetab-egalax-ts__1finger-taps-x11.evemu", scene: "button-list",
              why: "Every tap is held longer than the scroll view's 0.15 s content delay, so the row under the finger gets began when the delay passes, then the pan fails at the lift and the row gets ended and sends touchUpInside, with touchDownRepeat for taps close in time and place (§2.6, §4.6, §4.9)."),
        .init(trace: "egalax-empia-pcap-ts__1finger-tap.events", scene: "button-list",
              why: "A tap between two rows lands on the scroll view itself, whose pan fails at the lift, so the scroll view gets began and ended directly (§1.2, §4.6)."),
        .init(trace: "ntrig-multitouch-ts__typeA-2finger-touch-release.events", scene: "drawing-canvas",
              why: "The protocol-A contacts become tracked touches; the first finger held still for 0.5 s begins the long press, which cancels the canvas's touch (§1.1, §5.1, §5.7)."),
        .init(trace: "wacom-cintiq13hd-ts__1finger-short-drag.evemu", scene: "button-list",
              why: "The drag moves 17 pt before the 0.15 s content delay ends, so the scroll view's pan begins and the button under the finger never hears of the touch (§4.6, §5.8)."),
    ]

    /// The text log of a replay, as `tactile replay` prints it.
    static func log(_ golden: GoldenCase) throws -> [String] { try replay(golden).lines }

    /// A replay's text log, and its JSON log and input frames for the facts.
    static func replay(_ golden: GoldenCase) throws -> (lines: [String], record: GoldenRecord) {
        let instance = try golden.loadScene().instantiate()
        var lines: [String] = []
        var record = GoldenRecord(entries: [], frames: [])
        var parseErrors: [String] = []
        let printer = ReplayLogPrinter(format: .text, instance: instance)
        let driver = SceneDriver(instance: instance) { event in
            lines += printer.lines(for: event)
            if case .frame(let frame) = event { record.frames.append(frame) }
            for line in ReplayLogFormat.jsonLines(explain: false).lines(for: event) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    parseErrors.append(line)
                    continue
                }
                record.entries.append(object)
            }
        }
        try driver.replay(TraceReplay(path: golden.tracePath, scene: instance.scene))
        lines += printer.flush()
        #expect(parseErrors.isEmpty, "JSON lines that do not parse: \(parseErrors.prefix(3))")
        return (lines, record)
    }

    /// The name of the expectation file without `.log`: the key of its facts.
    static func key(_ golden: GoldenCase) -> String {
        ((golden.goldenPath as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Checks the case's decisive facts (``GoldenFacts``) on the replay: they hold whether or not the expectation
    /// file is being rewritten, so a re-recorded golden with another outcome fails.
    static func checkFacts(_ golden: GoldenCase, _ record: GoldenRecord) {
        guard let facts = GoldenFacts.byCase[key(golden)], !facts.isEmpty else {
            Issue.record("\(key(golden)) has no facts in GoldenFacts.byCase")
            return
        }
        for fact in facts {
            if let reason = fact.knownIssue {
                withKnownIssue(Comment(rawValue: reason)) {
                    if let problem = record.problem(with: fact) { Issue.record("\(key(golden)): \(problem)") }
                }
            } else if let problem = record.problem(with: fact) {
                Issue.record("\(key(golden)): \(problem)")
            }
        }
    }

    /// Compares a replay with its expectation, or rewrites the expectation when recording.
    static func check(_ golden: GoldenCase) throws {
        let (lines, record) = try replay(golden)
        checkFacts(golden, record)
        let header = [
            "# \(golden.why)",
            "# tactile replay \(golden.isShared ? "Traces/recordings/" : "")\(golden.trace)"
                + (golden.isDefaultScene ? "" : " --scene Traces/scenes/\(golden.scene).json"),
        ]
        if isRecording {
            // CI compares; it never writes expectations (a run there must not bless whatever the code does).
            guard ProcessInfo.processInfo.environment["CI"].map({ $0.isEmpty || $0 == "0" || $0 == "false" }) ?? true else {
                Issue.record("TACTILE_RECORD_GOLDEN=1 is refused when CI is set: record on a workstation and review the diff")
                return
            }
            try (header + lines).joined(separator: "\n").appending("\n")
                .write(toFile: golden.goldenPath, atomically: true, encoding: .utf8)
            return
        }
        guard let stored = try? String(contentsOfFile: golden.goldenPath, encoding: .utf8) else {
            Issue.record("no expectation at \(golden.goldenPath); record it with TACTILE_RECORD_GOLDEN=1 swift test")
            return
        }
        let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(storedLines.first == header[0], "the expectation starts with the case's why")
        #expect(storedLines.dropFirst().first == header[1], "the expectation's second line is the command that replays it")
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

    @Test("Real recordings replay to their expected logs", arguments: shared)
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
        // Every case states its decisive facts, and no facts are left for a case that no longer exists.
        let keys = Set((Self.synthesized + Self.shared).map(Self.key))
        #expect(keys.allSatisfy { GoldenFacts.byCase[$0]?.isEmpty == false }, "cases without facts")
        #expect(Set(GoldenFacts.byCase.keys) == keys, "facts without a case")
    }
}
