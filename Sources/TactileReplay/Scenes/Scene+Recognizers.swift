import Tactile

/// Turns a scene's recognizer and scroll-view specifications into live objects; which recognizer a kind makes
/// is the table of kinds' (``Scene/RecognizerKind``).
@MainActor
struct RecognizerFactory {
    /// Creates the recognizer for `spec`, with its UIKit properties, its name and the common properties
    /// (`isEnabled`, `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`). It is not attached.
    @MainActor func makeRecognizer(_ spec: Scene.RecognizerSpec) -> GestureRecognizer {
        let recognizer = spec.kind.makeRecognizer()
        recognizer.name = spec.name
        recognizer.isEnabled = spec.isEnabled
        recognizer.cancelsTouchesInView = spec.cancelsTouchesInView
        recognizer.delaysTouchesBegan = spec.delaysTouchesBegan
        recognizer.delaysTouchesEnded = spec.delaysTouchesEnded
        return recognizer
    }

    /// Creates a scroll view with the spec's properties. Its pan recognizer is named `NAME.pan` after the
    /// scroll view (`scrollView.pan` when the view has no name), so the log can tell it apart.
    @MainActor func makeScrollView(_ spec: Scene.ScrollViewSpec, name: String?) -> ScrollView {
        let scrollView = ScrollView()
        scrollView.delaysContentTouches = spec.delaysContentTouches
        scrollView.canCancelContentTouches = spec.canCancelContentTouches
        scrollView.bounces = spec.bounces
        scrollView.alwaysBounceVertical = spec.alwaysBounceVertical
        scrollView.alwaysBounceHorizontal = spec.alwaysBounceHorizontal
        scrollView.isPagingEnabled = spec.isPagingEnabled
        scrollView.isDirectionalLockEnabled = spec.isDirectionalLockEnabled
        scrollView.decelerationRate = ScrollView.DecelerationRate(rawValue: spec.decelerationRate)
        scrollView.minimumZoomScale = spec.minimumZoomScale
        scrollView.maximumZoomScale = spec.maximumZoomScale
        scrollView.bouncesZoom = spec.bouncesZoom
        scrollView.panGestureRecognizer.name = "\(name ?? "scrollView").pan"
        scrollView.pinchGestureRecognizer?.name = "\(name ?? "scrollView").pinch"
        return scrollView
    }
}

/// Unordered pairs of recognizers, by identity: what a delegate that lets listed pairs recognize together looks up
/// (the scene's `simultaneous` pairs here, `tactile_allow_simultaneous` in libtactile).
///
/// Pairs of identifiers, not a set of partners per recognizer: the arena asks whenever a recognizer begins or is
/// blocked, and a lookup allocates nothing.
package struct RecognizerPairs {
    /// An unordered pair: the two identifiers, the lower first.
    private struct Pair: Hashable {
        let low: ObjectIdentifier
        let high: ObjectIdentifier
        init(_ a: GestureRecognizer, _ b: GestureRecognizer) {
            let (x, y) = (ObjectIdentifier(a), ObjectIdentifier(b))
            (low, high) = x < y ? (x, y) : (y, x)
        }
    }
    private var pairs: Set<Pair> = []

    /// No pairs.
    package init() {}

    /// The pairs of `list` (each in either order), made in one go: a set made whole gets its storage's type from
    /// the compiler, where one grown insert by insert looks `Pair`'s `Hashable` conformance up in the runtime —
    /// a scan of every conformance record of the process the first time (about 0.37 M instructions, #35's
    /// benchmark bar).
    package init(_ list: [(GestureRecognizer, GestureRecognizer)]) {
        pairs = Set(list.map { Pair($0.0, $0.1) })
    }

    /// Adds the pair of `first` and `second` (in either order).
    package mutating func insert(_ first: GestureRecognizer, _ second: GestureRecognizer) {
        pairs.insert(Pair(first, second))
    }

    /// Whether `first` and `second` were added as a pair, in either order.
    package func contains(_ first: GestureRecognizer, _ second: GestureRecognizer) -> Bool {
        pairs.contains(Pair(first, second))
    }
}

/// The delegate of the recognizers in a scene's `simultaneous` pairs: it lets each pair recognize together
/// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` answers `true` for a listed pair, in both
/// orders, and `false` otherwise) and leaves every other delegate question at its default.
///
/// Recognizers hold their delegate weakly, so the ``SceneInstance`` keeps this object alive.
final class SimultaneousPairsDelegate: GestureRecognizerDelegate {
    private let pairs: RecognizerPairs

    /// Creates the delegate for `pairs` of recognizers and sets it on each of them.
    init(pairs: [(GestureRecognizer, GestureRecognizer)]) {
        self.pairs = RecognizerPairs(pairs)
        for (first, second) in pairs {
            first.delegate = self
            second.delegate = self
        }
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        pairs.contains(gestureRecognizer, otherGestureRecognizer)
    }
}

/// The delegate of a scene's zooming scroll view: its `viewForZooming(in:)` is the subview the scene names.
final class SceneZoomDelegate: ScrollViewDelegate {
    weak var zoomView: View?
    init(zoomView: View) { self.zoomView = zoomView }
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
}
