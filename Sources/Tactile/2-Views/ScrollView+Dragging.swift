extension ScrollView {
    // MARK: Limits

    /// The smallest content offset: `(−contentInset.left, −contentInset.top)`.
    var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// The largest content offset for a content of `size` (default ``contentSize``), never below the minimum.
    func maximumContentOffset(for size: Size? = nil) -> Point {
        let content = size ?? contentSize
        let minimum = minimumContentOffset
        return Point(
            x: Swift.max(minimum.x, content.width + contentInset.right - bounds.width),
            y: Swift.max(minimum.y, content.height + contentInset.bottom - bounds.height)
        )
    }

    /// The offset limits along `axis` for a content of `size` (default ``contentSize``).
    func limits(_ axis: ScrollAxes, for size: Size? = nil) -> ScrollAxisLimits {
        let minimum = minimumContentOffset, maximum = maximumContentOffset(for: size)
        return axis == .horizontal
            ? ScrollAxisLimits(minimum: minimum.x, maximum: maximum.x, bounces: bounces)
            : ScrollAxisLimits(minimum: minimum.y, maximum: maximum.y, bounces: bounces)
    }

    /// `offset` brought within the limits for a content of `size` (default ``contentSize``).
    func clampedOffset(_ offset: Point, for size: Size? = nil) -> Point {
        Point(x: limits(.horizontal, for: size).clamped(offset.x), y: limits(.vertical, for: size).clamped(offset.y))
    }

    /// Whether a drag moves the content along `axis`: the content (with its insets) is longer than the bounds,
    /// or the axis always bounces.
    func scrolls(_ axis: ScrollAxes) -> Bool {
        if axis == .horizontal {
            return alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > bounds.width
        }
        return alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > bounds.height
    }

    // MARK: Dragging

    /// The pan's action: moves the content with the finger, then starts the motion after the lift.
    func drag(with recognizer: GestureRecognizer) {
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            dragOrigin = unbandedOffset(contentOffset)
            dragAxes = lockedAxes(for: pan.velocity(in: self))
            delegate?.scrollViewWillBeginDragging(self)
            log(.draggingBegan(offset: contentOffset))
            followFinger(pan)
        case .changed:
            followFinger(pan)
        case .ended, .cancelled:
            followFinger(pan)
            let fingerVelocity = pan.state == .ended ? pan.velocity(in: self) : .zero
            endDragging(velocity: Point(x: -fingerVelocity.x, y: -fingerVelocity.y))
        case .possible, .failed:
            break
        }
    }

    /// Sets the offset for the pan's translation: within the limits it follows the finger; past them it
    /// rubber-bands (or stops at the edge without ``bounces``). While a pinch zooms, the pinch places the
    /// content and the drag only keeps its origin up to date.
    private func followFinger(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: self)
        guard !isZooming, motion?.kind != .zoomBounce else {
            let origin = unbandedOffset(contentOffset) + translation
            if origin.x.isFinite && origin.y.isFinite { dragOrigin = origin }
            return
        }
        var offset = contentOffset
        if dragAxes.contains(.horizontal), scrolls(.horizontal) {
            offset.x = banded(dragOrigin.x - translation.x, limits(.horizontal), dimension: bounds.width,
                              current: offset.x)
        }
        if dragAxes.contains(.vertical), scrolls(.vertical) {
            offset.y = banded(dragOrigin.y - translation.y, limits(.vertical), dimension: bounds.height,
                              current: offset.y)
        }
        contentOffset = offset
    }

    /// `raw` on the rubber band past the limits (or clamped without bouncing). A translation that is not a
    /// number (fingers at the edge of `Double`'s range, whose centroid overflows) leaves the offset at `current`.
    private func banded(_ raw: Double, _ limits: ScrollAxisLimits, dimension: Double, current: Double) -> Double {
        guard !raw.isNaN else { return current }
        if limits.contains(raw) { return raw }
        let edge = limits.clamped(raw)
        guard limits.bounces else { return edge }
        return edge + ScrollPhysics.rubberBand(raw - edge, dimension: dimension)
    }

    /// The offset whose rubber band gives `offset`: a drag that catches the content past an edge goes on
    /// from where it is drawn.
    private func unbandedOffset(_ offset: Point) -> Point {
        func unband(_ value: Double, _ limits: ScrollAxisLimits, _ dimension: Double) -> Double {
            guard !limits.contains(value), dimension > 0 else { return value }
            let edge = limits.clamped(value)
            let banded = Swift.min((value - edge).magnitude, dimension * 0.999)
            let raw = banded * dimension / (ScrollPhysics.rubberBandCoefficient * (dimension - banded))
            return edge + (value < edge ? -raw : raw)
        }
        return Point(x: unband(offset.x, limits(.horizontal), bounds.width),
                     y: unband(offset.y, limits(.vertical), bounds.height))
    }

    /// The axes a drag starting with `velocity` may move along (both unless the directional lock applies).
    private func lockedAxes(for velocity: Point) -> ScrollAxes {
        guard isDirectionalLockEnabled else { return .both }
        let dx = velocity.x.magnitude, dy = velocity.y.magnitude
        if dy < dx / 2 { return .horizontal }
        if dx < dy / 2 { return .vertical }
        return .both
    }

    /// The lift: asks the delegate for the target, tells it whether the content decelerates, and starts the
    /// motion. `velocity` is the scroll's, in points per second (positive when the offset grows); the fling
    /// takes it within ``ScrollPhysics/flingVelocity(_:)``, and the delegate is told that one. A target the
    /// delegate sets that is not finite is not taken (the proposed one is).
    private func endDragging(velocity fingerVelocity: Point) {
        isDragging = false
        let time = now
        let offset = contentOffset
        var velocity = Point(x: ScrollPhysics.flingVelocity(fingerVelocity.x),
                             y: ScrollPhysics.flingVelocity(fingerVelocity.y))
        if !dragAxes.contains(.horizontal) || !scrolls(.horizontal) { velocity.x = 0 }
        if !dragAxes.contains(.vertical) || !scrolls(.vertical) { velocity.y = 0 }
        if isZooming || motion?.kind == .zoomBounce {
            // The pinch places the content and settles it; the drag adds no fling.
            var target = offset
            delegate?.scrollViewWillEndDragging(self, withVelocity: .zero, targetContentOffset: &target)
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
            log(.draggingEnded(offset: offset, velocity: .zero, target: offset))
            return
        }
        let proposed = proposedTarget(offset: offset, velocity: velocity)
        var target = proposed
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity / 1000, targetContentOffset: &target)
        if !target.x.isFinite { target.x = proposed.x }
        if !target.y.isFinite { target.y = proposed.y }
        var next = ScrollMotion(kind: .decelerating, x: .resting, y: .resting)
        let rate = decelerationRate.rawValue
        for axis in [ScrollAxes.horizontal, .vertical] {
            let position = axis == .horizontal ? offset.x : offset.y
            let speed = axis == .horizontal ? velocity.x : velocity.y
            let goal = axis == .horizontal ? target.x : target.y
            let axisLimits = limits(axis)
            let axisMotion: ScrollAxisMotion
            if isPagingEnabled || (target != proposed && axisLimits.contains(position)) {
                // Settle exactly on the target: a page (a spring), or the delegate's snap (the fling whose
                // projection is the target).
                if (goal - position).magnitude <= ScrollPhysics.restingDistance {
                    axisMotion = position == goal ? .resting
                        : .easing(EasedMove(from: position, to: goal, start: time, duration: 0.05))
                } else if isPagingEnabled {
                    axisMotion = .springing(Spring(target: goal, displacement: position - goal, velocity: speed,
                                                   start: time))
                } else {
                    axisMotion = .decelerating(Deceleration(origin: position, target: goal, rate: rate, start: time))
                }
            } else {
                axisMotion = .fling(from: position, velocity: speed, rate: rate, limits: axisLimits, at: time)
            }
            if axis == .horizontal { next.x = axisMotion } else { next.y = axisMotion }
        }
        let decelerates = !next.isResting
        log(.draggingEnded(offset: offset, velocity: velocity, target: target))
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else { return }
        delegate?.scrollViewWillBeginDecelerating(self)
        start(next, at: time)
    }

    /// Where the content would rest after a lift at `offset` with `velocity` (points per second): the next or
    /// nearest page when paging, else the fling's projection within the limits.
    private func proposedTarget(offset: Point, velocity: Point) -> Point {
        let minimum = minimumContentOffset, maximum = maximumContentOffset()
        if isPagingEnabled {
            return Point(
                x: pagingTarget(offset: offset.x, velocity: velocity.x, pageSize: bounds.width,
                                minimum: minimum.x, maximum: maximum.x),
                y: pagingTarget(offset: offset.y, velocity: velocity.y, pageSize: bounds.height,
                                minimum: minimum.y, maximum: maximum.y))
        }
        let rate = decelerationRate.rawValue
        let projected = Point(
            x: offset.x + ScrollPhysics.decelerationDistance(velocity: velocity.x, rate: rate),
            y: offset.y + ScrollPhysics.decelerationDistance(velocity: velocity.y, rate: rate))
        return clampedOffset(projected)
    }

    // MARK: Touches that stop the content

    /// A finger landed on the scroll view (its pan's `touchesBegan`): if the content moves on its own, it stops
    /// where it is, and the finger is kept from the content.
    func fingerLanded(_ touches: [TouchContact.ID]) {
        guard let running = motion else { return }
        switch running.kind {
        case .decelerating, .animatingOffset:
            motion = nil
            isScrollingToTop = false
            catchingTouches.formUnion(touches)
            log(.stopped(offset: contentOffset, byTouch: true))
        case .zoomBounce, .zoomAnimation:
            break
        }
    }

    /// The pan reset (every finger lifted): a content left past its edges by a stopping finger springs back.
    func panDidReset() {
        catchingTouches.removeAll()
        guard motion == nil, !isDragging, !isZooming else { return }
        let offset = contentOffset
        let x = ScrollAxisMotion.fling(from: offset.x, velocity: 0, rate: decelerationRate.rawValue,
                                       limits: limits(.horizontal), at: now)
        let y = ScrollAxisMotion.fling(from: offset.y, velocity: 0, rate: decelerationRate.rawValue,
                                       limits: limits(.vertical), at: now)
        let back = ScrollMotion(kind: .decelerating, x: x, y: y)
        guard !back.isResting else { return }
        delegate?.scrollViewWillBeginDecelerating(self)
        start(back, at: now)
    }
}
