import Tactile
import TactileTesting
import Testing

/// A scene with a long press (0.5 s, the default) on the full-screen view; `actions` lists each action's state
/// and the application's clock then, in milliseconds.
private func longPressScene() -> (app: Application, fingers: TouchSequence, actions: () -> [String]) {
    let app = makeViewScene()
    let press = LongPressGestureRecognizer()
    final class Actions { var lines: [String] = [] }
    let actions = Actions()
    _ = press.addAction { [weak app] recognizer in
        let now = app?.currentTime.map { Double($0.nanoseconds) / 1e6 } ?? -1
        actions.lines.append("\(recognizer.state) at \(now)")
    }
    app.windows[0].subviews[0].addGestureRecognizer(press)
    return (app, TouchSequence(app), { actions.lines })
}

/// The ``TouchSequenceError`` of a recorded issue, if that is what it is.
private nonisolated func sequenceError(_ issue: Issue) -> TouchSequenceError? {
    if case .errorCaught(let error) = issue.kind { return error as? TouchSequenceError }
    return nil
}

@Suite("TouchSequence: reports by hand at exact times, timers due first, malformed scripts refused")
struct TouchSequenceTests {
    @Test("Each call is one report at exactly its time, with exactly its contacts: nothing interpolated or sampled")
    func exactReports() {
        let app = makeViewScene()
        let fingers = TouchSequence(app)
        fingers.down(0, (1, Point(x: 10, y: 20)))
        fingers.move(16.5, (1, Point(x: 90, y: 20)))
        fingers.down(17, (2, Point(x: 200, y: 300)))
        fingers.up(40, (1, Point(x: 90, y: 21)), (2, Point(x: 200, y: 300)))
        #expect(fingers.sentFrames.map(\.timestamp.nanoseconds) == [0, 16_500_000, 17_000_000, 40_000_000])
        #expect(fingers.sentFrames.map { $0.contacts.map(\.phase) } == [[.began], [.moved], [.began], [.ended, .ended]])
        #expect(fingers.sentFrames[1].contacts[0].location == Point(x: 90, y: 20))
        #expect(fingers.sentFrames[3].contacts[0].location == Point(x: 90, y: 21))
        #expect(fingers.contactsDown.isEmpty)
        #expect(app.currentTime == .milliseconds(40))
        // The log prints milliseconds truncated: 16.5 ms reads 0.016s.
        expectLog(
            app, contains: "0.000s V: began{#1}", "0.016s V: moved{#1}", "0.017s V: began{#2}",
            "0.040s V: ended{#1,#2}")
    }

    @Test("The frame vocabulary: whole and fractional milliseconds, slots default to the identifier")
    func vocabulary() {
        let frame = TouchFrame.at(
            16, .down(3, 1, 2), .move(4, 5, 6), .stationary(5, 7, 8), .up(6, 0, 0), .cancel(7, 0, 0))
        #expect(frame.timestamp == Timestamp(nanoseconds: 16_000_000))
        #expect(TouchFrame.at(Int64(16), .down(3, 1, 2)).timestamp == frame.timestamp)
        #expect(TouchFrame.at(0.25).timestamp == Timestamp(nanoseconds: 250_000))
        #expect(frame.contacts.map(\.phase) == [.began, .moved, .stationary, .ended, .cancelled])
        #expect(frame.contacts.map(\.slot) == [3, 4, 5, 6, 7])
        #expect(TouchContact.down(3, 1, 2, slot: 0).slot == 0)
        #expect(frame.contacts[0].location == Point(x: 1, y: 2))
    }

    @Test("A timer due at a report's time runs before the report: a press lifted exactly at 0.5 s was recognized")
    func timerAtTheReportsTimeRunsFirst() {
        let (app, fingers, actions) = longPressScene()
        fingers.down(0, (1, Point(x: 100, y: 100)))
        #expect(app.nextDeadline == .milliseconds(500))
        fingers.up(500, (1, Point(x: 100, y: 100)))
        #expect(actions() == ["began at 500.0", "ended at 500.0"])
    }

    @Test("A timer due 1 ns after a report does not run before it: the press lifted just short fails")
    func timerAfterTheReportWaits() {
        let (_, fingers, actions) = longPressScene()
        fingers.down(0, (1, Point(x: 100, y: 100)))
        fingers.up(499.999_999, (1, Point(x: 100, y: 100)))
        fingers.settle()
        #expect(actions() == [])
    }

    @Test("A timer due well before a report runs at its own time, not the report's")
    func timerRunsAtItsOwnTime() {
        let (_, fingers, actions) = longPressScene()
        fingers.down(0, (1, Point(x: 100, y: 100)))
        fingers.up(900, (1, Point(x: 100, y: 100)))
        #expect(actions() == ["began at 500.0", "ended at 900.0"])
    }

    @Test("wait(until:) runs the timers due by then and leaves the clock there; settle() runs every timer")
    func waitAndSettle() {
        let (app, fingers, actions) = longPressScene()
        fingers.down(0, (1, Point(x: 100, y: 100)))
        fingers.wait(until: 499)
        #expect(actions() == [])
        #expect(app.currentTime == .milliseconds(499))
        fingers.wait(until: 500)
        #expect(actions() == ["began at 500.0"])
        fingers.up(700, (1, Point(x: 100, y: 100)))
        fingers.settle()
        #expect(app.nextDeadline == nil)
    }

    @Test("tap(_:_:at:holding:) is a down and an up, 80 ms apart by default")
    func tap() {
        let fingers = TouchSequence(makeViewScene())
        fingers.tap(100, 1, at: Point(x: 5, y: 5))
        fingers.tap(300, 1, at: Point(x: 5, y: 5), holding: 20)
        #expect(fingers.sentFrames.map(\.timestamp) == [100, 180, 300, 320].map { .milliseconds($0) })
    }

    @Test("A finger lifted twice is an issue at the call, naming the report, the contact and its lift; not sent")
    func liftedTwice() {
        let app = makeViewScene()
        let fingers = TouchSequence(app)
        fingers.down(0, (1, Point(x: 10, y: 10)))
        fingers.up(80, (1, Point(x: 10, y: 10)))
        withKnownIssue {
            fingers.up(160, (1, Point(x: 10, y: 10)))
        } matching: { issue in
            sequenceError(issue)?.description == "report at 160 ms: contact 1 is not down (it lifted at 80 ms)"
        }
        #expect(fingers.sentFrames.count == 2)
        #expect(app.currentTime == .milliseconds(80))
    }

    @Test("Malformed reports: down while down, a move never down, a contact twice, a time before the clock")
    func malformed() throws {
        func error(_ ms: Int, _ contact: UInt64?, _ reason: TouchSequenceError.Reason) -> TouchSequenceError {
            TouchSequenceError(time: .milliseconds(ms), contact: contact.map { .init($0) }, reason: reason)
        }
        let fingers = TouchSequence(makeViewScene())
        fingers.down(0, (1, Point(x: 10, y: 10)))
        #expect(throws: error(5, 1, .alreadyDown(since: .zero))) {
            try fingers.check(.at(5, .down(1, 10, 10)))
        }
        #expect(throws: error(5, 2, .notDown(liftedAt: nil))) {
            try fingers.check(.at(5, .move(2, 10, 10)))
        }
        #expect(throws: error(5, 3, .repeatedContact)) {
            try fingers.check(.at(5, .down(3, 10, 10), .up(3, 10, 10)))
        }
        fingers.wait(until: 100)
        #expect(throws: error(50, nil, .beforeClock(.milliseconds(100)))) {
            try fingers.check(.at(50, .move(1, 10, 10)))
        }
        // At the clock is not before it, and what check(_:) refuses is neither sent nor remembered.
        try fingers.check(.at(100, .move(1, 10, 10)))
        #expect(fingers.sentFrames.count == 1)
        withKnownIssue {
            fingers.down(120, (1, Point(x: 10, y: 10)))
        } matching: { issue in
            sequenceError(issue)?.description == "report at 120 ms: contact 1 touches down again while down since 0 ms"
        }
        withKnownIssue {
            fingers.send(.at(130, .move(1, 11, 10), .move(1, 12, 10)))
        } matching: { issue in
            sequenceError(issue)?.description == "report at 130 ms: contact 1 appears twice in one report"
        }
        withKnownIssue {
            fingers.cancel(90, (1, Point(x: 10, y: 10)))
        } matching: { issue in
            sequenceError(issue)?.description == "report at 90 ms: comes before the application's clock, 100 ms"
        }
        #expect(fingers.contactsDown == [.init(1): Point(x: 10, y: 10)])
        fingers.cancel(140, (1, Point(x: 10, y: 10)))
        #expect(fingers.contactsDown.isEmpty)
    }
}
