// UIKit's delegate protocols as UIKit code writes and calls them.
//
// - `UIScrollViewDelegate` refines the core's `ScrollViewDelegate` with UIKit's pointer form of
//   `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: a delegate written the UIKit way
//   (`targetContentOffset.pointee = …`) is called by the scroll view, not left as an unused overload.
// - UIKit's delegate methods are `@objc optional`, and code that forwards to a delegate calls them as
//   `delegate?.scrollViewDidScroll?(self)`. Swift has no optional requirements without the Objective-C runtime;
//   the core's protocols have a default for each method instead (UIKit's behaviour when the method is absent).
//   For the `?(` call to compile, each method also has a same-named property here whose value is never `nil`:
//   the call always reaches the delegate's method or the default, so `delegate?.m?(x) ?? fallback` yields the
//   default's answer where UIKit would use the fallback (the same value for every method whose default is
//   UIKit's documented behaviour). The plain call `delegate?.scrollViewDidScroll(self)` still picks the method.


/// UIKit's `UIScrollViewDelegate`: the core's `ScrollViewDelegate` with UIKit's pointer `targetContentOffset`.
///
/// A type that conforms to it implements the methods of UIKit's protocol with UIKit's signatures; the scroll view
/// calls them through `ScrollViewDelegate`. Implement the pointer form of `scrollViewWillEndDragging`, not the
/// core's `inout` form: the face's default of the `inout` form calls the pointer form.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: ScrollViewDelegate {
    /// Tells the delegate the finger lifted with `velocity` (points per millisecond, as UIKit) and lets it change
    /// where the content comes to rest by writing `targetContentOffset.pointee`.
    ///
    /// The pointer is valid only during the call, as in UIKit.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    )
}

extension UIScrollViewDelegate {
    /// Does nothing: the resting offset stays the scroll view's.
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}

    /// Calls the pointer form,
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)-(_,_,UnsafeMutablePointer<CGPoint>)`, with a
    /// pointer to `targetContentOffset`.
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
    ) {
        withUnsafeMutablePointer(to: &targetContentOffset) { pointer in
            scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: pointer)
        }
    }
}

// MARK: Optional-method calls

/// A delegate method reached with UIKit's optional-method call, `delegate?.method?(arguments)`: the value of
/// the method's same-named property, called with the method's argument labels.
@preconcurrency @MainActor
public struct OptionalDelegateMethod<Delegate> {
    let delegate: Delegate
}

extension ScrollViewDelegate {
    /// `delegate?.scrollViewDidScroll?(scrollView)`: calls `ScrollViewDelegate/scrollViewDidScroll(_:)`.
    public var scrollViewDidScroll: ((UIScrollView) -> Void)? { { self.scrollViewDidScroll($0) } }
    /// `delegate?.scrollViewWillBeginDragging?(scrollView)`.
    public var scrollViewWillBeginDragging: ((UIScrollView) -> Void)? { { self.scrollViewWillBeginDragging($0) } }
    /// `delegate?.scrollViewWillBeginDecelerating?(scrollView)`.
    public var scrollViewWillBeginDecelerating: ((UIScrollView) -> Void)? {
        { self.scrollViewWillBeginDecelerating($0) }
    }
    /// `delegate?.scrollViewDidEndDecelerating?(scrollView)`.
    public var scrollViewDidEndDecelerating: ((UIScrollView) -> Void)? { { self.scrollViewDidEndDecelerating($0) } }
    /// `delegate?.scrollViewDidEndScrollingAnimation?(scrollView)`.
    public var scrollViewDidEndScrollingAnimation: ((UIScrollView) -> Void)? {
        { self.scrollViewDidEndScrollingAnimation($0) }
    }
    /// `delegate?.scrollViewDidZoom?(scrollView)`.
    public var scrollViewDidZoom: ((UIScrollView) -> Void)? { { self.scrollViewDidZoom($0) } }
    /// `delegate?.scrollViewDidScrollToTop?(scrollView)`.
    public var scrollViewDidScrollToTop: ((UIScrollView) -> Void)? { { self.scrollViewDidScrollToTop($0) } }
    /// `delegate?.scrollViewDidChangeAdjustedContentInset?(scrollView)`.
    public var scrollViewDidChangeAdjustedContentInset: ((UIScrollView) -> Void)? {
        { self.scrollViewDidChangeAdjustedContentInset($0) }
    }
    /// `delegate?.scrollViewWillEndDragging?(scrollView, withVelocity:targetContentOffset:)`, `delegate?
    /// .scrollViewDidEndDragging?(scrollView, willDecelerate:)`, `delegate?.scrollViewWillBeginZooming?(_:with:)`,
    /// `delegate?.scrollViewDidEndZooming?(_:with:atScale:)`: see `OptionalDelegateMethod`.
    public var scrollViewWillEndDragging: OptionalDelegateMethod<any ScrollViewDelegate>? { .init(delegate: self) }
    /// `delegate?.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)`.
    public var scrollViewDidEndDragging: OptionalDelegateMethod<any ScrollViewDelegate>? { .init(delegate: self) }
    /// `delegate?.scrollViewWillBeginZooming?(scrollView, with: view)`.
    public var scrollViewWillBeginZooming: OptionalDelegateMethod<any ScrollViewDelegate>? { .init(delegate: self) }
    /// `delegate?.scrollViewDidEndZooming?(scrollView, with: view, atScale: scale)`.
    public var scrollViewDidEndZooming: OptionalDelegateMethod<any ScrollViewDelegate>? { .init(delegate: self) }
    /// `delegate?.viewForZooming?(in: scrollView)`.
    public var viewForZooming: OptionalDelegateMethod<any ScrollViewDelegate>? { .init(delegate: self) }
}

extension OptionalDelegateMethod where Delegate == any ScrollViewDelegate {
    /// `scrollViewWillEndDragging?(_:withVelocity:targetContentOffset:)` with UIKit's pointer.
    public func callAsFunction(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        delegate.scrollViewWillEndDragging(
            scrollView, withVelocity: velocity, targetContentOffset: &targetContentOffset.pointee
        )
    }
    /// `scrollViewDidEndDragging?(_:willDecelerate:)`.
    public func callAsFunction(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        delegate.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
    }
    /// `scrollViewWillBeginZooming?(_:with:)`.
    public func callAsFunction(_ scrollView: UIScrollView, with view: UIView?) {
        delegate.scrollViewWillBeginZooming(scrollView, with: view)
    }
    /// `scrollViewDidEndZooming?(_:with:atScale:)`.
    public func callAsFunction(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        delegate.scrollViewDidEndZooming(scrollView, with: view, atScale: scale)
    }
    /// `viewForZooming?(in:)`.
    public func callAsFunction(in scrollView: UIScrollView) -> UIView? {
        delegate.viewForZooming(in: scrollView)
    }
}

extension GestureRecognizerDelegate {
    /// `delegate?.gestureRecognizerShouldBegin?(recognizer)`: calls
    /// `GestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)`.
    public var gestureRecognizerShouldBegin: ((UIGestureRecognizer) -> Bool)? {
        { self.gestureRecognizerShouldBegin($0) }
    }
    /// `delegate?.gestureRecognizer?(recognizer, shouldRecognizeSimultaneouslyWith: other)` and the other
    /// `gestureRecognizer(_:…)` methods: see `OptionalDelegateMethod`.
    public var gestureRecognizer: OptionalDelegateMethod<any GestureRecognizerDelegate>? { .init(delegate: self) }
}

extension OptionalDelegateMethod where Delegate == any GestureRecognizerDelegate {
    /// `gestureRecognizer?(_:shouldReceive:)` with a touch.
    public func callAsFunction(_ recognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        delegate.gestureRecognizer(recognizer, shouldReceive: touch)
    }
    /// `gestureRecognizer?(_:shouldReceive:)` with an event.
    public func callAsFunction(_ recognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        delegate.gestureRecognizer(recognizer, shouldReceive: event)
    }
    /// `gestureRecognizer?(_:shouldRecognizeSimultaneouslyWith:)`.
    public func callAsFunction(
        _ recognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool {
        delegate.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other)
    }
    /// `gestureRecognizer?(_:shouldRequireFailureOf:)`.
    public func callAsFunction(
        _ recognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer
    ) -> Bool {
        delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other)
    }
    /// `gestureRecognizer?(_:shouldBeRequiredToFailBy:)`.
    public func callAsFunction(
        _ recognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer
    ) -> Bool {
        delegate.gestureRecognizer(recognizer, shouldBeRequiredToFailBy: other)
    }
}
