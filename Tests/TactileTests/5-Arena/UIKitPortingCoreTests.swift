import Testing
@testable import Tactile

// Core-level checks of the UIKit-porting behaviours (issue 11): state read-back with the spec §5.2 coercions,
// display-rate merging rules, sendEvent's place in the pipeline, and the delegate's event question.

/// A recognizer whose touch methods run a script of state assignments and record what reads back.
private final class StateScriptRecognizer: GestureRecognizer {
    var onMoved: [State] = []
    var statesReadBack: [State] = []
    var moves = 0

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        defer { moves += 1 }
        guard moves < onMoved.count else { return }
        state = onMoved[moves]
        statesReadBack.append(state)
    }
}

@Suite("UIKit porting: the core's side (issue 11)")
struct UIKitPortingCoreTests {
    func drag(_ recognizer: GestureRecognizer, moves: Int = 4) -> Application {
        var scene = GestureScene()
        let view = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        scene.attach(recognizer, "R", to: view)
        scene.app.send(.at(0, .down(1, 100, 100)))
        for index in 1...moves { scene.app.send(.at(Int64(index * 10), .move(1, 100 + Double(index) * 10, 100))) }
        return scene.app
    }

    @Test("Illegal requests read back as spec §5.2 coerces them: possible → changed is began, began → began is changed, changed → failed is cancelled")
    func coercedReadBack() {
        let recognizer = StateScriptRecognizer()
        var messages: [String] = []
        recognizer.illegalTransitionHandler = { messages.append($0) }
        recognizer.onMoved = [.changed, .began, .failed]
        _ = drag(recognizer)
        #expect(recognizer.statesReadBack == [.began, .changed, .cancelled])
        #expect(messages.count == 3)
    }

    @Test("A request waiting for a failure requirement reads back at once, then possible while it waits")
    func waitingReadsPossible() {
        var scene = GestureScene()
        let view = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let recognizer = scene.attach(StateScriptRecognizer(), "R", to: view)
        let doubleTap = scene.attach(TapGestureRecognizer(), "doubleTap", to: view)
        doubleTap.numberOfTapsRequired = 2
        recognizer.require(toFail: doubleTap)
        recognizer.onMoved = [.began]
        var afterDispatch: [GestureRecognizer.State] = []
        scene.app.send(.at(0, .down(1, 100, 100)))
        scene.app.send(.at(10, .move(1, 101, 100)))
        afterDispatch.append(recognizer.state)
        #expect(recognizer.statesReadBack == [.began])
        #expect(afterDispatch == [.possible])  // waits for doubleTap (spec §5.12 rule 3)
    }

    @Test("The event question: false hides every touch of the event and the touch question is not asked")
    func delegateRefusesEvent() {
        final class Delegate: GestureRecognizerDelegate {
            var eventQuestions = 0
            var touchQuestions = 0
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
                eventQuestions += 1
                return false
            }
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                touchQuestions += 1
                return true
            }
        }
        let delegate = Delegate()
        let recognizer = StateScriptRecognizer()
        recognizer.delegate = delegate
        var scene = GestureScene()
        let view = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        view.isMultipleTouchEnabled = true
        scene.attach(recognizer, "R", to: view)
        scene.app.send(.at(0, .down(1, 100, 100), .down(2, 200, 200)))   // two touches, one event: asked once
        scene.app.send(.at(10, .move(1, 110, 100), .move(2, 210, 200)))
        #expect(delegate.eventQuestions == 1 && delegate.touchQuestions == 0)
        #expect(recognizer.moves == 0)
    }

    @Test("Display-rate dispatch merges moves, lets a new touch join, and dispatches a touch's began on its own")
    func mergingRules() {
        let (app, _, view) = makeSinkScreen(multipleTouch: true)
        app.inputDispatch = .displayRate
        app.send(
            .at(0, .down(1, 100, 100)),
            .at(4, .move(1, 104, 100)),
            .at(8, .move(1, 108, 100)),
            .at(12, .move(1, 112, 100), .down(2, 300, 300)),
            .at(16, .move(1, 116, 100), .move(2, 304, 300)),
            .at(20, .up(1, 116, 100), .still(2, 304, 300)))
        #expect(app.queuedFrameCount == 6)
        #expect(view.calls.isEmpty)  // nothing before the display frame
        app.dispatchQueuedInput(at: .ms(20))
        #expect(app.queuedFrameCount == 0)
        let calls = view.calls.map { "\($0.phase) \($0.touches.map(\.id.rawValue).sorted())" }
        // began 1 alone; its moves merge with the frame where 2 begins; 2's first move starts the next dispatch,
        // which the lift of 1 joins.
        #expect(calls == ["began [1]", "began [2]", "moved [1]", "moved [2]", "ended [1]"])
        #expect(app.drainLines().filter { $0.contains("began{") || $0.contains("moved{") || $0.contains("ended{") }
            .map { String($0.prefix(6)) } == ["0.000s", "0.012s", "0.012s", "0.020s", "0.020s"])
    }

    @Test("Frames later than the display time wait; advance(to:) dispatches the queue up to its time first")
    func queueOrder() {
        let (app, _, view) = makeSinkScreen()
        app.inputDispatch = .displayRate
        app.send(.at(0, .down(1, 100, 100)), .at(30, .move(1, 120, 100)))
        app.dispatchQueuedInput(at: .ms(16))
        #expect(view.calls.map(\.phase) == [.began] && app.queuedFrameCount == 1)
        app.advance(to: .ms(40))
        #expect(view.calls.map(\.phase) == [.began, .moved] && app.queuedFrameCount == 0)
    }

    @Test("Display-rate dispatch keeps memory bounded when no display frame comes")
    func boundedQueue() {
        let (app, _, view) = makeSinkScreen()
        app.inputDispatch = .displayRate
        app.send(.at(0, .down(1, 100, 100)))
        for index in 1...2000 { app.send(.at(Int64(index), .move(1, 100 + Double(index % 50), 100))) }
        #expect(app.queuedFrameCount < Application.maximumQueuedFrames)
        #expect(view.calls.first?.phase == .began && view.calls.contains { $0.phase == .moved })
    }

    @Test("sendEvent runs after hit-testing (touch.view is set) and not for timer dispatches")
    func sendEventPlace() {
        final class ObservingWindow: Window {
            var viewsAtBegan: [View?] = []
            var events = 0
            override func sendEvent(_ event: Event) {
                events += 1
                for touch in event.allTouches where touch.phase == .began { viewsAtBegan.append(touch.view) }
                super.sendEvent(event)
            }
        }
        let app = Application()
        let window = ObservingWindow(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        app.addWindow(window)
        let view = TouchSinkView(frame: window.bounds)
        window.addSubview(view)
        let press = LongPressGestureRecognizer()
        var pressStates: [GestureRecognizer.State] = []
        press.addAction { pressStates.append($0.state) }
        view.addGestureRecognizer(press)
        app.send(.at(0, .down(1, 100, 100)))
        app.advance(to: .ms(600))              // the long press's timer dispatch: no event
        app.send(.at(700, .up(1, 100, 100)))
        #expect(window.events == 2)
        #expect(window.viewsAtBegan.count == 1 && window.viewsAtBegan[0] === view)
        #expect(pressStates == [.began, .ended])
    }
}
