/// A view that scrolls its content with its own pan recognizer, as `UIScrollView` (spec §4.6), without
/// rendering, clamping, bouncing or deceleration.
///
/// ``contentOffset`` is the origin of ``View/bounds``: the pan moves it by the opposite of its translation
/// (content follows the finger), so hit-testing and conversions see the scrolled content.
///
/// **Content touches.** With ``delaysContentTouches`` (default `true`) a touch that begins in a content subview
/// is held back from it for ``contentTouchDelay`` (0.15 s): if the pan begins first the subview never hears of
/// the touch; if the delay passes, the subview gets `touchesBegan` then (a timer dispatch); if the finger lifts
/// first, it gets `touchesBegan` and `touchesEnded` back to back at the lift. When the subview already tracks the
/// touch and the pan would begin, the pan begins only if ``canCancelContentTouches`` is `true` and
/// ``touchesShouldCancel(in:)`` agrees (then the subview gets `touchesCancelled`); otherwise the pan fails and
/// the touch stays with the subview — by default a ``Control`` keeps its touch. ``touchesShouldBegin(_:with:in:)``
/// is asked when a content touch's began phase would be delivered; `false` keeps the subview from ever hearing
/// of it.
open class ScrollView: View {
    /// The scroll view's pan recognizer (attached to the scroll view; add requirements or a delegate to it).
    public let panGestureRecognizer: PanGestureRecognizer

    /// The content offset when the current pan began.
    private var offsetAtPanStart = Point.zero

    /// The point of the content at the scroll view's top-left corner: the origin of ``View/bounds``.
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }
    /// The size of the content (informational: offsets are not clamped to it).
    public var contentSize = Size(width: 0, height: 0)
    /// Whether the pan scrolls (default `true`); turning it off disables ``panGestureRecognizer``.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether touches in content subviews are held back until the scroll view knows whether they scroll
    /// (default `true`).
    public var delaysContentTouches = true
    /// How long a content touch is held back (`SCROLL_CONTENT_DELAY`, default 0.15 s).
    public var contentTouchDelay: Duration = .milliseconds(150)
    /// Whether scrolling may take a touch that a content subview already tracks (default `true`).
    public var canCancelContentTouches = true
    /// Whether the user is scrolling: the pan is `began` or `changed`.
    public var isDragging: Bool { panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed }

    /// Creates a scroll view with a frame.
    public override init(frame: Rect = .zero) {
        let pan = ScrollViewPanGestureRecognizer()
        panGestureRecognizer = pan
        super.init(frame: frame)
        pan.scrollView = self
        pan.addAction { [weak self] recognizer in self?.scroll(with: recognizer) }
        addGestureRecognizer(pan)
    }

    /// Whether `view`, a content subview, gets `touches` (asked when their began phase would be delivered).
    /// The default returns `true`.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { true }

    /// Whether scrolling may cancel the touches `view` tracks (asked only when ``canCancelContentTouches``).
    /// The default returns `true`, except for a ``Control``.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// The pan's action: moves the content with the finger.
    private func scroll(with recognizer: GestureRecognizer) {
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            offsetAtPanStart = contentOffset
            contentOffset = offsetAtPanStart - pan.translation(in: self)
        case .changed, .ended:
            contentOffset = offsetAtPanStart - pan.translation(in: self)
        case .possible, .cancelled, .failed:
            break
        }
    }
}

/// The pan of a ``ScrollView``: holds back content touches and asks before cancelling them (spec §4.6).
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    weak var scrollView: ScrollView?

    /// Whether `touch` began in a content subview of the scroll view.
    private func isContent(_ touch: Touch) -> Bool {
        guard let scrollView, let view = touch.delivery.hitView else { return false }
        return view !== scrollView
    }

    override func delaysBegan(_ touch: Touch, at time: Timestamp) -> Bool {
        guard let scrollView, scrollView.delaysContentTouches, isContent(touch) else { return delaysTouchesBegan }
        return time - touch.beganTimestamp < scrollView.contentTouchDelay
    }

    /// The end of the content delay of the earliest tracked content touch still held back, if after `time`.
    override func extraDeadline(after time: Timestamp) -> Timestamp? {
        guard let scrollView, scrollView.delaysContentTouches else { return nil }
        var earliest: Timestamp?
        for touch in trackedTouches where isContent(touch) {
            switch touch.delivery {
            case .bound, .withholdingBegan:
                let due = touch.beganTimestamp + scrollView.contentTouchDelay
                guard due > time else { continue }
                earliest = earliest.map { Swift.min($0, due) } ?? due
            case .unbound, .discarded, .delivering, .withholdingEnded, .claimed, .finished, .rejected:
                continue
            }
        }
        return earliest
    }

    override func arenaVeto() -> Delivery.RecognizerReason? {
        guard let scrollView else { return nil }
        for touch in trackedTouches where isContent(touch) {
            switch touch.delivery {
            case .delivering(let view), .withholdingEnded(let view):
                if !scrollView.canCancelContentTouches || !scrollView.touchesShouldCancel(in: view) {
                    return .contentTouchesNotCancellable(view.logName)
                }
            case .unbound, .discarded, .bound, .withholdingBegan, .claimed, .finished, .rejected:
                continue
            }
        }
        return nil
    }
}
