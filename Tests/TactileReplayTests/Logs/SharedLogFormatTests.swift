import Foundation
import Tactile
import TactileGestures
import TactileInput
import TactileReplay
import TactileTestSupport
import TactileTesting
import Testing

/// Issue 26, "one log format": TactileTesting's log is `tactile replay`'s text for the same run — a line copied
/// from the tool matches in `expectLog` — and a `GesturePlayer`'s times start where the tool's do.
@Suite("TactileTesting's log and the CLI's are one format", .serialized)
struct SharedLogFormatTests {
    /// The deliveries of an in-process replay of `trace` through `scene`: what TactileTesting's `expectLog`
    /// reads from an application.
    static func deliveries(_ trace: String, scene: String?) throws -> [Delivery] {
        let loaded = try scene.map { try Scene.load(path: Package.path($0)) } ?? Scene.defaultScene()
        let instance = try loaded.instantiate()
        var log: [Delivery] = []
        let driver = SceneDriver(instance: instance) { event in
            if case .delivery(let delivery) = event { log.append(delivery) }
        }
        try driver.replay(TraceReplay(path: Package.path(trace), scene: loaded))
        return log
    }

    @Test("The same replay: Delivery.logLines equals tactile replay's text, chains included", arguments: [
        ("Traces/double-tap.evemu", "Traces/scenes/photo-viewer.json"), ("Traces/tap.evemu", "Traces/scenes/button-list.json"),
        ("Traces/rotation.evemu", "Traces/scenes/photo-viewer.json"), ("Traces/long-press.evemu", nil),
        ("Traces/tap-share-button.evemu", "Traces/scenes/photo-viewer.json"),
    ] as [(String, String?)])
    func sameText(trace: String, scene: String?) throws {
        let cli = try Tactile.run(["replay", trace] + (scene.map { ["--scene", $0] } ?? []))
        #expect(cli.status == 0)
        // Decoder lines are the input layer's, not the application's log.
        let printed = cli.outputLines.filter { !$0.contains(" decoder: ") }
        let log = try Self.deliveries(trace, scene: scene)
        #expect(Delivery.logLines(log) == printed)
        // Every printed line, copied as it is, matches in expectLog, in order.
        expectLog(Delivery.logLines(log), contains: printed)
    }

    @Test("One format: each entry written into the tool's byte buffer is its description, whatever its kind",
          arguments: [
              ("Traces/double-tap.evemu", "Traces/scenes/photo-viewer.json"),
              ("Traces/recordings/3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu", "Traces/scenes/scroll-pager.json"),
              ("Traces/palm-and-tap.evemu", "Traces/scenes/button-list.json"),
          ] as [(String, String?)])
    func oneFormat(trace: String, scene: String?) throws {
        let log = try Self.deliveries(trace, scene: scene)
        var kinds = Set<String>()
        for delivery in log {
            var buffer = LogBuffer()
            delivery.write(to: &buffer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == delivery.description)
            kinds.insert(String(describing: delivery.kind).prefix { $0 != "(" }.description)
        }
        #expect(kinds.contains("touches") && kinds.contains("recognizerState") && kinds.count >= 3)
    }

    @Test("A chain the tool prints on one line matches in expectLog as printed")
    func chainLine() throws {
        let cli = try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json"])
        let chain = try #require(cli.outputLines.first { $0.contains(" → window → ") }, "photo passes its touches up")
        #expect(chain.hasSuffix("(dropped at the end of the responder chain)") || chain.contains(" → "))
        let log = try Self.deliveries("Traces/double-tap.evemu", scene: "Traces/scenes/photo-viewer.json")
        expectLog(log, contains: chain)
        // The core's own entries stay one per hop.
        #expect(log.contains { $0.description.hasSuffix("(forwarded)") })
    }

    @Test("A GesturePlayer's log starts at 0.000s, as tactile replay of the same synthesized gesture does",
          arguments: [SynthesizedGesture.tap, .doubleTap, .longPress, .pan])
    func timesStartAtZero(gesture: SynthesizedGesture) throws {
        let instance = try Scene.defaultScene().instantiate()
        let player = GesturePlayer(application: instance.application)
        let center = Point(x: 640, y: 400)
        _ = player.play(gesture, at: center, seed: 3)
        let played = Delivery.logLines(instance.application.deliveries)
        let cli = try shell(#""$TACTILE" synth \#(gesture.rawValue) --seed 3 | "$TACTILE" replay -"#)
        #expect(cli.status == 0)
        let first = try #require(played.first), firstPrinted = try #require(cli.outputLines.first)
        #expect(first.hasPrefix("0.000s "), "\(first)")
        #expect(firstPrinted.hasPrefix("0.000s "), "\(firstPrinted)")
        // The same gesture model and seed: the same decisions in the same order. (The player samples the strokes
        // itself, the synthesizer for its device: the moves, their times and measured values differ a little.)
        func decisions(_ lines: [String]) -> [String] {
            lines.filter { !$0.contains(": moved{") && !$0.contains(": changed → changed") && !$0.contains("action(changed)") }
                .map { String($0.drop { $0 != " " }.dropFirst()).replacing(/\ \(.*\)$/, with: "") }
        }
        #expect(decisions(played) == decisions(cli.outputLines.filter { !$0.contains(" decoder: ") }))
    }
}
