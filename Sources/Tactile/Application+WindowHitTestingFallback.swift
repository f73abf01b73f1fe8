// TEMPORARY: a stand-in for `Application+HitTesting.swift`, which is written in parallel. Delete this file when
// that one is merged; the dispatcher calls `hitTest(_:with:)` and needs nothing else from it.

extension Application {
    /// The view that a touch at `screenPoint` (screen points) lands on, or `nil` (spec §3.4): windows are
    /// asked front-most first — highest ``Window/windowLevel``, then the most recently added — each with the
    /// point converted into its coordinates; the first non-`nil` ``View/hitTest(_:with:)`` wins.
    func hitTest(_ screenPoint: Point, with event: Event?) -> View? {
        let frontToBack = windows.indices.sorted { lhs, rhs in
            let a = windows[lhs], b = windows[rhs]
            return a.windowLevel != b.windowLevel ? a.windowLevel > b.windowLevel : lhs > rhs
        }
        for index in frontToBack {
            let window = windows[index]
            guard let point = window.convertFromSuperview(screenPoint) else { continue }
            if let view = window.hitTest(point, with: event) { return view }
        }
        return nil
    }
}
