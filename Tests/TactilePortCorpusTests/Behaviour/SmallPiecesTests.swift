import TactileTesting
import TactileUIKit
import Testing

// The corpus's small pieces, driven by touches; each expectation is what the piece's author meant on iOS.

@Suite("TouchGestureRecognizer and TouchDownGestureRecognizer: recognized at touch-down, before the lift")
struct TouchDownRecognizerTests {
    /// Both pieces are the same idea from two projects (TouchPopMenu, Wunder-test): a discrete recognizer that
    /// recognizes in touchesBegan. Each is checked.
    static func recognizers() -> [(name: String, make: () -> UIGestureRecognizer)] {
        [
            ("TouchGestureRecognizer", { TouchGestureRecognizer() }),
            ("TouchDownGestureRecognizer", { TouchDownGestureRecognizer() }),
        ]
    }

    /// Recognized while the window hands the touch-down to the recognizers, before the view: the view never sees
    /// the touch (UIKitSemantics §5.7: cancelsTouchesInView, items 1 and 3).
    @Test("its action runs while the finger is still down; the view never sees the touch it claimed")
    func recognizesOnTouchDown() {
        for (name, make) in Self.recognizers() {
            let (_, window, player) = makeScreen()
            let view = RecordingView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
            window.addSubview(view)
            let counter = ActionCounter()
            let recognizer = make()
            recognizer.addTarget(counter, action: Selector("handle:", ActionCounter.handle))
            view.addGestureRecognizer(recognizer)
            player.play([.down(1, at: CGPoint(x: 150, y: 150)), .hold(.milliseconds(100))])
            #expect(counter.states == [.recognized], "\(name): recognized before the lift")
            player.play([.lift(1)])
            #expect(counter.count == 1, "\(name)")
            #expect(view.phases.isEmpty, "\(name): \(view.phases)")
            player.play(.tap(at: CGPoint(x: 160, y: 160)))
            #expect(counter.count == 2, "\(name): the next touch is recognized again")
        }
    }

    @Test("recognizing first, it makes the tap recognizer of the same view fail")
    func failsTheTap() {
        for (name, make) in Self.recognizers() {
            let (_, window, player) = makeScreen()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            window.addSubview(view)
            let touchDown = ActionCounter()
            let tap = ActionCounter()
            let recognizer = make()
            recognizer.addTarget(touchDown, action: Selector("handle:", ActionCounter.handle))
            view.addGestureRecognizer(recognizer)
            let tapRecognizer = UITapGestureRecognizer(target: tap, action: Selector("handle:", ActionCounter.handle))
            view.addGestureRecognizer(tapRecognizer)
            player.play(.tap(at: CGPoint(x: 200, y: 200)))
            #expect(touchDown.count == 1, "\(name)")
            #expect(tap.count == 0, "\(name): the tap cannot recognize with it")
            // Without it the same tap is a tap: the failure above is its doing.
            view.removeGestureRecognizer(recognizer)
            player.play(.tap(at: CGPoint(x: 200, y: 200)))
            #expect(tap.count == 1, "\(name)")
        }
    }
}

@Suite("TouchHandlerView: forwards its touches to its delegate")
struct TouchHandlerViewTests {
    final class Delegate: TouchHandlerDelegate {
        var calls: [String] = []
        var points: [CGPoint] = []
        weak var view: UIView?

        func menuTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches) }
        func menuTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
        func menuTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }

        private func record(_ call: String, _ touches: Set<UITouch>) {
            calls.append(call)
            if let touch = touches.first { points.append(touch.location(in: view)) }
        }
    }

    @Test("began, the moves and ended reach the delegate, with the touch's location in the view")
    func forwards() {
        let (_, window, player) = makeScreen()
        let view = TouchHandlerView(frame: CGRect(x: 100, y: 100, width: 400, height: 300))
        window.addSubview(view)
        let delegate = Delegate()
        delegate.view = view
        view.touchDelegate = delegate
        player.play(.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 350, y: 200), duration: .milliseconds(300)))
        #expect(delegate.calls.first == "began")
        #expect(delegate.calls.last == "ended")
        #expect(delegate.calls.dropFirst().dropLast().allSatisfy { $0 == "moved" })
        #expect(delegate.calls.count > 10)
        #expect(delegate.points.first == CGPoint(x: 50, y: 50))
        #expect(delegate.points.last == CGPoint(x: 250, y: 100))
    }

    @Test("the delegate is weak: the view does not keep it alive")
    func weakDelegate() {
        let view = TouchHandlerView(frame: .zero)
        do {
            let delegate = Delegate()
            view.touchDelegate = delegate
            #expect(view.touchDelegate != nil)
        }
        #expect(view.touchDelegate == nil)
    }
}

@Suite("PassthroughView (SwiftMessages): transparent to touches unless it has a tap handler")
struct PassthroughViewTests {
    func make() -> (PassthroughView, RecordingView, GesturePlayer) {
        let (_, window, player) = makeScreen()
        let below = RecordingView(frame: window.bounds)
        window.addSubview(below)
        let dimming = PassthroughView(frame: window.bounds)
        window.addSubview(dimming)
        return (dimming, below, player)
    }

    @Test("without a handler, a tap goes through to the view below")
    func passesThrough() {
        let (_, below, player) = make()
        player.play(.tap(at: CGPoint(x: 400, y: 300)))
        #expect(below.phases == ["began", "ended"])
    }

    @Test("with a handler, a tap calls it (touch up inside) and the view below gets nothing")
    func tapsWithHandler() {
        let (dimming, below, player) = make()
        var taps = 0
        dimming.tappedHandler = { taps += 1 }
        player.play(.tap(at: CGPoint(x: 400, y: 300)))
        #expect(taps == 1)
        #expect(below.phases.isEmpty)
        // Dragged out of the view before the lift: touch up outside, no tap.
        player.play(.drag(from: CGPoint(x: 400, y: 300), to: CGPoint(x: 1000, y: 300)))
        #expect(taps == 1)
    }
}

@Suite("PassthroughWindow (SwiftMessages): touches on the views around its message fall through to the app")
struct PassthroughWindowTests {
    /// The app's window, and above it a pass-through window whose container (a view iOS may wrap the message
    /// in) holds the message view.
    func make() -> (app: RecordingView, container: RecordingView, message: RecordingView, player: GesturePlayer) {
        let (application, window, player) = makeScreen()
        let app = RecordingView(frame: window.bounds)
        window.addSubview(app)
        let message = RecordingView(frame: CGRect(x: 100, y: 0, width: 600, height: 120))
        let overlay = PassthroughWindow(hitTestView: message)
        overlay.frame = CGRect(x: 0, y: 0, width: 800, height: 600)
        overlay.windowLevel = 1
        let container = RecordingView(frame: overlay.bounds)
        overlay.addSubview(container)
        container.addSubview(message)
        application.addWindow(overlay)
        return (app, container, message, player)
    }

    @Test("a tap on the message reaches the message")
    func messageTakesItsTouches() {
        let (app, container, message, player) = make()
        player.play(.tap(at: CGPoint(x: 400, y: 60)))
        #expect(message.phases == ["began", "ended"])
        #expect(container.phases.isEmpty && app.phases.isEmpty)
    }

    @Test("a tap beside the message, on the container around it, falls through to the app's window")
    func containerPassesThrough() {
        let (app, container, message, player) = make()
        player.play(.tap(at: CGPoint(x: 400, y: 400)))
        #expect(app.phases == ["began", "ended"])
        #expect(container.phases.isEmpty && message.phases.isEmpty)
    }
}

@Suite("MKImageCell's scroll-view delegate (MKImageViewer): the image zooms and stays centred")
struct MKImageViewerZoomTests {
    func make() -> (MKImageCell, GesturePlayer) {
        let (_, window, player) = makeScreen()
        let cell = MKImageCell(
            frame: CGRect(x: 100, y: 100, width: 400, height: 300),
            image: UIImage(size: CGSize(width: 400, height: 300)))
        window.addSubview(cell)
        return (cell, player)
    }

    @Test("a pinch out zooms the image view (viewForZooming) and the content grows with it")
    func pinchZooms() {
        let (cell, player) = make()
        player.play(.pinch(center: CGPoint(x: 300, y: 250), from: 100, to: 200))
        let scale = cell.scrollView.zoomScale
        #expect(scale > 1.5 && scale <= 4, "\(scale)")
        #expect(abs(cell.imageView.frame.width - 400 * scale) < 1e-6)
        #expect(abs(cell.scrollView.contentSize.width - 400 * scale) < 1e-6)
        // Larger than the scroll view: centred in its content (scrollViewDidZoom's offsets are 0).
        #expect(cell.imageView.center == CGPoint(x: 200 * scale, y: 150 * scale))
    }

    @Test("zoomed out below the scroll view's size, scrollViewDidZoom keeps the image in the middle")
    func pinchInCentres() {
        let (cell, player) = make()
        cell.scrollView.minimumZoomScale = 0.5
        player.play(.pinch(center: CGPoint(x: 300, y: 250), from: 240, to: 150))
        let scale = cell.scrollView.zoomScale
        #expect(scale < 1 && scale >= 0.5, "\(scale)")
        #expect(cell.imageView.center == CGPoint(x: 200, y: 150), "the middle of the 400×300 scroll view")
    }
}
