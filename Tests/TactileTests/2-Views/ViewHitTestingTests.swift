import Testing
@testable import Tactile

/// A container that is never the hit view itself but lets its subviews be hit (a pass-through overlay).
final class PassThroughView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// A view whose hit area extends `margin` points beyond its bounds on every side.
final class EnlargedView: View {
    var margin: Double = 20
    override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.outset(dx: margin, dy: margin).contains(point)
    }
}

/// A view that records the points its `hitTest` is asked about.
final class ProbeView: View {
    var asked: [Point] = []
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        asked.append(point)
        return super.hitTest(point, with: event)
    }
}

@Suite struct ViewHitTestingTests {
    /// A 400×400 window with a named 100×100 view at (100, 100).
    func makeScene() -> (window: Window, view: View) {
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let view = View(name: "V", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(view)
        return (window, view)
    }

    // MARK: §3.1 — order and flags

    @Test("Overlapping siblings: the one later in subviews (in front) is hit")
    func reverseSubviewOrder() {
        let (w, back) = makeScene()
        let front = View(name: "F", frame: Rect(x: 150, y: 150, width: 100, height: 100))
        w.addSubview(front)
        #expect(w.hitTest(Point(x: 175, y: 175), with: nil) === front)
        #expect(w.hitTest(Point(x: 120, y: 120), with: nil) === back)
        w.sendSubviewToBack(front)
        #expect(w.hitTest(Point(x: 175, y: 175), with: nil) === back)
        #expect(w.hitTest(Point(x: 300, y: 300), with: nil) === w)
    }

    @Test("The deepest view containing the point is hit")
    func deepest() {
        let (w, v) = makeScene()
        let child = View(name: "C", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let grandchild = View(name: "G", frame: Rect(x: 5, y: 5, width: 5, height: 5))
        v.addSubview(child); child.addSubview(grandchild)
        #expect(w.hitTest(Point(x: 117, y: 117), with: nil) === grandchild)
        #expect(w.hitTest(Point(x: 112, y: 112), with: nil) === child)
        #expect(w.hitTest(Point(x: 150, y: 150), with: nil) === v)
    }

    @Test("A hidden view and its subtree are skipped; the touch goes to the view behind")
    func hidden() {
        let (w, v) = makeScene()
        let child = View(name: "C", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        v.addSubview(child)
        child.isHidden = true
        #expect(w.hitTest(Point(x: 110, y: 110), with: nil) === v)
        child.isHidden = false
        v.isHidden = true
        #expect(w.hitTest(Point(x: 110, y: 110), with: nil) === w)
        w.isHidden = true
        #expect(w.hitTest(Point(x: 10, y: 10), with: nil) == nil)
    }

    @Test("Alpha below 0.01 hides a view and its subtree from hit-testing; exactly 0.01 is hittable")
    func alphaThreshold() {
        let (w, v) = makeScene()
        let child = View(name: "C", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        v.addSubview(child)
        let p = Point(x: 110, y: 110)
        v.alpha = 0.01
        #expect(w.hitTest(p, with: nil) === child)
        v.alpha = 0.009_999
        #expect(w.hitTest(p, with: nil) === w)
        v.alpha = 0
        #expect(w.hitTest(p, with: nil) === w)
        v.alpha = 1
        child.alpha = 0.005
        #expect(w.hitTest(p, with: nil) === v)
    }

    @Test("A view with user interaction disabled takes its subtree out of hit-testing")
    func interactionDisabled() {
        let (w, v) = makeScene()
        let child = View(name: "C", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        v.addSubview(child)
        v.isUserInteractionEnabled = false
        #expect(w.hitTest(Point(x: 110, y: 110), with: nil) === w)
        #expect(child.hitTest(Point(x: 10, y: 10), with: nil) === child)
        v.isUserInteractionEnabled = true
        child.isUserInteractionEnabled = false
        #expect(w.hitTest(Point(x: 110, y: 110), with: nil) === v)
    }

    // MARK: §3.2, §3.3 — inside

    @Test("Bounds are half-open: in a 100×100 view (99,99) is inside and (100,100) is not")
    func halfOpenBounds() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(v.point(inside: Point(x: 99, y: 99), with: nil))
        #expect(!v.point(inside: Point(x: 100, y: 100), with: nil))
        #expect(v.hitTest(Point(x: 99, y: 99), with: nil) === v)
        #expect(v.hitTest(Point(x: 100, y: 100), with: nil) == nil)
        #expect(v.hitTest(Point(x: 0, y: 0), with: nil) === v)
        #expect(v.hitTest(Point(x: -0.5, y: 0), with: nil) == nil)
    }

    @Test("point(inside:) uses bounds coordinates: with bounds origin (10000, 10000), (50, 50) is outside")
    func boundsOriginOffset() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.bounds.origin = Point(x: 10000, y: 10000)
        #expect(!v.point(inside: Point(x: 50, y: 50), with: nil))
        #expect(v.point(inside: Point(x: 10050, y: 10050), with: nil))
        #expect(v.hitTest(Point(x: 50, y: 50), with: nil) == nil)
    }

    @Test("A bounds origin shifts where subviews are hit, and a negative origin reaches left of zero")
    func boundsOriginInHierarchy() {
        let root = View(name: "R")
        root.bounds = Rect(x: -10, y: -10, width: 100, height: 100)
        root.frame.origin = .zero
        let child = View(name: "C", frame: Rect(x: 40, y: 40, width: 20, height: 20))
        let grandchild = View(name: "G", frame: Rect(x: 10, y: 10, width: 5, height: 5))
        root.addSubview(child); child.addSubview(grandchild)
        #expect(root.hitTest(Point(x: -5, y: -5), with: nil) === root)
        #expect(root.hitTest(Point(x: 40, y: 40), with: nil) === child)
        #expect(root.hitTest(Point(x: 52.5, y: 52.5), with: nil) === grandchild)
        #expect(root.hitTest(Point(x: -11, y: -11), with: nil) == nil)
        #expect(root.hitTest(Point(x: 95, y: 95), with: nil) == nil)
    }

    @Test("A point outside a view's bounds rejects its whole subtree, whatever clipsToBounds says")
    func outsideParentRejectsSubtree() {
        for clips in [false, true] {
            let (w, v) = makeScene()
            let stickingOut = View(name: "S", frame: Rect(x: 80, y: 80, width: 50, height: 50))
            v.addSubview(stickingOut)
            v.clipsToBounds = clips
            // Inside the parent and the child.
            #expect(w.hitTest(Point(x: 190, y: 190), with: nil) === stickingOut)
            // Inside the child but outside the parent: the window behind gets it.
            #expect(w.hitTest(Point(x: 210, y: 210), with: nil) === w)
        }
    }

    // MARK: §3.5 — transforms

    @Test("A view scaled down by its own transform has bounds twice its frame, and is hit across them")
    func selfTransform() {
        let root = View(name: "R"), sub = View(name: "S")
        root.addSubview(sub)
        root.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        sub.frame = Rect(x: 25, y: 25, width: 50, height: 50)
        #expect(root.bounds.size == Size(width: 200, height: 200))
        #expect(root.hitTest(Point(x: 25, y: 25), with: nil) === sub)
        #expect(root.hitTest(Point(x: 74, y: 74), with: nil) === sub)
        #expect(root.hitTest(Point(x: 20, y: 20), with: nil) === root)
        #expect(root.hitTest(Point(x: 75, y: 75), with: nil) === root)
        #expect(root.hitTest(Point(x: 199, y: 199), with: nil) === root)
        root.bounds.origin = Point(x: 0, y: 25)
        #expect(root.hitTest(Point(x: 25, y: 25), with: nil) === sub)
        #expect(root.hitTest(Point(x: 199, y: 199), with: nil) === root)
        #expect(root.hitTest(Point(x: 200, y: 200), with: nil) == nil)
    }

    @Test("A child scaled by its transform is hit where it appears in the parent")
    func childTransform() {
        let root = View(name: "R"), sub = View(name: "S")
        root.addSubview(sub)
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        sub.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        sub.frame = Rect(x: 25, y: 25, width: 50, height: 50)
        #expect(root.hitTest(Point(x: 25, y: 25), with: nil) === sub)
        #expect(root.hitTest(Point(x: 74, y: 74), with: nil) === sub)
        #expect(root.hitTest(Point(x: 20, y: 20), with: nil) === root)
        #expect(root.hitTest(Point(x: 75, y: 75), with: nil) === root)
        #expect(root.hitTest(Point(x: 100, y: 100), with: nil) == nil)
    }

    @Test("A 90°-rotated view is hit inside its turned footprint and not in the rest of its untransformed frame")
    func rotatedView() {
        let (w, v) = makeScene()
        v.frame = Rect(x: 100, y: 100, width: 200, height: 40)  // center (200, 120)
        v.transform = AffineTransform(rotationAngle: pi / 2)   // now spans x 180..220, y 20..220
        #expect(w.hitTest(Point(x: 200, y: 30), with: nil) === v)
        #expect(w.hitTest(Point(x: 219, y: 219), with: nil) === v)
        #expect(w.hitTest(Point(x: 120, y: 120), with: nil) === w)
        #expect(w.hitTest(Point(x: 280, y: 110), with: nil) === w)
        // Which end is which: the view's (0, 0) corner turned to the top right.
        let probe = View(name: "P", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        v.addSubview(probe)
        #expect(w.hitTest(Point(x: 215, y: 25), with: nil) === probe)
        #expect(w.hitTest(Point(x: 185, y: 25), with: nil) === v)
    }

    @Test("A 45°-rotated view is not hit in the corners of its frame that its diamond does not cover")
    func diagonalView() {
        let (w, v) = makeScene()
        v.transform = AffineTransform(rotationAngle: pi / 4)
        #expect(w.hitTest(Point(x: 150, y: 150), with: nil) === v)
        #expect(w.hitTest(Point(x: 150, y: 85), with: nil) === v)     // above the old top edge, inside the diamond
        #expect(w.hitTest(Point(x: 105, y: 105), with: nil) === w)    // old corner, outside the diamond
    }

    @Test("A child of a rotated and scaled parent is hit through both transforms")
    func rotatedParentWithChild() {
        let (w, parent) = makeScene()
        let child = View(name: "C", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        parent.addSubview(child)
        parent.transform = AffineTransform(rotationAngle: pi / 2).scaledBy(x: 2, y: 2)
        // The parent (center 150, 150, 100×100 bounds scaled by 2) covers 50..250; its (0, 0) is at (250, 50).
        let corner = parent.convert(Point(x: 10, y: 10), to: w)
        #expect(isClose(corner, Point(x: 230, y: 70)))
        #expect(w.hitTest(corner, with: nil) === child)
        #expect(w.hitTest(Point(x: 60, y: 60), with: nil) === parent)
        #expect(w.hitTest(Point(x: 70, y: 230), with: nil) === parent)
    }

    @Test("A view whose transform cannot be inverted is never hit, nor are its subviews")
    func singularTransform() {
        let (w, v) = makeScene()
        let child = View(name: "C", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.addSubview(child)
        v.transform = AffineTransform(scaleX: 0, y: 1)
        #expect(w.hitTest(Point(x: 150, y: 150), with: nil) === w)
        v.transform = .identity
        child.transform = AffineTransform(a: 1, b: 1, c: 2, d: 2, tx: 0, ty: 0)
        #expect(w.hitTest(Point(x: 150, y: 150), with: nil) === v)
    }

    @Test("Each subview's hitTest is asked with the point in its own bounds coordinates, front to back")
    func subviewsAskedInTheirCoordinates() {
        let (w, v) = makeScene()
        let back = ProbeView(name: "B", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let front = ProbeView(name: "F", frame: Rect(x: 50, y: 50, width: 10, height: 10))
        v.addSubview(back); v.addSubview(front)
        front.bounds.origin = Point(x: 1000, y: 0)
        #expect(w.hitTest(Point(x: 130, y: 130), with: nil) === v)
        #expect(front.asked == [Point(x: 1000 - 20, y: -20)])
        #expect(back.asked == [Point(x: 30, y: 30)])
    }

    // MARK: Overrides

    @Test("A pass-through container is never hit itself, but its subviews are")
    func passThroughContainer() {
        let (w, behind) = makeScene()
        let overlay = PassThroughView(name: "O", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let button = View(name: "B", frame: Rect(x: 300, y: 300, width: 50, height: 50))
        w.addSubview(overlay); overlay.addSubview(button)
        #expect(w.hitTest(Point(x: 150, y: 150), with: nil) === behind)
        #expect(w.hitTest(Point(x: 310, y: 310), with: nil) === button)
        #expect(w.hitTest(Point(x: 10, y: 10), with: nil) === w)
    }

    @Test("Overriding point(inside:) enlarges a hit area, within the parent's bounds")
    func enlargedHitArea() {
        let (w, v) = makeScene()
        let small = EnlargedView(name: "E", frame: Rect(x: 40, y: 40, width: 20, height: 20))
        v.addSubview(small)
        #expect(w.hitTest(Point(x: 125, y: 150), with: nil) === small)   // 15 pt left of its bounds
        #expect(w.hitTest(Point(x: 115, y: 150), with: nil) === v)       // 25 pt left: outside the margin
        let edge = EnlargedView(name: "Edge", frame: Rect(x: 90, y: 40, width: 10, height: 20))
        v.addSubview(edge)
        #expect(w.hitTest(Point(x: 199, y: 50 + 100), with: nil) === edge)
        #expect(w.hitTest(Point(x: 205, y: 150), with: nil) === w)        // in the margin but outside the parent
    }
}
