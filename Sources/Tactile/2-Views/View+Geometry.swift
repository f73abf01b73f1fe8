extension View {
    /// The frame derived from ``center``, ``bounds``, ``anchorPoint`` and ``transform`` (spec §3.5): the
    /// axis-aligned box around `center + transform(corner - anchorInBounds)` for the four corners of the bounds.
    var frameFromGeometry: Rect {
        let extent = transformedExtent(ofBoundsSize: bounds.size)
        return Rect(origin: center + extent.origin, size: extent.size)
    }

    /// Sets ``center`` and the size of ``bounds`` so that ``frame`` becomes `frame` (see ``frame``).
    ///
    /// The bounds size `(w, h)` solves `W = |a|·w + |c|·h`, `H = |b|·w + |d|·h` (the size of the box around a
    /// `w×h` rectangle under the transform's linear part) for the standardized frame size `W×H`. When that
    /// system is (nearly) singular, as for a 45° rotation, or its solution is negative, UIKit calls the
    /// result undefined; the bounds size is then left unchanged. Either way ``center`` is placed so that the
    /// frame's origin is the one asked for.
    func setGeometry(forFrame frame: Rect) {
        let target = frame.standardized
        let t = transform
        let (aa, bb, cc, dd) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let det = aa * dd - cc * bb
        if det.magnitude > 1e-9 * (aa * dd + cc * bb) {
            let width = (dd * target.width - cc * target.height) / det
            let height = (aa * target.height - bb * target.width) / det
            if width.isFinite, height.isFinite, width >= 0, height >= 0 {
                // Get and set, not `bounds.size = …`: `bounds` is open, and its modify coroutine (dispatched
                // through the vtable) allocated its frame, once per view whose frame is set.
                var newBounds = bounds
                newBounds.size = Size(width: width, height: height)
                bounds = newBounds
            }
        }
        center = target.origin - transformedExtent(ofBoundsSize: bounds.size).origin
    }

    /// The box around a bounds rectangle of `size`, transformed about the anchor point, relative to ``center``.
    private func transformedExtent(ofBoundsSize size: Size) -> Rect {
        let left = -anchorPoint.x * size.width, top = -anchorPoint.y * size.height
        let right = left + size.width, bottom = top + size.height
        return Rect.bounding([
            transform.apply(to: Point(x: left, y: top)), transform.apply(to: Point(x: right, y: top)),
            transform.apply(to: Point(x: left, y: bottom)), transform.apply(to: Point(x: right, y: bottom)),
        ])
    }
}
