import Foundation
import Tactile

/// Where the photo is: its center in the photo well's coordinates, its scale and its rotation (radians,
/// clockwise). The photo view's `center` and `transform` are set from it.
struct PhotoPlacement: Equatable {
    var center: Point
    var scale: Double
    var rotation: Double

    /// `self` scaled by `factor` and rotated by `angle` about `point`: the content under `point` stays there,
    /// as under the fingers of a pinch.
    func scaled(by factor: Double, rotated angle: Double, about point: Point) -> PhotoPlacement {
        let offset = center - point
        let cosine = cos(angle), sine = sin(angle)
        let turned = Point(x: offset.x * cosine - offset.y * sine, y: offset.x * sine + offset.y * cosine)
        return PhotoPlacement(center: point + turned * factor, scale: scale * factor, rotation: rotation + angle)
    }

    /// The placement a fraction `progress` (0…1) of the way from `self` to `other`.
    func interpolated(to other: PhotoPlacement, progress: Double) -> PhotoPlacement {
        PhotoPlacement(
            center: center + (other.center - center) * progress,
            scale: scale + (other.scale - scale) * progress,
            rotation: rotation + (other.rotation - rotation) * progress
        )
    }
}

/// The app: the views, their gesture recognizers and controls, and what they do, written as a UIKit view
/// controller would be. Nothing here knows about SDL, evdev or traces: the loop (``FrameLoop``) feeds touch
/// frames to the ``Application`` and calls ``step(to:)`` once per display frame for the animations.
///
/// - Pan (one or two fingers), pinch and rotation on the photo well recognize together (the delegate's
///   `shouldRecognizeSimultaneouslyWith`): the photo follows the fingers, scaling and turning about their
///   midpoint. The actions read `translation(in:)`, `scale` and `rotation`; pinch and rotation reset theirs
///   (`scale = 1`, `rotation = 0`) as UIKit code does, the pan keeps its total (see `handlePan`).
/// - When the pan ends, `velocity(in:)` starts a fling: the photo keeps moving and decelerates (UIScrollView's
///   normal rate, 0.998 per millisecond) on the display clock, and stops where the photo's centre reaches the
///   well's edge.
/// - A double tap zooms in (2.5×, about the tap) or back to fit; a single tap requires the double tap to fail
///   and toggles the heads-up display (or closes the menu).
/// - A long press opens a menu of buttons at the finger.
/// - The toolbar's buttons (`Control`s) highlight while pressed and act on `touchUpInside`.
final class PhotoViewController: ViewController, GestureRecognizerDelegate {
    static let screenSize = Size(width: 1280, height: 720)

    let root = FilledView(name: "root", frame: Rect(x: 0, y: 0, width: 1280, height: 720), color: .background)
    /// The photo well: clips the photo and carries the gesture recognizers (so a finger beside a small photo
    /// still moves it).
    let well = FilledView(name: "well", frame: Rect(x: 140, y: 40, width: 1000, height: 560), color: .photoWell)
    let photoView = PhotoView(frame: Rect(x: 100, y: 55, width: 800, height: 450))
    let toolbar = FilledView(name: "toolbar", frame: Rect(x: 0, y: 620, width: 1280, height: 100), color: .toolbar)
    let rotateButton = Button(title: "ROTATE", name: "rotate", frame: Rect(x: 440, y: 20, width: 160, height: 60))
    let resetButton = Button(title: "RESET", name: "reset", frame: Rect(x: 680, y: 20, width: 160, height: 60))
    let menu = FilledView(name: "menu", frame: Rect(x: 0, y: 0, width: 220, height: 196), color: .menu)
    let hud = Label(name: "hud", origin: Point(x: 140, y: 8))

    let pan = PanGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let doubleTap = TapGestureRecognizer()
    let singleTap = TapGestureRecognizer()
    let longPress = LongPressGestureRecognizer()

    /// The photo's placement when it fits the well.
    let home: PhotoPlacement
    private(set) var placement: PhotoPlacement {
        didSet { applyPlacement() }
    }
    /// An animation towards a placement (double tap, buttons), on the display clock.
    private var animation: (from: PhotoPlacement, to: PhotoPlacement, start: Timestamp, duration: Double)?
    /// A fling after a pan: the velocity (points per second) and the time it was last advanced to.
    private var fling: (velocity: Point, time: Timestamp)?
    /// The part of the pan's translation already applied to the photo.
    private var appliedTranslation = Point.zero
    /// What the last actions did, for the log (`--verbose`).
    var log: ((String) -> Void)?

    init() {
        home = PhotoPlacement(center: Point(x: 500, y: 280), scale: 1, rotation: 0)
        placement = home
        super.init(view: root)
        build()
        applyPlacement()
    }

    private var now: Timestamp { root.window?.application?.currentTime ?? .zero }

    // MARK: Views and recognizers

    private func build() {
        photoView.name = "photo"
        well.clipsToBounds = true
        well.isMultipleTouchEnabled = true
        photoView.isMultipleTouchEnabled = true
        root.addSubview(well)
        well.addSubview(photoView)
        root.addSubview(toolbar)
        toolbar.addSubview(rotateButton)
        toolbar.addSubview(resetButton)
        root.addSubview(hud)
        root.addSubview(menu)
        menu.isHidden = true

        rotateButton.addAction(for: .touchUpInside) { [unowned self] _ in
            animate(to: PhotoPlacement(center: placement.center, scale: placement.scale,
                                       rotation: placement.rotation + Double.pi / 2))
        }
        resetButton.addAction(for: .touchUpInside) { [unowned self] _ in animate(to: home) }

        let items: [(String, (PhotoViewController) -> Void)] = [
            ("ZOOM 2X", { $0.animate(to: $0.placement.scaled(by: 2, rotated: 0, about: $0.placement.center)) }),
            ("FIT", { $0.animate(to: $0.home) }),
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

        pan.name = "pan"
        pan.maximumNumberOfTouches = 2
        pinch.name = "pinch"
        rotation.name = "rotation"
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        singleTap.name = "singleTap"
        singleTap.require(toFail: doubleTap)
        longPress.name = "longPress"
        for recognizer in [pan, pinch, rotation] as [GestureRecognizer] { recognizer.delegate = self }
        pan.addTarget(self, action: PhotoViewController.handlePan)
        pinch.addTarget(self, action: PhotoViewController.handlePinch)
        rotation.addTarget(self, action: PhotoViewController.handleRotation)
        doubleTap.addTarget(self, action: PhotoViewController.handleDoubleTap)
        singleTap.addTarget(self, action: PhotoViewController.handleSingleTap)
        longPress.addTarget(self, action: PhotoViewController.handleLongPress)
        for recognizer in [pan, pinch, rotation, doubleTap, singleTap, longPress] as [GestureRecognizer] {
            well.addGestureRecognizer(recognizer)
        }
    }

    /// Pan, pinch and rotation recognize together; the others follow the arena's usual exclusion.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        let together: [GestureRecognizer] = [pan, pinch, rotation]
        return together.contains { $0 === gestureRecognizer } && together.contains { $0 === otherGestureRecognizer }
    }

    // MARK: Actions

    func handlePan(_ recognizer: GestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            if pan.state == .began {
                stopMotion()
                appliedTranslation = .zero
            }
            // The translation since the pan began; the photo moves by what was not applied yet. (The other
            // UIKit idiom, `setTranslation(.zero, in:)` after each change, flings too: the velocity reads zero
            // only until the next input, as Apple's documentation says, then comes from the touches' history.)
            let translation = pan.translation(in: well)
            placement.center = placement.center + (translation - appliedTranslation)
            appliedTranslation = translation
        case .ended:
            // The fling: only a real flick (UIKit's scroll views ignore a slow release too).
            let velocity = pan.velocity(in: well)
            log?("pan ended, velocity \(velocity)")
            if (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() > 150 {
                fling = (velocity, now)
                log?("fling at \(velocity)")
            }
        default:
            break
        }
    }

    func handlePinch(_ recognizer: GestureRecognizer) {
        guard pinch.state == .began || pinch.state == .changed else { return }
        if pinch.state == .began { stopMotion() }
        let factor = min(max(pinch.scale, 0.25 / placement.scale), 8 / placement.scale)
        placement = placement.scaled(by: factor, rotated: 0, about: pinch.location(in: well))
        pinch.scale = 1
    }

    func handleRotation(_ recognizer: GestureRecognizer) {
        guard rotation.state == .began || rotation.state == .changed else { return }
        if rotation.state == .began { stopMotion() }
        placement = placement.scaled(by: 1, rotated: rotation.rotation, about: rotation.location(in: well))
        rotation.rotation = 0
    }

    func handleDoubleTap(_ recognizer: GestureRecognizer) {
        if placement.scale < 1.5 {
            let factor = 2.5 / placement.scale
            animate(to: placement.scaled(by: factor, rotated: 0, about: doubleTap.location(in: well)))
        } else {
            animate(to: home)
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

    // MARK: Motion on the display clock

    private func stopMotion() {
        fling = nil
        animation = nil
    }

    private func animate(to target: PhotoPlacement) {
        fling = nil
        animation = (placement, target, now, 0.3)
    }

    /// Advances the fling and the animations to `time`, the display frame's time on the input clock.
    func step(to time: Timestamp) {
        if let running = animation {
            let elapsed = max(0, (time - running.start).seconds)
            let progress = min(elapsed / running.duration, 1)
            let eased = 1 - pow(1 - progress, 3)
            placement = running.from.interpolated(to: running.to, progress: eased)
            if progress >= 1 { animation = nil }
        }
        if var (velocity, last) = fling {
            // Stepped in 1 ms increments so the path does not depend on the frame rate.
            var milliseconds = Int((time - last).seconds * 1000)
            var center = placement.center
            while milliseconds > 0, (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() > 5 {
                center = center + velocity * 0.001
                velocity = velocity * 0.998
                // The photo's centre stays in the well: a fling stops at the edge (no bounce).
                if center.x < 0 || center.x > well.bounds.width {
                    center.x = min(max(center.x, 0), well.bounds.width)
                    velocity.x = 0
                }
                if center.y < 0 || center.y > well.bounds.height {
                    center.y = min(max(center.y, 0), well.bounds.height)
                    velocity.y = 0
                }
                milliseconds -= 1
                last = last + .milliseconds(1)
            }
            placement.center = center
            fling = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() > 5 ? (velocity, last) : nil
        }
        hud.text = String(format: "SCALE %.2f  ROTATION %.0f°", placement.scale, placement.rotation * 180 / Double.pi)
    }

    private func applyPlacement() {
        photoView.center = placement.center
        photoView.transform = AffineTransform(scaleX: placement.scale, y: placement.scale)
            .concatenating(AffineTransform(rotationAngle: placement.rotation))
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
