import Tactile
import Testing

// Rules that rested on one test each, pinned on both sides of their boundary from what UIKit (and the spec) says,
// so that a planted off-by-one or a swapped order fails the suite: a window's dropped began and `tapCount`,
// removeTarget(nil, action:) on a recognizer, the paging flick's 100 pt/s, the directional lock's 2:1, and
// scrollViewWillBeginDragging before the first content move.

/// A window that drops every event while `isLocked` (a `sendEvent` override that does not call super).
private final class LockingWindow: Window {
    var isLocked = false
    override func sendEvent(_ event: Event) {
        if !isLocked { super.sendEvent(event) }
    }
}

@Suite("Rule boundaries: tapCount and a window's dropped touches")
struct TapCountDroppedWindowTests {
    /// A 400 × 800 locking window filled by a recording view.
    private func scene() -> (LockingWindow, AcceptanceLog, Fingers) {
        let log = AcceptanceLog()
        let application = Application()
        let window = LockingWindow(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        application.addWindow(window)
        window.addSubview(RecordingView("V", frame: window.bounds, log: log))
        return (window, log, Fingers(application))
    }

    @Test("Two quick taps on one spot: the second touch's tapCount is 2 (the control case)")
    func secondTapCounts() {
        let (_, log, fingers) = scene()
        fingers.tap(0, 1, at: pt(100, 100))
        fingers.tap(200, 2, at: pt(102, 101))
        #expect(log.tapCounts == [1: 1, 2: 2])
    }

    @Test("A touch whose began its window dropped is no tap: the next touch's tapCount is 1")
    func droppedBeganDoesNotCount() {
        let (window, log, fingers) = scene()
        window.isLocked = true
        fingers.down(0, (1, pt(100, 100)))
        window.isLocked = false  // unlocked before the lift: the touch stays dropped for its whole life
        fingers.up(80, (1, pt(100, 100)))
        fingers.tap(200, 2, at: pt(102, 101))
        #expect(log.entries == ["V began #2", "V ended #2"])
        #expect(log.tapCounts == [2: 1])
        fingers.tap(400, 3, at: pt(101, 100))
        #expect(log.tapCounts[3] == 2, "the delivered tap counts as usual")
    }
}

/// A controller with two handlers, as UIKit code wires them to several recognizers.
private final class Handlers {
    var calls: [String] = []
    let name: String
    init(_ name: String) { self.name = name }
    func handleTap(_ tap: TapGestureRecognizer) { calls.append("\(name) handleTap") }
    func log(_ recognizer: GestureRecognizer) { calls.append("\(name) log") }
}

@Suite("Rule boundaries: removeTarget(_:action:) on a gesture recognizer")
struct RecognizerRemoveTargetTests {
    /// A tap on a full-screen view with `handleTap(_:)` of two targets, `first` and `second`.
    private func tapWithTwoTargets() -> (TapGestureRecognizer, Handlers, Handlers, Fingers) {
        let (_, _, view, _, fingers) = acceptanceScene()
        let first = Handlers("first"), second = Handlers("second")
        let tap = TapGestureRecognizer()
        tap.addTarget(first, action: Selector("handleTap(_:)", Handlers.handleTap))
        tap.addTarget(second, action: Selector("handleTap(_:)", Handlers.handleTap))
        view.addGestureRecognizer(tap)
        return (tap, first, second, fingers)
    }

    @Test("removeTarget(nil, action:) removes that action for every target and keeps the other actions")
    func nilTargetRemovesTheActionOfEveryTarget() {
        // UIGestureRecognizer.removeTarget(_:action:): target "nil to remove all targets"; action "a selector
        // identifying a target-action pair".
        let (tap, first, second, fingers) = tapWithTwoTargets()
        let handleTap = Selector("handleTap(_:)", Handlers.handleTap)
        tap.addTarget(first, action: Selector("log(_:)", Handlers.log))
        var closureCalls = 0
        _ = tap.addAction { _ in closureCalls += 1 }
        tap.removeTarget(nil, action: handleTap)
        fingers.tap(0, 1, at: pt(200, 200))
        #expect(first.calls == ["first log"])
        #expect(second.calls == [])
        #expect(closureCalls == 1)
    }

    @Test("removeTarget(target, action:) removes that target's pair only")
    func namedTargetRemovesItsPairOnly() {
        let (tap, first, second, fingers) = tapWithTwoTargets()
        tap.removeTarget(first, action: Selector("handleTap(_:)", Handlers.handleTap))
        fingers.tap(0, 1, at: pt(200, 200))
        #expect(first.calls == [])
        #expect(second.calls == ["second handleTap"])
    }
}

@Suite("Rule boundaries: the paging flick (faster than 100 pt/s goes on a page)")
struct PagingFlickBoundaryTests {
    /// A horizontal pager of four 400 pt pages, flicked left from (300, 400) by `dx` every 16 ms for `steps`
    /// moves: returns where it settles and the velocity the delegate was told at the lift (in points per second;
    /// the delegate is told points per millisecond, as UIKit's is).
    private func settle(dx: Double, steps: Int) -> (offset: Point, velocity: Point) {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene(contentSize: Size(width: 1600, height: 800))
        scroll.isPagingEnabled = true
        fingers.flick(from: pt(300, 400), dx: dx, dy: 0, every: 16, steps: steps)
        fingers.settle()
        let velocity = recorder.velocityAtLift ?? .zero
        return (scroll.contentOffset, Point(x: velocity.x * 1000, y: velocity.y * 1000))
    }

    @Test("A release at 150 pt/s, a few points in, goes on to the next page", arguments: [150.0, 250.0])
    func flickBetween100And300TurnsThePage(speed: Double) {
        let (offset, velocity) = settle(dx: -speed * 0.016, steps: 14)
        #expect(abs(velocity.x - speed) < speed * 0.1, "the finger's velocity at the lift")
        #expect(offset == Point(x: 400, y: 0))
    }

    @Test("A release at 60 pt/s, as far in, settles back on the nearest page")
    func slowerThan100StaysOnThePage() {
        let (offset, velocity) = settle(dx: -60 * 0.016, steps: 20)
        #expect(velocity.x > 40 && velocity.x < 80)
        #expect(offset == .zero)
    }
}

@Suite("Rule boundaries: the directional lock decides at 2:1")
struct DirectionalLockBoundaryTests {
    /// A scroll view that scrolls both ways with the lock on, dragged up-left by (`dx`, `dy`) every 16 ms.
    private func drag(dx: Double, dy: Double) -> Point {
        let (_, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 2000, height: 3000))
        scroll.isDirectionalLockEnabled = true
        fingers.down(0, (1, pt(300, 700)))
        for k in 1...8 { fingers.move(Double(k) * 16, (1, pt(300 - dx * Double(k), 700 - dy * Double(k)))) }
        return scroll.contentOffset
    }

    @Test("Vertical 2.2 times the horizontal: locked vertical, x never moves")
    func steeperThanTwoToOneLocks() {
        let offset = drag(dx: 4, dy: 8.8)
        #expect(offset.x == 0)
        #expect(offset.y > 30)
    }

    @Test("Vertical 1.8 times the horizontal: diagonal, both axes follow the finger")
    func shallowerThanTwoToOneStaysFree() {
        let offset = drag(dx: 5, dy: 9)
        #expect(offset.x > 10)
        #expect(offset.y > 30)
    }

    @Test("Horizontal 2.2 times the vertical locks horizontal; 1.8 times stays free")
    func horizontalSide() {
        let locked = drag(dx: 8.8, dy: 4)
        #expect(locked.y == 0 && locked.x > 30)
        let free = drag(dx: 9, dy: 5)
        #expect(free.y > 10 && free.x > 30)
    }
}

/// A delegate that notes the content offset and the delegate calls so far when the drag begins.
private final class BeginDraggingProbe: ScrollViewDelegate {
    var calls: [String] = []
    var offsetAtWillBegin: Point?
    func scrollViewDidScroll(_ scrollView: ScrollView) { calls.append("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        calls.append("willBeginDragging")
        offsetAtWillBegin = scrollView.contentOffset
    }
}

@Suite("Rule boundaries: scrollViewWillBeginDragging comes before the content moves")
struct WillBeginDraggingOrderTests {
    @Test("The delegate hears willBeginDragging before any didScroll, at the offset the finger found",
          arguments: [PanRecognition.TranslationOrigin.recognition, .touchDown])
    func willBeginDraggingFirst(origin: PanRecognition.TranslationOrigin) {
        let (_, scroll, _, fingers) = scrollPhysicsScene()
        scroll.setContentOffset(Point(x: 0, y: 300), animated: false)
        let probe = BeginDraggingProbe()
        scroll.delegate = probe
        scroll.panGestureRecognizer.translationOrigin = origin
        fingers.down(0, (1, pt(200, 600)))
        for k in 1...4 { fingers.move(Double(k) * 16, (1, pt(200, 600 - 8 * Double(k)))) }
        #expect(probe.calls.first == "willBeginDragging")
        #expect(probe.offsetAtWillBegin == Point(x: 0, y: 300))
        #expect(probe.calls.contains("didScroll"))
        #expect(scroll.contentOffset.y > 300)
    }
}
