import Testing
@testable import Tactile

@Suite("Control: touch tracking and control events (spec §4.9)")
struct ControlTests {
    /// A control that logs its tracking hooks and can refuse to track.
    private final class HookedControl: Control {
        var allowBegin = true
        var allowContinue = true
        var hooks: [String] = []
        override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
            hooks.append("begin \(touch.id)")
            return allowBegin
        }
        override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
            hooks.append("continue \(touch.id) inside=\(isTouchInside)")
            return allowContinue
        }
        override func endTracking(_ touch: Touch?, with event: Event?) {
            hooks.append("end \(touch.map { "\($0.id)" } ?? "-") tracking=\(isTracking)")
        }
        override func cancelTracking(with event: Event?) {
            hooks.append("cancel \(event == nil ? "without event" : "with event")")
        }
    }

    /// Button B (100,100,200,60) in a container P (the window's size) that handles touches.
    private func buttonScene() -> (Application, HookedControl, TouchSinkView) {
        let (app, window) = makeScreen()
        let container = TouchSinkView(name: "P", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let button = HookedControl(name: "B", frame: Rect(x: 100, y: 100, width: 200, height: 60))
        container.addSubview(button)
        window.addSubview(container)
        return (app, button, container)
    }

    @Test("A tap inside: touchDown, highlighted while down, then touchUpInside; nothing is forwarded")
    func tapInside() {
        let (app, button, container) = buttonScene()
        app.send(.at(0, .down(1, 150, 120)))
        #expect(button.isHighlighted && button.isTracking && button.isTouchInside)
        app.send(.at(90, .up(1, 151, 120)))
        #expect(!button.isHighlighted && !button.isTracking)
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B: touchDown", "0.090s B: ended{#1}", "0.090s B: touchUpInside",
        ])
        #expect(button.hooks == ["begin #1", "end #1 tracking=true"])
        #expect(container.calls.isEmpty)
    }

    @Test("Dragging: inside up to 70 pt beyond the bounds, exit and enter on crossing, up outside")
    func dragAcrossTheSlop() {
        let (app, button, _) = buttonScene()
        var highlighted: [Bool] = []
        button.addAction(for: .allTouchEvents) { highlighted.append($0.isHighlighted) }
        app.send(
            .at(0, .down(1, 150, 120)),
            .at(10, .move(1, 150, 229)),  // 69 pt below the bottom edge: inside
            .at(20, .move(1, 150, 230)),  // 70 pt below: outside (half-open, as the bounds)
            .at(30, .move(1, 30, 130)),  // 70 pt left of the left edge: inside again
            .at(40, .move(1, 29, 130)),
            .at(50, .up(1, 29, 130))
        )
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B: touchDown",
            "0.010s B: moved{#1}", "0.010s B: touchDragInside",
            "0.020s B: moved{#1}", "0.020s B: touchDragOutside", "0.020s B: touchDragExit",
            "0.030s B: moved{#1}", "0.030s B: touchDragInside", "0.030s B: touchDragEnter",
            "0.040s B: moved{#1}", "0.040s B: touchDragOutside", "0.040s B: touchDragExit",
            "0.050s B: ended{#1}", "0.050s B: touchUpOutside",
        ])
        #expect(highlighted == [true, true, false, true, false, false])
        #expect(button.hooks.filter { $0.hasPrefix("continue") } == [
            "continue #1 inside=true", "continue #1 inside=false", "continue #1 inside=true",
            "continue #1 inside=false",
        ])
    }

    @Test("The tracking slop is configurable per control")
    func slopIsConfigurable() {
        let (app, button, _) = buttonScene()
        button.trackingSlop = 0
        app.send(.at(0, .down(1, 150, 120)), .at(10, .move(1, 150, 161)), .at(20, .up(1, 150, 159)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B: touchDown",
            "0.010s B: moved{#1}", "0.010s B: touchDragOutside", "0.010s B: touchDragExit",
            "0.020s B: ended{#1}", "0.020s B: touchUpInside",
        ])
    }

    @Test("A cancelled contact cancels tracking: cancelTracking, unhighlight, touchCancel")
    func cancelledContact() {
        let (app, button, _) = buttonScene()
        app.send(.at(0, .down(1, 150, 120)), .at(30, .cancel(1, 150, 120)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B: touchDown", "0.030s B: cancelled{#1}", "0.030s B: touchCancel",
        ])
        #expect(button.hooks == ["begin #1", "cancel with event"])
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test("A second tap in time sends touchDown then touchDownRepeat")
    func touchDownRepeat() {
        let (app, _, _) = buttonScene()
        app.send(.at(0, .down(1, 150, 120)), .at(60, .up(1, 150, 120)), .at(200, .down(2, 152, 121)))
        #expect(app.drainLines().suffix(3) == [
            "0.200s B: began{#2}", "0.200s B: touchDown", "0.200s B: touchDownRepeat",
        ])
    }

    @Test("An action registered for several events runs once per send, after the events are logged")
    func actionRunsOncePerSend() {
        let (app, button, _) = buttonScene()
        var runs: [Int] = []
        button.addAction(for: [.touchDragInside, .touchDragEnter]) { [unowned app] _ in runs.append(app.deliveries.count) }
        app.send(.at(0, .down(1, 150, 120)), .at(10, .move(1, 150, 300)), .at(20, .move(1, 150, 140)))
        // began, touchDown, moved, dragOutside, exit, moved, dragInside, enter → then the action
        #expect(runs == [8])
    }

    @Test("beginTracking returning false: no events, no highlight, and the touch is still consumed")
    func beginTrackingRefused() {
        let (app, button, container) = buttonScene()
        button.allowBegin = false
        app.send(.at(0, .down(1, 150, 120)), .at(10, .move(1, 160, 120)), .at(20, .up(1, 160, 120)))
        #expect(app.drainLines() == ["0.000s B: began{#1}", "0.010s B: moved{#1}", "0.020s B: ended{#1}"])
        #expect(!button.isHighlighted)
        #expect(container.calls.isEmpty)
    }

    @Test("continueTracking returning false stops tracking for the rest of the touch")
    func continueTrackingRefused() {
        let (app, button, _) = buttonScene()
        button.allowContinue = false
        app.send(.at(0, .down(1, 150, 120)), .at(10, .move(1, 160, 120)), .at(20, .move(1, 170, 120)))
        #expect(!button.isHighlighted && !button.isTracking)
        app.send(.at(30, .up(1, 170, 120)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B: touchDown", "0.010s B: moved{#1}", "0.020s B: moved{#1}",
            "0.030s B: ended{#1}",
        ])
        #expect(button.hooks == ["begin #1", "continue #1 inside=true"])
    }

    @Test("A disabled control is still hit but forwards its touches along the chain and sends no events")
    func disabledControlForwards() {
        let (app, button, container) = buttonScene()
        let behind = TouchSinkView(name: "Behind", frame: Rect(x: 100, y: 100, width: 200, height: 60))
        container.insertSubview(behind, at: 0)
        button.isEnabled = false
        app.send(.at(0, .down(1, 150, 120)), .at(10, .up(1, 150, 120)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B → P: began{#1} (forwarded)",
            "0.010s B: ended{#1}", "0.010s B → P: ended{#1} (forwarded)",
        ])
        #expect(container.calls.map(\.phase) == [.began, .ended])
        #expect(behind.calls.isEmpty)
        #expect(button.hooks.isEmpty)
    }

    @Test("Disabling a control while it tracks cancels the tracking; the rest of the touch is consumed")
    func disablingWhileTracking() {
        let (app, button, container) = buttonScene()
        app.send(.at(0, .down(1, 150, 120)), .at(10, .move(1, 155, 120)))
        button.isEnabled = false
        #expect(!button.isHighlighted && !button.isTracking)
        app.send(.at(20, .move(1, 160, 120)), .at(30, .up(1, 160, 120)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1}", "0.000s B: touchDown", "0.010s B: moved{#1}", "0.010s B: touchDragInside",
            "0.010s B: touchCancel", "0.020s B: moved{#1}", "0.030s B: ended{#1}",
        ])
        #expect(button.hooks.last == "cancel without event")
        #expect(container.calls.isEmpty)
        button.isEnabled = true
        app.send(.at(400, .down(2, 150, 120)))
        #expect(app.drainLines() == ["0.400s B: began{#2}", "0.400s B: touchDown"])
    }

    @Test("A multiple-touch control tracks one touch and consumes the others")
    func oneTouchAtATime() {
        let (app, button, container) = buttonScene()
        button.isMultipleTouchEnabled = true
        app.send(.at(0, .down(2, 150, 120), .down(1, 250, 120)), .at(5, .move(2, 151, 120)))
        #expect(button.isTracking)
        // #1 (lowest contact) is tracked, #2 consumed; once #1 lifts, the next new touch is tracked.
        app.send(.at(10, .up(1, 250, 120)), .at(20, .down(3, 200, 120)), .at(30, .up(2, 150, 120)))
        app.send(.at(40, .up(3, 200, 120)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1,#2}", "0.000s B: touchDown",
            "0.005s B: moved{#2}",
            "0.010s B: ended{#1}", "0.010s B: touchUpInside",
            "0.020s B: began{#3}", "0.020s B: touchDown",
            "0.030s B: ended{#2}",
            "0.040s B: ended{#3}", "0.040s B: touchUpInside",
        ])
        #expect(container.calls.isEmpty)
    }

    // MARK: Target-action

    /// A target with methods to register.
    private final class Screen {
        var taps = 0
        var downs: [String] = []
        func tapped() { taps += 1 }
        func down(_ sender: Control) { downs.append(sender.logName) }
    }

    @Test("Target-action pairs call the target's methods, hold it weakly and can be removed")
    func targetAction() {
        let (app, button, _) = buttonScene()
        var screen: Screen? = Screen()
        let kept = Screen()
        button.addTarget(screen!, action: Screen.tapped, for: .touchUpInside)
        button.addTarget(screen!, action: Screen.down, for: .touchDown)
        button.addTarget(kept, action: Screen.tapped, for: [.touchUpInside, .touchUpOutside])
        #expect(button.allControlEvents == [.touchDown, .touchUpInside, .touchUpOutside])
        app.send(.at(0, .down(1, 150, 120)), .at(10, .up(1, 150, 120)))
        #expect(screen?.taps == 1 && screen?.downs == ["B"] && kept.taps == 1)
        screen = nil  // the control does not keep it alive
        #expect(button.allControlEvents == [.touchUpInside, .touchUpOutside])
        app.send(.at(20, .down(2, 150, 120)), .at(30, .up(2, 150, 120)))
        #expect(kept.taps == 2)
        button.removeTarget(kept, for: .touchUpInside)
        #expect(button.allControlEvents == .touchUpOutside)
        button.removeTarget(nil)
        #expect(button.allControlEvents == [])
    }

    @Test("Closures can be added and removed by identifier; sendActions logs at the application's time")
    func closureActions() {
        let (app, button, _) = buttonScene()
        var log: [String] = []
        let first = button.addAction(for: .touchUpInside) { _ in log.append("first") }
        button.addAction(for: .touchUpInside) { _ in log.append("second") }
        app.advance(to: .ms(500))
        button.sendActions(for: .touchUpInside)
        button.removeAction(first)
        button.sendActions(for: [.touchUpInside, .touchCancel])
        #expect(log == ["first", "second", "second"])
        #expect(app.drainLines() == ["0.500s B: touchUpInside", "0.500s B: touchUpInside", "0.500s B: touchCancel"])
    }

    @Test("Control events print UIKit's names in raw-value order")
    func eventNames() {
        #expect(Control.Events([.touchDragExit, .touchDragOutside]).description == "touchDragOutside+touchDragExit")
        #expect(Control.Events.allTouchEvents.elements.count == 9)
        #expect(Control.Events(rawValue: 1 << 20).description == "0x100000")
        #expect(Control.Events.valueChanged.rawValue == 1 << 12)
        #expect(Control.Events.primaryActionTriggered.rawValue == 1 << 13)
        #expect(Control.Events([.valueChanged, .touchUpInside]).description == "touchUpInside+valueChanged")
        #expect(Control.Events().description == "none")
    }
}
