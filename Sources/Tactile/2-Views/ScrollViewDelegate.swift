/// An object told about a scroll view's scrolling and zooming, as `UIScrollViewDelegate`.
///
/// Every method has a default implementation that does nothing (``viewForZooming(in:)`` returns `nil`), so
/// implement only what you need. The order for a drag that ends with a fling (spec §4.6):
/// ``scrollViewWillBeginDragging(_:)``, ``scrollViewDidScroll(_:)`` for each move,
/// ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``,
/// ``scrollViewDidEndDragging(_:willDecelerate:)`` (`true`), ``scrollViewWillBeginDecelerating(_:)``,
/// ``scrollViewDidScroll(_:)`` on each display frame, ``scrollViewDidEndDecelerating(_:)``. A drag released
/// with no velocity inside the content ends with `willDecelerate` `false` and nothing after it. A finger that
/// stops a deceleration ends it without ``scrollViewDidEndDecelerating(_:)``, as in UIKit.
@preconcurrency @MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed: while dragging, decelerating, animating, zooming, or set by the app.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The user is about to scroll: the pan has begun (before its first offset change).
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted. `velocity` is the scroll's velocity in points per **millisecond** (UIKit's unit;
    /// positive when the offset grows); `targetContentOffset` is where the scroll will rest: set it to snap
    /// elsewhere, and the deceleration (or the page animation) ends exactly there.
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    )
    /// The drag ended; `decelerate` says whether the content goes on moving (a fling, a spring back, a page).
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after the lift.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after decelerating (not called when a finger stopped it).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation of ``ScrollView/setContentOffset(_:animated:)`` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The view to scale when zooming (`nil`, the default: the scroll view does not zoom).
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// Zooming is about to start (a pinch began) for `view`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
    /// Zooming ended at `scale` (after any bounce back within the scale limits).
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)
    /// Whether ``ScrollView/scrollToTop()`` (UIKit: a tap on the status bar) may scroll to the top (default
    /// `true`).
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// The scroll to the top of ``ScrollView/scrollToTop()`` ended.
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
    /// ``ScrollView/adjustedContentInset`` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {}
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView) {}
}
