extension View {
    /// Converts a point from the view's bounds coordinates to its superview's (spec §3.5):
    /// `center + T(p - a)`, where `a` is ``anchorInBounds`` and `T` the whole ``transform`` (its translation
    /// included).
    ///
    /// For a view without a superview the result is in the space its ``center`` is given in: for a window,
    /// the screen.
    public func convertToSuperview(_ point: Point) -> Point {
        storage.value.center + transform.apply(to: point - anchorInBounds)
    }

    /// Converts a point from the superview's bounds coordinates to the view's (spec §3.5): `T⁻¹(p - center) + a`;
    /// `nil` when the ``transform`` cannot be inverted.
    ///
    /// For a window, this converts a screen point into the window's bounds coordinates.
    public func convertFromSuperview(_ point: Point) -> Point? {
        guard let inverse = transform.inverted else { return nil }
        return inverse.apply(to: point - storage.value.center) + anchorInBounds
    }

    /// Converts a point from the receiver's bounds coordinates to those of `view`, as `UIView.convert(_:to:)`.
    ///
    /// `nil` means the receiver's window's bounds coordinates (or, for a view in no window, those of the
    /// root of its tree). The conversion goes up to the nearest common ancestor and down again through every
    /// transform. Views with no common ancestor, such as views in two windows, meet in screen space: each tree's
    /// root (a window) is placed on the screen by its ``center`` and ``transform``.
    ///
    /// When a view on the way down has a transform that cannot be inverted, no point of `view` maps to
    /// `point`, and the result has NaN coordinates (UIKit leaves this case undefined).
    public func convert(_ point: Point, to view: View?) -> Point {
        guard let t = conversionTransform(to: view) else { return Point(x: .nan, y: .nan) }
        return t.apply(to: point)
    }

    /// Converts a point from the bounds coordinates of `view` (`nil`: the receiver's window's) to the
    /// receiver's, as `UIView.convert(_:from:)`; the same as `view.convert(point, to: self)` (see the
    /// point version of `convert(_:to:)`).
    public func convert(_ point: Point, from view: View?) -> Point {
        (view ?? windowOrRoot).convert(point, to: self)
    }

    /// Converts a rectangle from the receiver's bounds coordinates to those of `view` (`nil`: the receiver's
    /// window's), as `UIView.convert(_:to:)`: with a rotation the result is the axis-aligned box around the
    /// four converted corners. When no conversion exists (see the point version), every field of the
    /// result is NaN.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        guard let t = conversionTransform(to: view) else {
            return Rect(x: .nan, y: .nan, width: .nan, height: .nan)
        }
        return rect.applying(t)
    }

    /// Converts a rectangle from the bounds coordinates of `view` (`nil`: the receiver's window's) to the
    /// receiver's, as `UIView.convert(_:from:)`.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        (view ?? windowOrRoot).convert(rect, to: self)
    }

    /// The affine map from the receiver's bounds coordinates to those of `view` (`nil`: the receiver's window's),
    /// or `nil` when a transform on the way down from the common ancestor (or the screen) cannot be inverted.
    ///
    /// Vectors (translations, velocities) convert with its linear part, ``AffineTransform/applyLinear(to:)``.
    func conversionTransform(to view: View?) -> AffineTransform? {
        let target = view ?? windowOrRoot
        let ancestor = nearestCommonAncestor(with: target)
        guard let down = target.transformUp(to: ancestor).inverted else { return nil }
        return transformUp(to: ancestor).concatenating(down)
    }

    /// The map from the view's bounds coordinates to its superview's: ``convertToSuperview(_:)`` as a transform.
    var transformToSuperview: AffineTransform {
        let a = anchorInBounds
        return AffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: storage.value.center.x, y: storage.value.center.y))
    }

    /// The map from the receiver's bounds coordinates to `ancestor`'s, or, when `ancestor` is `nil`, to the
    /// space the root of the receiver's tree is placed in (the screen, for a window).
    private func transformUp(to ancestor: View?) -> AffineTransform {
        var t = AffineTransform.identity
        var view: View? = self
        while let current = view, current !== ancestor {
            t = t.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return t
    }

    /// The receiver's window, or the root of its tree when it is in none: what `nil` means in conversions.
    var windowOrRoot: View { window ?? rootOfTree }

    /// The top of the receiver's tree: its farthest ancestor, or the receiver when it has no superview.
    var rootOfTree: View {
        var v: View = self
        while let parent = v.superview { v = parent }
        return v
    }

    /// The nearest view that is an ancestor of both (a view counts as its own ancestor), or `nil`.
    ///
    /// Climbs from the deeper of the two to the other's depth, then from both together; it allocates nothing,
    /// so conversions stay free on the move path (a pan's action converting its translation every frame).
    private func nearestCommonAncestor(with other: View) -> View? {
        func depth(_ view: View) -> Int {
            var depth = 0
            var current = view
            while let parent = current.superview {
                depth += 1
                current = parent
            }
            return depth
        }
        var a: View? = self, b: View? = other
        var depthA = depth(self), depthB = depth(other)
        while depthA > depthB { a = a?.superview; depthA -= 1 }
        while depthB > depthA { b = b?.superview; depthB -= 1 }
        while let x = a, let y = b {
            if x === y { return x }
            a = x.superview
            b = y.superview
        }
        return nil
    }
}
