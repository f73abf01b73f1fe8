import Testing
@testable import Tactile

@Suite("Responder: the responder chain (spec §4.7, §4.8)")
struct ResponderTests {
    /// W → controller C (root view R) → R → plain V, as in a typical screen.
    private func chainScene() -> (Application, Window, ViewController, View) {
        let (app, window) = makeScreen()
        let root = View(name: "R")
        let controller = ViewController(view: root)
        controller.name = "C"
        window.rootViewController = controller
        let v = View(name: "V", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(v)
        return (app, window, controller, v)
    }

    @Test("Default methods forward view → superview → view controller → window → application, then drop")
    func defaultForwarding() {
        let (app, _, _, _) = chainScene()
        app.send(.at(0, .down(1, 10, 10)), .at(10, .move(1, 20, 10)), .at(20, .up(1, 20, 10)))
        var expected: [String] = []
        for (time, phase) in [("0.000s", "began"), ("0.010s", "moved"), ("0.020s", "ended")] {
            expected += [
                "\(time) V: \(phase){#1}",
                "\(time) V → R: \(phase){#1} (forwarded)",
                "\(time) R → C: \(phase){#1} (forwarded)",
                "\(time) C → W: \(phase){#1} (forwarded)",
                "\(time) W → application: \(phase){#1} (forwarded)",
                "\(time) application: \(phase){#1} dropped at the end of the responder chain",
            ]
        }
        #expect(app.drainLines() == expected)
    }

    @Test("Cancelled touches travel the same chain")
    func cancelledForwarding() {
        let (app, _, _, _) = chainScene()
        app.send(.at(0, .down(1, 10, 10)))
        _ = app.drainLines()
        app.send(.at(10, .cancel(1, 10, 10)))
        #expect(app.drainLines() == [
            "0.010s V: cancelled{#1}",
            "0.010s V → R: cancelled{#1} (forwarded)",
            "0.010s R → C: cancelled{#1} (forwarded)",
            "0.010s C → W: cancelled{#1} (forwarded)",
            "0.010s W → application: cancelled{#1} (forwarded)",
            "0.010s application: cancelled{#1} dropped at the end of the responder chain",
        ])
    }

    /// A view controller that handles touches itself.
    private final class HandlingController: ViewController {
        var began = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches.count }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
    }

    @Test("A responder that overrides the touch methods stops the forwarding")
    func overridingStopsForwarding() {
        let (app, window) = makeScreen()
        let controller = HandlingController(view: View(name: "R"))
        controller.name = "C"
        window.rootViewController = controller
        let v = View(name: "V", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        controller.view.addSubview(v)
        app.send(.at(0, .down(1, 10, 10)), .at(20, .up(1, 10, 10)))
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.000s V → R: began{#1} (forwarded)",
            "0.000s R → C: began{#1} (forwarded)",
            "0.020s V: ended{#1}",
            "0.020s V → R: ended{#1} (forwarded)",
            "0.020s R → C: ended{#1} (forwarded)",
        ])
        #expect(controller.began == 1)
    }

    /// An app delegate that is a responder (and does not handle touches).
    private final class DelegateResponder: Responder, ApplicationDelegate {}

    @Test("A responder app delegate is the application's next responder and the end of the chain")
    func delegateEndsTheChain() {
        let (app, window) = makeScreen()
        let delegate = DelegateResponder()
        delegate.name = "AppDelegate"
        app.delegate = delegate
        #expect(app.next === delegate)
        app.send(.at(0, .down(1, 10, 10)))
        #expect(app.drainLines() == [
            "0.000s W: began{#1}",
            "0.000s W → application: began{#1} (forwarded)",
            "0.000s application → AppDelegate: began{#1} (forwarded)",
            "0.000s AppDelegate: began{#1} dropped at the end of the responder chain",
        ])
        _ = window
    }

    /// A view used as an app delegate (which UIKit does not put in the chain).
    private final class DelegateView: View, ApplicationDelegate {}
    /// An app delegate that is not a responder.
    private final class PlainDelegate: ApplicationDelegate {}

    @Test("An app delegate that is a view, or not a responder, is not in the chain")
    func nonResponderDelegates() {
        let app = Application()
        let view = DelegateView()
        app.delegate = view
        #expect(app.next == nil)
        let plain = PlainDelegate()
        app.delegate = plain
        #expect(app.next == nil)
    }

    @Test("A child controller's next is its view's superview; a controller's root view's next is it")
    func controllerLinks() {
        let parent = View(name: "P")
        let child = ViewController(view: View(name: "Child"))
        parent.addSubview(child.view)
        #expect(child.view.next === child)
        #expect(child.next === parent)
    }
}
