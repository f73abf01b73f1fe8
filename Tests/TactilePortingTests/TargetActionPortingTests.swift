import Tactile
import Testing

// Target-action ported from UIKit: `#selector(handleTap(_:))` becomes `Selector("handleTap(_:)", Self.handleTap)`,
// and a pair added twice is ignored, as UIKit documents for UIGestureRecognizer.addTarget(_:action:) ("if you
// request to add a target-action pair that has already been added, then the request is ignored") and for
// UIControl.addTarget(_:action:for:) ("safe to call this method multiple times with the same values for the target
// and action parameters").

/// A screen controller as a UIKit app writes one: it wires its actions in `configure()`, which the app may call
/// more than once (each time the screen reappears).
private final class ScreenController {
    var calls: [String] = []
    let tap = TapGestureRecognizer()
    let button = Control(frame: Rect(x: 100, y: 600, width: 200, height: 60))

    func configure() {
        tap.addTarget(self, action: Selector("handleTap(_:)", Self.handleTap))
        button.addTarget(self, action: Selector("shareTapped(_:)", Self.shareTapped), for: .touchUpInside)
    }

    func handleTap(_ tap: TapGestureRecognizer) { calls.append("handleTap \(tap.state)") }
    func refresh() { calls.append("refresh") }
    func shareTapped(_ sender: Control) { calls.append("shareTapped") }
    func shareTouched(_ sender: Control, forEvent event: Event) {
        calls.append("shareTouched \(event.allTouches.count) touch")
    }
}

/// The screen in a 400 × 800 window: the tap on a full-screen view, the button over it.
private func screenScene() -> (ScreenController, Fingers) {
    let (application, window, view, _, fingers) = acceptanceScene()
    let screen = ScreenController()
    view.addGestureRecognizer(screen.tap)
    window.addSubview(screen.button)
    _ = application
    return (screen, fingers)
}

@Suite("Porting: a target-action pair added twice is ignored, as in UIKit")
struct TargetActionPortingTests {
    @Test("configure() run twice: the tap's action and the button's action each run once")
    func configuringTwiceAddsOnce() {
        let (screen, fingers) = screenScene()
        screen.configure()
        screen.configure()
        fingers.tap(0, 1, at: pt(200, 200))  // on the view: the tap
        fingers.tap(1000, 2, at: pt(200, 630))  // on the button
        #expect(screen.calls == ["handleTap ended", "shareTapped"])
    }

    @Test("init(target:action:) then addTarget with the same selector: one pair")
    func initializerThenAddTarget() {
        let (screen, fingers) = screenScene()
        let handleTap = Selector("handleTap(_:)", ScreenController.handleTap)
        let doubleTap = TapGestureRecognizer(target: screen, action: handleTap)
        doubleTap.numberOfTapsRequired = 2
        doubleTap.addTarget(screen, action: Selector("handleTap(_:)", ScreenController.handleTap))  // UIKit: ignored
        screen.tap.view?.addGestureRecognizer(doubleTap)
        _ = screen.tap.require(toFail: doubleTap)
        fingers.tap(0, 1, at: pt(200, 200))
        fingers.tap(150, 2, at: pt(200, 200))
        #expect(screen.calls == ["handleTap ended"])
    }

    @Test("A pair is a target and a selector: another target, or another selector of the same target, is added")
    func pairsDifferInTargetOrSelector() {
        let (screen, fingers) = screenScene()
        let other = ScreenController()
        screen.tap.addTarget(screen, action: Selector("handleTap(_:)", ScreenController.handleTap))
        screen.tap.addTarget(other, action: Selector("handleTap(_:)", ScreenController.handleTap))
        screen.tap.addTarget(screen, action: Selector("refresh", ScreenController.refresh))
        screen.tap.addTarget(screen, action: Selector("handleTap(_:)", ScreenController.handleTap))  // ignored
        fingers.tap(0, 1, at: pt(200, 200))
        #expect(screen.calls == ["handleTap ended", "refresh"], "in the order added; the repeat changes nothing")
        #expect(other.calls == ["handleTap ended"])
    }

    @Test("removeTarget(_:action:) removes the pair; adding it again afterwards adds it")
    func removeThenAddAgain() {
        let (screen, fingers) = screenScene()
        screen.configure()
        screen.tap.addTarget(screen, action: Selector("refresh", ScreenController.refresh))
        screen.tap.removeTarget(screen, action: Selector("handleTap(_:)", ScreenController.handleTap))
        fingers.tap(0, 1, at: pt(200, 200))
        #expect(screen.calls == ["refresh"])
        screen.calls.removeAll()
        screen.configure()
        fingers.tap(1000, 2, at: pt(200, 200))
        #expect(screen.calls == ["refresh", "handleTap ended"])
    }

    @Test("A control keeps one pair with the events it supports: the same pair for another event adds the event")
    func controlMergesEvents() {
        let (screen, fingers) = screenScene()
        let share = Selector("shareTapped(_:)", ScreenController.shareTapped)
        screen.button.addTarget(screen, action: share, for: .touchUpInside)
        screen.button.addTarget(screen, action: share, for: [.touchDown, .touchUpInside])
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchDown) == ["shareTapped(_:)"])
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchUpInside) == ["shareTapped(_:)"])
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .valueChanged) == nil)
        fingers.tap(0, 1, at: pt(200, 630))
        #expect(screen.calls == ["shareTapped", "shareTapped"], "once for touchDown, once for touchUpInside")
        screen.calls.removeAll()
        screen.button.removeTarget(screen, action: share, for: .touchDown)
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchDown) == nil)
        fingers.tap(1000, 2, at: pt(200, 630))
        #expect(screen.calls == ["shareTapped"])
    }

    @Test("The sender-and-event form gets the touch event, and is one pair however often added")
    func controlEventForm() {
        let (screen, fingers) = screenScene()
        for _ in 0..<3 {
            let shareTouched = Selector("shareTouched(_:forEvent:)", ScreenController.shareTouched)
            screen.button.addTarget(screen, action: shareTouched, for: .touchUpInside)
        }
        fingers.tap(0, 1, at: pt(200, 630))
        #expect(screen.calls == ["shareTouched 1 touch"])
    }

    @Test("removeTarget(_:action:) with a target removes that target's pair only; another target's pair of the same selector stays")
    func removeTargetKeepsOtherTargets() {
        // UIGestureRecognizer.removeTarget(_:action:): `target` is the recipient whose pair is removed; only nil
        // removes every target.
        let (screen, fingers) = screenScene()
        let other = ScreenController()
        let handleTap = Selector("handleTap(_:)", ScreenController.handleTap)
        screen.tap.addTarget(screen, action: handleTap)
        screen.tap.addTarget(other, action: handleTap)
        screen.tap.removeTarget(screen, action: handleTap)
        fingers.tap(0, 1, at: pt(200, 200))
        #expect(screen.calls == [])
        #expect(other.calls == ["handleTap ended"])
    }

    @Test("A control's pair added again for other events runs for the events of both calls")
    func controlPairForDisjointEvents() {
        // UIControl.addTarget(_:action:for:): calling it again with the same target and action is safe; the
        // pair keeps the events of every call.
        let (screen, fingers) = screenScene()
        let share = Selector("shareTapped(_:)", ScreenController.shareTapped)
        screen.button.addTarget(screen, action: share, for: .touchDown)
        screen.button.addTarget(screen, action: share, for: .touchUpInside)
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchDown) == ["shareTapped(_:)"])
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchUpInside) == ["shareTapped(_:)"])
        fingers.tap(0, 1, at: pt(200, 630))
        #expect(screen.calls == ["shareTapped", "shareTapped"], "once for touchDown, once for touchUpInside")
    }

    @Test("Two selectors of one target on a control are two pairs: each keeps its own events")
    func controlSelectorsOfOneTargetAreSeparate() {
        let (screen, fingers) = screenScene()
        screen.button.addTarget(screen, action: Selector("shareTapped(_:)", ScreenController.shareTapped), for: .touchUpInside)
        screen.button.addTarget(
            screen, action: Selector("shareTouched(_:forEvent:)", ScreenController.shareTouched), for: .touchDown)
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchDown) == ["shareTouched(_:forEvent:)"])
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchUpInside) == ["shareTapped(_:)"])
        fingers.tap(0, 1, at: pt(200, 630))
        #expect(screen.calls == ["shareTouched 1 touch", "shareTapped"])
    }

    @Test("A control's removeTarget(nil, action:for:) removes the selector's pair of every target")
    func controlRemoveNilTarget() {
        // UIControl.removeTarget(_:action:for:): "Specify nil to remove all targets paired with action and the
        // specified control events."
        let (screen, fingers) = screenScene()
        let other = ScreenController()
        let share = Selector("shareTapped(_:)", ScreenController.shareTapped)
        screen.button.addTarget(screen, action: share, for: .touchUpInside)
        screen.button.addTarget(other, action: share, for: .touchUpInside)
        screen.button.addTarget(screen, action: Selector("refresh", ScreenController.refresh), for: .touchUpInside)
        screen.button.removeTarget(nil, action: share, for: .touchUpInside)
        fingers.tap(0, 1, at: pt(200, 630))
        #expect(screen.calls == ["refresh"])
        #expect(other.calls == [])
        #expect(screen.button.actions(forTarget: screen, forControlEvent: .touchUpInside) == ["refresh"])
    }

    @Test("actions(forTarget:forControlEvent:) lists no pair whose target is gone")
    func actionsOfAGoneTarget() {
        let (screen, _) = screenScene()
        var gone: ScreenController? = ScreenController()
        screen.button.addTarget(gone!, action: Selector("shareTapped(_:)", ScreenController.shareTapped), for: .touchUpInside)
        gone = nil
        #expect(screen.button.actions(forTarget: nil, forControlEvent: .touchUpInside) == nil)
        #expect(screen.button.allControlEvents.isEmpty)
    }

    @Test("Selectors are equal when their names are, as Objective-C selectors")
    func selectorEquality() {
        let handleTap = Selector("handleTap(_:)", ScreenController.handleTap)
        #expect(handleTap == Selector("handleTap(_:)", ScreenController.handleTap))
        #expect(handleTap != Selector("refresh", ScreenController.refresh))
        let names: Set = [handleTap, Selector("refresh", ScreenController.refresh), handleTap]
        #expect(names.count == 2)
    }

    @Test("Method references without a Selector cannot be compared: each addTarget adds a pair, as documented")
    func methodReferencesAreNotCompared() {
        let (screen, fingers) = screenScene()
        screen.tap.addTarget(screen, action: ScreenController.handleTap)
        screen.tap.addTarget(screen, action: ScreenController.handleTap)
        fingers.tap(0, 1, at: pt(200, 200))
        #expect(screen.calls == ["handleTap ended", "handleTap ended"])
    }
}
