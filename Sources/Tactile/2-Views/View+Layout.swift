/// How a view resizes when its superview's bounds change size, as `UIView.AutoresizingMask`: the flexible parts
/// of each axis (the margins and the size) share the change in proportion to their current lengths (equally when
/// those are all zero); the fixed parts keep theirs. With no flexible part on an axis the view keeps its place and
/// size along it.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// Creates a mask from UIKit's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left margin grows and shrinks with the superview.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width grows and shrinks with the superview.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin grows and shrinks with the superview.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin grows and shrinks with the superview.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height grows and shrinks with the superview.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin grows and shrinks with the superview.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

// MARK: Layout

/// The layout cycle, as UIKit's (View Programming Guide, "The View Drawing Cycle" and "Laying Out Subviews"):
/// ``setNeedsLayout()`` marks a view; the marks are coalesced, and the application lays out every marked view of
/// its windows — each one's ``layoutSubviews()`` once, parents before their subviews — before it dispatches the
/// next input (a touch frame, a timer, ``Application/advance(to:)``), so touch handlers and hit-testing see laid-out
/// views. ``layoutIfNeeded()`` does the same at once, from the highest marked ancestor of an unbroken chain of
/// marked superviews (CALayer's `layoutIfNeeded`). Adding a subview marks the superview and the added view;
/// removing one marks the superview it leaves (CALayer's `setNeedsLayout`: the system calls it "when sublayers are
/// added or removed"). A change of a view's bounds size marks it and resizes its subviews by their
/// ``autoresizingMask``.
extension View {
    /// Marks the view as needing layout: its ``layoutSubviews()`` runs once before the next input is dispatched
    /// (or at the next ``layoutIfNeeded()``), however many times this is called meanwhile.
    public func setNeedsLayout() {
        storage.value.needsLayout = true
        markSubtreeNeedsLayout()
    }

    /// Lays out, now, what UIKit's `layoutIfNeeded()` lays out: the superviews are walked up while they are
    /// marked by ``setNeedsLayout()`` (CALayer: "until an ancestor layer is found that does not require layout"),
    /// then every marked view of the subtree of the highest of them — the receiver's own subtree when its
    /// superview is not marked — is laid out: each one's ``layoutSubviews()`` once, parents before their
    /// subviews (a subview a parent's layout marks is laid out in the same pass). Unmarked ancestors, and marked
    /// ones above an unmarked one, are not laid out. The walk stops at a ``Window``.
    public func layoutIfNeeded() {
        var root = self
        while !(root is Window), let parent = root.superview, parent.storage.value.needsLayout { root = parent }
        root.layoutSubtreeIfNeeded()
    }

    /// Lays out every marked view of the receiver's subtree, parents before subviews (the pass before each input,
    /// and ``layoutIfNeeded()`` from its root).
    func layoutSubtreeIfNeeded() {
        guard storage.value.subtreeNeedsLayout else { return }
        storage.value.subtreeNeedsLayout = false
        if storage.value.needsLayout {
            storage.value.needsLayout = false
            let controller = owningViewController.flatMap { $0.isViewLoaded ? $0 : nil }
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
        for subview in subviews where !(subview is Window) { subview.layoutSubtreeIfNeeded() }
    }

    /// Whether the view is marked by ``setNeedsLayout()`` and not yet laid out (a new view is, until its
    /// first layout pass).
    public var needsLayout: Bool { storage.value.needsLayout }

    /// Marks the view's ancestors as having a subview to lay out, up to the first one already marked; a mark that
    /// reaches a window tells its application, whose pass before each input skips the windows otherwise.
    func markSubtreeNeedsLayout() {
        var current: View? = self
        while let view = current, !view.storage.value.subtreeNeedsLayout {
            view.storage.value.subtreeNeedsLayout = true
            if let window = view as? Window {
                window.application?.setWindowsNeedLayout()
                current = nil
            } else {
                current = view.superview
            }
        }
    }

    /// Marks what a move of the receiver from `oldSuperview` to its current ``superview`` invalidates, as
    /// UIKit: the superview it leaves, the superview it joins, and the receiver itself (laid out again in its new
    /// place, with its subtree's pending marks).
    func markLayoutAfterMove(from oldSuperview: View?) {
        oldSuperview?.setNeedsLayout()
        guard let superview else { return }
        setNeedsLayout()
        superview.setNeedsLayout()  // also carries up a moved subtree's pending marks
    }

    /// Called when the bounds size changed from `oldSize`: marks the view for layout and, with
    /// ``autoresizesSubviews``, resizes the subviews by their ``autoresizingMask``.
    func boundsSizeChanged(from oldSize: Size) {
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.autoresize(from: oldSize, to: bounds.size)
        }
    }

    /// Applies ``autoresizingMask`` for a superview whose bounds went from `oldSize` to `newSize`.
    private func autoresize(from oldSize: Size, to newSize: Size) {
        let mask = autoresizingMask
        var rect = frame
        (rect.origin.x, rect.size.width) = Self.resized(
            start: rect.origin.x, length: rect.width, container: (oldSize.width, newSize.width),
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                       mask.contains(.flexibleRightMargin)))
        (rect.origin.y, rect.size.height) = Self.resized(
            start: rect.origin.y, length: rect.height, container: (oldSize.height, newSize.height),
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                       mask.contains(.flexibleBottomMargin)))
        if rect != frame { frame = rect }
    }

    /// One axis of the autoresizing: the change of the container's length shared by the flexible parts (leading
    /// margin, length, trailing margin) in proportion to their lengths, equally when those are all zero.
    static func resized(
        start: Double, length: Double, container: (old: Double, new: Double), flexible: (Bool, Bool, Bool)
    ) -> (start: Double, length: Double) {
        let delta = container.new - container.old
        let parts = [start, length, container.old - start - length]
        let isFlexible = [flexible.0, flexible.1, flexible.2]
        let count = isFlexible.filter { $0 }.count
        guard delta != 0, count > 0, delta.isFinite else { return (start, length) }
        let total = zip(parts, isFlexible).reduce(0) { $1.1 ? $0 + Swift.max($1.0, 0) : $0 }
        func share(_ index: Int) -> Double {
            guard isFlexible[index] else { return 0 }
            return total > 0 ? delta * Swift.max(parts[index], 0) / total : delta / Double(count)
        }
        return (start + share(0), Swift.max(0, length + share(1)))
    }
}

// MARK: Display

/// Display invalidation, as UIKit's: ``setNeedsDisplay()`` and ``setNeedsDisplay(_:)`` mark a view's content
/// dirty (the rectangles of one pass are united); the app's renderer runs one pass a display frame with
/// ``Window/displayIfNeeded()``, which lays the window out, then calls ``draw(_:)`` once on each dirty visible
/// view, back to front, with its dirty rectangle, and returns those views so the renderer redraws only them.
extension View {
    /// Marks the whole of ``bounds`` to be redrawn at the next display pass.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Marks `rect` (in the view's coordinates) to be redrawn at the next display pass; the rectangles marked
    /// before a pass are united. An empty rectangle or one that is not finite marks nothing.
    public func setNeedsDisplay(_ rect: Rect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite,
              r.height.isFinite else { return }
        storage.value.dirtyRect = storage.value.dirtyRect.map {
            Rect.bounding([$0.origin, Point(x: $0.maxX, y: $0.maxY), r.origin, Point(x: r.maxX, y: r.maxY)])
        } ?? r
    }

    /// The rectangle to redraw at the next display pass, in the view's coordinates, or `nil` when its content
    /// is up to date.
    public var dirtyRect: Rect? { storage.value.dirtyRect }

    /// Calls ``draw(_:)`` on the receiver and its subtree's dirty visible views, back to front, appending them.
    /// A view never displayed yet is dirty in the whole of its bounds (UIKit draws a view when it first shows).
    func displayDirty(into drawn: inout [(view: View, rect: Rect)]) {
        guard !isHidden, alpha > 0 else { return }
        if !storage.value.hasBeenDisplayed {
            storage.value.hasBeenDisplayed = true
            setNeedsDisplay()
        }
        if let rect = storage.value.dirtyRect {
            storage.value.dirtyRect = nil
            draw(rect)
            drawn.append((self, rect))
        }
        for subview in subviews where !(subview is Window) { subview.displayDirty(into: &drawn) }
    }
}

extension Window {
    /// The display pass: lays out the window (``View/layoutIfNeeded()``), then calls ``View/draw(_:)`` once on
    /// every view of the window marked by ``View/setNeedsDisplay()`` that is visible (not hidden, alpha above
    /// zero, and so are its superviews), back to front, with the union of the rectangles marked since the last
    /// pass, and clears the marks. Returns those views and rectangles, in drawing order: what the renderer must
    /// redraw. Hidden views keep their marks until they show.
    @discardableResult
    public func displayIfNeeded() -> [(view: View, rect: Rect)] {
        layoutIfNeeded()
        var drawn: [(view: View, rect: Rect)] = []
        displayDirty(into: &drawn)
        return drawn
    }
}

extension Application {
    /// Lays out every window's marked views (the pass before each input, see ``View/setNeedsLayout()``); nothing
    /// when no mark reached a window since the last pass (a mark made during the pass is laid out by the next).
    func layoutWindowsIfNeeded() {
        guard takeWindowsLayoutRequest() else { return }
        for window in windows { window.layoutSubtreeIfNeeded() }
    }
}
