import Foundation
import Tactile

/// Trees and recognizer sets that grow, for the scaling tables (`tactile-scaling`). Each sends taps: a
/// touch down, its lift 60 ms later, then the clock 1 s on (recognizer deadlines run). Delivery log off.
@MainActor
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
    /// lands on the deepest. With `tapOnEachView`, every view of the chain has a single-tap recognizer, so the
    /// touch has `depth` recognizers along its path (the deepest wins, the others are prevented).
    ///
    /// Built from the deepest view up, then put in the window: `addSubview` finds the new superview's window
    /// by walking up its ancestors (and checks for a cycle the same way), so adding each view under the
    /// previous one, top down, would cost O(n²) — minutes for 100k views.
    public static func deep(views depth: Int, tapOnEachView: Bool = false) -> TapScene {
        let (application, window) = makeWindow()
        var top: View?
        for _ in 0..<depth {
            let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
            if let top { view.addSubview(top) }
            if tapOnEachView { view.addGestureRecognizer(TapGestureRecognizer()) }
            top = view
        }
        if let top { window.addSubview(top) }
        return TapScene(application: application, location: Point(x: 640, y: 360))
    }

    /// A balanced tree: every view down to `depth` levels below the window's root view has `fanOut` subviews
    /// tiling it (split along x on even levels, along y on odd ones), so the tree holds
    /// (fanOut^(depth+1) − 1)/(fanOut − 1) views. The tap lands in the back-most subview at every level, so
    /// hit-testing asks all `fanOut` subviews of each view on the path (front to back) and never enters the
    /// others: depth × fan-out point tests, whatever the size of the tree.
    public static func balanced(fanOut: Int, depth: Int) -> TapScene {
        let (application, window) = makeWindow()
        let root = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        window.addSubview(root)
        func fill(_ view: View, level: Int) {
            guard level < depth else { return }
            let size = view.bounds.size
            for index in 0..<fanOut {
                let child: View
                if level.isMultiple(of: 2) {
                    let width = size.width / Double(fanOut)
                    child = View(frame: Rect(x: Double(index) * width, y: 0, width: width, height: size.height))
                } else {
                    let height = size.height / Double(fanOut)
                    child = View(frame: Rect(x: 0, y: Double(index) * height, width: size.width, height: height))
                }
                view.addSubview(child)
                fill(child, level: level + 1)
            }
        }
        fill(root, level: 0)
        // Inside every back-most subview: the smallest one is 1280/k^⌈d/2⌉ wide and 720/k^⌊d/2⌋ high.
        let width = 1280 / pow(Double(fanOut), Double((depth + 1) / 2))
        let height = 720 / pow(Double(fanOut), Double(depth / 2))
        return TapScene(application: application, location: Point(x: width / 2, y: height / 2))
    }

    /// The number of views of ``balanced(fanOut:depth:)`` below the window.
    public static func balancedViewCount(fanOut: Int, depth: Int) -> Int {
        var count = 0, level = 1
        for _ in 0...depth {
            count += level
            level *= fanOut
        }
        return count
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
