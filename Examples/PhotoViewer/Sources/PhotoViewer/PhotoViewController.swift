import Foundation
import Tactile

/// The app: the views, their gesture recognizers and controls, and what they do, written as a UIKit view
/// controller would be. Nothing here knows about SDL, evdev or traces: the loop (``FrameLoop``) feeds touch
/// frames to the ``Application``, runs its deadlines (which bring the scroll view's display frames) and calls
/// ``step(to:)`` once per display frame for the rotation animation.
///
/// - The photo well is a `ScrollView` (`UIScrollView`) zooming the photo between 0.25× and 8×: its own pan moves
///   the photo (one or two fingers), its own pinch zooms about the fingers' midpoint, and a lift at speed flings
///   with UIKit's deceleration (0.998 per millisecond) — no physics of our own. `contentInset` lets the photo
///   move until its centre reaches the well's edge (recomputed in `scrollViewDidZoom` for the new size); a fling
///   that gets there bounces back to it.
/// - A rotation recognizer on the well recognizes together with the scroll view's pan and pinch (this
///   controller is its delegate) and turns the photo inside the zoomed view.
/// - A double tap zooms in (2.5×, `zoom(to:animated:)` about the tap) or back to fit; a single tap requires the
///   double tap to fail and toggles the heads-up display (or closes the menu).
/// - A long press opens a menu of buttons at the finger.
/// - The toolbar's buttons (`Control`s) highlight while pressed and act on `touchUpInside`.
final class PhotoViewController: ViewController, GestureRecognizerDelegate, ScrollViewDelegate {
    static let screenSize = Size(width: 1280, height: 720)

    let root = FilledView(name: "root", frame: Rect(x: 0, y: 0, width: 1280, height: 720), color: .background)
    /// The photo well: a scroll view that clips the photo and carries the gesture recognizers (so a finger beside
    /// a small photo still moves it).
    let well = PhotoWell(name: "well", frame: Rect(x: 140, y: 40, width: 1000, height: 560), color: .photoWell)
    /// The zoomed view (`viewForZooming(in:)`): the photo's frame, scaled by the scroll view.
    let zoomContainer = View(frame: Rect(x: 0, y: 0, width: 800, height: 450))
    /// The photo, turned by the rotation inside the zoomed view.
    let photoView = PhotoView(frame: Rect(x: 0, y: 0, width: 800, height: 450))
    let toolbar = FilledView(name: "toolbar", frame: Rect(x: 0, y: 620, width: 1280, height: 100), color: .toolbar)
    let rotateButton = Button(title: "ROTATE", name: "rotate", frame: Rect(x: 440, y: 20, width: 160, height: 60))
    let resetButton = Button(title: "RESET", name: "reset", frame: Rect(x: 680, y: 20, width: 160, height: 60))
    let menu = FilledView(name: "menu", frame: Rect(x: 0, y: 0, width: 220, height: 196), color: .menu)
    let hud = Label(name: "hud", origin: Point(x: 140, y: 8))

    let rotation = RotationGestureRecognizer()
    let doubleTap = TapGestureRecognizer()
    let singleTap = TapGestureRecognizer()
    let longPress = LongPressGestureRecognizer()

    /// The photo's rotation (radians, clockwise).
    private(set) var angle = 0.0 {
        didSet { photoView.transform = AffineTransform(rotationAngle: angle) }
    }
    /// A rotation animation (the ROTATE and RESET buttons), on the display clock.
    private var turning: (from: Double, to: Double, start: Timestamp, duration: Double)?
    /// What the last actions did, for the log (`--verbose`).
    var log: ((String) -> Void)?

    init() {
        super.init(view: root)
        build()
        goHome(animated: false)
    }

    private var now: Timestamp { root.window?.application?.currentTime ?? .zero }

    // MARK: Views and recognizers

    private func build() {
        photoView.name = "photo"
        zoomContainer.name = "zoom"
        well.clipsToBounds = true
        well.isMultipleTouchEnabled = true
        photoView.isMultipleTouchEnabled = true
        well.delegate = self
        well.minimumZoomScale = 0.25
        well.maximumZoomScale = 8
        well.bouncesZoom = false
        well.panGestureRecognizer.name = "pan"
        well.pinchGestureRecognizer?.name = "pinch"
        root.addSubview(well)
        well.addSubview(zoomContainer)
        zoomContainer.addSubview(photoView)
        root.addSubview(toolbar)
        toolbar.addSubview(rotateButton)
        toolbar.addSubview(resetButton)
        root.addSubview(hud)
        root.addSubview(menu)
        menu.isHidden = true

        rotateButton.addAction(for: .touchUpInside) { [unowned self] _ in turn(to: angle + Double.pi / 2) }
        resetButton.addAction(for: .touchUpInside) { [unowned self] _ in
            turn(to: 0)
            goHome(animated: true)
        }

        let items: [(String, (PhotoViewController) -> Void)] = [
            ("ZOOM 2X", { $0.zoom(by: 2, about: $0.visibleCenter) }),
            ("FIT", { $0.goHome(animated: true) }),
            ("CLOSE", { _ in }),
        ]
        for (index, item) in items.enumerated() {
            let button = Button(title: item.0, name: "menu.\(item.0.lowercased())",
                                frame: Rect(x: 10, y: 10 + Double(index) * 62, width: 200, height: 52))
            button.color = .menuItem
            button.titleColor = .darkText
            button.addAction(for: .touchUpInside) { [unowned self] _ in
                item.1(self)
                menu.isHidden = true
            }
            menu.addSubview(button)
        }

        rotation.name = "rotation"
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        singleTap.name = "singleTap"
        singleTap.require(toFail: doubleTap)
        longPress.name = "longPress"
        rotation.delegate = self
        rotation.addTarget(self, action: Selector("handleRotation(_:)", Self.handleRotation))
        doubleTap.addTarget(self, action: Selector("handleDoubleTap(_:)", Self.handleDoubleTap))
        singleTap.addTarget(self, action: Selector("handleSingleTap(_:)", Self.handleSingleTap))
        longPress.addTarget(self, action: Selector("handleLongPress(_:)", Self.handleLongPress))
        for recognizer in [rotation, doubleTap, singleTap, longPress] as [GestureRecognizer] {
            well.addGestureRecognizer(recognizer)
        }
    }

    /// The rotation recognizes together with the scroll view's pan and pinch (`true` from one delegate is enough).
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        let scrolling: [GestureRecognizer?] = [well.panGestureRecognizer, well.pinchGestureRecognizer]
        return gestureRecognizer === rotation && scrolling.contains { $0 === otherGestureRecognizer }
    }

    // MARK: The scroll view

    func viewForZooming(in scrollView: ScrollView) -> View? { zoomContainer }

    func scrollViewDidZoom(_ scrollView: ScrollView) {
        well.contentInset = insets(at: well.zoomScale)
    }

    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        log?("pan ended, velocity \(velocity * 1000) pt/s, resting at \(targetContentOffset)")
    }

    /// The insets that let the photo's centre go anywhere in the well at `scale`: the content is the zoomed
    /// photo, and the offset may go until its centre reaches each edge.
    private func insets(at scale: Double) -> EdgeInsets {
        let size = Size(width: zoomContainer.bounds.width * scale, height: zoomContainer.bounds.height * scale)
        let horizontal = well.bounds.width - size.width / 2, vertical = well.bounds.height - size.height / 2
        return EdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// The well's middle, in the zoomed view's (unscaled) coordinates.
    private var visibleCenter: Point {
        Point(x: (well.contentOffset.x + well.bounds.width / 2) / well.zoomScale,
              y: (well.contentOffset.y + well.bounds.height / 2) / well.zoomScale)
    }

    /// Zooms by `factor` about `point` (in the zoomed view's coordinates), animated: `zoom(to:animated:)` with
    /// the visible rectangle scaled about the point, so the point stays where it is on screen.
    private func zoom(by factor: Double, about point: Point) {
        let scale = min(max(well.zoomScale * factor, well.minimumZoomScale), well.maximumZoomScale)
        let change = scale / well.zoomScale
        well.contentInset = insets(at: scale)  // the offset limits at the new scale
        let origin = Point(x: well.contentOffset.x / well.zoomScale, y: well.contentOffset.y / well.zoomScale)
        let size = Size(width: well.bounds.width / scale, height: well.bounds.height / scale)
        well.zoom(to: Rect(x: point.x - (point.x - origin.x) / change, y: point.y - (point.y - origin.y) / change,
                           width: size.width, height: size.height), animated: true)
    }

    /// The photo fitting the well, centred: scale 1, its centre at the well's middle.
    private func goHome(animated: Bool) {
        well.contentInset = insets(at: 1)
        let middle = Point(x: zoomContainer.bounds.width / 2, y: zoomContainer.bounds.height / 2)
        let rect = Rect(x: middle.x - well.bounds.width / 2, y: middle.y - well.bounds.height / 2,
                        width: well.bounds.width, height: well.bounds.height)
        well.zoom(to: rect, animated: animated)
    }

    // MARK: Actions

    func handleRotation(_ recognizer: GestureRecognizer) {
        guard rotation.state == .began || rotation.state == .changed else { return }
        if rotation.state == .began { turning = nil }
        angle += rotation.rotation
        rotation.rotation = 0
    }

    func handleDoubleTap(_ recognizer: GestureRecognizer) {
        if well.zoomScale < 1.5 {
            zoom(by: 2.5 / well.zoomScale, about: doubleTap.location(in: zoomContainer))
        } else {
            goHome(animated: true)
        }
    }

    func handleSingleTap(_ recognizer: GestureRecognizer) {
        if !menu.isHidden {
            menu.isHidden = true
        } else {
            hud.isHidden.toggle()
        }
    }

    func handleLongPress(_ recognizer: GestureRecognizer) {
        guard longPress.state == .began else { return }
        let location = longPress.location(in: root)
        // The menu's top-left corner at the finger, kept on screen.
        menu.center = Point(
            x: min(max(location.x + menu.bounds.width / 2, menu.bounds.width / 2),
                   PhotoViewController.screenSize.width - menu.bounds.width / 2),
            y: min(max(location.y + menu.bounds.height / 2, menu.bounds.height / 2),
                   PhotoViewController.screenSize.height - menu.bounds.height / 2)
        )
        menu.isHidden = false
        log?("menu at \(location)")
    }

    // MARK: The rotation animation on the display clock

    private func turn(to target: Double) {
        turning = (angle, target, now, 0.3)
    }

    /// Advances the rotation animation to `time`, the display frame's time on the input clock (the scroll view's
    /// motion is advanced by the application itself), and updates the heads-up display.
    func step(to time: Timestamp) {
        if let running = turning {
            let elapsed = max(0, (time - running.start).seconds)
            let progress = min(elapsed / running.duration, 1)
            let eased = 1 - pow(1 - progress, 3)
            angle = running.from + (running.to - running.from) * eased
            if progress >= 1 { turning = nil }
        }
        hud.text = String(format: "SCALE %.2f  ROTATION %.0f°", well.zoomScale, angle * 180 / Double.pi)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
