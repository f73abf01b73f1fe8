import Testing
@testable import Tactile

@Suite("Application: input, clock, ignoring and the delivery log")
struct ApplicationTests {
    // MARK: Ignoring interaction events

    @Test("A touch that begins while ignoring is ignored for life; touches in flight continue")
    func ignoringInteractionEvents() {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        app.send(.at(0, .down(1, 10, 10)))
        app.beginIgnoringInteractionEvents()
        app.send(.at(10, .move(1, 20, 10), .down(2, 50, 50)))
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
        app.send(.at(20, .move(1, 30, 10), .move(2, 60, 50)), .at(30, .up(1, 30, 10), .up(2, 60, 50)))
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.010s #2 ignored: the application ignores interaction events",
            "0.010s V: moved{#1}",
            "0.020s V: moved{#1}",
            "0.030s V: ended{#1}",
        ])
        #expect(v.seenTouches.map(\.id) == [TouchContact.ID(1)])
    }

    @Test("Ignoring nests: it lasts until every begin is balanced; an extra end does nothing")
    func ignoringNests() {
        let (app, _, _) = makeSinkScreen()
        app.endIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()
        app.endIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents)
        app.send(.at(0, .down(1, 10, 10)), .at(5, .up(1, 10, 10)))
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
        app.send(.at(10, .down(2, 10, 10)))
        #expect(app.drainLines() == [
            "0.000s #1 ignored: the application ignores interaction events",
            "0.010s V: began{#2}",
        ])
    }

    // MARK: Clock and deadlines

    /// A deadline owner that records when it was told, and the event time it saw.
    private final class DeadlineRecorder: DeadlineTarget {
        let logName: String
        var passed: [(DeadlineToken, Timestamp)] = []
        var onPass: ((DeadlineToken, Event) -> Void)?
        init(_ name: String) { logName = name }
        func deadlinePassed(_ token: DeadlineToken, in event: Event) {
            passed.append((token, event.timestamp))
            onPass?(token, event)
        }
    }

    @Test("advance(to:) runs every due deadline in time order as its own timer dispatch, then moves the clock")
    func advanceRunsDueDeadlines() {
        let (app, _) = makeScreen()
        app.advance(to: .ms(0))
        let a = DeadlineRecorder("A"), b = DeadlineRecorder("B")
        let late = app.scheduleDeadline(at: .ms(500), for: a)
        let early = app.scheduleDeadline(at: .ms(100), for: b)
        let tie = app.scheduleDeadline(at: .ms(100), for: a)
        #expect(app.nextDeadline == .ms(100))
        app.advance(to: .ms(99))
        #expect(a.passed.isEmpty && b.passed.isEmpty)
        app.advance(to: .ms(300))
        #expect(b.passed.map(\.0) == [early] && b.passed.map(\.1) == [.ms(100)])
        #expect(a.passed.map(\.0) == [tie])
        #expect(app.nextDeadline == .ms(500))
        #expect(app.currentTime == .ms(300))
        #expect(app.cancelDeadline(late))
        #expect(app.nextDeadline == nil)
        app.advance(to: .ms(1000))
        #expect(app.drainLines() == ["0.100s deadline: B", "0.100s deadline: A"])
    }

    @Test("send runs the deadlines due at or before the frame's time first")
    func sendRunsDeadlinesFirst() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(0, .down(1, 10, 10)))
        let owner = DeadlineRecorder("Timer")
        _ = app.scheduleDeadline(at: .ms(50), for: owner)
        _ = app.scheduleDeadline(at: .ms(80), for: owner)
        _ = app.scheduleDeadline(at: .ms(81), for: owner)
        app.send(.at(80, .up(1, 10, 10)))
        #expect(owner.passed.map(\.1) == [.ms(50), .ms(80)])
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.050s deadline: Timer",
            "0.080s deadline: Timer",
            "0.080s V: ended{#1}",
        ])
        #expect(app.nextDeadline == .ms(81))
    }

    @Test("A deadline scheduled from a timer dispatch at or before the target time runs in the same advance")
    func deadlineChains() {
        let (app, _) = makeScreen()
        app.advance(to: .ms(0))
        let owner = DeadlineRecorder("R")
        owner.onPass = { [unowned app, unowned owner] _, event in
            guard event.timestamp < .ms(30) else { return }
            _ = app.scheduleDeadline(at: event.timestamp + .milliseconds(10), for: owner)
        }
        _ = app.scheduleDeadline(at: .ms(10), for: owner)
        app.advance(to: .ms(100))
        #expect(owner.passed.map(\.1) == [.ms(10), .ms(20), .ms(30)])
    }

    @Test("The clock never goes back: an earlier advance does nothing")
    func clockIsMonotonic() {
        let app = Application()
        #expect(app.currentTime == nil)
        app.advance(to: .ms(40))
        app.advance(to: .ms(10))
        #expect(app.currentTime == .ms(40))
    }

    // MARK: Device loss

    @Test("cancelAllTouches cancels every touch exactly once, in one dispatch, discarded ones silently")
    func deviceLoss() {
        let (app, window) = makeScreen()
        let v = TouchSinkView(name: "V", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        v.isMultipleTouchEnabled = true
        let u = View(name: "U", frame: Rect(x: 200, y: 0, width: 200, height: 400))
        window.addSubview(v)
        window.addSubview(u)
        app.send(.at(0, .down(1, 10, 10), .down(2, 20, 20), .down(3, 300, 10), .down(4, 900, 10)))
        _ = app.drainLines()
        app.cancelAllTouches(at: .ms(40))
        app.cancelAllTouches(at: .ms(50))
        app.send(.at(60, .move(1, 15, 10)))
        #expect(app.drainLines() == [
            "0.040s V: cancelled{#1,#2}",
            "0.040s U: cancelled{#3}",
            "0.040s U → W: cancelled{#3} (forwarded)",
            "0.040s W → application: cancelled{#3} (forwarded)",
            "0.040s application: cancelled{#3} dropped at the end of the responder chain",
            "0.060s input: #1 moved for a contact that is not down (skipped)",
        ])
        #expect(v.calls.map(\.phase) == [.began, .cancelled])
        #expect(v.calls[1].touches.allSatisfy { $0.phase == .cancelled })
        #expect(app.dispatcher.event.storage.value.touchList.isEmpty)
    }

    // MARK: Windows

    @Test("Adding a window again brings it to the front; adding it to another application moves it")
    func windowOrder() {
        let app = Application()
        let a = Window(name: "A"), b = Window(name: "B")
        app.addWindow(a)
        app.addWindow(b)
        app.addWindow(a)
        #expect(app.windows.map(\.logName) == ["B", "A"])
        let other = Application()
        other.addWindow(a)
        #expect(app.windows.map(\.logName) == ["B"])
        #expect(a.application === other)
        #expect(a.next === other)
        app.removeWindow(b)
        #expect(app.windows.isEmpty && b.application == nil)
    }

    // MARK: Delivery log

    @Test("The log can be drained, observed as it happens, and bounded")
    func deliveryLogAccess() {
        let (app, _, _) = makeSinkScreen()
        var observed: [String] = []
        app.deliveryObserver = { observed.append($0.description) }
        app.deliveryLogCapacity = 2
        app.send(.at(0, .down(1, 10, 10)), .at(10, .move(1, 11, 10)), .at(20, .move(1, 12, 10)))
        #expect(observed == ["0.000s V: began{#1}", "0.010s V: moved{#1}", "0.020s V: moved{#1}"])
        #expect(app.deliveries.map(\.description) == ["0.010s V: moved{#1}", "0.020s V: moved{#1}"])
        #expect(app.discardedDeliveryCount == 1)
        #expect(app.drainLines() == ["0.010s V: moved{#1}", "0.020s V: moved{#1}"])
        #expect(app.deliveries.isEmpty)
    }

    @Test("A long session with the default log keeps a bounded number of entries")
    func longSessionIsBounded() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(0, .down(1, 10, 10)))
        for step in 1...12_000 {
            app.send(.at(Int64(step), .move(1, 10 + Double(step % 2), 10)))
        }
        #expect(app.deliveries.count == app.deliveryLogCapacity)
        #expect(app.discardedDeliveryCount == 12_001 - app.deliveryLogCapacity)
        #expect(app.deliveries.last?.description == "12.000s V: moved{#1}")
    }

    @Test("With no stored log and no observer nothing is recorded")
    func recordingOff() {
        let (app, _, _) = makeSinkScreen()
        app.deliveryLogCapacity = 0
        #expect(!app.isRecordingDeliveries)
        app.send(.at(0, .down(1, 10, 10)))
        app.deliveryLogCapacity = 5
        app.send(.at(10, .up(1, 10, 10)))
        #expect(app.drainLines() == ["0.010s V: ended{#1}"])
    }
}
