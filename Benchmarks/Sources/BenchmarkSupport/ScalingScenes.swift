import Tactile

/// Trees and recognizer sets that grow, for the scaling tables (`tactile-scaling`). Each sends taps: a
/// touch down, its lift 60 ms later, then the clock 1 s on (recognizer deadlines run). Delivery log off.
public final class TapScene {
    /// The application under test.
    public let application: Application
    /// The point tapped, in window coordinates.
    public let location: Point
    private var time = Timestamp(nanoseconds: 1_000_000_000)
    private var nextID: UInt64 = 1

    private init(application: Application, location: Point) {
        application.deliveryLogCapacity = 0
        self.application = application
        self.location = location
    }

    /// A window whose container holds `count` sibling views tiled in a 1000×560 area; the tap lands on the
    /// back-most one, so hit-testing asks every sibling (front to back) before it (spec §3.2).
    public static func flat(views count: Int) -> TapScene {
        let (application, window) = makeWindow()
        let container = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        window.addSubview(container)
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let side = 1000 / Double(columns)
        for index in 0..<count {
            let x = Double(index % columns) * side
            let y = Double(index / columns) * side * 0.56
            container.addSubview(View(frame: Rect(x: x, y: y, width: side, height: side * 0.56)))
        }
        return TapScene(application: application, location: Point(x: side / 2, y: side * 0.28))
    }

    /// A chain of `depth` views, each the only subview of the one before, all covering the window: the tap
    /// lands on the deepest.
    public static func deep(views depth: Int) -> TapScene {
        let (application, window) = makeWindow()
        var parent: View = window
        for _ in 0..<depth {
            let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
            parent.addSubview(view)
            parent = view
        }
        return TapScene(application: application, location: Point(x: 640, y: 360))
    }

    /// One view with `count` single-tap recognizers attached (all see the touch; the first to recognize
    /// wins and the others are prevented).
    public static func recognizers(_ count: Int) -> TapScene {
        let (application, window) = makeWindow()
        let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        window.addSubview(view)
        for _ in 0..<count { view.addGestureRecognizer(TapGestureRecognizer()) }
        return TapScene(application: application, location: Point(x: 640, y: 360))
    }

    /// One view with a chain of `depth` + 1 single-tap recognizers, each requiring the one before to fail.
    public static func failureChain(depth: Int) -> TapScene {
        let (application, window) = makeWindow()
        let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        window.addSubview(view)
        var previous = TapGestureRecognizer()
        view.addGestureRecognizer(previous)
        for _ in 0..<depth {
            let next = TapGestureRecognizer()
            view.addGestureRecognizer(next)
            _ = next.require(toFail: previous)
            previous = next
        }
        return TapScene(application: application, location: Point(x: 640, y: 360))
    }

    /// One tap: two frames and the deadlines of the following second.
    public func sendTap() {
        let id = TouchContact.ID(nextID)
        nextID += 1
        application.send(TouchFrame(timestamp: time, contacts: [TouchContact(id: id, phase: .began, location: location)]))
        time = time + .milliseconds(60)
        application.send(TouchFrame(timestamp: time, contacts: [TouchContact(id: id, phase: .ended, location: location)]))
        time = time + .seconds(1)
        application.advance(to: time)
    }

    private static func makeWindow() -> (Application, Window) {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        application.addWindow(window)
        return (application, window)
    }
}

@available(*, unavailable)
extension TapScene: Sendable {}
