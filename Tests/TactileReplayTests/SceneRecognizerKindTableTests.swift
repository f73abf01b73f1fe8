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

    @Test("Every built-in recognizer class is made by one kind of the table, and every kind is named in errors")
    func everyBuiltInIsInTheTable() throws {
        #expect(Scene.recognizerKinds.map { $0.name } == [
            "tap", "longPress", "pan", "screenEdgePan", "swipe", "pinch", "rotation",
        ])
        var made: [ObjectIdentifier: String] = [:]
        for kind in Scene.recognizerKinds {
            let extra = kind.name == "screenEdgePan" ? #", "edges": ["left"]"# : ""
            let spec = try decode(#"{"kind": "\#(kind.name)"\#(extra)}"#)
            #expect(spec.kind.name == kind.name)
            let recognizer = spec.kind.makeRecognizer()
            made[ObjectIdentifier(type(of: recognizer))] = kind.name
        }
        let builtIns: [GestureRecognizer.Type] = [
            TapGestureRecognizer.self, LongPressGestureRecognizer.self, PanGestureRecognizer.self,
            ScreenEdgePanGestureRecognizer.self, SwipeGestureRecognizer.self, PinchGestureRecognizer.self,
            RotationGestureRecognizer.self,
        ]
        for type in builtIns {
            #expect(made[ObjectIdentifier(type)] != nil, "no kind makes \(type)")
        }
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
