import Testing
@testable import Tactile

@Suite("Event: the touches of a dispatch (spec §2.8)")
struct EventTests {
    @Test("allTouches holds the changed and the stationary touches; finished ones leave after their dispatch")
    func allTouchesIncludesStationary() {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        var snapshots: [[String]] = []
        v.onCall = { _, _, event in
            snapshots.append(event.allTouches.sorted { $0.id < $1.id }.map { "\($0.id) \($0.phase)" })
        }
        app.send(.at(0, .down(1, 10, 10), .down(2, 20, 20)))
        app.send(.at(10, .move(1, 15, 10)))
        app.send(.at(20, .up(2, 20, 20)))
        app.send(.at(30, .move(1, 25, 10)))
        #expect(snapshots == [
            ["#1 began", "#2 began"],
            ["#1 moved", "#2 stationary"],
            ["#1 stationary", "#2 ended"],
            ["#1 moved"],
        ])
    }

    @Test("touches(for: view) is exactly the view's touches; touches(for: window) the window's")
    func touchesForViewAndWindow() throws {
        let (app, window) = makeScreen()
        let parent = TouchSinkView(name: "P", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let child = TouchSinkView(name: "C", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(child)
        window.addSubview(parent)
        let other = Window(name: "O", frame: Rect(x: 0, y: 400, width: 400, height: 400))
        let bottom = TouchSinkView(name: "B", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        other.addSubview(bottom)
        app.addWindow(other)
        var byView: [String: [UInt64]] = [:]
        var byWindow: [String: [UInt64]] = [:]
        bottom.onCall = { [unowned parent, unowned child, unowned bottom, unowned window, unowned other] _, _, event in
            for view in [parent, child, bottom] as [View] {
                byView[view.logName] = event.touches(for: view).map(\.id.rawValue).sorted()
            }
            for window in [window, other] {
                byWindow[window.logName] = event.touches(for: window).map(\.id.rawValue).sorted()
            }
        }
        app.send(.at(0, .down(1, 50, 50), .down(2, 200, 200), .down(3, 10, 500)))
        #expect(byView == ["P": [2], "C": [1], "B": [3]])
        #expect(byWindow == ["W": [1, 2], "O": [3]])
        #expect(app.dispatcher.event.touches(for: GestureRecognizer()).isEmpty)
    }

    @Test("The event's timestamp is the frame's; the same event object is reused for every dispatch")
    func timestampAndReuse() {
        let (app, _, v) = makeSinkScreen()
        var events: [ObjectIdentifier] = []
        var times: [Timestamp] = []
        v.onCall = { _, _, event in
            events.append(ObjectIdentifier(event))
            times.append(event.timestamp)
        }
        app.send(.at(0, .down(1, 10, 10)), .at(16, .move(1, 12, 10)), .at(33, .up(1, 12, 10)))
        app.send(.at(500, .down(2, 10, 10)))
        #expect(times == [.ms(0), .ms(16), .ms(33), .ms(500)])
        #expect(Set(events).count == 1)
    }

    @Test("Discarded touches are never in the event; touches kept from their view by §4.3 are")
    func discardedTouchesAreNotInTheEvent() {
        let (app, _, v) = makeSinkScreen()
        var seen: [[UInt64]] = []
        v.onCall = { _, _, event in seen.append(event.allTouches.map(\.id.rawValue).sorted()) }
        app.send(.at(0, .down(1, 10, 10), .down(2, 20, 20), .down(3, 900, 900)))
        app.beginIgnoringInteractionEvents()
        app.send(.at(10, .down(4, 30, 30)))
        app.send(.at(20, .move(1, 11, 10)))
        #expect(seen == [[1, 2], [1, 2]])
    }
}
