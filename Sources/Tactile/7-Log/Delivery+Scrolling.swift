extension Delivery {
    /// A change in what a ``ScrollView`` does, for the log: the beginning and end of each drag, deceleration,
    /// animation and zoom, with the content offset then (the offsets in between are left out, so a fling is
    /// two or three lines, whatever the frame rate).
    public enum ScrollEvent: Hashable, Sendable, CustomStringConvertible {
        /// The pan began: the user drags from `offset`.
        case draggingBegan(offset: Point)
        /// The finger lifted at `offset` with the scroll's `velocity` (points per second, positive when the
        /// offset grows); the content will rest at `target` (after the delegate's
        /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`).
        case draggingEnded(offset: Point, velocity: Point, target: Point)
        /// The content stopped at `offset`: at the end of its deceleration, or — `byTouch` — because a finger
        /// landed on the scroll view.
        case stopped(offset: Point, byTouch: Bool)
        /// An animated `setContentOffset(_:animated:)` ended at `offset`.
        case animationEnded(offset: Point)
        /// A pinch began zooming from `scale`.
        case zoomingBegan(scale: Double)
        /// Zooming ended at `scale` and `offset` (after any bounce back within the limits).
        case zoomingEnded(scale: Double, offset: Point)

        public var description: String {
            switch self {
            case .draggingBegan(let offset):
                "dragging from \(offset)"
            case .draggingEnded(let offset, let velocity, let target):
                offset == target
                    ? "dragging ended at \(offset)"
                    : "dragging ended at \(offset), velocity \(velocity) pt/s, moving to \(target)"
            case .stopped(let offset, let byTouch):
                byTouch ? "stopped by a touch at \(offset)" : "came to rest at \(offset)"
            case .animationEnded(let offset):
                "scrolling animation ended at \(offset)"
            case .zoomingBegan(let scale):
                "zooming from scale \(formatPoints(scale))"
            case .zoomingEnded(let scale, let offset):
                "zooming ended at scale \(formatPoints(scale)), offset \(offset)"
            }
        }
    }
}
