import TactileTesting
import TactileUIKit
import Testing

// ImageScrollView (huynguyencong/ImageScrollView): a zooming image viewer. Its `setup()` and its orientation
// handler defer work with `DispatchQueue.main.async { self… }` — what kept it out of the corpus until the views
// became `@MainActor` — and a double tap zooms in to twice the fitting scale, then back out (its
// `doubleTapGestureRecognizer`).

/// Runs what the main queue holds before this call (its blocks and main-actor jobs share it).
@MainActor
private func runMainQueue() async {
    for _ in 0..<3 {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }
}

@Suite("ImageScrollView")
struct ImageScrollViewTests {
    @Test("setup() refreshes later on the main queue; a double tap zooms in to twice the fitting scale, another out")
    func deferredRefreshAndDoubleTapZoom() async {
        let (application, window, _) = makeScreen()
        let scroll = ImageScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(scroll)
        scroll.display(image: UIImage(size: CGSize(width: 1600, height: 1200)))
        let first = scroll.zoomView
        scroll.setup()
        #expect(scroll.zoomView === first, "setup() defers its refresh to the main queue")
        await runMainQueue()
        #expect(scroll.zoomView !== first, "the deferred refresh ran and displayed the image again")
        let fitting = scroll.minimumZoomScale
        #expect(abs(fitting - 0.25 * 0.999) < 1e-9, "the 1600×1200 image fits 400×300 at a quarter")
        #expect(abs(scroll.zoomScale - fitting) < 1e-9)

        let fingers = TouchSequence(application)
        let center = CGPoint(x: 200.0, y: 150.0)
        fingers.tap(0, 1, at: center)
        fingers.tap(200, 1, at: center)
        fingers.wait(until: 2000)
        #expect(abs(scroll.zoomScale - 2 * fitting) < 1e-6, "zoomed in: \(scroll.zoomScale)")
        fingers.tap(3000, 1, at: center)
        fingers.tap(3200, 1, at: center)
        fingers.wait(until: 5000)
        #expect(abs(scroll.zoomScale - fitting) < 1e-6, "zoomed back out: \(scroll.zoomScale)")
    }
}
