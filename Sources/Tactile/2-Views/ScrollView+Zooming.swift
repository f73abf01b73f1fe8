import RealModule

extension ScrollView {
    /// The view that zooms: the delegate's ``ScrollViewDelegate/viewForZooming(in:)``.
    var zoomView: View? { delegate?.viewForZooming(in: self) }

    /// Sets the zoom scale, as `UIScrollView.setZoomScale(_:animated:)`: clamped to ``minimumZoomScale`` …
    /// ``maximumZoomScale``, keeping the content point at the middle of the bounds where it is (as far as the
    /// offset limits allow); at once, or in 0.3 s (eased in and out) ending with
    /// ``ScrollViewDelegate/scrollViewDidEndZooming(_:with:atScale:)``. Without a zoom view nothing happens.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard zoomView != nil else { return }
        let target = clampedZoomScale(scale)
        let middle = Point(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
        let content = middle / currentZoomScale
        let offset = Point(x: content.x * target - bounds.width / 2, y: content.y * target - bounds.height / 2)
        zoom(toScale: target, offset: offset, animated: animated)
    }

    /// Zooms so that `rect` (in the zoom view's own, unscaled coordinates) fills the bounds as far as the
    /// scale limits allow, centred, as `UIScrollView.zoom(to:animated:)`.
    public func zoom(to rect: Rect, animated: Bool) {
        guard zoomView != nil, rect.width > 0, rect.height > 0 else { return }
        let target = clampedZoomScale(Swift.min(bounds.width / rect.width, bounds.height / rect.height))
        let offset = Point(x: rect.midX * target - bounds.width / 2, y: rect.midY * target - bounds.height / 2)
        zoom(toScale: target, offset: offset, animated: animated)
    }

    /// `scale` within the zoom limits.
    func clampedZoomScale(_ scale: Double) -> Double {
        Swift.min(Swift.max(scale, minimumZoomScale), Swift.max(minimumZoomScale, maximumZoomScale))
    }

    /// The size of the content at `scale`: the zoom view's bounds scaled.
    func zoomedContentSize(at scale: Double) -> Size {
        guard let view = zoomView else { return contentSize }
        return Size(width: view.bounds.width * scale, height: view.bounds.height * scale)
    }

    /// Moves to `scale` and `offset` (brought within the limits at that scale), at once or animated.
    private func zoom(toScale scale: Double, offset: Point, animated: Bool) {
        stopMotion()
        let clamped = clampedOffset(offset, for: zoomedContentSize(at: scale))
        guard animated else {
            applyZoomScale(scale)
            delegate?.scrollViewDidZoom(self)
            contentOffset = clamped
            return
        }
        let time = now
        start(ScrollMotion(kind: .zoomAnimation,
                           x: .easing(EasedMove(from: contentOffset.x, to: clamped.x, start: time)),
                           y: .easing(EasedMove(from: contentOffset.y, to: clamped.y, start: time)),
                           scale: EasedMove(from: currentZoomScale, to: scale, start: time)), at: time)
    }

    /// Scales the zoom view (its transform), keeps its frame at the content's origin, and sets ``contentSize``
    /// to its frame's size.
    func applyZoomScale(_ scale: Double) {
        currentZoomScale = scale
        guard let view = zoomView else { return }
        let size = view.bounds.size
        view.transform = AffineTransform(scaleX: scale, y: scale)
        view.center = Point(x: size.width * scale * view.anchorPoint.x, y: size.height * scale * view.anchorPoint.y)
        contentSize = Size(width: size.width * scale, height: size.height * scale)
    }

    /// The pinch's action: scales about the fingers' midpoint (the content under it stays under it, and follows
    /// it when it moves), rubber-banding past the scale limits; after the lift the scale (and offset) go back
    /// within the limits.
    func zoom(with recognizer: GestureRecognizer) {
        guard let pinch = recognizer as? PinchGestureRecognizer, let view = zoomView else { return }
        switch pinch.state {
        case .began:
            stopMotion()
            isZooming = true
            let location = pinch.location(in: self)
            pinchAnchor = (location / currentZoomScale, currentZoomScale)
            delegate?.scrollViewWillBeginZooming(self, with: view)
            log(.zoomingBegan(scale: currentZoomScale))
            followPinch(pinch)
        case .changed:
            followPinch(pinch)
        case .ended, .cancelled:
            followPinch(pinch)
            isZooming = false
            pinchAnchor = nil
            settleZoom(view)
        case .possible, .failed:
            break
        }
    }

    private func followPinch(_ pinch: PinchGestureRecognizer) {
        guard let anchor = pinchAnchor, pinch.numberOfTouches >= 2 else { return }
        let raw = anchor.startScale * pinch.scale
        let scale = bandedZoomScale(raw)
        // The fingers' midpoint relative to the visible area, before the offset changes.
        let visible = pinch.location(in: self) - contentOffset
        applyZoomScale(scale)
        delegate?.scrollViewDidZoom(self)
        contentOffset = anchor.content * scale - visible
    }

    /// `scale` past the limits on a rubber band (in the logarithm of the scale), or clamped without ``bouncesZoom``.
    private func bandedZoomScale(_ scale: Double) -> Double {
        let limit = clampedZoomScale(scale)
        guard scale != limit, scale > 0 else { return limit }
        guard bouncesZoom else { return limit }
        let overshoot = Double.log(scale / limit)
        return limit * Double.exp(ScrollPhysics.rubberBand(overshoot, dimension: 1))
    }

    /// After a pinch: back within the scale and offset limits (0.3 s), or the end of zooming at once.
    private func settleZoom(_ view: View) {
        let scale = clampedZoomScale(currentZoomScale)
        let offset: Point
        if scale != currentZoomScale {
            // Keep the middle of the bounds where it is while the scale returns.
            let middle = Point(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
            let content = middle / currentZoomScale
            offset = clampedOffset(Point(x: content.x * scale - bounds.width / 2,
                                         y: content.y * scale - bounds.height / 2),
                                   for: zoomedContentSize(at: scale))
        } else {
            offset = clampedOffset(contentOffset)
        }
        guard scale != currentZoomScale || offset != contentOffset else {
            log(.zoomingEnded(scale: currentZoomScale, offset: contentOffset))
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
            return
        }
        let time = now
        start(ScrollMotion(kind: .zoomBounce,
                           x: .easing(EasedMove(from: contentOffset.x, to: offset.x, start: time)),
                           y: .easing(EasedMove(from: contentOffset.y, to: offset.y, start: time)),
                           scale: EasedMove(from: currentZoomScale, to: scale, start: time)), at: time)
    }
}
