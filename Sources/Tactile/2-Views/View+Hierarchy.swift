import Synchronization

extension View {
    /// Moves `view` under `newSuperview` at `index` of its ``subviews`` (a position in the resulting array,
    /// clamped), or out of its superview when `newSuperview` is `nil`, and runs the hooks.
    ///
    /// When the superview does not change the view is only reordered and no hook runs (as with
    /// ``bringSubviewToFront(_:)``). Otherwise, for a view `v` going from `old` to `new` (either may be `nil`):
    ///
    /// 1. `old.willRemoveSubview(v)`;
    /// 2. `v.willMove(toSuperview: new)`;
    /// 3. if `v`'s window changes: `willMove(toWindow:)` on `v` and every descendant, parents before children;
    /// 4. the tree changes (`v.superview`, both `subviews` arrays), and `old`, `new` and `v` are marked for
    ///    layout as UIKit marks them (``markLayoutAfterMove(from:)``);
    /// 5. if the window changed: `didMoveToWindow()` on `v` and every descendant, parents before children;
    /// 6. `v.didMoveToSuperview()`;
    /// 7. `new.didAddSubview(v)`.
    ///
    /// The nesting of 2–6 is the order reported for UIKit's `removeFromSuperview` (will-superview,
    /// will-window, did-window, did-superview); Apple documents no order, and adding uses the same nesting.
    /// Descendants that are themselves ``Window``s keep their window (themselves), so they and their subtrees
    /// get no window hooks; a ``Window`` being moved keeps its window too.
    static func move(_ view: View, to newSuperview: View?, at index: Int) {
        let oldSuperview = view.superview
        if oldSuperview === newSuperview {
            guard let newSuperview, let old = newSuperview.subviews.firstIndex(where: { $0 === view }) else { return }
            newSuperview.subviews.remove(at: old)
            newSuperview.subviews.insert(view, at: clamped(index, newSuperview.subviews.count))
            return
        }
        let oldWindow = view.window
        let newWindow = (view as? Window) ?? newSuperview?.window
        let windowChanges = oldWindow !== newWindow

        oldSuperview?.willRemoveSubview(view)
        view.willMove(toSuperview: newSuperview)
        if windowChanges { view.forEachSharingWindow { $0.willMove(toWindow: newWindow) } }

        if let oldSuperview, let i = oldSuperview.subviews.firstIndex(where: { $0 === view }) {
            oldSuperview.subviews.remove(at: i)
        }
        View.superviewChanges.add(1, ordering: .relaxed)  // walked paths of superviews are stale (GatePaths)
        view.superview = newSuperview
        if let newSuperview {
            newSuperview.subviews.insert(view, at: clamped(index, newSuperview.subviews.count))
        }
        view.markLayoutAfterMove(from: oldSuperview)

        if windowChanges {
            // Spec §5.5: recognizers whose view leaves its window are cancelled (or failed when undecided).
            if oldWindow != nil { view.forEachSharingWindow { $0.recognizersLeftWindow() } }
            view.forEachSharingWindow { $0.didMoveToWindow() }
        }
        view.didMoveToSuperview()
        newSuperview?.didAddSubview(view)
    }

    /// Calls `body` on the receiver and, parents before children and in ``subviews`` order, on every
    /// descendant whose window is the receiver's: a nested ``Window`` and its subtree are skipped.
    private func forEachSharingWindow(_ body: (View) -> Void) {
        body(self)
        for subview in subviews where !(subview is Window) {
            subview.forEachSharingWindow(body)
        }
    }

    /// How many times a view got another superview, counted over every tree (and every thread: a tree is
    /// confined to one, the count is shared), so that a path of superviews walked once can be reused until a
    /// view on it moves (``GatePaths``). Relaxed: each thread sees its own moves in order; another thread's
    /// moves only make a walked path look stale.
    nonisolated static let superviewChanges = Atomic<UInt64>(0)

    /// The stamp of depths and ordering keys measured now (``ViewStorage/cachedDepth``,
    /// ``RecognizerRecord/orderStamp``): never 0, the stamp of what was never measured. Also changed by
    /// ``addGestureRecognizer(_:)`` and ``removeGestureRecognizer(_:)`` (a recognizer's view and the indices on a
    /// view), and by a view with subviews or recognizers going away (``View`` `deinit`).
    static var currentDepthStamp: UInt64 { superviewChanges.load(ordering: .relaxed) &+ 1 }

    /// `index` clamped into `0...count`.
    private static func clamped(_ index: Int, _ count: Int) -> Int {
        Swift.max(0, Swift.min(index, count))
    }
}
