import Testing
@testable import Tactile

/// A custom continuous recognizer written as in UIKit: begins on the first move, changes on each later one,
/// ends at the lift.
final class DragRecognizer: GestureRecognizer {
    var ignoreSecondTouch = false

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard ignoreSecondTouch else { return }
        for touch in touches where touch.id == TouchContact.ID(2) { ignore(touch, for: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        state = state == .possible ? .began : .changed
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        state = state == .possible ? .failed : .ended
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        state = state == .possible ? .failed : .cancelled
    }
}

/// A custom discrete recognizer: recognized at the lift unless it moved.
final class LiftRecognizer: GestureRecognizer {
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { state = .failed }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { state = .recognized }
}

/// A recognizer that sets whatever it is told to, at each touch call.
final class ScriptedRecognizer: GestureRecognizer {
    var onBegan: [GestureRecognizer.State] = []
    var onMoved: [GestureRecognizer.State] = []
    var onEnded: [GestureRecognizer.State] = []
    var deadlineAfterBegan: Duration?
    var deadlineStates: [GestureRecognizer.State] = []
    private(set) var deadlinesPassed: [Timestamp] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for state in onBegan { self.state = state }
        if let delay = deadlineAfterBegan { deadline = event.timestamp + delay }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { for state in onMoved { self.state = state } }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { for state in onEnded { self.state = state } }
    override func deadlinePassed(at time: Timestamp) {
        deadlinesPassed.append(time)
        for state in deadlineStates { self.state = state }
    }
}

/// A target for target-action pairs.
final class ActionTarget {
    var calls: [String] = []
    func handle(_ recognizer: GestureRecognizer) { calls.append("\(recognizer.logName) \(recognizer.state)") }
    func ping() { calls.append("ping") }
}

/// V fills the window and handles its touches; `recognizer` (named `R`) on it.
func sceneWith(_ recognizer: GestureRecognizer, multipleTouch: Bool = false) -> GestureScene {
    var scene = GestureScene()
    let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
    v.isMultipleTouchEnabled = multipleTouch
    scene.attach(recognizer, "R", to: v)
    return scene
}

@Suite("GestureRecognizer: the subclassable base class, its actions, requirements and life cycle (spec §5.1–§5.6)")
struct GestureRecognizerTests {
    // MARK: Custom recognizers

    @Test("A custom continuous recognizer that sets its state from the touch methods works through the arena")
    func customContinuous() {
        let recognizer = DragRecognizer()
        let scene = sceneWith(recognizer)
        var seen: [GestureRecognizer.State] = []
        recognizer.addAction { seen.append($0.state) }
        let frames = drag(from: Point(x: 10, y: 10), dx: 5, moves: 2, liftAt: 100)
        #expect(runScenario(scene, frames) == [
            "0.000s V: began{#1}",
            "0.016s R: possible → began",
            "0.016s V: cancelled{#1}",
            "0.016s R: action(began)",
            "0.032s R: began → changed",
            "0.032s R: action(changed)",
            "0.100s R: changed → ended",
            "0.100s R: action(ended)",
            "0.100s R: ended → possible (reset)",
        ])
        #expect(seen == [.began, .changed, .ended])
        #expect(recognizer.state == .possible)
    }

    @Test("A custom discrete recognizer goes possible → recognized, and its touch's end is cancelled in the view")
    func customDiscrete() {
        let scene = sceneWith(LiftRecognizer())
        #expect(runScenario(scene, [.at(0, .down(1, 10, 10)), .at(50, .up(1, 10, 10))]) == [
            "0.000s V: began{#1}",
            "0.050s R: possible → recognized",
            "0.050s V: cancelled{#1}",
            "0.050s R: action(recognized)",
            "0.050s R: recognized → possible (reset)",
        ])
    }

    @Test("Illegal requests are coerced as spec §5.2 lists (release behaviour, through the test hook)")
    func coercions() {
        let recognizer = ScriptedRecognizer()
        var messages: [String] = []
        recognizer.illegalTransitionHandler = { messages.append($0) }
        recognizer.onBegan = [.changed, .began]  // possible → changed is began; then began → began is changed
        recognizer.onMoved = [.failed]  // changed → failed is cancelled
        recognizer.onEnded = [.ended]  // ignored: final state
        let scene = sceneWith(recognizer)
        #expect(runScenario(scene, [.at(0, .down(1, 10, 10)), .at(20, .move(1, 20, 10)), .at(40, .up(1, 20, 10))]) == [
            "0.000s R: illegal possible → changed requested, treated as began",
            "0.000s R: possible → began",
            "0.000s V: {#1} not delivered, R took them",
            "0.000s R: action(began)",
            "0.000s R: illegal began → began requested, treated as changed",
            "0.000s R: began → changed",
            "0.000s R: action(changed)",
            "0.020s R: illegal changed → failed requested, treated as cancelled",
            "0.020s R: changed → cancelled",
            "0.020s R: action(cancelled)",
            "0.020s R: cancelled → possible (reset)",
        ])
        #expect(messages == [
            "GestureRecognizer 'R': illegal state change possible → changed (treated as began; spec §5.2)",
            "GestureRecognizer 'R': illegal state change began → began (treated as changed; spec §5.2)",
            "GestureRecognizer 'R': illegal state change changed → failed (treated as cancelled; spec §5.2)",
        ])
    }

    @Test("possible → cancelled is coerced to failed, and began → possible is ignored")
    func moreCoercions() {
        let recognizer = ScriptedRecognizer()
        var messages: [String] = []
        recognizer.illegalTransitionHandler = { messages.append($0) }
        recognizer.onBegan = [.cancelled]
        let scene = sceneWith(recognizer)
        scene.app.send(.at(0, .down(1, 10, 10)))
        #expect(scene.app.drainLines() == [
            "0.000s R: illegal possible → cancelled requested, treated as failed",
            "0.000s R: possible → failed",
            "0.000s V: began{#1}",
            "0.000s R: failed → possible (reset)",
        ])
        let other = ScriptedRecognizer()
        other.illegalTransitionHandler = { messages.append($0) }
        other.onBegan = [.began, .possible]
        let second = sceneWith(other)
        second.app.send(.at(0, .down(1, 10, 10)))
        #expect(second.app.drainLines().contains("0.000s R: illegal began → possible requested, ignored"))
        #expect(other.state == .began)
        #expect(messages.count == 2)
    }

    // MARK: Actions

    @Test("Target-action pairs hold their target weakly, run in the order added, and can be removed")
    func targetActions() {
        let recognizer = LiftRecognizer()
        let scene = sceneWith(recognizer)
        let kept = ActionTarget()
        var dropped: ActionTarget? = ActionTarget()
        var order: [String] = []
        recognizer.addTarget(kept, action: ActionTarget.handle)
        recognizer.addTarget(dropped!, action: ActionTarget.handle)
        recognizer.addTarget(kept, action: ActionTarget.ping)
        let closure = recognizer.addAction { _ in order.append("closure") }
        recognizer.addAction { _ in order.append("second closure") }
        weak let weakDropped = dropped
        dropped = nil
        #expect(weakDropped == nil)
        scene.app.send(.at(0, .down(1, 10, 10)), .at(50, .up(1, 10, 10)))
        #expect(kept.calls == ["R ended", "ping"])
        #expect(order == ["closure", "second closure"])
        #expect(recognizer.storage.value.actions.count == 4)  // the pair of the dead target is gone
        recognizer.removeAction(closure)
        recognizer.removeTarget(kept)
        scene.app.send(.at(100, .down(2, 10, 10)), .at(150, .up(2, 10, 10)))
        #expect(kept.calls.count == 2 && order == ["closure", "second closure", "second closure"])
        recognizer.removeTarget(nil)
        #expect(recognizer.storage.value.actions.isEmpty)
    }

    @Test("init(target:action:) registers the pair")
    func initWithTarget() {
        let target = ActionTarget()
        let recognizer = LiftRecognizer(target: target, action: ActionTarget.handle)
        let scene = sceneWith(recognizer)
        scene.app.send(.at(0, .down(1, 10, 10)), .at(50, .up(1, 10, 10)))
        #expect(target.calls == ["R ended"])
    }

    // MARK: isEnabled and removal (spec §5.5)

    @Test("Disabling a recognizing recognizer between frames cancels it at once, with its action")
    func disableWhileRecognizing() {
        let recognizer = DragRecognizer()
        let scene = sceneWith(recognizer)
        var seen: [GestureRecognizer.State] = []
        recognizer.addAction { seen.append($0.state) }
        scene.app.send(.at(0, .down(1, 10, 10)), .at(16, .move(1, 20, 10)))
        _ = scene.app.drainLines()
        recognizer.isEnabled = false
        #expect(scene.app.drainLines() == [
            "0.016s R: began → cancelled (disabled)",
            "0.016s R: action(cancelled)",
            "0.016s R: cancelled → possible (reset)",
        ])
        #expect(seen == [.began, .cancelled])
        scene.app.send(.at(32, .move(1, 30, 10)), .at(50, .up(1, 30, 10)))
        #expect(scene.app.drainLines().isEmpty)  // the touch stays taken from V; R gets no more of it
        recognizer.isEnabled = true
        scene.app.send(.at(100, .down(2, 10, 10)), .at(116, .move(2, 20, 10)))
        #expect(scene.app.drainLines().contains("0.116s R: possible → began"))
    }

    @Test("Disabling an undecided recognizer fails it silently; the view keeps its touch")
    func disableWhilePossible() {
        let recognizer = DragRecognizer()
        let scene = sceneWith(recognizer)
        scene.app.send(.at(0, .down(1, 10, 10)))
        recognizer.isEnabled = false
        scene.app.send(.at(16, .move(1, 20, 10)), .at(50, .up(1, 20, 10)))
        #expect(scene.app.drainLines() == [
            "0.000s V: began{#1}",
            "0.000s R: possible → failed (disabled)",
            "0.000s R: failed → possible (reset)",
            "0.016s V: moved{#1}",
            "0.050s V: ended{#1}",
        ])
    }

    @Test("Removing a recognizer from its view mid-gesture cancels it; its view property becomes nil")
    func removeWhileRecognizing() {
        let recognizer = DragRecognizer()
        let scene = sceneWith(recognizer)
        scene.app.send(.at(0, .down(1, 10, 10)), .at(16, .move(1, 20, 10)))
        _ = scene.app.drainLines()
        scene[view: "V"].removeGestureRecognizer(recognizer)
        #expect(scene.app.drainLines() == [
            "0.016s R: began → cancelled (removed from its view or window)",
            "0.016s R: action(cancelled)",
            "0.016s R: cancelled → possible (reset)",
        ])
        #expect(recognizer.view == nil && scene[view: "V"].gestureRecognizers.isEmpty)
    }

    @Test("A view leaving its window mid-gesture cancels its recognizers")
    func viewLeavesWindow() {
        let recognizer = DragRecognizer()
        let scene = sceneWith(recognizer)
        scene.app.send(.at(0, .down(1, 10, 10)), .at(16, .move(1, 20, 10)))
        _ = scene.app.drainLines()
        scene[view: "V"].removeFromSuperview()
        #expect(scene.app.drainLines().prefix(2) == [
            "0.016s R: began → cancelled (removed from its view or window)",
            "0.016s R: action(cancelled)",
        ])
        #expect(recognizer.view === scene[view: "V"])
    }

    @Test("Adding a recognizer to another view moves it; adding it twice to one view keeps one")
    func moveBetweenViews() {
        let a = View(), b = View()
        let recognizer = GestureRecognizer()
        a.addGestureRecognizer(recognizer)
        a.addGestureRecognizer(recognizer)
        #expect(a.gestureRecognizers.count == 1)
        b.addGestureRecognizer(recognizer)
        #expect(a.gestureRecognizers.isEmpty && b.gestureRecognizers.count == 1 && recognizer.view === b)
    }

    // MARK: Failure requirements (spec §5.12)

    @Test("A requirement that closes a cycle is returned, logged and ignored")
    func requirementCycle() {
        var scene = GestureScene()
        let v = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let a = scene.attach(GestureRecognizer(), "a", to: v)
        let b = scene.attach(GestureRecognizer(), "b", to: v)
        let c = scene.attach(GestureRecognizer(), "c", to: v)
        #expect(a.require(toFail: b) == nil)
        #expect(b.require(toFail: c) == nil)
        let cycle = c.require(toFail: a)
        #expect(cycle?.recognizers == ["c", "a", "b", "c"])
        #expect(cycle?.description == "failure requirement cycle c → a → b → c (the closing requirement is ignored)")
        #expect(a.require(toFail: a)?.recognizers == ["a", "a"])
        #expect(c.storage.value.failureRequirements.isEmpty)
        #expect(scene.app.drainLines() == [
            "0.000s c requiring a to fail would close the cycle c → a → b → c; ignored",
            "0.000s a requiring a to fail would close the cycle a → a; ignored",
        ])
    }

    @Test("A subclass's shouldRequireFailure(of:) makes it wait like require(toFail:)")
    func dynamicRequirement() {
        final class Patient: GestureRecognizer {
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { state = .recognized }
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is TapGestureRecognizer }
        }
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        scene.attach(Patient(), "patient", to: v)
        scene.attach(TapGestureRecognizer(), "double", to: v).numberOfTapsRequired = 2
        let log = runScenario(scene, TapScenarios.singleTap)
        #expect(log.contains("0.080s patient waits for double to fail"))
        #expect(log.contains("0.430s patient: possible → recognized (double failed)"))
    }

    /// V (multiple touch) with `tap` (one finger), `pinch`, and `twoTap` (two fingers); the pinch requires both
    /// taps to fail. Two fingers land (the one-finger tap fails and is reset), the first moves 10 pt (the pinch
    /// attempts and waits for `twoTap`), then a third finger lands at t=32: `twoTap` fails, but `tap` takes part
    /// again with the new finger, so the pinch must go on waiting for it.
    static func pinchWaitingOnTaps() -> GestureScene {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        v.isMultipleTouchEnabled = true
        let tap = scene.attach(TapGestureRecognizer(), "tap", to: v)
        let pinch = scene.attach(PinchGestureRecognizer(), "pinch", to: v)
        let twoTap = scene.attach(TapGestureRecognizer(), "twoTap", to: v)
        twoTap.numberOfTouchesRequired = 2
        #expect(pinch.require(toFail: twoTap) == nil)
        #expect(pinch.require(toFail: tap) == nil)
        return scene
    }

    static let pinchThenThirdFinger: [TouchFrame] = [
        .at(0, .down(1, 100, 100), .down(2, 200, 100)),
        .at(16, .move(1, 90, 100)),
        .at(32, .down(3, 300, 300)),
    ]

    /// The log of ``pinchThenThirdFinger``: the pinch waits for `twoTap`, which fails at t=32, and then for `tap`,
    /// which took the third finger.
    static let pinchThenThirdFingerLog = [
        "0.000s tap: possible → failed (a second touch landed)",
        "0.000s V: began{#1,#2}",
        "0.000s tap: failed → possible (reset)",
        "0.016s pinch waits for twoTap to fail (span changed by 10 pt, |Δ| ≥ 10 pt)",
        "0.016s V: moved{#1}",
        "0.032s pinch ignores {#3} (a third touch landed)",
        "0.032s twoTap: possible → failed (a third touch landed)",
        "0.032s pinch waits for tap to fail (span changed by 10 pt, |Δ| ≥ 10 pt)",
        "0.032s V: began{#3}",
        "0.032s twoTap: failed → possible (reset)",
    ]

    @Test("A requirement that rejoins while the dependent waits is waited for again; when it recognizes, the dependent fails")
    func requirementRejoinsWhileWaiting() {
        let frames = Self.pinchThenThirdFinger + [.at(100, .up(1, 90, 100), .up(2, 200, 100), .up(3, 300, 300))]
        #expect(runScenario(Self.pinchWaitingOnTaps(), frames) == Self.pinchThenThirdFingerLog + [
            "0.100s tap: possible → recognized (1 tap of 1 touch)",
            "0.100s V: cancelled{#3}",
            "0.100s tap: action(recognized)",
            "0.100s pinch: possible → failed (tap recognized)",
            "0.100s V: ended{#1,#2}",
            "0.100s tap: recognized → possible (reset)",
            "0.100s pinch: failed → possible (reset)",
        ])
    }

    @Test("A requirement that rejoins while the dependent waits and then fails lets the dependent begin, naming both")
    func requirementRejoinsAndFails() {
        let frames = Self.pinchThenThirdFinger + [
            .at(48, .move(3, 360, 300)),
            .at(100, .up(1, 90, 100), .up(2, 200, 100), .up(3, 360, 300)),
        ]
        #expect(runScenario(Self.pinchWaitingOnTaps(), frames) == Self.pinchThenThirdFingerLog + [
            "0.048s tap: possible → failed (moved 60 pt > 45 pt)",
            "0.048s pinch: possible → began (twoTap and tap failed)",
            "0.048s V: cancelled{#1,#2}",
            "0.048s pinch: action(began)",
            "0.048s V: moved{#3}",
            "0.048s tap: failed → possible (reset)",
            "0.100s pinch: began → ended (all touches lifted)",
            "0.100s pinch: action(ended)",
            "0.100s V: ended{#3}",
            "0.100s pinch: ended → possible (reset)",
        ])
    }

    @Test("A cycle edge ignored at the attempt is logged once, also when the requirements are asked again")
    func cycleLoggedOncePerAttempt() {
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        let y = scene.attach(ScriptedRecognizer(), "y", to: v)
        let x = scene.attach(ScriptedRecognizer(), "x", to: v)
        let z = scene.attach(ScriptedRecognizer(), "z", to: v)
        y.onMoved = [.began]
        x.onMoved = [.began]
        x.onEnded = [.ended]
        z.onEnded = [.failed]
        #expect(y.require(toFail: x) == nil)
        #expect(x.require(toFail: z) == nil)
        let delegate = TestDelegate()
        delegate.requiresFailureOf = [ObjectIdentifier(y)]  // x requires y dynamically: y → x → y
        scene.setDelegate(delegate, on: "x")
        #expect(runScenario(scene, drag(from: Point(x: 10, y: 10), dx: 1, moves: 1, liftAt: 50)) == [
            "0.000s V: began{#1}",
            "0.016s y waits for x to fail",
            "0.016s x requiring y to fail would close the cycle x → y → x; ignored",
            "0.016s x waits for z to fail",
            "0.016s V: moved{#1}",
            "0.050s z: possible → failed",
            "0.050s x: possible → began (z failed)",
            "0.050s V: cancelled{#1}",
            "0.050s x: action(began)",
            "0.050s y: possible → failed (x recognized)",
            "0.050s x: began → ended",
            "0.050s x: action(ended)",
            "0.050s z: failed → possible (reset)",
            "0.050s y: failed → possible (reset)",
            "0.050s x: ended → possible (reset)",
        ])
    }

    @Test("A recognizer that cannot be prevented recognizes alongside an active one")
    func canBePrevented() {
        final class Unstoppable: GestureRecognizer {
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { state = .recognized }
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "V")
        scene.attach(PanGestureRecognizer(), "pan", to: v)
        scene.attach(Unstoppable(), "free", to: v)
        let log = runScenario(scene, drag(from: Point(x: 10, y: 10), dx: 20, moves: 1, liftAt: 50))
        #expect(log.contains("0.050s free: possible → recognized"))
        #expect(log.contains("0.016s pan: possible → began (moved 20 pt in x ≥ 10 pt)"))
    }

    // MARK: Touches (spec §2.7, §4.5, §5.6)

    @Test("Touch.gestureRecognizers lists the hit view's recognizers before its ancestors' and shrinks at reset")
    func touchRecognizerList() throws {
        var scene = GestureScene()
        let c = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "C")
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 200, height: 200)), "V", to: c)
        let outer = scene.attach(PanGestureRecognizer(), "outer", to: c)
        let inner = scene.attach(PanGestureRecognizer(), "inner", to: v)
        let onWindow = scene.attach(LongPressGestureRecognizer(), "window", to: scene.window)
        scene.app.send(.at(0, .down(1, 10, 10)))
        let touch = try #require(v.seenTouches.first)
        #expect(touch.gestureRecognizers.map(\.logName) == ["inner", "outer", "window"])
        #expect(scene.app.dispatcher.event.touches(for: outer) == [touch])
        scene.app.send(.at(16, .move(1, 30, 10)))  // inner begins, excludes outer and the long press
        #expect(touch.gestureRecognizers.map(\.logName) == ["inner"])
        #expect(inner.state == .began && onWindow.state == .possible && touch.view == nil)
    }

    @Test("A touch an app keeps after it ended keeps an empty recognizer list while new touches come and go")
    func keptTouchRecognizerList() throws {
        var scene = GestureScene()
        let c = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "C")
        let v = scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 200, height: 200)), "V", to: c)
        scene.attach(PanGestureRecognizer(), "outer", to: c)
        scene.attach(PanGestureRecognizer(), "inner", to: v)
        scene.app.send(.at(0, .down(1, 10, 10)))
        scene.app.send(.at(16, .up(1, 10, 10)))
        let kept = try #require(v.seenTouches.first)
        #expect(kept.phase == .ended && kept.gestureRecognizers.isEmpty)
        for (index, id) in [UInt64(2), 3, 4].enumerated() {
            let time = Int64(100 + 100 * index)
            scene.app.send(.at(time, .down(id, 300, 300)))  // outside V: only the outer pan
            let new = try #require(scene.app.dispatcher.event.allTouches.first { $0.id == TouchContact.ID(id) })
            #expect(new.gestureRecognizers.map(\.logName) == ["outer"])
            #expect(new !== kept && kept.gestureRecognizers.isEmpty && kept.phase == .ended)
            scene.app.send(.at(time + 16, .up(id, 300, 300)))
        }
        #expect(kept.location(in: nil) == Point(x: 10, y: 10))
    }

    @Test("A delegate that refuses a touch hides it from the recognizer for the touch's whole life")
    func shouldReceive() throws {
        final class Refuser: GestureRecognizerDelegate {
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                touch.id != TouchContact.ID(1)
            }
        }
        let pan = PanGestureRecognizer()
        var scene = sceneWith(pan)
        scene.setDelegate(Refuser(), on: "R")
        let log = runScenario(scene, drag(from: Point(x: 10, y: 10), dx: 20, moves: 2, liftAt: 50))
        #expect(!log.contains { $0.contains("R:") })
    }

    @Test("A control refuses its ancestor's single tap, so the button fires; a double tap is not refused")
    func controlVetoesAncestorTap() {
        var scene = GestureScene()
        let c = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "C")
        scene.add(Control(frame: Rect(x: 100, y: 100, width: 200, height: 60)), "B", to: c)
        scene.attach(TapGestureRecognizer(), "tap", to: c)
        #expect(runScenario(scene, [.at(0, .down(1, 150, 120)), .at(80, .up(1, 150, 120))]) == [
            "0.000s B: began{#1}",
            "0.000s B: touchDown",
            "0.080s tap: possible → failed (B declined to let it begin)",
            "0.080s B: ended{#1}",
            "0.080s B: touchUpInside",
            "0.080s tap: failed → possible (reset)",
        ])
        #expect(!Control().gestureRecognizerShouldBegin({ let t = TapGestureRecognizer(); return t }()))
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        #expect(Control().gestureRecognizerShouldBegin(double))
    }

    @Test("A tap attached to the control itself is not asked, and takes the touch from the control")
    func tapOnControl() {
        var scene = GestureScene()
        let b = scene.add(Control(frame: Rect(x: 100, y: 100, width: 200, height: 60)), "B")
        scene.attach(TapGestureRecognizer(), "tap", to: b)
        #expect(runScenario(scene, [.at(0, .down(1, 150, 120)), .at(80, .up(1, 150, 120))]) == [
            "0.000s B: began{#1}",
            "0.000s B: touchDown",
            "0.080s tap: possible → recognized (1 tap of 1 touch)",
            "0.080s B: cancelled{#1}",
            "0.080s B: touchCancel",
            "0.080s tap: action(recognized)",
            "0.080s tap: recognized → possible (reset)",
        ])
    }

    @Test("An ignored touch is not cancelled in its view when the recognizer recognizes")
    func ignoredTouchStaysWithView() {
        let recognizer = DragRecognizer()
        recognizer.ignoreSecondTouch = true
        let scene = sceneWith(recognizer, multipleTouch: true)
        let frames: [TouchFrame] = [
            .at(0, .down(1, 10, 10), .down(2, 100, 10)), .at(16, .move(1, 20, 10), .move(2, 110, 10)),
            .at(50, .up(1, 20, 10), .up(2, 110, 10)),
        ]
        #expect(runScenario(scene, frames) == [
            "0.000s R ignores {#2}",
            "0.000s V: began{#1,#2}",
            "0.016s R: possible → began",
            "0.016s V: cancelled{#1}",
            "0.016s R: action(began)",
            "0.016s V: moved{#2}",
            "0.050s R: began → ended",
            "0.050s R: action(ended)",
            "0.050s V: ended{#2}",
            "0.050s R: ended → possible (reset)",
        ])
    }

    @Test("The default location is the centroid of the touches; numberOfTouches and location(ofTouch:in:) follow them")
    func defaultLocations() throws {
        let recognizer = GestureRecognizer()
        var scene = GestureScene()
        let v = scene.add(TouchSinkView(frame: Rect(x: 100, y: 100, width: 200, height: 200)), "V")
        v.isMultipleTouchEnabled = true
        scene.attach(recognizer, "R", to: v)
        scene.app.send(.at(0, .down(1, 110, 120), .down(2, 150, 160)))
        #expect(recognizer.numberOfTouches == 2)
        #expect(recognizer.location(in: nil) == Point(x: 130, y: 140))
        #expect(recognizer.location(in: v) == Point(x: 30, y: 40))
        #expect(recognizer.location(ofTouch: 1, in: v) == Point(x: 50, y: 60))
        #expect(recognizer.location(ofTouch: 5, in: v) == Point(x: 30, y: 40))
    }

    // MARK: Deadlines (spec §5.14)

    @Test("A custom recognizer's deadline runs as a timer dispatch at its time, and is cancelled by the reset")
    func customDeadline() {
        let recognizer = ScriptedRecognizer()
        recognizer.deadlineAfterBegan = .milliseconds(300)
        recognizer.deadlineStates = [.began]
        let scene = sceneWith(recognizer)
        scene.app.send(.at(0, .down(1, 10, 10)))
        #expect(scene.app.nextDeadline == .ms(300))
        scene.app.advance(to: .ms(1000))
        #expect(recognizer.deadlinesPassed == [.ms(300)])
        #expect(scene.app.drainLines() == [
            "0.000s V: began{#1}",
            "0.300s deadline: R",
            "0.300s R: possible → began",
            "0.300s V: cancelled{#1}",
            "0.300s R: action(began)",
        ])
        let failing = ScriptedRecognizer()
        failing.deadlineAfterBegan = .milliseconds(300)
        failing.onEnded = [.failed]
        let second = sceneWith(failing)
        second.app.send(.at(0, .down(1, 10, 10)), .at(50, .up(1, 10, 10)))
        #expect(second.app.nextDeadline == nil)
    }
}
