import Tactile
import Testing

/// A custom continuous recognizer written as the UIKit documentation's state-machine article describes: it
/// sets `state` in its touch methods and switches on it right after.
final class OneFingerDragRecognizer: GestureRecognizer {
    /// The state read back right after each assignment.
    private(set) var readBack: [State] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            readBack.append(state)
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        if state == .failed { return }
        if state == .possible {
            state = .began
        } else {
            state = .changed
        }
        readBack.append(state)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if state == .began || state == .changed {
            state = .ended
        } else {
            state = .failed
        }
        readBack.append(state)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
        readBack.append(state)
    }

    override func reset() {
        super.reset()
    }
}

/// A delegate that refuses to let a recognizer begin.
final class RefusingDelegate: GestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        asked += 1
        return false
    }
}

@Suite("Custom recognizer subclasses read their state back")
struct CustomRecognizerTests {
    func drag(_ recognizer: GestureRecognizer) -> (Application, [GestureRecognizer.State]) {
        let (application, window) = makeApplication()
        let canvas = View(frame: window.bounds)
        window.addSubview(canvas)
        canvas.addGestureRecognizer(recognizer)
        var actions: [GestureRecognizer.State] = []
        recognizer.addAction { actions.append($0.state) }
        application.send(Stroke.steady(from: Point(x: 100, y: 100), velocity: Point(x: 300, y: 0), rate: 60,
                                       duration: 0.1).frames())
        return (application, actions)
    }

    @Test("began → changed → ended read back at once; the actions see the same states")
    func readsBack() {
        let recognizer = OneFingerDragRecognizer()
        let (_, actions) = drag(recognizer)
        // Seven samples at 60 Hz: the first move begins, the five others change, the lift ends.
        let expected: [GestureRecognizer.State] = [.began] + Array(repeating: .changed, count: 5) + [.ended]
        #expect(recognizer.readBack == expected)
        #expect(actions == expected)
        #expect(recognizer.state == .possible)  // reset after the sequence
    }

    @Test("A delegate that refuses to begin makes the state read failed right after the assignment")
    func refusedReadsFailed() {
        let recognizer = OneFingerDragRecognizer()
        let delegate = RefusingDelegate()
        recognizer.delegate = delegate
        let (_, actions) = drag(recognizer)
        // The first move asks to begin, reads .failed, and the recognizer gets no more touches.
        #expect(recognizer.readBack == [.failed])
        #expect(delegate.asked == 1)
        #expect(actions.isEmpty)
    }
}

/// The usual delegate: a tap on the container should only count on the photo, not on the caption under it.
final class PhotoScreen: ViewController, GestureRecognizerDelegate {
    let photo = View(frame: Rect(x: 0, y: 0, width: 800, height: 400))
    let caption = View(frame: Rect(x: 0, y: 400, width: 800, height: 200))
    var taps = 0
    var viewsAsked: [View?] = []
    var eventsAsked: [Event.EventType] = []

    init() {
        super.init(view: View(frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        view.addSubview(photo)
        view.addSubview(caption)
        let tap = TapGestureRecognizer(target: self, action: Self.handleTap)
        tap.delegate = self
        view.addGestureRecognizer(tap)
    }

    func handleTap(_ tap: TapGestureRecognizer) {
        if tap.state == .ended { taps += 1 }
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        eventsAsked.append(event.type)
        return true
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        viewsAsked.append(touch.view)
        return touch.view === photo
    }
}

@Suite("Delegates and views decide with the touch's view")
struct DelegateAndVetoTests {
    @Test("gestureRecognizer(_:shouldReceive:) sees touch.view and can filter on it")
    func filterByView() {
        let (application, window) = makeApplication()
        let screen = PhotoScreen()
        window.rootViewController = screen
        application.send(tapFrames(at: Point(x: 400, y: 200), time: 0))      // on the photo
        application.send(tapFrames(at: Point(x: 400, y: 500), time: 1))      // on the caption
        #expect(screen.viewsAsked.count == 2)
        #expect(screen.viewsAsked.first.map { $0 === screen.photo } == true)
        #expect(screen.viewsAsked.last.map { $0 === screen.caption } == true)
        #expect(screen.taps == 1)
        #expect(screen.eventsAsked == [.touches, .touches])
    }

    /// A list row that lets its pan begin only for horizontal drags (swipe-to-delete), as UIKit code does by
    /// overriding `gestureRecognizerShouldBegin(_:)` on the view the pan is attached to.
    final class SwipeableRow: View {
        var asked = 0
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            guard let pan = gestureRecognizer as? PanGestureRecognizer else { return true }
            asked += 1
            let velocity = pan.velocity(in: self)
            return abs(velocity.x) > abs(velocity.y)
        }
    }

    @Test("A view vetoes its own pan: vertical drags fail it, horizontal ones begin it", arguments: [false, true])
    func viewVetoesOwnPan(horizontal: Bool) {
        let (application, window) = makeApplication()
        let row = SwipeableRow(frame: Rect(x: 0, y: 100, width: 800, height: 80))
        window.addSubview(row)
        let pan = PanGestureRecognizer()
        row.addGestureRecognizer(pan)
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        let velocity = horizontal ? Point(x: 400, y: 0) : Point(x: 0, y: 400)
        let stroke = Stroke.steady(from: Point(x: 300, y: 140), velocity: velocity, rate: 120, duration: 0.1)
        application.send(stroke.frames())
        #expect(row.asked == 1)
        if horizontal {
            #expect(states.first == .began && states.last == .ended)
        } else {
            #expect(states.isEmpty)
        }
    }
}

@Suite("Touch types: fingers and pens")
struct TouchTypeTests {
    @Test("allowedTouchTypes: a pencil-only pan ignores fingers and follows the pen")
    func pencilOnly() {
        let (application, window) = makeApplication()
        let canvas = View(frame: window.bounds)
        window.addSubview(canvas)
        let ink = PanGestureRecognizer()
        ink.allowedTouchTypes = [.pencil]
        canvas.addGestureRecognizer(ink)
        var states: [GestureRecognizer.State] = []
        ink.addAction { states.append($0.state) }
        var stroke = Stroke.steady(from: Point(x: 100, y: 100), velocity: Point(x: 300, y: 0), rate: 120, duration: 0.1)
        application.send(stroke.frames())
        #expect(states.isEmpty)  // a finger: never given to the pan
        stroke.type = .pencil
        stroke.id = 2
        application.send(stroke.frames(startingAt: 1))
        #expect(states.first == .began && states.last == .ended)
    }

    @Test("requiresExclusiveTouchType: a pen landing during a finger pan is not given to it unless allowed")
    func exclusiveType() {
        for exclusive in [true, false] {
            let (application, window) = makeApplication()
            let canvas = View(frame: window.bounds)
            window.addSubview(canvas)
            let pan = PanGestureRecognizer()
            pan.requiresExclusiveTouchType = exclusive
            canvas.addGestureRecognizer(pan)
            var touchCounts: [Int] = []
            pan.addAction { touchCounts.append($0.numberOfTouches) }
            application.send(TouchFrame(timestamp: Timestamp(seconds: 0), contacts: [
                TouchContact(id: .init(1), phase: .began, location: Point(x: 100, y: 100)),
            ]))
            application.send(TouchFrame(timestamp: Timestamp(seconds: 0.01), contacts: [
                TouchContact(id: .init(1), phase: .moved, location: Point(x: 130, y: 100)),
                TouchContact(id: .init(2), phase: .began, location: Point(x: 300, y: 300), type: .pencil),
            ]))
            application.send(TouchFrame(timestamp: Timestamp(seconds: 0.02), contacts: [
                TouchContact(id: .init(1), phase: .moved, location: Point(x: 160, y: 100)),
                TouchContact(id: .init(2), phase: .moved, location: Point(x: 330, y: 300), type: .pencil),
            ]))
            #expect(touchCounts.last == (exclusive ? 1 : 2), "requiresExclusiveTouchType = \(exclusive)")
        }
    }
}
