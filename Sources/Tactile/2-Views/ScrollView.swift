/// A view that scrolls and zooms its content as `UIScrollView` (spec §4.6): its own pan recognizer moves
/// ``contentOffset`` (the origin of ``View/bounds``) with the finger, rubber-bands past the content's edges,
/// decelerates after a fling and springs back inside; an optional pinch zooms ``ScrollViewDelegate/viewForZooming(in:)``.
///
/// **Time.** The scroll view reads no clock. After the lift its motion is a function of time (see
/// ``decelerationRate``), sampled whenever the application's clock moves: each input frame, each
/// ``Application/advance(to:)`` and each ``Application/dispatchQueuedInput(at:)`` (a display frame). While
/// something moves, ``Application/nextDeadline`` asks for a frame every
/// ``Application/animationFrameInterval`` (1/60 s), so a driver that runs the deadlines (the replay tool, an app
/// loop) animates it; the offset at a given time does not depend on how often it was sampled, and a replay gives
/// the same offsets on every run.
///
/// **Scrolling.** The offsets go from `(−contentInset.left, −contentInset.top)` to
/// `contentSize + (contentInset.right, contentInset.bottom) − bounds.size` (never below the minimum). An axis
/// scrolls when the content is longer than the bounds on it, or when ``alwaysBounceHorizontal`` /
/// ``alwaysBounceVertical`` is set. Past an edge while dragging, content follows the finger on a rubber band:
/// `(1 − 1 / (x · 0.55 / d + 1)) · d` for `x` points past the edge and a bounds dimension `d` (without
/// ``bounces``, the offset stops at the edge). After the lift a fling decelerates by ``decelerationRate`` per
/// millisecond and travels `v · r / (1000 · (1 − r))` points for a velocity of `v` points per second (Apple's
/// projection); one that reaches an edge springs back (a critically damped spring, ω = 4π s⁻¹) or stops there
/// without ``bounces``. With ``isPagingEnabled`` the content settles on a multiple of the bounds' size: the
/// next one in a flick's direction (faster than 100 pt/s), else the nearest.
///
/// **Content touches.** With ``delaysContentTouches`` (default `true`) a touch that begins in a content subview
/// is held back from it for ``contentTouchDelay`` (0.15 s): if the pan begins first the subview never hears of
/// the touch; if the delay passes, the subview gets `touchesBegan` then (a timer dispatch); if the finger lifts
/// first, it gets `touchesBegan` and `touchesEnded` back to back at the lift. When the subview already tracks the
/// touch and the pan would begin, the pan begins only if ``canCancelContentTouches`` is `true` and
/// ``touchesShouldCancel(in:)`` agrees (then the subview gets `touchesCancelled`); otherwise the pan fails and
/// the touch stays with the subview — by default a ``Control`` keeps its touch. ``touchesShouldBegin(_:with:in:)``
/// is asked when a content touch's began phase would be delivered; `false` keeps the subview from ever hearing
/// of it. A finger that lands while the content moves on its own (decelerating, bouncing, animating) stops it
/// where it is, and the content never hears of that finger: it was a touch on the scroll view, not a tap.
///
/// **Nested scroll views.** The pan begins only for a drag mostly along an axis the scroll view scrolls (its
/// content is longer than the bounds on it, or it always bounces on it), so a horizontal pager and a vertical
/// list inside it each take their own direction, and content that fits leaves the drag to the views around it;
/// of two nested scroll views in the same direction the inner one, nearer the finger, takes the drag.
open class ScrollView: View {
    /// The scroll view's pan recognizer (attached to the scroll view; add requirements or a delegate to it).
    public let panGestureRecognizer: PanGestureRecognizer
    /// The pinch recognizer that zooms, attached while ``maximumZoomScale`` exceeds ``minimumZoomScale``
    /// (`nil` otherwise, as in UIKit).
    public var pinchGestureRecognizer: PinchGestureRecognizer? { maximumZoomScale > minimumZoomScale ? pinch : nil }
    /// The pinch, created with the scroll view and attached only while zooming is possible.
    let pinch: ScrollViewPinchGestureRecognizer

    /// The object told about scrolling and zooming (weak).
    public weak var delegate: ScrollViewDelegate?

    /// The point of the content at the scroll view's top-left corner: the origin of ``View/bounds``. Setting it
    /// moves the content at once and tells the delegate (``ScrollViewDelegate/scrollViewDidScroll(_:)``); it does
    /// not stop a deceleration (``setContentOffset(_:animated:)`` does). As `UIScrollView`, scrolling marks the
    /// scroll view for layout (``View/setNeedsLayout()``), so a subclass's ``View/layoutSubviews()`` places
    /// the content that came into view.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            var newBounds = bounds
            guard newValue != newBounds.origin else { return }
            // Get and set, not `bounds.origin = …`: `bounds` is open, and its modify coroutine (dispatched through
            // the vtable) allocated its frame on every scroll.
            newBounds.origin = newValue
            bounds = newBounds
            setNeedsLayout()
            delegate?.scrollViewDidScroll(self)
        }
    }
    /// The size of the content, in points (default zero): with ``contentInset`` and the bounds, it sets how far
    /// the content scrolls. Zooming sets it to the zoomed view's size.
    public var contentSize = Size(width: 0, height: 0)
    /// Extra space around the content that the user can scroll to (default zero). A change tells the delegate
    /// ``ScrollViewDelegate/scrollViewDidChangeAdjustedContentInset(_:)``.
    public var contentInset = EdgeInsets.zero {
        didSet {
            guard contentInset != oldValue else { return }
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
        }
    }
    /// The insets the offsets are computed with: ``contentInset`` (Tactile has no safe area nor bars to add,
    /// so it is `contentInset`, as `UIScrollView.adjustedContentInset` with `.never` adjustment).
    public var adjustedContentInset: EdgeInsets { contentInset }

    // MARK: Scroll indicators and scroll to top

    /// Whether the vertical scroll indicator shows while scrolling (default `true`); for the app's renderer.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal scroll indicator shows while scrolling (default `true`); for the app's renderer.
    public var showsHorizontalScrollIndicator = true
    /// The style of the scroll indicators (default ``IndicatorStyle/default``); for the app's renderer.
    public var indicatorStyle = IndicatorStyle.default
    /// How far the vertical indicator is inset from the scroll view's edges (default zero).
    public var verticalScrollIndicatorInsets = EdgeInsets.zero
    /// How far the horizontal indicator is inset from the scroll view's edges (default zero).
    public var horizontalScrollIndicatorInsets = EdgeInsets.zero
    /// Both indicators' insets: reads the vertical one's, sets both (as UIKit).
    public var scrollIndicatorInsets: EdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    /// When ``flashScrollIndicators()`` was last called (the application's clock), for the app's renderer to
    /// show the indicators for a moment; `nil` if never.
    public internal(set) var scrollIndicatorFlashTime: Timestamp?
    /// Whether ``scrollToTop()`` scrolls this scroll view (default `true`).
    public var scrollsToTop = true
    /// Whether the running offset animation is a ``scrollToTop()``.
    var isScrollingToTop = false

    /// The look of a scroll view's indicators, as `UIScrollView.IndicatorStyle`.
    public enum IndicatorStyle: Hashable, Sendable {
        /// Dark or light to suit the content (UIKit: black on a light background, white on a dark one).
        case `default`
        /// Black.
        case black
        /// White.
        case white
    }
    /// Whether content goes past its edges on a rubber band and springs back (default `true`).
    public var bounces = true
    /// Whether a vertical drag rubber-bands even when the content is not taller than the bounds (default `false`).
    public var alwaysBounceVertical = false
    /// Whether a horizontal drag rubber-bands even when the content is not wider than the bounds (default `false`).
    public var alwaysBounceHorizontal = false
    /// Whether a drag that starts mostly horizontal or mostly vertical scrolls along that axis only (default
    /// `false`). A drag whose smaller component is at least half the larger one is diagonal and stays free.
    public var isDirectionalLockEnabled = false
    /// Whether the content settles on multiples of the bounds' size (default `false`).
    public var isPagingEnabled = false
    /// How fast a fling slows: the fraction of its velocity kept each millisecond (default ``DecelerationRate/normal``).
    public var decelerationRate = DecelerationRate.normal
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

    // MARK: Zoom configuration

    /// The smallest zoom scale (default 1).
    public var minimumZoomScale = 1.0 {
        didSet { updatePinchAttachment() }
    }
    /// The largest zoom scale (default 1: no zooming).
    public var maximumZoomScale = 1.0 {
        didSet { updatePinchAttachment() }
    }
    /// Whether a pinch may go past the zoom limits on a rubber band and bounce back (default `true`).
    public var bouncesZoom = true
    /// The zoom view's current scale (default 1); setting it is ``setZoomScale(_:animated:)`` without animation.
    public var zoomScale: Double {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    // MARK: State

    /// Whether a finger is on the scroll view (its pan tracks a touch), dragging or not yet.
    public var isTracking: Bool { !panGestureRecognizer.storage.value.trackedTouches.isEmpty }
    /// Whether the user is scrolling: from the pan's `began` to its end.
    public internal(set) var isDragging = false
    /// Whether the content is moving on its own after a drag (decelerating, bouncing back, settling on a page).
    public var isDecelerating: Bool { motion?.kind == .decelerating }
    /// Whether a pinch is zooming.
    public internal(set) var isZooming = false
    /// Whether the zoom scale is animating back within its limits after a pinch.
    public var isZoomBouncing: Bool { motion?.kind == .zoomBounce }

    // MARK: Internal state

    /// What moves the content on its own, if anything; sampled by ``advanceMotion(to:)``.
    var motion: ScrollMotion?
    /// The offset the drag applies the pan's translation to (an offset inside the limits; rubber-banding is
    /// applied on top of it).
    var dragOrigin = Point.zero
    /// The axes the drag may move along (both, unless the directional lock chose one).
    var dragAxes = ScrollAxes.both
    /// The touches that stopped the content's motion: never delivered to the content (see the type's discussion).
    var catchingTouches: Set<TouchContact.ID> = []
    /// The zoom scale; see ``zoomScale``.
    var currentZoomScale = 1.0
    /// The pinch's anchor: the point of the unscaled zoom view under the fingers, and the zoom scale when the
    /// pinch began.
    var pinchAnchor: (content: Point, startScale: Double)?

    /// A rate at which scrolling slows after a fling, as `UIScrollView.DecelerationRate`: the fraction of the
    /// velocity kept each millisecond.
    public struct DecelerationRate: Hashable, Sendable, RawRepresentable {
        /// The fraction of the velocity kept each millisecond (0 < rate < 1).
        public var rawValue: Double
        /// Creates a rate from the fraction kept each millisecond.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// UIKit's normal rate, 0.998: a fling of 1 000 pt/s travels 499 pt.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate, 0.99: a fling of 1 000 pt/s travels 99 pt.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Creates a scroll view with a frame.
    public override init(frame: Rect = .zero) {
        let pan = ScrollViewPanGestureRecognizer()
        panGestureRecognizer = pan
        pinch = ScrollViewPinchGestureRecognizer()
        super.init(frame: frame)
        connect(pan)
    }

    /// Creates a scroll view with a zero frame from an archive, so that a scroll view subclass written for
    /// Interface Builder compiles as written (its `required init?(coder:)` calls `super.init(coder: coder)`), as
    /// ``View``'s: `coder` is not read and the scroll view is never `nil`.
    public override init?<Coder>(coder: Coder) {
        let pan = ScrollViewPanGestureRecognizer()
        panGestureRecognizer = pan
        pinch = ScrollViewPinchGestureRecognizer()
        super.init(coder: coder)
        connect(pan)
    }

    private func connect(_ pan: ScrollViewPanGestureRecognizer) {
        pan.scrollView = self
        pinch.scrollView = self
        pan.addAction { [weak self] recognizer in self?.drag(with: recognizer) }
        pinch.addAction { [weak self] recognizer in self?.zoom(with: recognizer) }
        addGestureRecognizer(pan)
    }

    /// Whether `view`, a content subview, gets `touches` (asked when their began phase would be delivered).
    /// The default returns `true`.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { true }

    /// Whether scrolling may cancel the touches `view` tracks (asked only when ``canCancelContentTouches``).
    /// The default returns `true`, except for a ``Control``.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// Whether the content subview `view` may have `touch`: not when the touch stopped the content's motion,
    /// else ``touchesShouldBegin(_:with:in:)`` (asked by the arena when the began phase would be delivered).
    func shouldDeliverContentTouch(_ touch: Touch, with event: Event?, in view: View) -> Bool {
        if catchingTouches.contains(touch.id) { return false }
        return touchesShouldBegin([touch], with: event, in: view)
    }

    /// A scroll view's own pan begins only along an axis it can scroll (its content with its insets is longer
    /// than its bounds along it, or it always bounces along it): a drag mostly along an axis it cannot scroll is
    /// left to the views around it — a horizontal pager around a vertical list, a paging scroll view around
    /// zoomable pages at their smallest scale.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return true }
        let horizontal = scrolls(.horizontal), vertical = scrolls(.vertical)
        if horizontal && vertical { return true }
        if !horizontal && !vertical { return false }
        let pan = panGestureRecognizer
        let direction = pan.driver.value.machine.displacementWhilePossible
            .map { pan.convertVectorFromWindow($0, to: self) } ?? pan.velocity(in: self)
        let mostlyHorizontal = direction.x.magnitude > direction.y.magnitude
        return horizontal ? mostlyHorizontal : !mostlyHorizontal
    }

    /// Attaches the pinch while zooming is possible.
    private func updatePinchAttachment() {
        let zooms = maximumZoomScale > minimumZoomScale
        if zooms, pinch.view !== self {
            addGestureRecognizer(pinch)
        } else if !zooms, pinch.view === self {
            removeGestureRecognizer(pinch)
        }
    }
}

/// The axes a scroll view's drag may move along.
struct ScrollAxes: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let horizontal = ScrollAxes(rawValue: 1)
    static let vertical = ScrollAxes(rawValue: 2)
    static let both: ScrollAxes = [.horizontal, .vertical]
}
