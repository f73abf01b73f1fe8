import Testing
@testable import Tactile

@Suite("TouchDispatcher: the per-dispatch pipeline (spec §4.2, §4.3)")
struct TouchDispatcherTests {
    // MARK: Spec scenarios

    @Test("S1: a plain tap on a view that handles touches is delivered as began then ended, nothing else")
    func s1PlainTap() throws {
        let (app, window, v) = makeSinkScreen()

        app.send(.at(0, .down(1, 100, 100)))
        let t1 = try #require(v.calls.first?.touches.first)
        #expect(t1.view === v)
        #expect(t1.window === window)
        #expect(t1.tapCount == 1)
        app.send(.at(80, .up(1, 100, 100)))

        #expect(app.drainLines() == ["0.000s V: began{#1}", "0.080s V: ended{#1}"])
        #expect(v.calls.map(\.phase) == [.began, .ended])
        #expect(v.calls[1].touches == [t1])
    }

    /// S11's buttons: A (0,0,200,100) exclusive, B (200,0,200,100), both controls.
    private func s11Scene(exclusiveA: Bool) -> (Application, Control, Control) {
        let (app, window) = makeScreen()
        let a = Control(name: "A", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let b = Control(name: "B", frame: Rect(x: 200, y: 0, width: 200, height: 100))
        a.isExclusiveTouch = exclusiveA
        window.addSubview(a)
        window.addSubview(b)
        return (app, a, b)
    }

    @Test("S11: while an exclusive button tracks a touch, a touch on another button is rejected for its whole life")
    func s11ExclusiveBlocksOthers() {
        let (app, a, b) = s11Scene(exclusiveA: true)
        app.send(
            .at(0, .down(1, 100, 50)),
            .at(50, .still(1, 100, 50), .down(2, 300, 50)),
            .at(200, .up(1, 100, 50), .still(2, 300, 50)),
            .at(250, .move(2, 310, 50)),
            .at(300, .up(2, 310, 50))
        )
        #expect(app.drainLines() == [
            "0.000s A: began{#1}",
            "0.000s A: touchDown",
            "0.050s #2 ignored: exclusive touch: A is tracking a touch",
            "0.200s A: ended{#1}",
            "0.200s A: touchUpInside",
        ])
        #expect(!a.isTracking && !b.isTracking && !b.isHighlighted)
    }

    @Test("S11 reversed: an exclusive button gets no touch while another button tracks one")
    func s11ExclusiveIsBlocked() {
        let (app, a, b) = s11Scene(exclusiveA: true)
        app.send(.at(0, .down(1, 300, 50)), .at(50, .down(2, 100, 50)))
        #expect(b.isTracking)
        #expect(!a.isTracking && !a.isHighlighted)
        app.send(.at(100, .move(1, 305, 50), .move(2, 105, 50)), .at(150, .up(1, 305, 50), .up(2, 105, 50)))
        #expect(app.drainLines() == [
            "0.000s B: began{#1}",
            "0.000s B: touchDown",
            "0.050s #2 ignored: exclusive touch: B is tracking a touch",
            "0.100s B: moved{#1}",
            "0.100s B: touchDragInside",
            "0.150s B: ended{#1}",
            "0.150s B: touchUpInside",
        ])
    }

    @Test("S11 control: two non-exclusive buttons track their touches at the same time")
    func s11NonExclusiveButtonsTrackTogether() {
        let (app, _, _) = s11Scene(exclusiveA: false)
        app.send(.at(0, .down(1, 100, 50)), .at(50, .down(2, 300, 50)))
        app.send(.at(200, .up(1, 100, 50)), .at(300, .up(2, 300, 50)))
        #expect(app.drainLines() == [
            "0.000s A: began{#1}",
            "0.000s A: touchDown",
            "0.050s B: began{#2}",
            "0.050s B: touchDown",
            "0.200s A: ended{#1}",
            "0.200s A: touchUpInside",
            "0.300s B: ended{#2}",
            "0.300s B: touchUpInside",
        ])
    }

    @Test("S12 without a recognizer: a single-touch view sees only the first touch's phases")
    func s12SecondTouchDropped() {
        let (app, _, v) = makeSinkScreen()
        app.send(
            .at(0, .down(1, 100, 100)),
            .at(50, .still(1, 100, 100), .down(2, 150, 100)),
            .at(60, .move(1, 110, 100), .move(2, 160, 100)),
            .at(70, .move(1, 120, 100), .move(2, 170, 100)),
            .at(100, .up(1, 120, 100), .still(2, 170, 100)),
            .at(120, .up(2, 170, 100))
        )
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.050s #2 ignored: V is not multiple-touch enabled and tracks a touch",
            "0.060s V: moved{#1}",
            "0.070s V: moved{#1}",
            "0.100s V: ended{#1}",
        ])
        #expect(v.seenTouches.map(\.id) == [TouchContact.ID(1)])
    }

    @Test("S12 with isMultipleTouchEnabled: the view gets the second touch at t=50 and both phases after")
    func s12MultipleTouchEnabled() {
        let (app, _, _) = makeSinkScreen(multipleTouch: true)
        app.send(
            .at(0, .down(1, 100, 100)),
            .at(50, .still(1, 100, 100), .down(2, 150, 100)),
            .at(60, .move(1, 120, 100), .move(2, 170, 100)),
            .at(100, .up(1, 120, 100), .still(2, 170, 100)),
            .at(120, .up(2, 170, 100))
        )
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.050s V: began{#2}",
            "0.060s V: moved{#1,#2}",
            "0.100s V: ended{#1}",
            "0.120s V: ended{#2}",
        ])
    }

    // MARK: Grouping (step 5)

    @Test("Step 5 groups touches per view and phase, in the order began, moved, ended, cancelled")
    func groupingOrder() {
        let (app, window) = makeScreen()
        let v = TouchSinkView(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let u = TouchSinkView(name: "U", frame: Rect(x: 0, y: 400, width: 400, height: 400))
        v.isMultipleTouchEnabled = true
        u.isMultipleTouchEnabled = true
        window.addSubview(v)
        window.addSubview(u)
        app.send(.at(0, .down(1, 10, 10), .down(2, 20, 20), .down(3, 10, 500)))
        // In one frame: #3 (in U) moves, #1 (in V) is cancelled, #2 (in V) lifts, #4 lands in V, #5 in U.
        app.send(.at(10, .cancel(1, 10, 10), .up(2, 20, 20), .move(3, 15, 500), .down(4, 30, 30), .down(5, 5, 600)))
        #expect(app.drainLines() == [
            "0.000s V: began{#1,#2}",
            "0.000s U: began{#3}",
            "0.010s V: began{#4}",
            "0.010s V: ended{#2}",
            "0.010s V: cancelled{#1}",
            "0.010s U: began{#5}",
            "0.010s U: moved{#3}",
        ])
    }

    @Test("Stationary touches are never passed, whether listed as stationary or left out of the frame")
    func stationaryNeverPassed() {
        let (app, _, v) = makeSinkScreen(multipleTouch: true)
        var phasesSeen: [[TouchPhase]] = []
        v.onCall = { _, _, event in
            phasesSeen.append(event.allTouches.sorted { $0.id < $1.id }.map(\.phase))
        }
        app.send(.at(0, .down(1, 10, 10), .down(2, 20, 20), .down(3, 30, 30)))
        app.send(.at(10, .move(1, 12, 10), .still(2, 20, 20)))  // #3 is not listed: stationary too
        #expect(app.drainLines() == ["0.000s V: began{#1,#2,#3}", "0.010s V: moved{#1}"])
        #expect(phasesSeen == [[.began, .began, .began], [.moved, .stationary, .stationary]])
    }

    @Test("A frame in which nothing begins, moves or ends is not a dispatch, but updates pressure")
    func unchangedFrameIsDropped() throws {
        let (app, _, v) = makeSinkScreen()
        app.send(.at(0, .down(1, 10, 10)), .at(10, .move(1, 12, 10)))
        let touch = try #require(v.seenTouches.first)
        var pressed = TouchContact.still(1, 12, 10)
        pressed.force = 0.7
        pressed.maximumPossibleForce = 4
        app.send(TouchFrame(timestamp: .ms(20), contacts: [pressed]))
        #expect(app.drainLines() == ["0.000s V: began{#1}", "0.010s V: moved{#1}"])
        #expect(touch.phase == .moved)
        #expect(touch.timestamp == .ms(10))
        #expect(touch.force == 0.7)
        #expect(app.currentTime == .ms(20))
    }

    // MARK: §4.3 filters

    @Test("Two fingers landing in one frame on a single-touch view: the lower slot wins")
    func sameFrameLowerSlotWins() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(0, .down(2, 10, 10, slot: 1), .down(7, 50, 50, slot: 0)))
        #expect(app.drainLines() == [
            "0.000s #2 ignored: V is not multiple-touch enabled and tracks a touch",
            "0.000s V: began{#7}",
        ])
    }

    @Test("A single-touch view still takes no second touch while its first lifts in the same frame")
    func trackingLastsUntilTheEndOfTheDispatch() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(0, .down(1, 10, 10)), .at(10, .up(1, 10, 10), .down(2, 30, 30)), .at(20, .down(3, 50, 50)))
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.010s #2 ignored: V is not multiple-touch enabled and tracks a touch",
            "0.010s V: ended{#1}",
            "0.020s V: began{#3}",
        ])
    }

    @Test("Single-touch views in other places and other windows are not affected by each other")
    func multipleTouchIsPerView() {
        let (app, window) = makeScreen()
        let v = TouchSinkView(name: "V", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let u = TouchSinkView(name: "U", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        window.addSubview(v)
        window.addSubview(u)
        app.send(.at(0, .down(1, 10, 10)), .at(10, .down(2, 300, 10)))
        #expect(app.drainLines() == ["0.000s V: began{#1}", "0.010s U: began{#2}"])
    }

    @Test("Exclusive touch only concerns views of the same window")
    func exclusiveTouchIsPerWindow() {
        let (app, window) = makeScreen()
        let a = TouchSinkView(name: "A", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        a.isExclusiveTouch = true
        window.addSubview(a)
        let overlay = Window(name: "O", frame: Rect(x: 0, y: 400, width: 400, height: 400))
        let b = TouchSinkView(name: "B", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        overlay.addSubview(b)
        app.addWindow(overlay)
        app.send(.at(0, .down(1, 10, 10)), .at(10, .down(2, 10, 500)))
        #expect(app.drainLines() == ["0.000s A: began{#1}", "0.010s B: began{#2}"])
    }

    // MARK: Untrusted input

    @Test("Phases for unknown contacts are skipped with a diagnostic and never reach a view")
    func unknownContacts() {
        let (app, _, v) = makeSinkScreen()
        app.send(.at(0, .move(9, 10, 10)), .at(5, .up(8, 10, 10)), .at(6, .cancel(7, 1, 1)))
        #expect(app.drainLines() == [
            "0.000s input: #9 moved for a contact that is not down (skipped)",
            "0.005s input: #8 ended for a contact that is not down (skipped)",
            "0.006s input: #7 cancelled for a contact that is not down (skipped)",
        ])
        #expect(v.calls.isEmpty)
    }

    @Test("A duplicate began is treated as a move, and the touch still ends exactly once")
    func duplicateBegan() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(0, .down(1, 10, 10)), .at(10, .down(1, 20, 10)))
        app.send(.at(20, .down(1, 20, 10)), .at(30, .up(1, 20, 10)))
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.010s input: #1 began again while down (treated as a move)",
            "0.010s V: moved{#1}",
            "0.020s input: #1 began again while down (treated as a move)",
            "0.030s V: ended{#1}",
        ])
    }

    @Test("A contact listed twice in one frame keeps its first entry")
    func repeatedContact() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(0, .down(1, 10, 10), .down(1, 90, 90)), .at(10, .up(1, 10, 10), .up(1, 10, 10)))
        #expect(app.drainLines() == [
            "0.000s input: #1 listed twice in one frame (later entry skipped)",
            "0.000s V: began{#1}",
            "0.010s input: #1 listed twice in one frame (later entry skipped)",
            "0.010s V: ended{#1}",
        ])
    }

    @Test("Non-finite positions: a new contact is skipped, a known one keeps its position")
    func nonFinitePositions() throws {
        let (app, _, v) = makeSinkScreen()
        app.send(.at(0, .down(1, .nan, 10), .down(2, 10, 10)))
        app.send(.at(10, .move(2, .infinity, 5)), .at(20, .up(2, .nan, 0)))
        #expect(app.drainLines() == [
            "0.000s input: #1 has a non-finite position (position skipped)",
            "0.000s V: began{#2}",
            "0.010s input: #2 has a non-finite position (position skipped)",
            "0.020s input: #2 has a non-finite position (position skipped)",
            "0.020s V: ended{#2}",
        ])
        let touch = try #require(v.seenTouches.first)
        #expect(touch.location(in: nil) == Point(x: 10, y: 10))
    }

    @Test("A frame earlier than the clock is dispatched at the clock's time")
    func timeGoingBackwards() {
        let (app, _, _) = makeSinkScreen()
        app.send(.at(100, .down(1, 10, 10)), .at(50, .move(1, 20, 10)), .at(120, .up(1, 20, 10)))
        #expect(app.drainLines() == [
            "0.100s V: began{#1}",
            "0.100s input: frame at 0.050s is before the clock (dispatched at 0.100s)",
            "0.100s V: moved{#1}",
            "0.120s V: ended{#1}",
        ])
    }

    @Test("A touch that hits no view is discarded; its later phases are swallowed without diagnostics")
    func noViewHit() {
        let (app, _) = makeScreen()
        app.send(.at(0, .down(1, 500, 10)), .at(10, .move(1, 100, 10)), .at(20, .up(1, 100, 10)))
        #expect(app.drainLines() == ["0.000s #1 ignored: no view was hit"])
        #expect(app.dispatcher.event.storage.value.touchList.isEmpty)
    }

    @Test("With several windows the front-most window that hits a view gets the touch")
    func frontMostWindowFirst() {
        let (app, window) = makeScreen()
        let back = TouchSinkView(name: "Back", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        window.addSubview(back)
        let alert = Window(name: "Alert", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        alert.windowLevel = 1
        let front = TouchSinkView(name: "Front", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        alert.addSubview(front)
        app.addWindow(alert)
        let later = Window(name: "Later", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        app.addWindow(later)
        later.isUserInteractionEnabled = false  // lets every touch through
        app.send(.at(0, .down(1, 10, 10)), .at(1, .down(2, 10, 300)), .at(2, .down(3, 10, 600)))
        #expect(app.drainLines() == [
            "0.000s Front: began{#1}",
            "0.001s Alert: began{#2}",
            "0.001s Alert → application: began{#2} (forwarded)",
            "0.001s application: began{#2} dropped at the end of the responder chain",
            "0.002s Back: began{#3}",
        ])
    }

    @Test("Input given from inside a responder call runs after the current dispatch")
    func reentrantInputIsQueued() {
        let (app, window, v) = makeSinkScreen()
        v.onCall = { [unowned app] phase, _, _ in
            if phase == .began { app.send(.at(5, .up(1, 10, 10))) }
        }
        let u = TouchSinkView(name: "U", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(u)
        app.send(.at(0, .down(1, 10, 10), .down(2, 5, 5)))
        #expect(app.drainLines() == [
            "0.000s V: began{#1}",
            "0.000s U: began{#2}",
            "0.005s V: ended{#1}",
        ])
    }
}
