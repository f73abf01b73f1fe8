import Testing
@testable import Tactile

@Suite struct ViewConversionTests {
    /// A 400×400 window at the screen origin.
    func makeWindow(_ name: String = "W", frame: Rect = Rect(x: 0, y: 0, width: 400, height: 400)) -> Window {
        Window(name: name, frame: frame)
    }

    @Test("Without transforms a point moves by the frame origin minus the bounds origin")
    func identity() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 50, y: 60, width: 100, height: 100))
        w.addSubview(v)
        #expect(v.convert(Point(x: 10, y: 10), to: w) == Point(x: 60, y: 70))
        v.bounds.origin = Point(x: 20, y: 30)
        #expect(v.convert(Point(x: 10, y: 10), to: w) == Point(x: 40, y: 40))
        #expect(v.convert(Point(x: 40, y: 40), from: w) == Point(x: 10, y: 10))
    }

    @Test("A 90°-rotated view maps its corners to hand-computed window points")
    func quarterTurn() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 100, y: 100, width: 100, height: 50))
        w.addSubview(v)
        v.transform = AffineTransform(rotationAngle: pi / 2)
        // center (150, 125), anchor (50, 25); T(x, y) = (-y, x).
        #expect(isClose(v.convert(Point(x: 0, y: 0), to: w), Point(x: 175, y: 75)))
        #expect(isClose(v.convert(Point(x: 100, y: 0), to: w), Point(x: 175, y: 175)))
        #expect(isClose(v.convert(Point(x: 0, y: 50), to: w), Point(x: 125, y: 75)))
        #expect(isClose(v.convert(Point(x: 175, y: 75), from: w), Point(x: 0, y: 0)))
        #expect(isClose(v.convert(Point(x: 150, y: 125), from: w), Point(x: 50, y: 25)))
        let turned = v.convert(Rect(x: 0, y: 0, width: 100, height: 50), to: w)
        #expect(isClose(turned, Rect(x: 125, y: 75, width: 50, height: 100)))
    }

    @Test("A view scaled by 2 doubles distances from its center")
    func scaled() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(v)
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.convert(Point(x: 0, y: 0), to: w) == Point(x: -50, y: -50))
        #expect(v.convert(Point(x: 75, y: 25), to: w) == Point(x: 100, y: 0))
        #expect(v.convert(Point(x: 100, y: 0), from: w) == Point(x: 75, y: 25))
        let middle = Rect(x: 25, y: 25, width: 50, height: 50)
        #expect(v.convert(middle, to: w) == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("A transform's translation moves converted points")
    func translated() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(v)
        v.transform = AffineTransform(translationX: 30, y: -5)
        #expect(v.convert(Point(x: 0, y: 0), to: w) == Point(x: 30, y: -5))
        #expect(v.convert(Point(x: 30, y: -5), from: w) == .zero)
    }

    @Test("A child of a rotated parent goes through both transforms")
    func rotatedParentWithChild() {
        let w = makeWindow()
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let child = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        w.addSubview(parent); parent.addSubview(child)
        parent.transform = AffineTransform(rotationAngle: pi / 2)
        // child (0,0) → parent (10,20) → from the parent's anchor (-90,-30) → turned (30,-90) → +(100,50).
        #expect(isClose(child.convert(Point(x: 0, y: 0), to: w), Point(x: 130, y: -40)))
        #expect(isClose(child.convert(Point(x: 130, y: -40), from: nil), .zero))
        #expect(isClose(child.convert(Point(x: 0, y: 0), to: parent), Point(x: 10, y: 20)))
    }

    @Test("Converting between cousins goes through their nearest common ancestor")
    func cousins() {
        let w = makeWindow()
        let root = View(frame: Rect(x: 10, y: 10, width: 300, height: 300))
        let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = View(frame: Rect(x: 150, y: 0, width: 100, height: 100))
        let a = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        let b = View(frame: Rect(x: 20, y: 30, width: 10, height: 10))
        w.addSubview(root); root.addSubview(left); root.addSubview(right); left.addSubview(a); right.addSubview(b)
        right.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        // a (0,0) → left (10,10) → root (10,10); right: center (200,50), anchor (50,50):
        // root (10,10) → right ((10,10) - (200,50)) / 0.5 + (50,50) = (-330,-30) → b (-350,-60).
        #expect(isClose(a.convert(Point(x: 0, y: 0), to: b), Point(x: -350, y: -60)))
        #expect(isClose(b.convert(Point(x: -350, y: -60), to: a), .zero))
        #expect(isClose(a.convert(Point(x: 0, y: 0), from: b), b.convert(.zero, to: a)))
    }

    @Test("Views in different windows meet in screen space, placed by each window's center and transform")
    func acrossWindows() {
        let w1 = makeWindow("W1", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let w2 = makeWindow("W2", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        let v1 = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        let v2 = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        w1.addSubview(v1); w2.addSubview(v2)
        #expect(v1.convert(Point(x: 0, y: 0), to: v2) == Point(x: -190, y: 10))
        #expect(v2.convert(Point(x: -190, y: 10), to: v1) == .zero)
        #expect(w1.convert(Point(x: 250, y: 50), from: w2) == Point(x: 450, y: 50))
        // A window scaled on the screen: W2 centered at (250, 50), scaled by 2.
        w2.transform = AffineTransform(scaleX: 2, y: 2)
        // v1 (0,0) → screen (10,10) → W2 ((10,10) - (250,50)) / 2 + (50,50) = (-70, 30).
        #expect(v1.convert(Point(x: 0, y: 0), to: v2) == Point(x: -70, y: 30))
        #expect(v2.convert(Point(x: -70, y: 30), to: v1) == .zero)
    }

    @Test("nil means the window's coordinates, also for a view that is not the window's direct child")
    func nilMeansWindow() {
        let w = makeWindow(frame: Rect(x: 500, y: 500, width: 400, height: 400))
        let p = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let v = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        w.addSubview(p); p.addSubview(v)
        #expect(v.convert(Point(x: 1, y: 1), to: nil) == Point(x: 111, y: 111))
        #expect(v.convert(Point(x: 111, y: 111), from: nil) == Point(x: 1, y: 1))
        #expect(v.convert(Rect(x: 0, y: 0, width: 5, height: 5), to: nil) == Rect(x: 110, y: 110, width: 5, height: 5))
        let inWindow = Rect(x: 110, y: 110, width: 5, height: 5)
        #expect(v.convert(inWindow, from: nil) == Rect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test("For a view in no window, nil means the root of its tree")
    func nilWithoutWindow() {
        let root = View(frame: Rect(x: 1000, y: 1000, width: 100, height: 100))
        let v = View(frame: Rect(x: 10, y: 20, width: 10, height: 10))
        root.addSubview(v)
        #expect(v.convert(Point(x: 0, y: 0), to: nil) == Point(x: 10, y: 20))
        #expect(v.convert(Point(x: 0, y: 0), to: nil) == v.convert(Point(x: 0, y: 0), to: root))
    }

    @Test("A 45°-rotated rectangle converts to the box around its corners")
    func rectUnderRotation() {
        let w = makeWindow()
        let v = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        w.addSubview(v)
        v.transform = AffineTransform(rotationAngle: pi / 4)
        let half = 50 * 2.0.squareRoot()
        let diamondBox = Rect(x: 150 - half, y: 150 - half, width: 2 * half, height: 2 * half)
        #expect(isClose(v.convert(v.bounds, to: w), diamondBox))
        #expect(isClose(v.convert(v.bounds, to: w), v.frame))
    }

    @Test("Converting into a view whose transform is singular gives NaN; out of it is defined")
    func singularTransform() {
        let w = makeWindow()
        let flat = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inside = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        w.addSubview(flat); flat.addSubview(inside)
        flat.transform = AffineTransform(scaleX: 0, y: 1)
        let into = inside.convert(Point(x: 5, y: 5), from: w)
        #expect(into.x.isNaN && into.y.isNaN)
        #expect(inside.convert(Rect(x: 0, y: 0, width: 1, height: 1), from: w).width.isNaN)
        #expect(inside.convert(Point(x: 5, y: 5), to: w) == Point(x: 50, y: 15))
        // Between two views under the singular one, the conversion does not need its inverse.
        let sibling = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
        flat.addSubview(sibling)
        #expect(inside.convert(Point(x: 0, y: 0), to: sibling) == Point(x: -40, y: -40))
    }

    @Test("Points round-trip through rotated, scaled and offset views")
    func roundTrips() {
        let w = makeWindow()
        let a = View(frame: Rect(x: 30, y: 40, width: 120, height: 80))
        let b = View(frame: Rect(x: 5, y: 5, width: 50, height: 60))
        let c = View(frame: Rect(x: 200, y: 200, width: 90, height: 90))
        w.addSubview(a); a.addSubview(b); w.addSubview(c)
        a.transform = AffineTransform(rotationAngle: 0.4).scaledBy(x: 1.5, y: 0.75)
        b.transform = AffineTransform(rotationAngle: -2.1)
        b.bounds.origin = Point(x: -7, y: 13)
        c.transform = AffineTransform(scaleX: -1, y: 2)
        c.anchorPoint = Point(x: 0.2, y: 0.9)
        for p in [Point(x: 0, y: 0), Point(x: 12.5, y: -3), Point(x: 1000, y: 77)] {
            for (from, to) in [(b, c), (c, b), (b, w), (w, b), (a, b), (b, a)] {
                let there = from.convert(p, to: to)
                #expect(isClose(to.convert(there, to: from), p))
                #expect(isClose(to.convert(p, from: from), there))
            }
        }
    }
}
