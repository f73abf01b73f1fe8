import Testing
@testable import Tactile

/// A window that is never the hit view itself, as an overlay window that lets touches through to the windows
/// behind except on its own controls.
final class PassThroughWindow: Window {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

@Suite struct ApplicationHitTestingTests {
    @Test("Among windows of one level, the most recently added is hit first")
    func mostRecentFirst() {
        let app = Application()
        let w1 = Window(name: "W1", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let w2 = Window(name: "W2", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        app.addWindow(w1); app.addWindow(w2)
        #expect(app.hitTest(Point(x: 150, y: 150), with: nil) === w2)
        #expect(app.hitTest(Point(x: 50, y: 50), with: nil) === w1)
        #expect(app.hitTest(Point(x: 250, y: 250), with: nil) === w2)
        #expect(names(app.windowsFrontToBack) == ["W2", "W1"])
    }

    @Test("A higher window level is in front of windows added later")
    func levelFirst() {
        let app = Application()
        let alert = Window(name: "Alert", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        alert.windowLevel = 2000
        let normal = Window(name: "Normal", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let status = Window(name: "Status", frame: Rect(x: 0, y: 0, width: 200, height: 20))
        status.windowLevel = 1000
        let last = Window(name: "Last", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        app.addWindow(alert); app.addWindow(normal); app.addWindow(status); app.addWindow(last)
        #expect(names(app.windowsFrontToBack) == ["Alert", "Status", "Last", "Normal"])
        #expect(app.hitTest(Point(x: 10, y: 10), with: nil) === alert)
        alert.isHidden = true
        #expect(app.hitTest(Point(x: 10, y: 10), with: nil) === status)
        #expect(app.hitTest(Point(x: 10, y: 100), with: nil) === last)
    }

    @Test("The screen point is converted into each window's bounds through its frame, bounds origin and transform")
    func screenToWindowConversion() {
        let app = Application()
        let w = Window(name: "W", frame: Rect(x: 100, y: 100, width: 200, height: 100))
        w.bounds.origin = Point(x: 1000, y: 0)
        let v = View(name: "V", frame: Rect(x: 1000, y: 0, width: 10, height: 10))
        w.addSubview(v)
        app.addWindow(w)
        #expect(app.hitTest(Point(x: 105, y: 105), with: nil) === v)
        #expect(app.hitTest(Point(x: 150, y: 150), with: nil) === w)
        #expect(app.hitTest(Point(x: 95, y: 105), with: nil) == nil)
        // A window turned a quarter on the screen: center (200, 150), 200×100 bounds now span x 150..250, y 50..250.
        w.transform = AffineTransform(rotationAngle: pi / 2)
        #expect(app.hitTest(Point(x: 245, y: 55), with: nil) === v)
        #expect(app.hitTest(Point(x: 160, y: 240), with: nil) === w)
        #expect(app.hitTest(Point(x: 105, y: 105), with: nil) == nil)
    }

    @Test("A window that returns nil lets the touch fall through to the window behind")
    func fallThrough() {
        let app = Application()
        let main = Window(name: "Main", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let overlay = PassThroughWindow(name: "Overlay", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        overlay.windowLevel = 1
        let badge = View(name: "Badge", frame: Rect(x: 250, y: 0, width: 50, height: 50))
        overlay.addSubview(badge)
        app.addWindow(overlay); app.addWindow(main)
        #expect(app.hitTest(Point(x: 100, y: 100), with: nil) === main)
        #expect(app.hitTest(Point(x: 260, y: 10), with: nil) === badge)
        overlay.isUserInteractionEnabled = false
        #expect(app.hitTest(Point(x: 260, y: 10), with: nil) === main)
    }

    @Test("Nothing is hit outside every window, or with no windows")
    func nothingHit() {
        let app = Application()
        #expect(app.hitTest(Point(x: 10, y: 10), with: nil) == nil)
        app.addWindow(Window(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        #expect(app.hitTest(Point(x: 100, y: 10), with: nil) == nil)
        #expect(app.hitTest(Point(x: -1, y: 10), with: nil) == nil)
    }

    @Test("A window whose transform cannot be inverted is skipped")
    func singularWindow() {
        let app = Application()
        let back = Window(name: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let flat = Window(name: "Flat", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        flat.transform = AffineTransform(scaleX: 1, y: 0)
        app.addWindow(back); app.addWindow(flat)
        #expect(app.hitTest(Point(x: 50, y: 50), with: nil) === back)
    }
}
