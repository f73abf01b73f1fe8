extension View {
    /// The default hit-test: the farthest descendant of the receiver (or the receiver) that contains `point`,
    /// given in the receiver's bounds coordinates, or `nil` (spec §3.1):
    ///
    /// 1. a hidden view, one with ``isUserInteractionEnabled`` `false` or ``alpha`` below 0.01 returns `nil`
    ///    for its whole subtree (0.01 itself is hittable; a NaN alpha is not);
    /// 2. so does a view whose ``point(inside:with:)`` is `false`, even where a subview sticks out of its
    ///    bounds and contains the point, whatever ``clipsToBounds`` says (spec §3.3);
    /// 3. subviews are asked front to back (the reverse of ``subviews``), each through its own (possibly
    ///    overridden) ``hitTest(_:with:)`` with the point converted into its bounds by
    ///    ``convertFromSuperview(_:)``; a subview whose transform cannot be inverted is skipped with its
    ///    subtree (spec §3.5); the first non-`nil` answer wins;
    /// 4. otherwise the receiver is the result.
    ///
    /// ``View/hitTest(_:with:)`` calls this unless a subclass overrides it.
    func defaultHitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            guard let local = subview.convertFromSuperview(point) else { continue }
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }
}
