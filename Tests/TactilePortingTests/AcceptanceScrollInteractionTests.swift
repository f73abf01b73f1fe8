import Tactile
import Testing

// What apps rely on around UIScrollView's scrolling: a finger on a moving list stops it and is no tap on a row;
// nested scroll views in different directions each take their own; the inner one in the same direction scrolls
// first; the content-touch rules still hold while the list moves. And zooming: the limits, the bounce back,
// setZoomScale and zoom(to:), through the scroll view's own pinch.

@Suite("Acceptance: touches on a moving UIScrollView and nested scroll views")
struct AcceptanceScrollInteractionTests {
    @Test("A tap on a decelerating list stops it where it is, and the row's button never hears of the tap")
    func tapStopsDeceleration() {
        let (application, scroll, recorder, fingers) = scrollPhysicsScene()
        let log = AcceptanceLog()
        let button = Control(frame: Rect(x: 0, y: 0, width: 400, height: 3000))  // every row is a button
        scroll.addSubview(button)
        for (event, label) in [(Control.Events.touchDown, "touchDown"), (.touchUpInside, "touchUpInside")] {
            _ = button.addAction(for: event) { _ in log.entries.append("B \(label)") }
        }
        let lift = fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        fingers.wait(until: lift + 200)
        #expect(scroll.isDecelerating)
        let moving = scroll.contentOffset
        fingers.down(lift + 200, (2, pt(200, 400)))
        #expect(!scroll.isDecelerating)
        #expect(scroll.contentOffset == moving)
        fingers.up(lift + 260, (2, pt(200, 400)))
        fingers.settle()
        #expect(scroll.contentOffset == moving, "stays where the finger stopped it")
        #expect(log.entries.isEmpty, "not a tap on the content")
        #expect(!recorder.calls.contains("didEndDecelerating"), "UIKit does not call it when a finger stops the list")
        #expect(application.nextDeadline == nil)
        // The next tap, on a list at rest, is the button's.
        fingers.down(lift + 2000, (3, pt(200, 400)))
        fingers.up(lift + 2060, (3, pt(200, 400)))
        #expect(log.entries == ["B touchDown", "B touchUpInside"])
    }

    @Test("A finger that catches the list and drags scrolls on from where it caught it")
    func catchAndDrag() {
        let (_, scroll, _, fingers) = scrollPhysicsScene()
        let lift = fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        fingers.wait(until: lift + 100)
        fingers.down(lift + 100, (2, pt(200, 400)))
        let caught = scroll.contentOffset
        fingers.move(lift + 116, (2, pt(200, 385)))
        fingers.move(lift + 132, (2, pt(200, 365)))
        #expect(scroll.isDragging)
        #expect(abs(scroll.contentOffset.y - (caught.y + 20)) < 1e-9)  // 20 pt since the pan began at 15 pt
    }

    /// A vertical list (400 × 800, content 3 000 high) holding a horizontal pager (400 × 300 at y 100, content
    /// 1 600 wide).
    func nested(innerVertical: Bool = false) -> (ScrollView, ScrollView, Fingers) {
        let (_, outer, _, fingers) = scrollPhysicsScene()
        outer.panGestureRecognizer.name = "outer"
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 300))
        inner.panGestureRecognizer.name = "inner"
        inner.contentSize = innerVertical ? Size(width: 400, height: 1200) : Size(width: 1600, height: 300)
        outer.addSubview(inner)
        return (outer, inner, fingers)
    }

    @Test("In a vertical list, a horizontal pager takes the horizontal drag and the list the vertical one")
    func nestedOtherDirection() {
        let (outer, inner, fingers) = nested()
        fingers.dragAndRest(from: pt(300, 250), dx: -120, dy: 4)
        #expect(inner.contentOffset.x > 90 && outer.contentOffset == .zero)
        fingers.settle()
        let pager = inner.contentOffset
        fingers.dragAndRest(from: pt(300, 250), dx: 4, dy: -120, at: 3000)
        #expect(outer.contentOffset.y > 90)
        #expect(inner.contentOffset == pager)
    }

    @Test("Two nested vertical scroll views: the inner one, under the finger, scrolls first")
    func nestedSameDirection() {
        let (outer, inner, fingers) = nested(innerVertical: true)
        fingers.dragAndRest(from: pt(200, 350), dx: 0, dy: -150)
        #expect(inner.contentOffset.y > 100)
        #expect(outer.contentOffset == .zero)
    }

    @Test("delaysContentTouches still holds while the list moves: a drag from rest never reaches the button")
    func contentTouchesStillDelayed() {
        let (_, scroll, _, fingers) = scrollPhysicsScene()
        let log = AcceptanceLog()
        let button = Control(frame: Rect(x: 0, y: 0, width: 400, height: 3000))
        scroll.addSubview(button)
        _ = button.addAction(for: .touchDown) { _ in log.entries.append("B touchDown") }
        fingers.flick(from: pt(200, 700), dx: 0, dy: -8, steps: 12)
        #expect(log.entries.isEmpty)
        fingers.settle()
        // canCancelContentTouches false: a finger resting 200 ms on the button keeps it.
        scroll.canCancelContentTouches = false
        fingers.down(5000, (2, pt(200, 400)))
        fingers.wait(until: 5200)
        #expect(log.entries == ["B touchDown"])
        let before = scroll.contentOffset
        fingers.move(5216, (2, pt(200, 380)))
        fingers.move(5232, (2, pt(200, 360)))
        #expect(scroll.contentOffset == before)
    }
}

@Suite("Acceptance: UIScrollView zooming")
struct AcceptanceScrollZoomTests {
    /// A 400 × 800 scroll view zooming a 400 × 800 image view between 1× and 3×.
    func zoomScene() -> (ScrollView, View, ScrollRecorder, Fingers) {
        let (_, scroll, recorder, fingers) = scrollPhysicsScene(contentSize: Size(width: 400, height: 800))
        let image = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        scroll.addSubview(image)
        recorder.zoomView = image
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 3
        return (scroll, image, recorder, fingers)
    }

    /// Two fingers 100 pt apart about (200, 400) spreading to `span` pt, then lifting.
    func pinch(_ fingers: Fingers, to span: Double, at begin: Double = 0) {
        fingers.down(begin, (1, pt(150, 400)), (2, pt(250, 400)))
        for k in 1...8 {
            let half = (50 + (span / 2 - 50) * Double(k) / 8)
            fingers.move(begin + Double(k) * 16, (1, pt(200 - half, 400)), (2, pt(200 + half, 400)))
        }
        fingers.move(begin + 300, (1, pt(200 - span / 2, 400)), (2, pt(200 + span / 2, 400)))
        fingers.up(begin + 301, (1, pt(200 - span / 2, 400)), (2, pt(200 + span / 2, 400)))
    }

    @Test("Zooming needs a range: the pinch recognizer exists only when maximumZoomScale > minimumZoomScale")
    func pinchRecognizer() {
        let (scroll, _, _, _) = zoomScene()
        #expect(scroll.pinchGestureRecognizer != nil)
        #expect(scroll.gestureRecognizers.contains { $0 === scroll.pinchGestureRecognizer })
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil)
    }

    @Test("A pinch zooms the view for zooming; contentSize follows; the point under the fingers stays under them")
    func pinchZooms() {
        let (scroll, image, recorder, fingers) = zoomScene()
        pinch(fingers, to: 200)  // twice the span
        #expect(abs(scroll.zoomScale - 2) < 1e-9)
        #expect(abs(scroll.contentSize.width - 800) < 1e-6 && abs(scroll.contentSize.height - 1600) < 1e-6)
        #expect(abs(image.frame.width - 800) < 1e-6)
        // (200, 400) was the content's (200, 400); at 2× it is (400, 800), still at the fingers' midpoint.
        #expect(abs(scroll.contentOffset.x - 200) < 1e-6 && abs(scroll.contentOffset.y - 400) < 1e-6)
        fingers.settle()
        #expect(recorder.calls.first == "willBeginZooming")
        #expect(recorder.calls.last == "didEndZooming(2.0)")
    }

    @Test("Past maximumZoomScale the pinch rubber-bands, and after the lift the scale bounces back to the maximum")
    func zoomBounce() {
        let (scroll, _, recorder, fingers) = zoomScene()
        pinch(fingers, to: 500)  // 5× the span
        #expect(scroll.zoomScale > 3 && scroll.zoomScale < 5)
        #expect(scroll.isZoomBouncing)
        fingers.settle()
        #expect(scroll.zoomScale == 3)
        #expect(recorder.calls.last == "didEndZooming(3.0)")
        #expect(scroll.contentOffset.x >= 0 && scroll.contentOffset.x <= 1200 - 400)
    }

    @Test("Without bouncesZoom the pinch stops at the limit")
    func zoomClamped() {
        let (scroll, _, recorder, fingers) = zoomScene()  // the delegate is weak: keep it
        scroll.bouncesZoom = false
        fingers.down(0, (1, pt(150, 400)), (2, pt(250, 400)))
        for k in 1...8 { fingers.move(Double(k) * 16, (1, pt(150 - 25 * Double(k), 400)), (2, pt(250 + 25 * Double(k), 400))) }
        #expect(scroll.zoomScale == 3)
        withExtendedLifetime(recorder) {}
    }

    @Test("setZoomScale clamps to the limits; zoom(to:) fills the bounds with the rect")
    func programmaticZoom() {
        let (scroll, _, recorder, fingers) = zoomScene()
        scroll.setZoomScale(5, animated: false)
        #expect(scroll.zoomScale == 3)
        scroll.setZoomScale(0.2, animated: false)
        #expect(scroll.zoomScale == 1)
        fingers.wait(until: 100)
        scroll.zoom(to: Rect(x: 100, y: 200, width: 200, height: 400), animated: true)
        fingers.wait(until: 250)
        #expect(scroll.zoomScale > 1 && scroll.zoomScale < 2)
        fingers.wait(until: 400)
        #expect(scroll.zoomScale == 2)
        #expect(scroll.contentOffset == Point(x: 200, y: 400))
        #expect(recorder.calls.last == "didEndZooming(2.0)")
    }
}
