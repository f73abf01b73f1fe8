import Testing
@testable import Tactile

/// A window that notes each `sendEvent` and delivers the event (calls `super`).
private final class SendEventSpy: Window {
    var onSendEvent: (String) -> Void = { _ in }
    override func sendEvent(_ event: Event) {
        onSendEvent(logName)
        super.sendEvent(event)
    }
}

@Suite("Application.sendEvent hands the event to the windows of the touches that changed")
struct EventWindowsTests {
    /// Two windows side by side, fingers coming and going in each: every dispatch goes to the windows of the
    /// touches that changed in it, in the order of those touches, and the views get their touches.
    @Test("The windows of the changed touches, in touch order, as touches join and leave windows")
    func windowsFollowTheChangedTouches() {
        let app = Application()
        let left = SendEventSpy(name: "L", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let right = SendEventSpy(name: "R", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        let leftView = TouchSinkView(name: "LV", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let rightView = TouchSinkView(name: "RV", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        left.addSubview(leftView)
        right.addSubview(rightView)
        app.addWindow(left)
        app.addWindow(right)
        var calls: [String] = []
        left.onSendEvent = { calls.append($0) }
        right.onSendEvent = { calls.append($0) }
        func dispatch(_ frame: TouchFrame) -> [String] {
            calls = []
            app.send(frame)
            return calls
        }

        #expect(dispatch(.at(0, .down(1, 100, 100))) == ["L"])
        #expect(dispatch(.at(10, .move(1, 110, 100))) == ["L"])
        #expect(dispatch(.at(20, .still(1, 110, 100), .down(2, 300, 100))) == ["R"])
        #expect(dispatch(.at(30, .move(1, 120, 100), .move(2, 310, 100))) == ["L", "R"])
        #expect(dispatch(.at(40, .move(2, 320, 100))) == ["R"])
        #expect(dispatch(.at(50, .up(1, 120, 100), .still(2, 320, 100))) == ["L"])
        #expect(dispatch(.at(60, .move(2, 330, 100))) == ["R"])  // the only touch left is in R
        #expect(dispatch(.at(70, .up(2, 330, 100))) == ["R"])
        #expect(dispatch(.at(80, .down(3, 50, 100))) == ["L"])
        #expect(dispatch(.at(90, .down(4, 250, 100), .move(3, 60, 100))) == ["L", "R"])
        #expect(dispatch(.at(100, .up(3, 60, 100), .up(4, 250, 100))) == ["L", "R"])
        #expect(leftView.calls.map(\.phase) == [.began, .moved, .moved, .ended, .began, .moved, .ended])
        #expect(rightView.calls.map(\.phase) == [.began, .moved, .moved, .moved, .ended, .began, .ended])

        // Outside a dispatch the application's sendEvent reaches no window.
        calls = []
        app.sendEvent(app.dispatcher.event)
        #expect(calls.isEmpty)
    }
}
