import Tactile
import TactileInput

/// A validated scene: a window of views with gesture recognizers, and how the input device maps onto the
/// screen. Read one from a JSON scene file with ``load(path:)`` or ``decode(_:file:)``; build the live
/// objects with ``instantiate()``.
///
/// A value: it holds specifications, not views. Every name it mentions is checked when it is decoded, so
/// building never fails on a typo. The file format is described in the README ("Write your own scene").
public struct Scene: Hashable, Sendable {
    /// The scene-file version this build reads.
    public static let currentVersion = 1

    /// The file the scene came from (for messages), or a label such as `(default scene)`.
    public var file: String
    /// A human-readable title (optional in the file).
    public var title: String?
    /// The window's size in points; the window's origin is the screen's origin.
    public var windowSize: Size
    /// How device coordinates become screen points: screen size (default: the window's size), rotation,
    /// calibration matrix.
    public var screen: ScreenMapping
    /// The window's subviews, back to front.
    public var views: [ViewSpec]
    /// Pairs of recognizer names that may recognize simultaneously (the delegate's
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` answers `true` for them, in both orders).
    public var simultaneous: [SimultaneousPair]
    /// Screen areas for several touchscreens at once (`tactile live` without a device), each matched to devices by
    /// name or udev property (``DeviceScreen``). Empty: every touchscreen maps onto ``screen``.
    public var deviceScreens: [DeviceScreen] = []

    /// Creates a scene from its parts (no validation: use ``decode(_:file:)`` for files).
    public init(
        file: String, title: String? = nil, windowSize: Size, screen: ScreenMapping, views: [ViewSpec],
        simultaneous: [SimultaneousPair] = []
    ) {
        self.file = file
        self.title = title
        self.windowSize = windowSize
        self.screen = screen
        self.views = views
        self.simultaneous = simultaneous
    }

    /// Two recognizers, by name, that may recognize at the same time.
    public struct SimultaneousPair: Hashable, Sendable {
        /// One recognizer's name.
        public var first: String
        /// The other recognizer's name.
        public var second: String
        /// Creates a pair.
        public init(_ first: String, _ second: String) {
            self.first = first
            self.second = second
        }
    }

    /// One view of the tree.
    public struct ViewSpec: Hashable, Sendable {
        /// The view's name: its label in the delivery log. Unique in the scene when given.
        public var name: String?
        /// What kind of view to build.
        public var kind: ViewKind
        /// Where the view is.
        public var geometry: Geometry
        /// The interaction and appearance flags.
        public var flags: Flags
        /// The subviews, back to front.
        public var subviews: [ViewSpec]
        /// The recognizers attached to the view, in order.
        public var recognizers: [RecognizerSpec]
        /// The view's JSON path in its file (`views[1].subviews[0]`), for messages.
        public var path: String

        /// Creates a view specification.
        public init(
            name: String?, kind: ViewKind = .view(handlesTouches: false), geometry: Geometry, flags: Flags = Flags(),
            subviews: [ViewSpec] = [], recognizers: [RecognizerSpec] = [], path: String = ""
        ) {
            self.name = name
            self.kind = kind
            self.geometry = geometry
            self.flags = flags
            self.subviews = subviews
            self.recognizers = recognizers
            self.path = path
        }
    }

    /// The kinds of view a scene can build.
    public enum ViewKind: Hashable, Sendable {
        /// A plain view. With `handlesTouches` it overrides the four touch methods and keeps its touches (a
        /// canvas); otherwise it passes them up the responder chain, as `UIView` does.
        case view(handlesTouches: Bool)
        /// A control (a button): tracks its touch and sends control events (spec §4.9).
        case control(isEnabled: Bool)
        /// A scroll view with a content size (points) and its touch-delay behaviour (spec §5.12).
        case scrollView(ScrollViewSpec)
    }

    /// A scroll view's properties, with `UIScrollView`'s names and defaults.
    public struct ScrollViewSpec: Hashable, Sendable {
        /// The size of the scrollable content (default: the view's bounds size).
        public var contentSize: Size?
        /// The initial scroll position (default zero).
        public var contentOffset: Point
        /// Whether content touches are delayed until the scroll view knows it is not scrolling (default
        /// `true`).
        public var delaysContentTouches: Bool
        /// Whether scrolling may cancel touches already delivered to the content (default `true`).
        public var canCancelContentTouches: Bool
        /// `bounces` (default `true`).
        public var bounces = true
        /// `alwaysBounceVertical` (default `false`).
        public var alwaysBounceVertical = false
        /// `alwaysBounceHorizontal` (default `false`).
        public var alwaysBounceHorizontal = false
        /// `isPagingEnabled` (`"pagingEnabled"`, default `false`).
        public var isPagingEnabled = false
        /// `isDirectionalLockEnabled` (`"directionalLockEnabled"`, default `false`).
        public var isDirectionalLockEnabled = false
        /// `decelerationRate`: the fraction of velocity kept per millisecond (`"normal"` 0.998, the default;
        /// `"fast"` 0.99; or a number between 0 and 1).
        public var decelerationRate = 0.998
        /// `minimumZoomScale` and `maximumZoomScale` (default 1 and 1: no zooming).
        public var minimumZoomScale = 1.0, maximumZoomScale = 1.0
        /// `bouncesZoom` (default `true`).
        public var bouncesZoom = true
        /// The name of the subview that zooms (the delegate's `viewForZooming(in:)`), if any.
        public var zoomView: String?

        /// Creates scroll-view properties; the defaults are UIKit's.
        public init(
            contentSize: Size? = nil, contentOffset: Point = .zero, delaysContentTouches: Bool = true,
            canCancelContentTouches: Bool = true
        ) {
            self.contentSize = contentSize
            self.contentOffset = contentOffset
            self.delaysContentTouches = delaysContentTouches
            self.canCancelContentTouches = canCancelContentTouches
        }
    }

    /// How a view is placed: by frame, or by bounds, center and transform (spec §3.5).
    public enum Geometry: Hashable, Sendable {
        /// A frame in the superview's bounds coordinates.
        case frame(Rect)
        /// Bounds (origin and size of the view's own coordinate system), center (in the superview's
        /// bounds coordinates) and a transform about the center.
        case layout(bounds: Rect, center: Point, transform: AffineTransform)
    }

    /// The view flags of spec §3.1 and §4.3, with `UIView`'s defaults.
    public struct Flags: Hashable, Sendable {
        /// `isHidden` (default `false`): a hidden view and its subviews are never hit.
        public var isHidden = false
        /// Opacity, 0…1 (default 1); below 0.01 the view is never hit.
        public var alpha: Double = 1
        /// `isUserInteractionEnabled` (default `true`).
        public var isUserInteractionEnabled = true
        /// `isMultipleTouchEnabled` (default `false`: the view gets only the first touch of a sequence).
        public var isMultipleTouchEnabled = false
        /// `isExclusiveTouch` (default `false`).
        public var isExclusiveTouch = false
        /// Whether subviews are clipped when drawn (default `false`; `true` for scroll views, as in UIKit). It
        /// does not change hit-testing.
        public var clipsToBounds = false

        /// Creates flags; the defaults are UIKit's.
        public init() {}
    }

    /// A gesture recognizer on a view.
    public struct RecognizerSpec: Hashable, Sendable {
        /// The recognizer's name: its label in logs, and how requirements and pairs refer to it.
        public var name: String?
        /// The kind, with its properties (the scene format's table of kinds: ``RecognizerKind``).
        public var kind: RecognizerKind
        /// `cancelsTouchesInView` (default `true`).
        public var cancelsTouchesInView = true
        /// `delaysTouchesBegan` (default `false`).
        public var delaysTouchesBegan = false
        /// `delaysTouchesEnded` (default `true`).
        public var delaysTouchesEnded = true
        /// `isEnabled` (default `true`).
        public var isEnabled = true
        /// Names of the recognizers this one requires to fail (`require(toFail:)`), in order.
        public var requireToFail: [String] = []
        /// The recognizer's JSON path in its file, for messages.
        public var path: String

        /// Creates a recognizer specification with UIKit's defaults.
        public init(name: String?, kind: RecognizerKind, path: String = "") {
            self.name = name
            self.kind = kind
            self.path = path
        }
    }

    /// A swipe's `SwipeGestureRecognizer.minimumPrimaryMovement` and
    /// `SwipeGestureRecognizer.maximumDuration`.
    public struct SwipeThresholds: Hashable, Sendable {
        /// Points the touches must cover in the swipe's direction.
        public var minimumPrimaryMovement: Double
        /// The time from touch-down within which they must cover it.
        public var maximumDuration: Duration

        /// Thresholds.
        public init(minimumPrimaryMovement: Double, maximumDuration: Duration) {
            self.minimumPrimaryMovement = minimumPrimaryMovement
            self.maximumDuration = maximumDuration
        }
    }

    /// Every view specification, depth first in tree order.
    public var allViews: [ViewSpec] {
        var result: [ViewSpec] = []
        func visit(_ views: [ViewSpec]) {
            for view in views {
                result.append(view)
                visit(view.subviews)
            }
        }
        visit(views)
        return result
    }

    /// Every recognizer specification with the name of its view, in tree order.
    public var allRecognizers: [(view: ViewSpec, recognizer: RecognizerSpec)] {
        allViews.flatMap { view in view.recognizers.map { (view, $0) } }
    }
}
