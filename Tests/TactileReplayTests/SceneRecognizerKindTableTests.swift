import Foundation
import Tactile
import Testing
@testable import TactileReplay

/// A recognizer only this test's kind makes.
private final class MarkedTapRecognizer: TapGestureRecognizer {
    var mark = ""
}

/// A kind that is in no table but the test's: `{"kind": "markedTap", "mark": "…"}`.
private struct MarkedTapKind: SceneRecognizerKind {
    static let name = "markedTap"
    var mark: String

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> MarkedTapKind {
        guard let mark = try reader.optionalString("mark") else { throw reader.missing("mark") }
        return MarkedTapKind(mark: mark)
    }

    func makeRecognizer() -> GestureRecognizer {
        let recognizer = MarkedTapRecognizer()
        recognizer.mark = mark
        return recognizer
    }

    static func values(of recognizer: GestureRecognizer) -> String? {
        (recognizer as? MarkedTapRecognizer).map { "mark \($0.mark)" }
    }
}

@Suite("The scene format's one table of recognizer kinds")
struct SceneRecognizerKindTableTests {
    /// A recognizer object of a scene file, decoded with `kinds`.
    private func decode(_ json: String, kinds: [any SceneRecognizerKind.Type] = Scene.recognizerKinds)
        throws(SceneError) -> Scene.RecognizerSpec
    {
        let value: JSONValue
        do { value = try JSONValue.parse(Data(json.utf8)) } catch { fatalError("test JSON: \(error)") }
        return try Scene.decodeRecognizer(value, file: "scene.json", path: "views[0].recognizers[0]", kinds: kinds)
    }

    /// The public built-in classes, as they declare themselves in `Sources/Tactile/6-Gestures` (`override class
    /// var builtInClass: GestureRecognizer.Type? { TapGestureRecognizer.self }`), so that a new built-in is
    /// found without a list here.
    private static func declaredBuiltIns() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Tactile/6-Gestures")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        let regex = try NSRegularExpression(
            pattern: #"override class var builtInClass: GestureRecognizer\.Type\? \{ (\w+)\.self \}"#)
        var names: Set<String> = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    @Test("Every built-in recognizer class is made by one kind of the table, and every kind is named in errors")
    func everyBuiltInIsInTheTable() throws {
        let declared = try Self.declaredBuiltIns()
        #expect(declared.isSuperset(of: [
            "TapGestureRecognizer", "LongPressGestureRecognizer", "PanGestureRecognizer",
            "ScreenEdgePanGestureRecognizer", "SwipeGestureRecognizer", "PinchGestureRecognizer",
            "RotationGestureRecognizer",
        ]))
        var made: Set<String> = []
        for kind in Scene.recognizerKinds {
            let extra = kind.name == "screenEdgePan" ? #", "edges": ["left"]"# : ""
            let spec = try decode(#"{"kind": "\#(kind.name)"\#(extra)}"#)
            #expect(spec.kind.name == kind.name)
            made.insert(String(describing: type(of: spec.kind.makeRecognizer())))
        }
        #expect(declared.subtracting(made).isEmpty, "no kind of the table makes \(declared.subtracting(made).sorted())")
        #expect(Set(Scene.recognizerKinds.map { $0.name }).count == Scene.recognizerKinds.count, "a name is used twice")
        do {
            _ = try decode(#"{"kind": "hover"}"#)
            Issue.record("an unknown kind was accepted")
        } catch {
            for kind in Scene.recognizerKinds { #expect(error.reason.contains(kind.name)) }
        }
    }

    @Test("The static members build the kinds a file decodes to, with the same defaults")
    func staticMembersMatchDecoding() throws {
        #expect(try decode(#"{"kind": "tap"}"#).kind == .tap())
        #expect(try decode(#"{"kind": "tap", "taps": 2}"#).kind == .tap(taps: 2))
        #expect(try decode(#"{"kind": "tap", "taps": 2}"#).kind != .tap())
        #expect(try decode(#"{"kind": "longPress"}"#).kind == .longPress())
        #expect(try decode(#"{"kind": "pan", "maximumTouches": 2}"#).kind == .pan(maximumTouches: 2))
        #expect(try decode(#"{"kind": "screenEdgePan", "edges": ["all"]}"#).kind == .screenEdgePan(edges: .all))
        #expect(try decode(#"{"kind": "swipe", "direction": "left"}"#).kind == .swipe(direction: .left))
        #expect(try decode(#"{"kind": "pinch"}"#).kind == .pinch)
        #expect(try decode(#"{"kind": "rotation"}"#).kind == .rotation)
        #expect(Scene.RecognizerKind.pinch != .rotation)
    }

    @Test("A kind added to the table is enough: it is decoded with its keys, named in errors, built and logged")
    func addedKindIsEnough() throws {
        let kinds = Scene.recognizerKinds + [MarkedTapKind.self]
        let spec = try decode(#"{"kind": "markedTap", "mark": "x", "name": "marked", "enabled": false}"#, kinds: kinds)
        #expect(spec.kind.name == "markedTap" && spec.name == "marked" && !spec.isEnabled)
        let recognizer = try #require(spec.kind.makeRecognizer() as? MarkedTapRecognizer)
        #expect(recognizer.mark == "x")
        #expect(ReplayRecording.values(of: recognizer, kinds: kinds) == "mark x")
        #expect(ReplayRecording.values(of: recognizer) == nil)
        do {
            _ = try decode(#"{"kind": "markedTap"}"#, kinds: kinds)
            Issue.record("a missing key was accepted")
        } catch {
            #expect(error.path == "views[0].recognizers[0]" && error.reason == "missing key \"mark\"")
        }
        do {
            _ = try decode(#"{"kind": "markedTap", "mark": "x", "taps": 2}"#, kinds: kinds)
            Issue.record("another kind's key was accepted")
        } catch {
            #expect(error.keyPath == "views[0].recognizers[0].taps" && error.reason == "unknown key \"taps\"")
        }
        do {
            _ = try decode(#"{"kind": "markedTap", "mark": "x"}"#)
            Issue.record("a kind outside the table was accepted")
        } catch {
            #expect(error.reason.contains("unknown recognizer kind \"markedTap\""))
        }
    }
}
