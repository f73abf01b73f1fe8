extension Application {
    /// The application's windows in hit-testing order, front-most first (spec §3.4): higher
    /// ``Window/windowLevel`` first and, among equal levels, the most recently added first.
    public var windowsFrontToBack: [Window] {
        windows.enumerated()
            .sortedElements { ($0.element.windowLevel, $0.offset) > ($1.element.windowLevel, $1.offset) }
            .map(\.element)
    }

    /// The view that a touch at `screenPoint` lands on, or `nil` when no window takes it (spec §3.4).
    ///
    /// The windows are tried front-most first (``windowsFrontToBack``). For each, `screenPoint` is converted
    /// into the window's bounds coordinates through its ``View/center`` and ``View/transform`` (a window whose
    /// transform cannot be inverted is skipped) and passed to its ``View/hitTest(_:with:)``; the first
    /// non-`nil` answer wins, so a window that returns `nil` (hidden, disabled, or a pass-through override)
    /// lets the touch fall through to the windows behind it. When no window answers, the touch hits nothing
    /// and is discarded by the caller.
    ///
    /// - Parameters:
    ///   - screenPoint: The point, in screen points.
    ///   - event: The event the touch belongs to, passed on to every `hitTest(_:with:)` and
    ///     `point(inside:with:)`; `nil` when hit-testing outside of a dispatch.
    public func hitTest(_ screenPoint: Point, with event: Event?) -> View? {
        // When no window has a lower level than one added before it (the usual case), front to back is simply
        // the reverse of `windows`: no sorted copy to allocate per touch.
        let windows = self.windows
        if windows.indices.dropFirst().allElementsSatisfy({ windows[$0 - 1].windowLevel <= windows[$0].windowLevel }) {
            for window in windows.reversed() {
                guard let local = window.convertFromSuperview(screenPoint) else { continue }
                if let hit = window.hitTest(local, with: event) { return hit }
            }
            return nil
        }
        for window in windowsFrontToBack {
            guard let local = window.convertFromSuperview(screenPoint) else { continue }
            if let hit = window.hitTest(local, with: event) { return hit }
        }
        return nil
    }
}
