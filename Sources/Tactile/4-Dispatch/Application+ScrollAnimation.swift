/// The scroll views whose content moves on their own, sampled whenever the application's clock moves (see
/// ``ScrollView``, *Time*). The core reads no clock: it only asks, through ``Application/nextDeadline``, for the
/// next display frame.
@MainActor
final class ScrollAnimator {
    /// The scroll views in motion, in the order they started.
    private(set) var scrollViews: [ScrollView] = []
    /// When the last sample was taken.
    private(set) var lastStep: Timestamp?
    /// The display's frame period (see ``Application/animationFrameInterval``).
    var frameInterval: Duration = .nanoseconds(16_666_667)

    /// Adds `scrollView` (its motion started at `time`).
    func add(_ scrollView: ScrollView, at time: Timestamp) {
        if !scrollViews.containsElement(where: { $0 === scrollView }) { scrollViews.append(scrollView) }
        if lastStep.map({ $0 < time }) ?? true { lastStep = time }
    }

    /// Samples every moving scroll view at `time`; those that came to rest leave.
    func step(to time: Timestamp) {
        guard !scrollViews.isEmpty else { return }
        if let lastStep, time < lastStep { return }
        lastStep = time
        for scrollView in scrollViews where !scrollView.advanceMotion(to: time) {
            scrollViews.removeElements { $0 === scrollView }
        }
    }

    /// The next time the animations need a sample: a display frame after the last one, or sooner when a
    /// motion ends sooner.
    var nextFrame: Timestamp? {
        guard let lastStep else { return nil }
        scrollViews.removeElements { $0.motion == nil }
        guard !scrollViews.isEmpty else { return nil }
        let milestones = scrollViews.compactMap { $0.nextMotionMilestone(after: lastStep) }
        return ([lastStep + frameInterval] + milestones).min()
    }
}

extension Application {
    /// The display's frame period at which moving scroll views ask to be sampled through ``nextDeadline``
    /// (default 1/60 s). The offsets at a given time do not depend on it; only how often they are computed.
    public var animationFrameInterval: Duration {
        get { scrollAnimator.frameInterval }
        set { scrollAnimator.frameInterval = newValue > .zero ? newValue : .nanoseconds(16_666_667) }
    }

    /// Whether a scroll view's content is moving on its own (decelerating, bouncing, animating): the driver should
    /// keep calling ``advance(to:)`` at ``nextDeadline`` (or on its display frames).
    public var hasRunningAnimations: Bool { scrollAnimator.nextFrame != nil }

    /// Samples the moving scroll views at `time`.
    func stepScrollAnimations(to time: Timestamp?) {
        guard let time else { return }
        scrollAnimator.step(to: time)
    }

    /// Records a scroll view's scroll entry at `time` (default: the clock's).
    func recordScroll(_ event: Delivery.ScrollEvent, of scrollView: String, at time: Timestamp?) {
        recorder.log(.scroll(scrollView: scrollView, event: event), at: time)
    }
}
