import Testing
import Tactile

// What an application sees of the touch objects over many sequences (#13 P2: the dispatcher reuses the objects
// of finished touches that no one else can reach). UIKit advises against keeping touches; applications do it
// anyway, strongly or weakly, and must never see a kept touch change into another one.

/// A view that keeps every touch it is given, strongly, with what the touch was when it began and ended.
private final class KeepingView: View {
    struct Kept {
        let touch: Touch
        let id: TouchContact.ID
        var endLocation: Point?
    }
    var kept: [Kept] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { kept.append(Kept(touch: touch, id: touch.id)) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            if let index = kept.firstIndex(where: { $0.touch === touch }) {
                kept[index].endLocation = touch.location(in: nil)
            }
        }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
}

/// A view that keeps only weak references to its touches, with the contact each one followed.
private final class WatchingView: View {
    struct Watched {
        weak var touch: Touch?
        let id: TouchContact.ID
    }
    var watched: [Watched] = []
    /// Weak references that named a touch of another contact when looked at.
    var misnamed = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        check()
        for touch in touches { watched.append(Watched(touch: touch, id: touch.id)) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { check() }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { check() }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { check() }
    func check() {
        for entry in watched { if let touch = entry.touch, touch.id != entry.id { misnamed += 1 } }
    }
}

/// Checks, per object, UIKit's sequence of a touch as a responder sees it: `began`, then moves, then exactly one
/// `ended` or `cancelled`; a touch object that begins again (a new finger) must have ended first.
private final class SequenceChecker {
    private var active: Set<ObjectIdentifier> = []
    private(set) var began = 0
    private(set) var finished = 0
    private(set) var violations: [String] = []

    var activeCount: Int { active.count }

    func note(_ phase: TouchPhase, _ touches: Set<Touch>, by who: String) {
        for touch in touches {
            let key = ObjectIdentifier(touch)
            switch phase {
            case .began:
                if !active.insert(key).inserted { violations.append("\(who): #\(touch.id) began twice") }
                if touch.phase != .began { violations.append("\(who): #\(touch.id) began with phase \(touch.phase)") }
                if touch.previousLocation(in: nil) != touch.location(in: nil) {
                    violations.append("\(who): #\(touch.id) began with a previous location elsewhere")
                }
                began += 1
            case .moved, .stationary:
                if !active.contains(key) { violations.append("\(who): #\(touch.id) \(phase) before began") }
            case .ended, .cancelled:
                if active.remove(key) == nil { violations.append("\(who): #\(touch.id) \(phase) not after began") }
                finished += 1
            }
        }
    }

    /// A recognizer's touches end with its reset (UIKit sends it no further phases of them).
    func forgetAll() { active.removeAll() }
}

/// A view that checks the sequences of its touches.
private final class CheckingView: View {
    let checker = SequenceChecker()
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { checker.note(.began, touches, by: "view") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { checker.note(.moved, touches, by: "view") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { checker.note(.ended, touches, by: "view") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        checker.note(.cancelled, touches, by: "view")
    }
}

/// A custom pan that checks the sequences of the touches it is given until it resets.
private final class CheckingPan: PanGestureRecognizer {
    let checker = SequenceChecker()
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        checker.note(.began, touches, by: "pan")
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        checker.note(.moved, touches, by: "pan")
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        checker.note(.ended, touches, by: "pan")
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        checker.note(.cancelled, touches, by: "pan")
        super.touchesCancelled(touches, with: event)
    }
    override func reset() {
        checker.forgetAll()
        super.reset()
    }
}

/// A 400×800 window with `view` filling it, a double tap and a single tap requiring it to fail (so that touches
/// stay with recognizers after they lift, until the double tap's deadline).
private func screen(with view: View) -> Application {
    let app = Application()
    let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    app.addWindow(window)
    view.frame = window.bounds
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    let doubleTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    doubleTap.cancelsTouchesInView = false
    let singleTap = TapGestureRecognizer()
    singleTap.cancelsTouchesInView = false
    _ = singleTap.require(toFail: doubleTap)
    view.addGestureRecognizer(doubleTap)
    view.addGestureRecognizer(singleTap)
    return app
}

/// `count` taps, each a new contact at its own place, 500 ms apart (so none continues another's tap count).
private func tap(_ app: Application, count: Int, from firstID: UInt64 = 1, at start: Int64 = 0) {
    for index in 0..<count {
        let id = firstID + UInt64(index)
        let time = start + Int64(index) * 500
        let point = Point(x: 20 + Double(index % 30) * 12, y: 40 + Double(index / 30) * 20)
        app.send(TouchFrame(timestamp: .ms(time), contacts: [.down(id, point.x, point.y)]))
        app.send(TouchFrame(timestamp: .ms(time + 60), contacts: [.up(id, point.x, point.y)]))
    }
    app.advance(to: .ms(start + Int64(count) * 500 + 1000))
}

@Suite("Touch objects over many sequences: a kept touch is never reused, every touch ends once")
struct TouchLifetimeTests {
    @Test("A touch the application keeps stays the touch it was, however many touches follow")
    func keptTouchesAreNeverReused() throws {
        let view = KeepingView()
        let app = screen(with: view)
        tap(app, count: 60)
        #expect(view.kept.count == 60)
        #expect(Set(view.kept.map { ObjectIdentifier($0.touch) }).count == 60, "two kept touches are one object")
        for (index, entry) in view.kept.enumerated() {
            let x = 20 + Double(index % 30) * 12, y = 40 + Double(index / 30) * 20
            #expect(entry.touch.id == entry.id && entry.id == TouchContact.ID(UInt64(index + 1)))
            #expect(entry.touch.phase == .ended)
            #expect(entry.touch.location(in: nil) == Point(x: x, y: y))
            #expect(entry.endLocation == Point(x: x, y: y))
            #expect(entry.touch.view === view)
            #expect(entry.touch.tapCount == 1)
        }
    }

    @Test("Touches kept for a while, then let go: the ones still kept never change")
    func touchesLetGoOfMayBeReusedButKeptOnesNot() throws {
        let view = KeepingView()
        let app = screen(with: view)
        tap(app, count: 30)
        // Let go of every other touch; keep the rest.
        let keptAfter = view.kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        view.kept = []
        tap(app, count: 40, from: 100, at: 30 * 500 + 2000)
        for entry in keptAfter {
            #expect(entry.touch.id == entry.id && entry.touch.phase == .ended)
            #expect(entry.touch.location(in: nil) == entry.endLocation)
        }
        let later = Set(view.kept.map { ObjectIdentifier($0.touch) })
        #expect(later.count == 40)
        #expect(later.isDisjoint(with: keptAfter.map { ObjectIdentifier($0.touch) }))
        #expect(view.kept.allSatisfy { $0.touch.id == $0.id && $0.touch.phase == .ended })
    }

    @Test("A touch kept weakly is freed when its sequence is over and never names another touch")
    func weaklyKeptTouchesAreFreedNotReused() throws {
        let view = WatchingView()
        let app = screen(with: view)
        tap(app, count: 50)
        #expect(view.watched.count == 50)
        #expect(view.misnamed == 0)
        #expect(view.watched.allSatisfy { $0.touch == nil }, "a touch kept only weakly is still alive")
    }

    @Test("A new touch carries nothing of the touches before it: attributes, kind, recognizers, tap count")
    func newTouchesStartFresh() throws {
        // A view that notes what each touch reads when it begins.
        final class NotingView: View {
            var began: [String] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                for touch in touches.sorted(by: { $0.id < $1.id }) {
                    began.append("\(touch.id) \(touch.type) force \(touch.force)/\(touch.maximumPossibleForce) "
                        + "radius \(touch.majorRadius)±\(touch.majorRadiusTolerance) taps \(touch.tapCount) "
                        + "recognizers \(touch.gestureRecognizers.count) at \(touch.location(in: nil)) "
                        + "previous \(touch.previousLocation(in: nil)) time \(touch.timestamp == event?.timestamp)")
                }
            }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
        }
        let app = Application()
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        app.addWindow(window)
        let left = NotingView(frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let right = NotingView(frame: Rect(x: 200, y: 0, width: 200, height: 800))
        window.addSubview(left)
        window.addSubview(right)
        right.addGestureRecognizer(TapGestureRecognizer())
        right.addGestureRecognizer(PanGestureRecognizer())
        // A pen with pressure and a radius on the right, moved and lifted; then plain fingers, each alone.
        let pen = TouchContact(
            id: .init(1), phase: .began, location: Point(x: 300, y: 100), slot: 0, majorRadius: 8,
            majorRadiusTolerance: 2, force: 0.7, maximumPossibleForce: 4, tool: .pen)
        app.send(TouchFrame(timestamp: .ms(0), contacts: [pen]))
        app.send(TouchFrame(timestamp: .ms(20), contacts: [.move(1, 320, 140)]))
        app.send(TouchFrame(timestamp: .ms(40), contacts: [.up(1, 320, 140)]))
        app.advance(to: .ms(1000))
        for (index, x) in [100.0, 300, 100].enumerated() {
            let id = UInt64(2 + index), time = Int64(2000 + index * 1000)
            app.send(TouchFrame(timestamp: .ms(time), contacts: [.down(id, x, 50)]))
            app.send(TouchFrame(timestamp: .ms(time + 30), contacts: [.up(id, x, 50)]))
            app.advance(to: .ms(time + 900))
        }
        #expect(right.began == [
            "#1 pencil force 0.7/4.0 radius 8.0±2.0 taps 1 recognizers 2 at (300, 100) previous (300, 100) time true",
            "#3 direct force 0.0/0.0 radius 0.0±0.0 taps 1 recognizers 2 at (300, 50) previous (300, 50) time true",
        ])
        #expect(left.began == [
            "#2 direct force 0.0/0.0 radius 0.0±0.0 taps 1 recognizers 0 at (100, 50) previous (100, 50) time true",
            "#4 direct force 0.0/0.0 radius 0.0±0.0 taps 1 recognizers 0 at (100, 50) previous (100, 50) time true",
        ])
    }

    @Test("Recognizers an application removes and drops are freed: finished touches do not keep them")
    func removedRecognizersAreFreed() throws {
        let view = KeepingView()
        let app = screen(with: view)
        view.kept = []
        weak var weakPan: PanGestureRecognizer?
        weak var weakPinch: PinchGestureRecognizer?
        do {
            let pan = PanGestureRecognizer()
            let pinch = PinchGestureRecognizer()
            view.addGestureRecognizer(pan)
            view.addGestureRecognizer(pinch)
            weakPan = pan
            weakPinch = pinch
            tap(app, count: 5)
            app.send(TouchFrame(timestamp: .ms(10_000), contacts: [.down(50, 100, 100), .down(51, 200, 100)]))
            app.send(TouchFrame(timestamp: .ms(10_050), contacts: [.move(50, 160, 100), .move(51, 260, 100)]))
            app.send(TouchFrame(timestamp: .ms(10_100), contacts: [.up(50, 160, 100), .up(51, 260, 100)]))
            app.advance(to: .ms(12_000))
            view.removeGestureRecognizer(pan)
            view.removeGestureRecognizer(pinch)
        }
        view.kept = []
        tap(app, count: 2, from: 100, at: 20_000)  // the application goes on; nothing else holds them
        #expect(weakPan == nil && weakPinch == nil)
    }

    @Test("A kept touch whose end waited for a double tap to fail does not keep its view alive once it ended")
    func keptTouchWithWithheldEndLetsItsViewGo() throws {
        weak var weakView: KeepingView?
        var keptTouches: [Touch] = []
        let app: Application
        do {
            let view = KeepingView()
            weakView = view
            app = screen(with: view)
            // One tap: its end is withheld while the double tap may still come, then delivered when it fails.
            app.send(TouchFrame(timestamp: .ms(0), contacts: [.down(1, 100, 100)]))
            app.send(TouchFrame(timestamp: .ms(60), contacts: [.up(1, 100, 100)]))
            #expect(view.kept.first?.endLocation == nil)
            app.advance(to: .ms(2_000))
            #expect(view.kept.first?.endLocation == Point(x: 100, y: 100))
            keptTouches = view.kept.map(\.touch)
            view.removeFromSuperview()
        }
        // The view keeps its touch and the touch names the view: only a weak reference back lets the view go.
        #expect(weakView == nil)
        #expect(keptTouches.count == 1 && keptTouches.first?.view == nil)
        _ = app
    }

    @Test("A kept touch still names its view after the application went away, while the view lives")
    func keptTouchOutlivesItsApplication() throws {
        let view = KeepingView()
        do {
            let app = screen(with: view)
            tap(app, count: 3)
        }
        #expect(view.kept.count == 3)
        #expect(view.kept.allSatisfy { $0.touch.view === view && $0.touch.phase == .ended })
    }

    @Test("Every touch that began ends or is cancelled exactly once, for views and recognizer subclasses")
    func everyTouchFinishesOnce() throws {
        let app = Application()
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        app.addWindow(window)
        let left = CheckingView(frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let right = CheckingView(frame: Rect(x: 200, y: 0, width: 200, height: 800))
        for view in [left, right] {
            view.isMultipleTouchEnabled = true
            window.addSubview(view)
        }
        // The pan claims the right view's touches once they move far enough, and cancels them in the view.
        let pan = CheckingPan()
        right.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        left.addGestureRecognizer(tap)

        // A deterministic mix of sequences: 1 to 5 fingers land, move, lift one by one or are cancelled.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var time: Int64 = 0
        var nextID: UInt64 = 1
        var contactsBegan = 0
        for round in 0..<120 {
            let fingers = 1 + next(5)
            var down: [(id: UInt64, point: Point)] = []
            for finger in 0..<fingers {
                down.append((nextID, Point(x: Double(20 + next(360)), y: Double(20 + finger * 150))))
                nextID += 1
            }
            contactsBegan += fingers
            app.send(TouchFrame(timestamp: .ms(time), contacts: down.map { .down($0.id, $0.point.x, $0.point.y) }))
            for _ in 0..<(1 + next(4)) {
                time += 16
                down = down.map { ($0.id, Point(x: $0.point.x + Double(next(40)), y: $0.point.y + 3)) }
                app.send(TouchFrame(timestamp: .ms(time), contacts: down.map { .move($0.id, $0.point.x, $0.point.y) }))
            }
            if round % 7 == 3 {
                time += 16
                app.cancelAllTouches(at: .ms(time))
            } else {
                for finger in down {
                    time += 16
                    let (x, y) = (finger.point.x, finger.point.y)
                    let lift: TouchContact = next(6) == 0 ? .cancel(finger.id, x, y) : .up(finger.id, x, y)
                    app.send(TouchFrame(timestamp: .ms(time), contacts: [lift]))
                }
            }
            time += Int64(50 + next(500))
            app.advance(to: .ms(time))
        }
        app.advance(to: .ms(time + 2000))
        for (name, checker) in [("left", left.checker), ("right", right.checker), ("pan", pan.checker)] {
            #expect(checker.violations == [], "\(name)")
        }
        for checker in [left.checker, right.checker] {
            #expect(checker.activeCount == 0)
            #expect(checker.began == checker.finished)
        }
        #expect(left.checker.began + right.checker.began == contactsBegan)
        #expect(pan.checker.began > 0)
    }

    @Test("More fingers than two hands, and recognizers added after the first touch: every touch is its own object and ends once")
    func moreTouchesThanPreparedFor() throws {
        let view = CheckingView()
        let app = screen(with: view)
        tap(app, count: 3)  // the first touches: room is made for the recognizers there are now
        // Recognizers added afterwards, more than any touch had: a new touch gets them all.
        var added: [CheckingPan] = []
        for _ in 0..<40 {
            let pan = CheckingPan()
            pan.cancelsTouchesInView = false
            view.addGestureRecognizer(pan)
            added.append(pan)
        }
        var time: Int64 = 10_000
        var nextID: UInt64 = 100
        for round in 0..<3 {
            let ids = (0..<25).map { nextID + UInt64($0) }
            nextID += 25
            let points = ids.indices.map { Point(x: 10 + Double($0 % 5) * 70, y: 20 + Double($0 / 5) * 150) }
            app.send(TouchFrame(timestamp: .ms(time), contacts: ids.indices.map { .down(ids[$0], points[$0].x, points[$0].y) }))
            let inEvent = view.checker.activeCount
            #expect(inEvent == 25, "round \(round): \(inEvent) touches in the view")
            time += 16
            app.send(TouchFrame(timestamp: .ms(time), contacts: ids.indices.map { .move(ids[$0], points[$0].x + 30, points[$0].y + 5) }))
            time += 16
            app.send(TouchFrame(timestamp: .ms(time), contacts: ids.indices.map { .up(ids[$0], points[$0].x + 30, points[$0].y + 5) }))
            time += 1000
            app.advance(to: .ms(time))
        }
        #expect(view.checker.violations == [])
        #expect(view.checker.activeCount == 0)
        #expect(view.checker.began == 3 + 75)
        #expect(view.checker.finished == view.checker.began)
        for pan in added {
            #expect(pan.checker.violations == [])
            #expect(pan.checker.began == 75)
        }
    }
}
