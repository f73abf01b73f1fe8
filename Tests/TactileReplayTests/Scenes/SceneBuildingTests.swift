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
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate()
        #expect(instance.window.subviews.map(\.name) == ["back", "panel"])
        #expect(instance.views["panel"]?.subviews.map(\.name) == ["ok", "off"])
        #expect(instance.views["ok"] is Control)
        #expect((instance.views["off"] as? Control)?.isEnabled == false)
        #expect(instance.window.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(instance.application.windows.count == 1)
    }

    @Test("Every recognizer kind is built as its class with the properties of the scene file")
    func buildsEveryKind() throws {
        let json = """
            {"version": 1, "window": {"width": 400, "height": 300}, "views": [
              {"name": "v", "frame": {"width": 400, "height": 300}, "recognizers": [
                {"name": "tap", "kind": "tap", "taps": 2, "touches": 3, "cancelsTouchesInView": false,
                 "delaysTouchesBegan": true, "delaysTouchesEnded": false},
                {"name": "press", "kind": "longPress", "minimumPressDuration": 0.8, "allowableMovement": 15, "taps": 1,
                 "touches": 2, "enabled": false},
                {"name": "pan", "kind": "pan", "minimumTouches": 2, "maximumTouches": 3},
                {"name": "edge", "kind": "screenEdgePan", "edges": ["left", "top"]},
                {"name": "swipe", "kind": "swipe", "directions": ["up", "down"], "touches": 2},
                {"name": "pinch", "kind": "pinch"},
                {"name": "rotation", "kind": "rotation"}
              ]}
            ]}
            """
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate()
        let view = try #require(instance.views["v"])
        #expect(view.gestureRecognizers.map(\.name) == ["tap", "press", "pan", "edge", "swipe", "pinch", "rotation"])
        let tap = try #require(instance.recognizers["tap"] as? TapGestureRecognizer)
        #expect(tap.numberOfTapsRequired == 2 && tap.numberOfTouchesRequired == 3)
        #expect(!tap.cancelsTouchesInView && tap.delaysTouchesBegan && !tap.delaysTouchesEnded)
        let press = try #require(instance.recognizers["press"] as? LongPressGestureRecognizer)
        #expect(press.minimumPressDuration == .milliseconds(800) && press.allowableMovement == 15)
        #expect(press.numberOfTapsRequired == 1 && press.numberOfTouchesRequired == 2 && !press.isEnabled)
        let pan = try #require(instance.recognizers["pan"] as? PanGestureRecognizer)
        #expect(pan.minimumNumberOfTouches == 2 && pan.maximumNumberOfTouches == 3 && pan.isEnabled)
        #expect(pan.cancelsTouchesInView && !pan.delaysTouchesBegan && pan.delaysTouchesEnded)
        #expect((instance.recognizers["edge"] as? ScreenEdgePanGestureRecognizer)?.edges == [.left, .top])
        let swipe = try #require(instance.recognizers["swipe"] as? SwipeGestureRecognizer)
        #expect(swipe.direction == [.up, .down] && swipe.numberOfTouchesRequired == 2)
        #expect(instance.recognizers["pinch"] is PinchGestureRecognizer)
        #expect(instance.recognizers["rotation"] is RotationGestureRecognizer)
    }

    @Test("requireToFail makes the single tap wait for the double tap; simultaneous pairs share one kept delegate")
    func requirementsAndPairs() throws {
        let instance = try Scene.load(path: Package.path("Traces/scenes/photo-viewer.json")).instantiate()
        let app = instance.application
        // One tap: the single tap waits for the double tap's interval, then recognizes.
        app.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(1), phase: .began, location: Point(x: 600, y: 300))]))
        app.send(TouchFrame(timestamp: Timestamp(seconds: 0.08), contacts: [TouchContact(id: .init(1), phase: .ended, location: Point(x: 600, y: 300))]))
        #expect(instance.recognizers["singleTap"]?.state == .possible)
        let deadline = try #require(app.nextDeadline)
        app.advance(to: deadline)
        let lines = app.drainDeliveries().map(\.description)
        #expect(lines.contains("0.080s singleTap waits for doubleTap to fail (1 tap of 1 touch)"))
        #expect(lines.contains("0.430s singleTap: possible → recognized (doubleTap failed)"))
        // The pairs: one delegate on pan, pinch and rotation, answering for listed pairs only.
        let pan = try #require(instance.recognizers["pan"]), pinch = try #require(instance.recognizers["pinch"])
        let rotation = try #require(instance.recognizers["rotation"]), doubleTap = try #require(instance.recognizers["doubleTap"])
        let delegate = try #require(pan.delegate)
        #expect(pinch.delegate === delegate && rotation.delegate === delegate && doubleTap.delegate == nil)
        #expect(delegate.gestureRecognizer(pinch, shouldRecognizeSimultaneouslyWith: pan))
        #expect(delegate.gestureRecognizer(rotation, shouldRecognizeSimultaneouslyWith: pinch))
        #expect(!delegate.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: doubleTap))
    }

    @Test("Failure requirements that form a cycle are an error naming the cycle")
    func requirementCycle() throws {
        let json = """
            {"version": 1, "window": {"width": 100, "height": 100}, "views": [{"frame": {"width": 100, "height": 100},
              "recognizers": [{"name": "a", "kind": "tap", "requireToFail": ["b"]}, {"name": "b", "kind": "pan", "requireToFail": ["a"]}]}]}
            """
        let scene = try Scene.decode(Data(json.utf8), file: "s.json")
        #expect(throws: SceneError(
            file: "s.json", path: "views[0].recognizers[1].requireToFail[0]",
            reason: "requiring \"a\" to fail closes the cycle b → a → b")
        ) {
            try scene.instantiate()
        }
    }

    @Test("A scroll view is a ScrollView with its content size, offset and delays, and a named pan")
    func buildsScrollViews() throws {
        let json = """
            {"version": 1, "window": {"width": 400, "height": 300}, "views": [
              {"name": "list", "kind": "scrollView", "frame": {"width": 400, "height": 300},
               "contentSize": {"width": 400, "height": 900}, "contentOffset": {"x": 0, "y": 50},
               "delaysContentTouches": false, "canCancelContentTouches": false}]}
            """
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate()
        let list = try #require(instance.views["list"] as? ScrollView)
        #expect(list.contentSize == Size(width: 400, height: 900) && list.contentOffset == Point(x: 0, y: 50))
        #expect(!list.delaysContentTouches && !list.canCancelContentTouches)
        #expect(list.panGestureRecognizer.name == "list.pan" && list.frame == Rect(x: 0, y: 0, width: 400, height: 300))
    }

    @Test("A tap on the button is delivered to it and it sends touchUpInside; the panel's tap yields to the button")
    func deliversToControls() throws {
        let instance = try Scene.decode(Data(json.utf8), file: "s.json").instantiate()
        let app = instance.application
        app.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(1), phase: .began, location: Point(x: 150, y: 130))]))
        app.send(TouchFrame(timestamp: Timestamp(seconds: 0.08), contacts: [TouchContact(id: .init(1), phase: .ended, location: Point(x: 150, y: 130))]))
        let lines = app.drainDeliveries().map(\.description)
        #expect(lines == [
            "0.000s ok: began{#1}", "0.000s ok: touchDown", "0.080s tap: possible → failed (ok declined to let it begin)",
            "0.080s ok: ended{#1}", "0.080s ok: touchUpInside", "0.080s tap: failed → possible (reset)",
        ])
    }

    @Test("The default scene covers the screen with one view that keeps its touches")
    func defaultScene() throws {
        let instance = try Scene.defaultScene(screenSize: Size(width: 800, height: 600)).instantiate()
        let app = instance.application
        app.send(TouchFrame(timestamp: .zero, contacts: [TouchContact(id: .init(7), phase: .began, location: Point(x: 799, y: 599))]))
        #expect(app.drainDeliveries().map(\.description) == ["0.000s screen: began{#7}"])
        #expect(instance.scene.allRecognizers.map(\.recognizer.name) == [
            "tap", "doubleTap", "twoFingerTap", "longPress", "edgePan", "swipe", "pan", "pinch", "rotation",
        ])
    }
}
