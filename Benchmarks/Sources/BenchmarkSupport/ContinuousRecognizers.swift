import Tactile

/// Twenty continuous recognizers, all active at once: five nested full-window views, each with a pan, a
/// pinch, a rotation and a second pan (any number of touches), and one delegate that lets every pair
/// recognize simultaneously (spec §5.11). Ten moving fingers land on the deepest view, so all twenty see
/// every touch, recognize, and stay in `changed` while the fingers move.
@MainActor
public final class ContinuousRecognizers {
    /// The number of recognizers.
    public static let recognizerCount = 20

    /// The application (delivery log off, no observer: an application that records nothing).
    public let application: Application
    /// The window (1280 × 720 points).
    public let window: Window
    /// Every recognizer, outermost view first.
    public let recognizers: [GestureRecognizer]
    private let delegate = Simultaneous()

    /// The screen size the input maps onto.
    public static let screenSize = Size(width: 1280, height: 720)

    public init() {
        application = Application()
        application.deliveryLogCapacity = 0
        window = Window(frame: Rect(origin: .zero, size: Self.screenSize))
        application.addWindow(window)
        var recognizers: [GestureRecognizer] = []
        var parent: View = window
        for _ in 0..<5 {
            let view = View(frame: Rect(origin: .zero, size: Self.screenSize))
            view.isMultipleTouchEnabled = true
            parent.addSubview(view)
            for recognizer in [PanGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer(), PanGestureRecognizer()] {
                recognizer.delegate = delegate
                view.addGestureRecognizer(recognizer)
                recognizers.append(recognizer)
            }
            parent = view
        }
        self.recognizers = recognizers
    }

    private final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(
            _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
        ) -> Bool { true }
    }
}
