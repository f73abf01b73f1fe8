import Tactile
import Testing

// A UIKit developer's checks of UIScrollView's scrolling, as a ported list, pager or photo viewer relies on them:
// the distance of a fling for a velocity and decelerationRate (Apple's projection, WWDC 2018 session 803:
// v / 1000 · r / (1 − r) with v in points per second), the page a paging flick lands on, the delegate's order for
// drag → decelerate → stop, targetContentOffset snapping, the rubber band, setContentOffset(_:animated:), zoom
// limits and bounce, a finger that stops a fling, and nested scroll views. The time is the input's: a test waits
// by moving the application's clock (Fingers.wait / settle), as a display link would.

/// Records the delegate calls in order ("didScroll" repeated is kept once per run of calls).
final class ScrollRecorder: ScrollViewDelegate {
    var calls: [String] = []
    var velocityAtLift: Point?
    var offsetAtLift: Point?
    var targetAtLift: Point?
    var snap: ((Point) -> Point)?
    var zoomView: View?

    private func add(_ call: String) {
        if call == "didScroll", calls.last == "didScroll" { return }
        calls.append(call)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { add("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { add("willBeginDragging") }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        add("willEndDragging")
        velocityAtLift = velocity
        offsetAtLift = scrollView.contentOffset
        targetAtLift = targetContentOffset
        if let snap { targetContentOffset = snap(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        add("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { add("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { add("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { add("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) { add("willBeginZooming") }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        add("didEndZooming(\(scale))")
    }
}

/// A 400 × 800 window filled with a scroll view of `contentSize`, its delegate a recorder.
func scrollPhysicsScene(contentSize: Size = Size(width: 400, height: 3000))
    -> (Application, ScrollView, ScrollRecorder, Fingers)
{
    let application = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    application.addWindow(window)
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    scroll.contentSize = contentSize
    window.addSubview(scroll)
    let recorder = ScrollRecorder()
    scroll.delegate = recorder
    return (application, scroll, recorder, Fingers(application))
}

extension Fingers {
    /// A finger that lands at `start` and moves by (`dx`, `dy`) every `every` ms, `steps` times, lifting one
    /// step further on (a flick: it lifts while moving). Returns the lift's time in ms.
    @discardableResult
    func flick(_ id: UInt64 = 1, from start: Point, dx: Double, dy: Double, every: Double = 8, steps: Int,
               at begin: Double = 0) -> Double
    {
        down(begin, (id, start))
        for k in 1...steps {
            move(begin + Double(k) * every, (id, Point(x: start.x + dx * Double(k), y: start.y + dy * Double(k))))
        }
        let last = Double(steps + 1)
        up(begin + last * every, (id, Point(x: start.x + dx * last, y: start.y + dy * last)))
        return begin + last * every
    }

    /// A finger that drags by (`dx`, `dy`) in `steps` moves 16 ms apart, rests 200 ms (no velocity), lifts.
    @discardableResult
    func dragAndRest(_ id: UInt64 = 1, from start: Point, dx: Double, dy: Double, steps: Int = 5, at begin: Double = 0)
        -> Double
    {
        down(begin, (id, start))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            move(begin + Double(k) * 16, (id, Point(x: start.x + dx * f, y: start.y + dy * f)))
        }
        let end = Point(x: start.x + dx, y: start.y + dy)
        move(begin + Double(steps) * 16 + 100, (id, end))
        move(begin + Double(steps) * 16 + 200, (id, end))
        up(begin + Double(steps) * 16 + 201, (id, end))
        return begin + Double(steps) * 16 + 201
    }
}

@Suite("Acceptance: UIScrollView deceleration, paging and the delegate")
struct AcceptanceScrollDecelerationTests {
    @Test("A 1 000 pt/s flick travels v·r/(1 − r) after the lift: 499 pt at .normal, 99 pt at .fast",
          arguments: [(ScrollView.DecelerationRate.normal, 499.0), (.fast, 99.0)])
    func flingDistance(rate: ScrollView.DecelerationRate, expected: Double) throws {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene()
        scroll.decelerationRate = rate
        // 8 pt up every 8 ms: the content scrolls down at 1 000 pt/s, i.e. 1 pt per millisecond.
        fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        fingers.settle()
        let velocity = try #require(recorder.velocityAtLift)
        let lift = try #require(recorder.offsetAtLift)
        #expect(abs(velocity.y - 1) < 0.01, "UIKit's velocity is in points per millisecond")
        #expect(velocity.x == 0)
        let r = rate.rawValue
        // The distance for the velocity the delegate was given, exactly, and ≈ the round figure for 1 pt/ms.
        #expect(abs(scroll.contentOffset.y - (lift.y + velocity.y * r / (1 - r))) < 1e-6)
        #expect(abs(scroll.contentOffset.y - lift.y - expected) < expected * 0.01)
        // The target the delegate was told is where it came to rest.
        #expect(recorder.targetAtLift == scroll.contentOffset)
        #expect(!scroll.isDecelerating)
    }

    @Test("A custom decelerationRate keeps UIKit's meaning (the fraction of velocity kept per millisecond)")
    func customRate() throws {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene()
        scroll.decelerationRate = ScrollView.DecelerationRate(rawValue: 0.995)
        fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        fingers.settle()
        let velocity = try #require(recorder.velocityAtLift), lift = try #require(recorder.offsetAtLift)
        #expect(abs(scroll.contentOffset.y - lift.y - velocity.y * 0.995 / 0.005) < 1e-6)  // 199 pt for 1 pt/ms
    }

    @Test("The delegate hears drag → decelerate → stop in UIKit's order")
    func delegateOrder() {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene()
        fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        #expect(scroll.isDecelerating && !scroll.isDragging)
        fingers.settle()
        #expect(recorder.calls == [
            "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
            "didScroll", "didEndDecelerating",
        ])
    }

    @Test("A drag released at rest inside the content ends with willDecelerate false and nothing after")
    func releaseWithoutVelocity() {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene()
        fingers.dragAndRest(from: pt(200, 600), dx: 0, dy: -100)
        fingers.settle()
        #expect(recorder.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        // The pan began after the first 20 pt move; the content followed the remaining 80 pt and stays.
        #expect(scroll.contentOffset == Point(x: 0, y: 80) && !scroll.isDecelerating)
    }

    @Test("isTracking, isDragging, isDecelerating follow the finger and the fling")
    func flags() {
        let (_, scroll, _, fingers) = scrollPhysicsScene()
        fingers.down(0, (1, pt(200, 700)))
        #expect(scroll.isTracking && !scroll.isDragging)
        fingers.move(8, (1, pt(200, 692)))
        fingers.move(16, (1, pt(200, 684)))
        #expect(scroll.isTracking && scroll.isDragging)
        fingers.up(24, (1, pt(200, 676)))
        #expect(!scroll.isTracking && !scroll.isDragging && scroll.isDecelerating)
        fingers.settle()
        #expect(!scroll.isDecelerating)
    }

    @Test("targetContentOffset set by the delegate snaps the fling exactly there")
    func snapping() throws {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene()
        recorder.snap = { Point(x: $0.x, y: ($0.y / 100).rounded() * 100) }
        fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        fingers.settle()
        let proposed = try #require(recorder.targetAtLift)
        #expect(scroll.contentOffset == Point(x: 0, y: (proposed.y / 100).rounded() * 100))
        #expect(recorder.calls.last == "didEndDecelerating")
    }

    @Test("A fling towards the end stops at the content's edge after bouncing past it")
    func flingBouncesAtEdge() {
        let (application, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 400, height: 1000))
        fingers.flick(from: pt(200, 700), dx: 0, dy: -16, steps: 12)  // 2 000 pt/s: ~1 000 pt, past the 200 pt end
        var furthest = 0.0
        var time = 0.2
        while application.nextDeadline != nil, time < 5 {
            fingers.wait(until: time * 1000)
            furthest = max(furthest, scroll.contentOffset.y)
            time += 1.0 / 60
        }
        #expect(furthest > 200, "bounces past the end")
        #expect(scroll.contentOffset == Point(x: 0, y: 200))
    }

    @Test("Without bounces a fling stops at the edge and never passes it")
    func flingWithoutBounce() {
        let (application, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 400, height: 1000))
        scroll.bounces = false
        fingers.flick(from: pt(200, 700), dx: 0, dy: -16, steps: 12)
        var time = 0.2
        while application.nextDeadline != nil, time < 5 {
            fingers.wait(until: time * 1000)
            #expect(scroll.contentOffset.y <= 200)
            time += 1.0 / 60
        }
        #expect(scroll.contentOffset == Point(x: 0, y: 200))
    }

    @Test("The offset at a given time does not depend on how often the display sampled it")
    func frameRateIndependence() {
        func offset(at ms: Double, frame: Double) -> Point {
            let (_, scroll, _, fingers) = scrollPhysicsScene()
            let lift = fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
            var time = lift
            while time + frame < ms {
                time += frame
                fingers.wait(until: time)
            }
            fingers.wait(until: ms)
            return scroll.contentOffset
        }
        let at60 = offset(at: 500, frame: 1000.0 / 60), at120 = offset(at: 500, frame: 1000.0 / 120)
        #expect(abs(at60.y - at120.y) < 1e-9)
        #expect(offset(at: 500, frame: 250).y == at60.y)
    }
}

@Suite("Acceptance: UIScrollView paging")
struct AcceptanceScrollPagingTests {
    func pager() -> (Application, ScrollView, ScrollRecorder, Fingers) {
        let scene = scrollPhysicsScene(contentSize: Size(width: 1600, height: 800))
        scene.1.isPagingEnabled = true
        return scene
    }

    @Test("A short flick to the left lands on the next page, one bounds' width on")
    func flickToNextPage() {
        let (_, scroll, recorder, fingers) = pager()
        fingers.flick(from: pt(300, 400), dx: -12, dy: 0, steps: 5)  // 72 pt at 1 500 pt/s
        #expect(recorder.targetAtLift == Point(x: 400, y: 0))
        fingers.settle()
        #expect(scroll.contentOffset == Point(x: 400, y: 0))
        #expect(recorder.calls.last == "didEndDecelerating")
    }

    @Test("A fast flick still moves one page only")
    func oneFlickOnePage() {
        let (_, scroll, _, fingers) = pager()
        scroll.contentOffset = Point(x: 400, y: 0)
        fingers.flick(from: pt(350, 400), dx: -40, dy: 0, steps: 6)  // 5 000 pt/s
        fingers.settle()
        #expect(scroll.contentOffset == Point(x: 800, y: 0))
    }

    @Test("A slow release settles on the nearest page: back under half a page, on past it")
    func slowReleaseNearestPage() {
        let (_, scroll, _, fingers) = pager()
        fingers.dragAndRest(from: pt(350, 400), dx: -150, dy: 0)
        fingers.settle()
        #expect(scroll.contentOffset == Point(x: 0, y: 0))
        fingers.dragAndRest(from: pt(350, 400), dx: -250, dy: 0, at: 2000)
        fingers.settle()
        #expect(scroll.contentOffset == Point(x: 400, y: 0))
    }

    @Test("At the last page a flick onwards rubber-bands and comes back to the last page")
    func lastPage() {
        let (_, scroll, _, fingers) = pager()
        scroll.contentOffset = Point(x: 1200, y: 0)
        fingers.flick(from: pt(350, 400), dx: -12, dy: 0, steps: 5)
        fingers.settle()
        #expect(scroll.contentOffset == Point(x: 1200, y: 0))
    }
}

@Suite("Acceptance: UIScrollView rubber band and programmatic scrolling")
struct AcceptanceScrollRubberBandTests {
    @Test("Pulled 100 pt past the top, the content is drawn (1 − 1/(100 · 0.55/800 + 1)) · 800 = 51.46 pt down")
    func rubberBandAtTop() {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene()
        fingers.down(0, (1, pt(200, 100)))
        fingers.move(16, (1, pt(200, 110)))  // the pan begins here: the translation counts from this point
        fingers.move(32, (1, pt(200, 210)))
        let expected = (1 - 1 / (100 * 0.55 / 800 + 1)) * 800
        #expect(abs(scroll.contentOffset.y + expected) < 1e-9)
        #expect(abs(expected - 51.46) < 0.01)
        fingers.move(300, (1, pt(200, 210)))
        fingers.up(301, (1, pt(200, 210)))
        #expect(recorder.calls.suffix(3) == ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        fingers.settle()
        #expect(scroll.contentOffset == .zero, "springs back to the top")
        #expect(recorder.calls.last == "didEndDecelerating")
    }

    @Test("The rubber band holds at the bottom edge too, and grows slower than the finger")
    func rubberBandAtBottom() {
        let (_, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 400, height: 1000))
        scroll.contentOffset = Point(x: 0, y: 200)
        fingers.down(0, (1, pt(200, 700)))
        fingers.move(16, (1, pt(200, 690)))
        fingers.move(32, (1, pt(200, 290)))  // 400 pt past the end
        let banded = scroll.contentOffset.y - 200
        #expect(abs(banded - (1 - 1 / (400 * 0.55 / 800 + 1)) * 800) < 1e-9)  // 172.55 pt
        #expect(banded < 400 * 0.55)
    }

    @Test("Without bounces the drag stops at the edge")
    func noBounce() {
        let (_, scroll, _, fingers) = scrollPhysicsScene()
        scroll.bounces = false
        fingers.down(0, (1, pt(200, 100)))
        fingers.move(16, (1, pt(200, 110)))
        fingers.move(32, (1, pt(200, 210)))
        #expect(scroll.contentOffset == .zero)
    }

    @Test("Content that fits does not move unless alwaysBounceVertical; then it rubber-bands and comes back")
    func alwaysBounce() {
        let (_, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 400, height: 500))
        fingers.down(0, (1, pt(200, 500)))
        fingers.move(16, (1, pt(200, 490)))
        fingers.move(32, (1, pt(200, 400)))
        #expect(scroll.contentOffset == .zero)
        fingers.up(40, (1, pt(200, 400)))
        fingers.settle()
        scroll.alwaysBounceVertical = true
        fingers.down(2000, (1, pt(200, 500)))
        fingers.move(2016, (1, pt(200, 490)))
        fingers.move(2032, (1, pt(200, 400)))
        #expect(scroll.contentOffset.y > 0)
        fingers.up(2040, (1, pt(200, 400)))
        fingers.settle()
        #expect(scroll.contentOffset == .zero)
    }

    @Test("contentInset extends the scrollable area: the top rests at −inset.top")
    func contentInset() {
        let (_, scroll, _, fingers) = scrollPhysicsScene()
        scroll.contentInset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        fingers.dragAndRest(from: pt(200, 100), dx: 0, dy: 200)
        fingers.settle()
        #expect(scroll.contentOffset == Point(x: 0, y: -50))
    }

    @Test("setContentOffset(_:animated: true) arrives in 0.3 s, then didEndScrollingAnimation; false is at once")
    func setContentOffsetAnimated() {
        let (application, scroll, recorder, fingers) = scrollPhysicsScene()
        fingers.wait(until: 1000)
        scroll.setContentOffset(Point(x: 0, y: 600), animated: true)
        #expect(application.nextDeadline != nil)
        fingers.wait(until: 1150)
        #expect(scroll.contentOffset.y > 0 && scroll.contentOffset.y < 600)
        #expect(!scroll.isDecelerating)
        fingers.wait(until: 1300)
        #expect(scroll.contentOffset == Point(x: 0, y: 600))
        #expect(recorder.calls.last == "didEndScrollingAnimation")
        scroll.setContentOffset(Point(x: 0, y: 100), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 100) && recorder.calls.last == "didScroll")
    }

    @Test("With isDirectionalLockEnabled a mostly vertical drag scrolls vertically only")
    func directionalLock() {
        let (_, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 2000, height: 3000))
        scroll.isDirectionalLockEnabled = true
        fingers.down(0, (1, pt(300, 700)))
        for k in 1...6 { fingers.move(Double(k) * 16, (1, pt(300 - 2 * Double(k), 700 - 20 * Double(k)))) }
        #expect(scroll.contentOffset.x == 0 && scroll.contentOffset.y > 50)
        fingers.up(200, (1, pt(288, 580)))
        fingers.settle()
        scroll.isDirectionalLockEnabled = false
        let before = scroll.contentOffset
        fingers.down(3000, (1, pt(300, 700)))
        for k in 1...6 { fingers.move(3000 + Double(k) * 16, (1, pt(300 - 4 * Double(k), 700 - 20 * Double(k)))) }
        #expect(scroll.contentOffset.x > before.x, "without the lock both axes follow the finger")
    }
}
