extension View {
    /// Converts a point from the view's bounds coordinates to its superview's (spec §3.5):
    /// `center + T(p - a)`, where `a` is the anchor point in bounds coordinates and `T` the transform.
    ///
    /// For a view without a superview, the result is in the space the view's ``center`` is given in (for a
    /// window, the screen).
    @inlinable
    public func convertToSuperview(_ point: Point) -> Point {
        center + transform.applyLinear(to: point - anchorInBounds)
    }

    /// Converts a point from the superview's bounds coordinates to the view's (spec §3.5):
    /// `T⁻¹(p - center) + a`; `nil` when the transform cannot be inverted.
    @inlinable
    public func convertFromSuperview(_ point: Point) -> Point? {
        guard let inverse = transform.inverted else { return nil }
        return inverse.applyLinear(to: point - center) + anchorInBounds
    }

    /// Converts a point from the receiver's bounds coordinates to those of `view`; `nil` means the window's
    /// coordinates (the receiver's window, or the root of its tree when it has none).
    ///
    /// The conversion goes up to the nearest common ancestor and back down, through every transform; with a
    /// non-invertible transform on the way down the point comes back unchanged.
    public func convert(_ point: Point, to view: View?) -> Point {
        let target = view ?? rootOfTree
        let ancestor = nearestCommonAncestor(with: target)
        var p = point
        var current: View = self
        while current !== ancestor, let parent = current.superview {
            p = current.convertToSuperview(p)
            current = parent
        }
        if ancestor == nil { p = current.convertToSuperview(p) }  // different trees: through screen space
        return target.convertDown(p, from: ancestor)
    }

    /// Converts a point from the bounds coordinates of `view` (`nil`: the window's) to the receiver's.
    public func convert(_ point: Point, from view: View?) -> Point {
        (view ?? rootOfTree).convert(point, to: self)
    }

    /// Converts a rectangle from the receiver's bounds coordinates to those of `view`; with rotation the
    /// result is the axis-aligned box around the converted corners, as `UIView.convert(_:to:)`.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect.bounding([
            convert(Point(x: rect.minX, y: rect.minY), to: view), convert(Point(x: rect.maxX, y: rect.minY), to: view),
            convert(Point(x: rect.minX, y: rect.maxY), to: view), convert(Point(x: rect.maxX, y: rect.maxY), to: view),
        ])
    }

    /// Converts a rectangle from the bounds coordinates of `view` (`nil`: the window's) to the receiver's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        (view ?? rootOfTree).convert(rect, to: self)
    }

    /// The top of the receiver's tree: its window, or its farthest ancestor.
    var rootOfTree: View {
        var v: View = self
        while let parent = v.superview { v = parent }
        return v
    }

    private func nearestCommonAncestor(with other: View) -> View? {
        var mine: Set<ObjectIdentifier> = []
        var v: View? = self
        while let current = v {
            mine.insert(ObjectIdentifier(current))
            v = current.superview
        }
        v = other
        while let current = v {
            if mine.contains(ObjectIdentifier(current)) { return current }
            v = current.superview
        }
        return nil
    }

    /// Converts `point` from `ancestor`'s bounds coordinates (or screen space when `nil`) down to the receiver's.
    private func convertDown(_ point: Point, from ancestor: View?) -> Point {
        var chain: [View] = []
        var v: View? = self
        while let current = v, current !== ancestor {
            chain.append(current)
            v = current.superview
        }
        var p = point
        for view in chain.reversed() {
            guard let next = view.convertFromSuperview(p) else { return point }
            p = next
        }
        return p
    }
}
