import Foundation
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

@Suite("Scene files")
struct SceneDecodingTests {
    func decode(_ json: String, file: String = "scene.json") throws(SceneError) -> Scene {
        try Scene.decode(Data(json.utf8), file: file)
    }

    func error(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error.description
        }
    }

    let minimal = #"{"version": 1, "window": {"width": 320, "height": 480}}"#

    @Test("A minimal scene has a window, a screen of the same size and no views")
    func minimalScene() throws {
        let scene = try decode(minimal)
        #expect(scene.windowSize == Size(width: 320, height: 480))
        #expect(scene.screen.screenSize == Size(width: 320, height: 480))
        #expect(scene.screen.rotation == .none)
        #expect(scene.views.isEmpty)
    }

    @Test("An unknown key is rejected with its line, column and JSON path, and the known key it is a slip for")
    func unknownKeyNamesPath() {
        let json = """
            {"version": 1, "window": {"width": 320, "height": 480}, "views": [
              {"name": "a", "frame": {"width": 10, "height": 10}},
              {"name": "b", "frame": {"width": 10, "height": 10}},
              {"name": "c", "frame": {"width": 10, "height": 10}, "recognizers": [{"kind": "tap", "tapz": 2}]}
            ]}
            """
        #expect(error(json) == #"scene.json:4:87: views[2].recognizers[0]: unknown key "tapz" (did you mean "taps"?)"#)
        #expect(error(#"{"version": 1, "window": {"width": 1, "height": 1, "depth": 3}}"#)
            == #"scene.json:1:52: window: unknown key "depth""#)
        #expect(error(#"{"version": 1, "window": {"width": 1, "height": 1}, "colour": "red"}"#)
            == #"scene.json:1:53: unknown key "colour""#)
    }

    @Test("Scroll views read UIScrollView's scrolling and zooming keys; bad values name their path")
    func scrollViewKeys() throws {
        func scene(_ keys: String, subviews: String = "[]") -> String {
            #"{"version": 1, "window": {"width": 320, "height": 480}, "views": [{"name": "s", "kind": "scrollView", "#
                + #""frame": {"width": 320, "height": 480}, "# + keys + #", "subviews": "# + subviews + "}]}"
        }
        let keys = #""pagingEnabled": true, "bounces": false, "decelerationRate": "fast", "alwaysBounceVertical": true, "#
            + #""minimumZoomScale": 0.5, "maximumZoomScale": 4, "zoomView": "p""#
        let decoded = try decode(scene(keys, subviews: #"[{"name": "p", "frame": {"width": 10, "height": 10}}]"#))
        guard case .scrollView(let spec) = decoded.views[0].kind else {
            Issue.record("not a scroll view")
            return
        }
        #expect(spec.isPagingEnabled && !spec.bounces && spec.decelerationRate == 0.99 && spec.alwaysBounceVertical)
        #expect(spec.minimumZoomScale == 0.5 && spec.maximumZoomScale == 4 && spec.zoomView == "p")
        let custom = try decode(scene(#""decelerationRate": 0.995"#))
        if case .scrollView(let spec) = custom.views[0].kind { #expect(spec.decelerationRate == 0.995) }
        #expect(error(scene(#""decelerationRate": 1.5"#))
            == "scene.json: views[0].decelerationRate: expected a number between 0 and 1 (exclusive), found 1.5")
        #expect(error(scene(#""decelerationRate": "slow""#))
            == #"scene.json: views[0].decelerationRate: unknown value "slow" (expected one of "normal", "fast")"#)
        #expect(error(scene(#""zoomView": "q""#))
            == #"scene.json: views[0].zoomView: "q" is not a subview of this scroll view"#)
        #expect(error(scene(#""minimumZoomScale": 2, "maximumZoomScale": 1"#))
            == "scene.json: views[0].maximumZoomScale: is smaller than minimumZoomScale")
    }

    @Test("The version is required and must be 1")
    func version() {
        #expect(error(#"{"window": {"width": 1, "height": 1}}"#)?.contains(#"missing key "version""#) == true)
        #expect(error(#"{"version": 2, "window": {"width": 1, "height": 1}}"#)
            == "scene.json: version: unsupported version 2 (this build reads version 1)")
    }

    @Test("An unknown recognizer kind names the kinds that exist")
    func unknownRecognizerKind() {
        let json = """
            {"version": 1, "window": {"width": 320, "height": 480}, "views": [
              {"frame": {"width": 10, "height": 10}, "recognizers": [{"kind": "doubleTap"}]}]}
            """
        let message = error(json)
        #expect(message?.hasPrefix(#"scene.json: views[0].recognizers[0].kind: unknown recognizer kind "doubleTap""#) == true)
        #expect(message?.contains("longPress") == true)
    }

    @Test("A requirement or a pair naming a missing recognizer is an error at its path")
    func missingNames() {
        let views = """
            "views": [{"name": "photo", "frame": {"width": 10, "height": 10}, "recognizers": [
                {"name": "single", "kind": "tap", "requireToFail": ["dubleTap"]},
                {"name": "doubleTap", "kind": "tap", "taps": 2}]}]
            """
        let requirement = error(#"{"version": 1, "window": {"width": 9, "height": 9}, \#(views)}"#)
        #expect(requirement == #"scene.json: views[0].recognizers[0].requireToFail[0]: no recognizer named "dubleTap"; known: doubleTap, single"#)
        let fixed = views.replacingOccurrences(of: "dubleTap", with: "doubleTap")
        let pair = error(#"{"version": 1, "window": {"width": 9, "height": 9}, \#(fixed), "simultaneous": [["single", "photo"]]}"#)
        #expect(pair == #"scene.json: simultaneous[0][1]: no recognizer named "photo" ("photo" is a view; name one of its recognizers); known: doubleTap, single"#)
    }

    @Test("Duplicate names are rejected with both places")
    func duplicateNames() {
        let json = """
            {"version": 1, "window": {"width": 9, "height": 9}, "views": [
              {"name": "a", "frame": {"width": 1, "height": 1}},
              {"name": "a", "frame": {"width": 1, "height": 1}}]}
            """
        #expect(error(json) == #"scene.json: views[1].name: the view name "a" is already used at views[0]"#)
    }

    @Test("Values of the wrong type or out of range are reported with the key")
    func wrongValues() {
        let window = #""window": {"width": 9, "height": 9}"#
        #expect(error(#"{"version": 1, \#(window), "views": [{"frame": {"width": "wide", "height": 1}}]}"#)
            == "scene.json: views[0].frame.width: expected a number, found a string")
        #expect(error(#"{"version": 1, \#(window), "views": [{"frame": {"width": 1, "height": 1}, "alpha": 2}]}"#)
            == "scene.json: views[0].alpha: expected a number from 0 to 1, found 2.0")
        #expect(error(#"{"version": 1, \#(window), "screen": {"rotation": 45}}"#)
            == "scene.json: screen.rotation: expected 0, 90, 180 or 270, found 45")
        #expect(error(#"{"version": 1, \#(window), "views": [{"frame": {"width": 1, "height": 1}, "kind": "slider"}]}"#)?
            .hasPrefix(#"scene.json: views[0].kind: unknown view kind "slider""#) == true)
        #expect(error(#"{"version": 1, \#(window), "views": [{"frame": {"width": 1, "height": 1}, "hidden": 1}]}"#)
            == "scene.json: views[0].hidden: expected true or false, found a number")
        #expect(error(#"{"version": 1, \#(window), "views": [{"center": {"x": 1, "y": 1}}]}"#)
            == #"scene.json: views[0]: missing key "frame" (or "bounds" and "center")"#)
    }

    @Test("A syntax error says so and where")
    func syntaxError() {
        let message = error("{\"version\": 1,\n \"window\": }")
        #expect(message == "scene.json:2:12: not valid JSON: unexpected '}' where a value was expected")
    }

    @Test("Recognizer properties and flags decode into the spec with UIKit's defaults")
    func recognizerProperties() throws {
        let json = """
            {"version": 1, "window": {"width": 300, "height": 300},
             "screen": {"width": 600, "height": 400, "rotation": 90, "calibration": [1, 0, 0.1, 0, 1, 0]},
             "views": [{"name": "v", "frame": {"x": 1, "y": 2, "width": 3, "height": 4},
                "hidden": true, "alpha": 0.5, "userInteractionEnabled": false, "multipleTouchEnabled": true,
                "exclusiveTouch": true, "clipsToBounds": true,
                "recognizers": [
                  {"name": "lp", "kind": "longPress", "minimumPressDuration": 1.25, "touches": 2,
                   "cancelsTouchesInView": false, "delaysTouchesBegan": true, "delaysTouchesEnded": false},
                  {"kind": "screenEdgePan", "edges": ["left", "bottom"]},
                  {"kind": "swipe", "directions": ["up", "down"], "touches": 3},
                  {"kind": "pan", "minimumTouches": 2}]}]}
            """
        let scene = try decode(json)
        #expect(scene.screen.screenSize == Size(width: 600, height: 400))
        #expect(scene.screen.rotation == .clockwise90)
        #expect(scene.screen.calibration == .init(1, 0, 0.1, 0, 1, 0))
        let view = try #require(scene.views.first)
        #expect(view.geometry == .frame(Rect(x: 1, y: 2, width: 3, height: 4)))
        #expect(view.flags.isHidden && view.flags.alpha == 0.5 && !view.flags.isUserInteractionEnabled)
        #expect(view.flags.isMultipleTouchEnabled && view.flags.isExclusiveTouch && view.flags.clipsToBounds)
        let kinds = view.recognizers.map(\.kind)
        #expect(kinds == [
            .longPress(minimumPressDuration: .milliseconds(1250), allowableMovement: 10, taps: 0, touches: 2),
            .screenEdgePan(edges: [.left, .bottom]),
            .swipe(direction: [.up, .down], touches: 3),
            .pan(minimumTouches: 2, maximumTouches: Int.max),
        ])
        let longPress = view.recognizers[0]
        #expect(!longPress.cancelsTouchesInView && longPress.delaysTouchesBegan && !longPress.delaysTouchesEnded)
        #expect(view.recognizers[1].cancelsTouchesInView && view.recognizers[1].delaysTouchesEnded)
    }

    @Test("Bounds, center and transform place a view as UIKit does")
    func layoutGeometry() throws {
        let json = """
            {"version": 1, "window": {"width": 300, "height": 300}, "views": [
              {"name": "v", "bounds": {"width": 100, "height": 50}, "center": {"x": 150, "y": 150},
               "transform": {"rotation": 90}}]}
            """
        let scene = try decode(json)
        let instance = try scene.instantiate()
        let view = try #require(instance.views["v"])
        #expect(abs(view.frame.width - 50) < 1e-9 && abs(view.frame.height - 100) < 1e-9)
        #expect(abs(view.frame.minX - 125) < 1e-9 && abs(view.frame.minY - 100) < 1e-9)
    }

    @Test("The shipped scenes decode", arguments: ["photo-viewer", "button-list", "drawing-canvas"])
    func shippedScenes(name: String) throws {
        let scene = try Scene.load(path: Package.path("Traces/scenes/\(name).json"))
        #expect(scene.windowSize == Size(width: 1280, height: 720))
        #expect(!scene.allViews.isEmpty)
    }

    @Test("The README's example scene decodes and builds")
    func readmeScene() throws {
        let readme = try String(contentsOfFile: Package.path("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Write your own scene"))
        let rest = readme[section.upperBound...]
        let start = try #require(rest.range(of: "```json\n"))
        let end = try #require(rest[start.upperBound...].range(of: "```"))
        let scene = try Scene.decode(Data(rest[start.upperBound..<end.lowerBound].utf8), file: "README.md")
        #expect(scene.allRecognizers.map(\.recognizer.name) == ["drag", "zoom", "select", "menu"])
        let instance = try scene.instantiate()
        #expect(instance.views["close"] is Control)
    }

    @Test("A missing scene file is one clear error")
    func missingFile() {
        #expect(throws: SceneError(file: "/nonexistent/scene.json", path: "", reason: "no such file")) {
            try Scene.load(path: "/nonexistent/scene.json")
        }
    }
}
