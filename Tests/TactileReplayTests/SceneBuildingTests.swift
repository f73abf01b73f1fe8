import Foundation
import Tactile
import Testing

@testable import TactileReplay

@Suite("Building scenes")
struct SceneBuildingTests {
    let json = """
        {"version": 1, "window": {"width": 400, "height": 300}, "views": [
          {"name": "back", "frame": {"width": 400, "height": 300}, "handlesTouches": true},
          {"name": "panel", "frame": {"x": 100, "y": 100, "width": 200, "height": 100}, "subviews": [
            {"name": "ok", "kind": "button", "frame": {"x": 10, "y": 10, "width": 80, "height": 40}},
            {"name": "off", "kind": "button", "enabled": false, "frame": {"x": 110, "y": 10, "width": 80, "height": 40}}
          ], "recognizers": [{"name": "tap", "kind": "tap"}]}
        ]}
        """

    @Test("Views are built back to front with their names, kinds and flags")
    func buildsTree() throws {
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate(unavailableRecognizers: .skipWithWarning)
        #expect(instance.window.subviews.map(\.name) == ["back", "panel"])
        #expect(instance.views["panel"]?.subviews.map(\.name) == ["ok", "off"])
        #expect(instance.views["ok"] is Control)
        #expect((instance.views["off"] as? Control)?.isEnabled == false)
        #expect(instance.window.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(instance.application.windows.count == 1)
    }

    @Test("A recognizer kind this build lacks is an error under the strict policy")
    func strictPolicy() throws {
        let scene = try Scene.decode(Data(json.utf8), file: "s.json")
        #expect(throws: SceneError(
            file: "s.json", path: "views[1].recognizers[0].kind",
            reason: "recognizer kind 'tap' is not available in this build")
        ) {
            try scene.instantiate(unavailableRecognizers: .fail)
        }
    }

    @Test("Skipping unavailable recognizers leaves one warning naming them")
    func skipPolicy() throws {
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate(unavailableRecognizers: .skipWithWarning)
        #expect(instance.warnings == ["s.json: 1 recognizer left out (tap): recognizer kind 'tap' not available in this build"])
        #expect(instance.recognizers.isEmpty)
    }

    @Test("A tap on the button is delivered to it and it sends touchUpInside")
    func deliversToControls() throws {
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate(unavailableRecognizers: .skipWithWarning)
        let app = instance.application
        app.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(1), phase: .began, location: Point(x: 150, y: 130))]))
        app.send(TouchFrame(timestamp: Timestamp(seconds: 0.08), contacts: [TouchContact(id: .init(1), phase: .ended, location: Point(x: 150, y: 130))]))
        let lines = app.drainDeliveries().map(\.description)
        #expect(lines == [
            "0.000s ok: began{#1}", "0.000s ok: touchDown", "0.080s ok: ended{#1}", "0.080s ok: touchUpInside",
        ])
    }

    @Test("The default scene covers the screen with one view that keeps its touches")
    func defaultScene() throws {
        let instance = try Scene.defaultScene(screenSize: Size(width: 800, height: 600)).instantiate(unavailableRecognizers: .skipWithWarning)
        let app = instance.application
        app.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(7), phase: .began, location: Point(x: 799, y: 599))]))
        #expect(app.drainDeliveries().map(\.description) == ["0.000s screen: began{#7}"])
        #expect(instance.scene.allRecognizers.map(\.recognizer.name) == [
            "tap", "doubleTap", "longPress", "pan", "pinch", "rotation", "swipe",
        ])
    }
}
