import Foundation
import TactileTestSupport
import Testing

/// Positions, filters and forwarding chains in the printed log (issue 15, item 1), through the real command.
@Suite("Log positions, filters and forwarding chains", .serialized)
struct LogOptionsTests {
    /// A scene with one view that passes its touches up (a plain view does not handle them), 600,300 from the
    /// window's origin, under the built-in device's middle (640,400 on its default 1280×800 screen).
    static func boxScene() -> String {
        temporaryFile(
            #"{"version": 1, "window": {"width": 1280, "height": 800}, "views": [{"name": "box", "frame": {"x": 600, "y": 300, "width": 100, "height": 200}, "recognizers": [{"name": "press", "kind": "longPress"}]}]}"#,
            name: "box.json")
    }

    static func synthesize(_ gesture: String) throws -> String {
        let path = temporaryDirectory().appendingPathComponent("\(gesture).evemu").path
        let result = try Tactile.run(["synth", gesture, "-o", path])
        try #require(result.status == 0, "\(result.errors)")
        return path
    }

    static func objects(_ result: Tactile.Result) throws -> [[String: Any]] {
        try result.outputLines.dropFirst().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test("JSON touch entries carry window and view positions; the view's are the window's less its origin")
    func jsonPositions() throws {
        let trace = try Self.synthesize("tap")
        let result = try Tactile.run(["replay", trace, "--scene", Self.boxScene(), "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let touches = try Self.objects(result).filter { $0["type"] as? String == "touches" }
        try #require(touches.count >= 2)
        for entry in touches {
            let ids = try #require(entry["touches"] as? [Int])
            let window = try #require(entry["locations"] as? [[Double]])
            let view = try #require(entry["viewLocations"] as? [[Double]])
            #expect(window.count == ids.count && view.count == ids.count)
            for (w, v) in zip(window, view) {
                // The tap lands in the middle of the screen, within the synthesizer's landing scatter (a finger is not
                // a pixel).
                #expect(abs(w[0] - 640) < 25 && abs(w[1] - 400) < 25, "\(w)")
                #expect(abs(v[0] - (w[0] - 600)) < 0.0015 && abs(v[1] - (w[1] - 300)) < 0.0015, "\(w) \(v)")
            }
        }
    }

    @Test("Text shows positions with --positions only, one decimal, window then view")
    func textPositions() throws {
        let trace = try Self.synthesize("tap")
        let plain = try Tactile.run(["replay", trace, "--scene", Self.boxScene()])
        #expect(!plain.output.contains("@("))
        let located = try Tactile.run(["replay", trace, "--scene", Self.boxScene(), "--positions"])
        let began = try #require(located.outputLines.first { $0.contains(": began{") })
        let pattern = #/^0\.000s box: began\{#1@\((\d+\.\d),(\d+\.\d)\) view@\((\d+\.\d),(\d+\.\d)\)\}/#
        let match = try #require(began.firstMatch(of: pattern), "\(began)")
        let (wx, wy, vx, vy) = (Double(match.1)!, Double(match.2)!, Double(match.3)!, Double(match.4)!)
        #expect(abs(vx - (wx - 600)) <= 0.1 && abs(vy - (wy - 300)) <= 0.1)
        // The same log with the positions taken out.
        let stripped = located.outputLines.map { $0.replacing(#/@\([-\d.]+,[-\d.]+\)| view@\([-\d.]+,[-\d.]+\)/#, with: "") }
        #expect(stripped == plain.outputLines)
    }

    @Test("A view that passes touches up prints one line per call: the chain and the drop at its end")
    func forwardingChain() throws {
        let result = try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json"])
        #expect(result.status == 0)
        #expect(!result.output.contains("(forwarded)"))
        #expect(result.outputLines.contains("0.000s photo: began{#1} → window → application (dropped at the end of the responder chain)"))
        let json = try Self.objects(try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json", "--json"]))
        let first = try #require(json.first)
        #expect(first["type"] as? String == "touches" && first["forwardedTo"] as? [String] == ["window", "application"])
        #expect(first["dropped"] as? Bool == true)
        #expect(!json.contains { $0["type"] as? String == "forwarded" })
        // --explain: one why for the whole chain.
        let explained = try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json", "--explain"])
        #expect(explained.outputLines[1].contains("passes them up the responder chain to window, then application (spec §4.7)"))
    }

    @Test("--only keeps the kinds of entry asked for; --target keeps the entries about a name")
    func filters() throws {
        let scene = "Traces/scenes/photo-viewer.json"
        let all = try Self.objects(try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", scene, "--json"]))
        let only = try Self.objects(try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", scene, "--json", "--only", "recognizer,action"]))
        #expect(!only.isEmpty)
        #expect(only.allSatisfy { ["recognizer", "action"].contains($0["type"] as? String) })
        #expect(only.count == all.filter { ["recognizer", "action"].contains($0["type"] as? String) }.count)
        let text = try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", scene, "--target", "doubleTap", "--only", "recognizer"])
        #expect(text.outputLines == [
            "0.325s doubleTap: possible → recognized (2 taps of 1 touch)",
            "0.325s doubleTap: recognized → possible (reset)",
        ])
        // A chain matches any responder on it, and the forwarded kind.
        let window = try Tactile.run(["replay", "Traces/double-tap.evemu", "--scene", scene, "--target", "window", "--only", "forwarded"])
        #expect(!window.outputLines.isEmpty && window.outputLines.allSatisfy { $0.contains(" → window") })
        expectUsageError(
            try Tactile.run(["replay", "Traces/tap.evemu", "--only", "touches,recogniser"]),
            "--only: unknown kind of entry \"recogniser\" (known: touches, forwarded, dropped, controlEvent, touchIgnored, deadline, input, decoder, recognizer, action, arena, scroll)")
    }
}
