/// What moves a scroll view's content on its own: one motion per axis, and for zooming an eased scale.
struct ScrollMotion: Hashable, Sendable {
    /// Why the content moves, which decides what the delegate is told at the end.
    enum Kind: Hashable, Sendable {
        /// After a drag: a fling, a spring back, a page (``ScrollViewDelegate/scrollViewDidEndDecelerating(_:)``).
        case decelerating
        /// ``ScrollView/setContentOffset(_:animated:)`` (``ScrollViewDelegate/scrollViewDidEndScrollingAnimation(_:)``).
        case animatingOffset
        /// The zoom scale returning within its limits after a pinch
        /// (``ScrollViewDelegate/scrollViewDidEndZooming(_:with:atScale:)``).
        case zoomBounce
        /// ``ScrollView/setZoomScale(_:animated:)`` or ``ScrollView/zoom(to:animated:)``
        /// (``ScrollViewDelegate/scrollViewDidEndZooming(_:with:atScale:)``).
        case zoomAnimation
    }

    var kind: Kind
    var x: ScrollAxisMotion
    var y: ScrollAxisMotion
    var scale: EasedMove?

    var isResting: Bool { x.isResting && y.isResting && scale == nil }
}

extension ScrollView {
    /// The application's clock, the time of the current dispatch (zero outside any application).
    var now: Timestamp { window?.application?.currentTime ?? .zero }

    /// Records a scroll entry in the application's delivery log, at `time` (default: the clock's).
    func log(_ event: Delivery.ScrollEvent, at time: Timestamp? = nil) {
        window?.application?.recordScroll(event, of: logName, at: time)
    }

    /// Starts `next` at `time` and asks the application for display frames until it ends.
    func start(_ next: ScrollMotion, at time: Timestamp) {
        motion = next
        window?.application?.scrollAnimator.add(self, at: time)
    }

    /// Stops whatever moves the content, where it is, telling the delegate nothing.
    func stopMotion() {
        motion = nil
        isScrollingToTop = false
    }

    /// Scrolls to `offset`, as `UIScrollView.setContentOffset(_:animated:)`: at once, or in 0.3 s (eased in
    /// and out), then ``ScrollViewDelegate/scrollViewDidEndScrollingAnimation(_:)``. Either way it stops a
    /// deceleration first. The offset is not clamped.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        guard animated, offset != contentOffset else {
            contentOffset = offset
            return
        }
        let time = now, from = contentOffset
        start(ScrollMotion(kind: .animatingOffset,
                           x: .easing(EasedMove(from: from.x, to: offset.x, start: time)),
                           y: .easing(EasedMove(from: from.y, to: offset.y, start: time))), at: time)
    }

    /// Samples the motion at `time` (called by the application when its clock moves): sets the offset (and
    /// zoom scale), and when the motion ends tells the delegate. Returns whether the content still moves.
    @discardableResult
    func advanceMotion(to time: Timestamp) -> Bool {
        guard var running = motion else { return false }
        if let move = running.scale {
            let elapsed = Swift.max(0, (time - move.start).seconds)
            let done = elapsed >= move.duration
            applyZoomScale(done ? move.to : move.value(atSeconds: elapsed))
            running.scale = done ? nil : move
            delegate?.scrollViewDidZoom(self)
        }
        var offset = contentOffset
        if let x = running.x.advance(to: time, limits: limits(.horizontal)) { offset.x = x }
        if let y = running.y.advance(to: time, limits: limits(.vertical)) { offset.y = y }
        motion = running
        contentOffset = offset
        guard running.isResting, motion == running else { return motion != nil }
        motion = nil
        switch running.kind {
        case .decelerating:
            log(.stopped(offset: contentOffset, byTouch: false), at: time)
            delegate?.scrollViewDidEndDecelerating(self)
        case .animatingOffset:
            log(.animationEnded(offset: contentOffset), at: time)
            if isScrollingToTop {
                isScrollingToTop = false
                delegate?.scrollViewDidScrollToTop(self)
            } else {
                delegate?.scrollViewDidEndScrollingAnimation(self)
            }
        case .zoomBounce, .zoomAnimation:
            log(.zoomingEnded(scale: currentZoomScale, offset: contentOffset), at: time)
            delegate?.scrollViewDidEndZooming(self, with: zoomView, atScale: currentZoomScale)
        }
        return false
    }

    /// The next time the motion must be sampled at, besides display frames: the end of a deceleration or of
    /// an eased move, so that the content rests at its exact time.
    func nextMotionMilestone(after time: Timestamp) -> Timestamp? {
        guard let running = motion else { return nil }
        let candidates = [running.x.milestone(after: time), running.y.milestone(after: time)].compactMap { $0 }
        return candidates.min()
    }
}

extension ScrollView {
    /// Scrolls the least that makes `rect` (in the scroll view's bounds coordinates: the content's) visible, as
    /// `UIScrollView.scrollRectToVisible(_:animated:)`: along each axis, a rectangle already inside the bounds
    /// leaves the offset; one beyond an edge brings that edge of it to the bounds' edge; one longer than the
    /// bounds brings its start to the bounds' start. The offset stays within the content's limits; animated, it
    /// is ``setContentOffset(_:animated:)``'s 0.3 s animation. A rectangle that is empty or not finite does
    /// nothing.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let r = rect.standardized
        guard !r.isEmpty, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        func axis(_ start: Double, _ length: Double, _ offset: Double, _ visible: Double) -> Double {
            if length >= visible { return start }
            if start < offset { return start }
            if start + length > offset + visible { return start + length - visible }
            return offset
        }
        let target = clampedOffset(Point(x: axis(r.minX, r.width, contentOffset.x, bounds.width),
                                         y: axis(r.minY, r.height, contentOffset.y, bounds.height)))
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }

    /// Shows the scroll indicators for a moment, as `UIScrollView.flashScrollIndicators()`: stamps
    /// ``scrollIndicatorFlashTime`` with the clock's time for the app's renderer.
    public func flashScrollIndicators() {
        scrollIndicatorFlashTime = now
    }

    /// What a tap on the status bar does in UIKit: when ``scrollsToTop`` is set and the delegate's
    /// ``ScrollViewDelegate/scrollViewShouldScrollToTop(_:)`` agrees, animates the offset to the top
    /// (`−adjustedContentInset.top`, the horizontal offset kept), then tells the delegate
    /// ``ScrollViewDelegate/scrollViewDidScrollToTop(_:)`` (at once when already there). Returns whether it
    /// scrolls.
    @discardableResult
    public func scrollToTop() -> Bool {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
        let top = Point(x: contentOffset.x, y: -adjustedContentInset.top)
        setContentOffset(top, animated: true)
        if motion?.kind == .animatingOffset {
            isScrollingToTop = true
        } else {
            delegate?.scrollViewDidScrollToTop(self)
        }
        return true
    }
}
