/// A rectangular area that takes part in hit-testing and receives touches, as `UIView`.
///
/// Geometry follows UIKit (spec §3.5): a view has a ``center`` in its superview's bounds coordinates, its
/// own ``bounds`` (origin and size of its coordinate system), a ``transform`` applied about the
/// ``anchorPoint``, and a ``frame`` derived from the three. Changing ``bounds`` keeps ``center``; setting
/// ``frame`` sets ``center`` and the size of ``bounds``.
///
/// Subviews are ordered back to front: the last one in ``subviews`` is drawn on top and hit-tested first.
/// Views are UI objects confined to the task that made them (not `Sendable`).
open class View: Responder {
    // MARK: Geometry

    /// The center of the view in its superview's bounds coordinates (`layer.position`).
    public var center: Point = .zero
    /// The view's own coordinate system: its origin and size.
    public var bounds: Rect = .zero
    /// The transform applied to the view about its ``anchorPoint`` (default identity).
    public var transform: AffineTransform = .identity
    /// The point of ``bounds`` that sits at ``center`` and about which ``transform`` applies, in unit
    /// coordinates (default (0.5, 0.5), the middle), as `CALayer.anchorPoint`.
    public var anchorPoint = Point(x: 0.5, y: 0.5)

    /// The view's rectangle in its superview's bounds coordinates.
    ///
    /// With a non-identity transform this is the axis-aligned box around the transformed bounds. Setting it
    /// sets ``center`` and the size of ``bounds``; as in UIKit, setting it while ``transform`` is not the
    /// identity gives a result defined only by that rule (the transform is left as it is).
    public var frame: Rect {
        get {
            let a = anchorInBounds
            let corners = [
                Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY),
            ]
            return Rect.bounding(corners.map { center + transform.applyLinear(to: $0 - a) })
        }
        set {
            bounds.size = newValue.size
            center = Point(
                x: newValue.minX + anchorPoint.x * newValue.width,
                y: newValue.minY + anchorPoint.y * newValue.height
            )
        }
    }

    /// The anchor point in bounds coordinates: `bounds.origin + anchorPoint · bounds.size`.
    @inlinable
    public var anchorInBounds: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.width, y: bounds.origin.y + anchorPoint.y * bounds.height)
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

    // MARK: Hierarchy

    /// The view's superview, or `nil`.
    public private(set) weak var superview: View?
    /// The subviews, back to front.
    public private(set) var subviews: [View] = []
    /// The view controller whose root view this is, if any (its `next` responder, spec §4.7).
    weak var owningViewController: ViewController?

    /// Creates a view with a frame.
    public init(frame: Rect = .zero) {
        super.init()
        self.frame = frame
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

    /// Adds `view` in front of the other subviews; if it already has a superview it is removed from it
    /// first (if that superview is the receiver, it simply moves to the front).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of ``subviews`` (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "A view cannot be added to its own subtree")
        var target = Swift.max(0, Swift.min(index, subviews.count))
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            if old < target { target -= 1 }
            subviews.insert(view, at: Swift.min(target, subviews.count))
            return
        }
        let oldWindow = view.window
        let newWindow = window
        if oldWindow !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        view.willMove(toSuperview: self)
        view.detachFromSuperview()
        subviews.insert(view, at: target)
        view.superview = self
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.propagateDidMoveToWindow() }
        didAddSubview(view)
    }

    /// Inserts `view` just above `sibling` (a subview of the receiver).
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: i + 1)
    }

    /// Inserts `view` just below `sibling` (a subview of the receiver).
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: i)
    }

    /// Exchanges the subviews at two indices.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        subviews.swapAt(index1, index2)
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }

    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
    }

    /// Removes the view from its superview (and so from its window).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        if oldWindow != nil { propagateWillMove(toWindow: nil) }
        willMove(toSuperview: nil)
        detachFromSuperview()
        didMoveToSuperview()
        if oldWindow != nil { propagateDidMoveToWindow() }
        _ = parent
    }

    private func detachFromSuperview() {
        guard let parent = superview, let i = parent.subviews.firstIndex(where: { $0 === self }) else { return }
        parent.willRemoveSubview(self)
        parent.subviews.remove(at: i)
        superview = nil
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

    /// The first view with `tag` in a depth-first search of the receiver and its subviews (receiver first).
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

    // MARK: Hooks

    /// Called before the view's superview changes (`nil` when it is being removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view's superview changed.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes, for the view and each of its descendants.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view's window changed, for the view and each of its descendants.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    private func propagateWillMove(toWindow newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.propagateWillMove(toWindow: newWindow) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }
}
