/// A rectangular area that takes part in hit-testing and receives touches, as `UIView`.
///
/// Geometry follows UIKit (spec §3.5): a view has a ``center`` in its superview's bounds coordinates, its
/// own ``bounds`` (origin and size of its coordinate system), a ``transform`` applied about the
/// ``anchorPoint``, and a ``frame`` derived from the three. Changing ``bounds``, ``transform`` or
/// ``anchorPoint`` keeps ``center`` (so the frame moves around it, as with `CALayer.position`); setting
/// ``frame`` sets ``center`` and the size of ``bounds``.
///
/// Subviews are ordered back to front: the last one in ``subviews`` is drawn on top and hit-tested first.
/// Views are UI objects, on the main actor, as UIKit's.
open class View: Responder {
    // MARK: Geometry

    // The object's engine state, in a cell read and written without run-time exclusivity checks (the properties
    // that read and write it are accessors): the safety argument is ``UncheckedCell``'s.
    nonisolated(unsafe) let storage = UncheckedCell(ViewStorage())

    /// The center of the view in its superview's bounds coordinates (`layer.position`). Open, as in UIKit: a
    /// subclass may override it (calling `super`) to observe moves.
    open var center: Point {
        get { storage.value.center }
        set { storage.value.center = newValue }
    }
    /// The view's own coordinate system: its origin and size. Open, as in UIKit: a subclass may override it
    /// (calling `super`), as scroll-view subclasses do to observe scrolling.
    /// A change of its size marks the view for layout and resizes its subviews by their autoresizing masks
    /// (`View+Layout.swift`).
    open var bounds: Rect {
        get { storage.value.bounds }
        set {
            let oldSize = storage.value.bounds.size
            storage.value.bounds = newValue
            if newValue.size != oldSize { boundsSizeChanged(from: oldSize) }
        }
    }
    /// The transform applied to the view about its ``anchorPoint`` (default identity).
    public final var transform: AffineTransform {
        get { storage.value.transform }
        set { storage.value.transform = newValue }
    }
    /// The point of ``bounds`` that sits at ``center`` and about which ``transform`` applies, in unit
    /// coordinates (default (0.5, 0.5), the middle), as `CALayer.anchorPoint`.
    public final var anchorPoint: Point {
        get { storage.value.anchorPoint }
        set { storage.value.anchorPoint = newValue }
    }

    /// The view's rectangle in its superview's bounds coordinates: the axis-aligned box around the bounds
    /// placed by ``center``, ``anchorPoint`` and the whole ``transform`` (its translation included).
    ///
    /// Setting it sets ``center`` and the size of ``bounds`` (never ``bounds``' origin nor the transform); a
    /// negative size is standardized first. With a transform, the bounds size is the one whose transformed
    /// box has the new size, so reading the frame back gives what was set for scales, translations and
    /// quarter turns; for other rotations UIKit calls the result undefined, and here the bounds size is left
    /// as it is and only the frame's origin is honoured (see `View+Geometry.swift`). Open, as in UIKit: a subclass
    /// may override it (calling `super`), for example to lay out again when it changes.
    open var frame: Rect {
        get { frameFromGeometry }
        set { setGeometry(forFrame: newValue) }
    }

    /// The anchor point in bounds coordinates: `bounds.origin + anchorPoint · bounds.size`.
    ///
    /// Like the conversions (`View+Conversion.swift`), it reads the geometry as stored — as UIKit's read the
    /// layer's — not through a subclass's override of ``bounds``: those run on every touch sample the runtime
    /// converts, and an override that returns something other than `super`'s is not UIKit's geometry either.
    public var anchorInBounds: Point {
        let bounds = storage.value.bounds
        let anchor = storage.value.anchorPoint
        return Point(x: bounds.origin.x + anchor.x * bounds.width, y: bounds.origin.y + anchor.y * bounds.height)
    }

    // MARK: Appearance and interaction flags

    /// A hidden view and its subviews are never hit (spec §3.1).
    public var isHidden = false
    /// The view's opacity; below 0.01 the view and its subviews are never hit (spec §3.1).
    public var alpha: Double = 1
    /// When `false`, the view and its subviews are never hit (spec §3.1, §4.4). Default `true`.
    public var isUserInteractionEnabled = true
    /// Whether subviews are clipped when drawn. It does not change hit-testing: a point outside a view's
    /// bounds never reaches its subviews, whatever this says (spec §3.3).
    public var clipsToBounds = false
    /// Whether the view receives every touch of a sequence that starts in it (default `false`: only the
    /// first one; spec §4.3). Gesture recognizers are not affected.
    public var isMultipleTouchEnabled = false
    /// Whether the view blocks touch delivery to the other views of its window while it tracks a touch,
    /// and receives one only when no other view of the window tracks one (default `false`; spec §4.3).
    public var isExclusiveTouch = false
    /// An integer that identifies the view for ``viewWithTag(_:)`` (default 0).
    public var tag = 0

    // MARK: Autoresizing (applied in `View+Layout.swift`)

    /// How the view resizes when its superview's bounds change size (default none: it keeps its frame).
    public var autoresizingMask: AutoresizingMask = []
    /// Whether a change of the view's bounds size resizes its subviews by their ``autoresizingMask``
    /// (default `true`).
    public var autoresizesSubviews = true

    // MARK: Hierarchy

    /// The view's superview, or `nil` (weak: the superview holds its subviews).
    public internal(set) var superview: View? {
        get { storage.value.superview }
        set { storage.value.superview = newValue }
    }
    /// The subviews, back to front: the last one is drawn on top and hit-tested first.
    public internal(set) final var subviews: [View] {
        get { storage.value.subviews }
        _modify { yield &storage.value.subviews }
    }
    /// The view controller whose root view this is, if any (its `next` responder, spec §4.7).
    weak var owningViewController: ViewController?

    /// The gesture recognizers attached to the view, in the order they were added (see
    /// ``addGestureRecognizer(_:)``).
    public internal(set) final var gestureRecognizers: [GestureRecognizer] {
        get { storage.value.gestureRecognizers }
        _modify { yield &storage.value.gestureRecognizers }
    }

    /// A view with subviews or recognizers that goes away changes their superview or view (to `nil`) without
    /// ``View/move(_:to:at:)`` or ``removeGestureRecognizer(_:)``: cached depths (``ViewStorage/cachedDepth``),
    /// ordering keys (``GestureArena/updateOrderKeys(_:)``) and walked paths (``GatePaths``) are stale.
    deinit {
        // Nonisolated, as a subclass's own `deinit` is: it reads the cell, which no one else reaches any more.
        if !storage.value.subviews.isEmpty || !storage.value.gestureRecognizers.isEmpty {
            View.superviewChanges.add(1, ordering: .relaxed)
        }
    }

    /// Creates a view with a frame.
    public init(frame: Rect = .zero) {
        super.init()
        self.frame = frame
    }

    /// Creates a view with a zero frame from an archive, so that a view written for Interface Builder compiles
    /// as written: its `required init?(coder: NSCoder)` calls `super.init(coder: coder)`. Tactile has no
    /// archives to read (no Interface Builder), so `coder` is not read and the view is never `nil`; generic over
    /// the coder's type so that the core needs no Foundation (`NSCoder` comes with the UIKit-spelled face).
    public init?<Coder>(coder: Coder) {
        super.init()
        self.frame = .zero
    }

    /// Creates a view with a frame and a name for logs.
    public convenience init(name: String, frame: Rect = .zero) {
        self.init(frame: frame)
        self.name = name
    }

    /// The window the view belongs to, if any: the nearest ``Window`` among the view and its ancestors.
    public var window: Window? {
        var view: View? = self
        while let v = view {
            if let w = v as? Window { return w }
            view = v.superview
        }
        return nil
    }

    /// The view controller if this is its root view, otherwise the superview (spec §4.7).
    open override var next: Responder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    /// Adds `view` in front of the other subviews (at the end of ``subviews``).
    ///
    /// If `view` has another superview it is removed from it first; if it is already a subview of the
    /// receiver it only moves to the front. The hooks run as described in `View+Hierarchy.swift`.
    /// - Precondition: `view` is not the receiver nor one of its ancestors.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` into ``subviews`` so that it ends up at `index`, clamped to the valid range.
    ///
    /// The index is a position in the resulting array: after the call `view` is at
    /// `min(max(index, 0), subviews.count - 1)`, also when it was already a subview of the receiver (it is
    /// then only reordered, and no hook runs). A view coming from another superview is removed from it first.
    /// - Precondition: `view` is not the receiver nor one of its ancestors.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "A view cannot be added to its own subtree")
        View.move(view, to: self, at: index)
    }

    /// Inserts `view` just above `sibling` (in front of it). When `sibling` is not a subview of the receiver,
    /// `view` goes to the front, as with ``addSubview(_:)``.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        if sibling === view, view.superview === self { return }
        let others = subviews.filter { $0 !== view }
        insertSubview(view, at: others.firstIndex { $0 === sibling }.map { $0 + 1 } ?? others.count)
    }

    /// Inserts `view` just below `sibling` (behind it). When `sibling` is not a subview of the receiver, `view`
    /// goes to the back.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        if sibling === view, view.superview === self { return }
        insertSubview(view, at: subviews.filter { $0 !== view }.firstIndex { $0 === sibling } ?? 0)
    }

    /// Exchanges the subviews at two indices of ``subviews``. No hook runs.
    /// - Precondition: both indices are valid indices of ``subviews``.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        precondition(subviews.indices.contains(index1) && subviews.indices.contains(index2),
                     "exchangeSubview(at: \(index1), withSubviewAt: \(index2)) out of 0..<\(subviews.count)")
        subviews.swapAt(index1, index2)
    }

    /// Moves `view` to the front (the end of ``subviews``); nothing happens when it is not a subview. No hook
    /// runs.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` to the back (the start of ``subviews``); nothing happens when it is not a subview. No hook
    /// runs.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview, and so from its window; nothing happens when it has none.
    ///
    /// The superview's ``willRemoveSubview(_:)`` runs first, then the view's own hooks (see
    /// `View+Hierarchy.swift`). Open, as in UIKit: an override must call `super`.
    open func removeFromSuperview() {
        View.move(self, to: nil, at: 0)
    }

    /// Whether the receiver is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The first view with `tag` in a depth-first, pre-order search of the receiver and its descendants: the
    /// receiver first, then each subview's subtree in ``subviews`` order (back to front); `nil` if none.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Hit-testing (the algorithm is in View+HitTesting.swift)

    /// The farthest descendant of the receiver (or the receiver) that contains `point`, given in the
    /// receiver's bounds coordinates, or `nil`, by the rules of spec §3.1 (see `defaultHitTest`).
    ///
    /// Override it (return `nil` for `self` to make a pass-through container) or ``point(inside:with:)``
    /// (to enlarge a hit area), as in UIKit.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point`, in the receiver's bounds coordinates, is inside the receiver: by default
    /// `bounds.contains(point)`, half-open as `CGRect.contains` (spec §3.2).
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Gesture recognizers (see View+GestureRecognizers.swift)

    /// Asked when a gesture recognizer tries to begin (leave `possible`); `false` makes it fail (spec §4.5,
    /// §5.10 rule 2). "Subclasses may override this method and use it to prevent the recognition of particular
    /// gestures" (UIKit): the default returns `true`; ``Control`` refuses its ancestors' single-finger single
    /// taps.
    ///
    /// The views asked, after the recognizer's delegate: the view the recognizer is attached to (as in UIKit), then
    /// the views on the path from each of the recognizer's touches' views up to, but excluding, the recognizer's
    /// view. The recognizer's ``GestureRecognizer/state`` still reads `possible` during the call.
    // The arena does not call it on a view of class `View` or `Window` exactly (GatePaths.answersTrue): an override
    // in `Window` must be added there too.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Hooks (their order is documented in View+Hierarchy.swift)

    /// Called before the view's superview changes (`nil` when it is being removed). Not called when the
    /// view is only reordered among its siblings.
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view's superview changed.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes (`nil` when it leaves its window), for the view and each of
    /// its descendants, parents before children. Not called when the window stays the same.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view's window changed, for the view and each of its descendants, parents before
    /// children.
    open func didMoveToWindow() {}
    /// Called on the new superview after a subview was added (not when a subview is only reordered).
    open func didAddSubview(_ subview: View) {}
    /// Called on the superview before a subview is removed or moved to another superview.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Layout and drawing (the cycle is in View+Layout.swift)

    /// Lays out the subviews: called once per layout pass for a view marked by ``setNeedsLayout()`` (and for a
    /// new view, before its first input), before its subviews' own layout. The default does nothing (the
    /// autoresizing masks were applied when the bounds changed); override it to place subviews, as in UIKit.
    open func layoutSubviews() {}

    /// The size that fits the view's content within `size`; the default returns the current bounds size, as
    /// `UIView.sizeThatFits(_:)`. Subclasses return their own.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current bounds size, keeping its frame's origin.
    open func sizeToFit() {
        var rect = frame
        rect.size = sizeThatFits(bounds.size)
        frame = rect
    }

    /// Draws the view's content within `rect` (its coordinates): called by ``Window/displayIfNeeded()`` once
    /// per pass for a view marked by ``setNeedsDisplay()`` (and for a view shown for the first time). The
    /// default draws nothing; the app's renderer sets up where the drawing goes before the pass.
    open func draw(_ rect: Rect) {}
}

/// The stored state behind ``View``'s runtime properties (see its `storage`).
struct ViewStorage {
    weak var superview: View?
    var center: Point = .zero
    var bounds: Rect = .zero
    var transform: AffineTransform = .identity
    var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    var subviews: [View] = []
    var gestureRecognizers: [GestureRecognizer] = []
    /// The arena's ordering key: the view's depth (superviews above it), valid while `depthStamp` is
    /// ``View/currentDepthStamp`` — no view of any tree got another superview and no view with subviews went
    /// away since it was measured (``GestureArena/updateOrderKeys(_:)``, which alone reads and writes both).
    var cachedDepth: Int = 0
    var depthStamp: UInt64 = 0
    /// Layout and display state (`View+Layout.swift`): a new view needs its first layout and display.
    var needsLayout = true
    var subtreeNeedsLayout = true
    var dirtyRect: Rect?
    var hasBeenDisplayed = false
}
