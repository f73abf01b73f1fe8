import Foundation
import TactileTestSupport
import Testing

/// Issue 26, "true explanations": `--explain` gives the cause the arena acted on, each reason kind checked
/// against a scene and trace built to produce it, and every explanation cites the semantics reference
/// ("spec §N.N").
@Suite("--explain gives the cause the arena acted on", .serialized)
struct ExplanationTests {
    /// The `why:` line of each entry of `tactile replay … --explain`, keyed by the entry's text.
    static func explained(_ arguments: [String]) throws -> [(entry: String, why: String)] {
        let result = try Tactile.run(["replay"] + arguments + ["--explain", "--allow-touches-down"])
        #expect(result.status == 0, "\(result.errors)")
        var pairs: [(String, String)] = []
        let lines = result.outputLines
        for (index, line) in lines.enumerated() where !line.hasPrefix("    why: ") {
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("    why: ") else {
                Issue.record("no why: line after \(line)")
                continue
            }
            pairs.append((line, String(lines[index + 1].dropFirst("    why: ".count))))
        }
        return pairs
    }

    /// The explanation of the first entry that contains `entry`.
    static func why(_ pairs: [(entry: String, why: String)], _ entry: String) -> String? {
        pairs.first { $0.entry.contains(entry) }?.why
    }

    /// An evemu trace on the synthetic touchscreen (3520 × 1984): one finger at `(x, y)` held for `hold`
    /// seconds, then moved by `dy` device units over 0.2 s; lifted unless `lift` is false.
    static func trace(x: Int, y: Int, hold: Double, dy: Int, lift: Bool = true, name: String) throws -> String {
        let header = try String(contentsOfFile: Package.path("Traces/tap.evemu"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        var lines = [header]
        func event(_ t: Double, _ type: String, _ code: String, _ value: Int) {
            lines.append("E: \(String(format: "%.6f", t)) \(type) \(code) \(String(format: "%04d", value))")
        }
        event(0, "0003", "0039", 1)
        event(0, "0003", "0035", x)
        event(0, "0003", "0036", y)
        event(0, "0001", "014a", 1)
        event(0, "0000", "0000", 0)
        var t = 0.0
        while t + 0.01 < hold {
            t += 0.01
            event(t, "0003", "003a", 60 + Int(t * 100) % 2)  // pressure jitter: the time goes on
            event(t, "0000", "0000", 0)
        }
        for step in 1...20 {
            t += 0.01
            event(t, "0003", "0036", y + dy * step / 20)
            event(t, "0000", "0000", 0)
        }
        if lift {
            t += 0.01
            event(t, "0003", "0039", -1)
            event(t, "0001", "014a", 0)
            event(t, "0000", "0000", 0)
        }
        return temporaryFile(lines.joined(separator: "\n") + "\n", name: name)
    }

    @Test("Traces/tap.evemu: the screen's cancelled is the tap recognizing with cancelsTouchesInView")
    func tapCancels() throws {
        let pairs = try Self.explained(["Traces/tap.evemu"])
        let why = try #require(Self.why(pairs, "screen: cancelled{#1}"))
        #expect(why == "tap recognized, and cancelsTouchesInView is true: the touches it received are cancelled in their views (spec §5.7)")
        #expect(Self.why(pairs, "tap: possible → recognized (doubleTap failed)") == "it had recognized but waited for doubleTap to fail; doubleTap failed, so it commits now (spec §5.12)")
        #expect(Self.why(pairs, "tap waits for doubleTap to fail") == "it would recognize (1 tap of 1 touch) but requires doubleTap to fail first, so it stays possible until that one fails (spec §5.12)")
        #expect(Self.why(pairs, "screen: ended{#1} withheld") == "tap and doubleTap have not decided yet and delay touchesEnded (spec §5.9)")
        #expect(Self.why(pairs, "deadline: doubleTap") == "a timer that doubleTap asked for came due on the input's clock (spec §5.14)")
        #expect(Self.why(pairs, "screen: began{#1}") == "hit-testing chose screen: the front-most view that contains the point and takes interaction (spec §3.1)")
        #expect(Self.why(pairs, "edgePan: failed → possible (reset)") == "after a final state the runtime resets it to possible, ready for the next gesture (spec §5.4)")
    }

    @Test("A tap whose cancelsTouchesInView is false cancels nothing: the view gets its ended")
    func tapThatDoesNotCancel() throws {
        let scene = temporaryFile("""
            {"version": 1, "window": {"width": 1280, "height": 800},
             "views": [{"name": "screen", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800}, "handlesTouches": true,
               "recognizers": [{"kind": "tap", "name": "tap", "cancelsTouchesInView": false}]}]}
            """, name: "tap-keeps.json")
        let pairs = try Self.explained(["Traces/tap.evemu", "--scene", scene])
        #expect(!pairs.contains { $0.entry.contains("cancelled{") })
        #expect(Self.why(pairs, "screen: ended{#1}") == "a touch is delivered to the view it began in for its whole life, even outside its bounds (spec §2.3)")
    }

    @Test("A pan that begins after waiting for the swipe: the pan, not the swipe, cancels the touch")
    func panCancels() throws {
        let pairs = try Self.explained(["Traces/pan.evemu"])
        #expect(Self.why(pairs, "screen: cancelled{#1}") == "pan began, and cancelsTouchesInView is true: the touches it received are cancelled in their views (spec §5.7)")
        #expect(Self.why(pairs, "swipe: possible → failed")?.hasPrefix("its touches can no longer make the gesture: ") == true)
    }

    @Test("A scroll view's pan that begins cancels the content touch it let through")
    func scrollViewCancels() throws {
        let scene = temporaryFile("""
            {"version": 1, "window": {"width": 1280, "height": 800},
             "views": [{"name": "list", "kind": "scrollView", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
               "contentSize": {"width": 1280, "height": 2000},
               "subviews": [{"name": "card", "frame": {"x": 0, "y": 0, "width": 1280, "height": 2000}, "handlesTouches": true}]}]}
            """, name: "scroll.json")
        // Held 0.3 s (past the scroll view's 0.15 s content delay, so the card has its began), then dragged down.
        let trace = try Self.trace(x: 1760, y: 600, hold: 0.3, dy: 600, name: "hold-then-drag.evemu")
        let pairs = try Self.explained([trace, "--scene", scene])
        #expect(pairs.contains { $0.entry.contains("card: began{#1}") })
        #expect(Self.why(pairs, "card: cancelled{#1}") == "list.pan began scrolling: a scroll view's pan cancels the content touches it let through or held back (spec §4.6, §5.7)")
    }

    @Test("The input ends the touch: a palm, and a trace cut off with the finger down")
    func inputCancels() throws {
        let palm = try Self.explained(["Traces/palm.evemu"])
        let palmWhy = try #require(Self.why(palm, "screen: cancelled{#1}"))
        #expect(palmWhy.hasPrefix("the input ended the touch without a lift: palm in slot "), "\(palmWhy)")
        #expect(palmWhy.hasSuffix("(spec §1.2)"))
        // Held 0.1 s and moved 5 units: no recognizer commits; the trace ends with the finger down.
        let cut = try Self.trace(x: 1760, y: 600, hold: 0.1, dy: 5, lift: false, name: "cut.evemu")
        let pairs = try Self.explained([cut])
        #expect(Self.why(pairs, "screen: cancelled{#1}") == "the input ended the touch without a lift: the trace ends with #1 down: cancelled it (a recording cut off mid-gesture?) (spec §1.2)")
        #expect(Self.why(pairs, "decoder: the trace ends") == "the evdev decoder repaired or filtered the raw input (spec §1.2)")
    }

    @Test("Every explanation cites the semantics reference as spec §N.N", arguments: [
        ["Traces/tap.evemu"], ["Traces/double-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json"],
        ["Traces/tap.evemu", "--scene", "Traces/scenes/button-list.json"], ["Traces/pinch-in.evemu"],
    ])
    func citesTheSpec(arguments: [String]) throws {
        let pairs = try Self.explained(arguments)
        #expect(!pairs.isEmpty)
        for (entry, why) in pairs {
            #expect(why.contains("(spec §"), "\(entry): \(why)")
        }
        // JSON explains the same way.
        let json = try Tactile.run(["replay"] + arguments + ["--json", "--explain"])
        let whys = json.outputLines.dropFirst().compactMap { line -> String? in
            guard let range = line.range(of: #""why":""#) else { return nil }
            return String(line[range.upperBound...].dropLast(2))
        }
        #expect(whys == pairs.map(\.why), "the JSON log's why fields equal the text's")
    }
}
