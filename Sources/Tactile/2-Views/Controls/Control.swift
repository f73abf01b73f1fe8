/// A view that tracks its touches and sends actions for control events, as `UIControl` (spec §4.9).
///
/// A control tracks one touch at a time (the first one of a call; the lowest contact when several arrive
/// together) and consumes every touch it receives: it does not forward them up the responder chain.
///
/// - `touchesBegan` → ``beginTracking(_:with:)``; if it returns `true`: ``isHighlighted`` becomes `true`
///   and the control sends ``Events/touchDown`` (then ``Events/touchDownRepeat``
///   when the touch's ``Touch/tapCount`` is above 1).
/// - `touchesMoved` → ``continueTracking(_:with:)``; "inside" means inside the bounds grown by
///   ``trackingSlop`` (70 pt) on every side, or inside ``View/point(inside:with:)``; ``isHighlighted``
///   follows it; the control sends `touchDragInside` or `touchDragOutside`, then `touchDragEnter` or
///   `touchDragExit` on the move that crosses the boundary. When `continueTracking` returns `false` the
///   control stops tracking the touch (no more events for it).
/// - `touchesEnded` → ``endTracking(_:with:)``, ``isHighlighted`` `false`, then `touchUpInside` or
///   `touchUpOutside`.
/// - `touchesCancelled` → ``cancelTracking(with:)``, ``isHighlighted`` `false`, then `touchCancel`.
///
/// Every control event sent is recorded in the delivery log before its actions run.
///
/// **Disabled controls** ([SPEC]; UIKit does not document it, spec §4.4, §9 q13): a control with
/// ``isEnabled`` `false` is still hit-tested — it keeps the touch from views behind it — but it does not
/// track touches that begin while it is disabled: it passes them along the responder chain like a plain
/// view (so its superview, controller or window can handle them) and sends no control events. Disabling a
/// control while it tracks a touch cancels the tracking (``cancelTracking(with:)``, `touchCancel`); the rest
/// of that touch is consumed.
///
/// The control events are ``Control/Events`` (UIKit's `UIControl.Event`, renamed so that `Event` inside a
/// subclass is still the touch ``Event``): a subclass overrides the touch methods exactly as in UIKit,
/// `override func touchesBegan(_ touches: Set<Touch>, with event: Event?)`, calling `super` to keep tracking.
open class Control: View {
    /// Whether the control responds to touches (default `true`). See the type's discussion for what a
    /// disabled control does.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, case .tracking(let touch, _) = tracking else { return }
            tracking = .declined(touch)
            isHighlighted = false
            cancelTracking(with: nil)
            sendActions(for: .touchCancel, with: nil)
        }
    }
    /// Whether the control is selected (default `false`); the control itself never changes it. Open, as in
    /// UIKit: a subclass may override it to restyle itself.
    open var isSelected = false
    /// Whether the control is highlighted: `true` while it tracks a touch that is inside. Open, as in UIKit: a
    /// subclass may override it (`override var isHighlighted: Bool { didSet { … } }`) to restyle itself.
    open var isHighlighted = false
    /// How far beyond its bounds, in points, a tracked touch still counts as inside (`CONTROL_TRACKING_SLOP`,
    /// default 70 pt).
    public var trackingSlop: Double = 70

    /// Whether the control is tracking a touch.
    public var isTracking: Bool {
        switch tracking {
        case .tracking: true
        case .idle, .declined: false
        }
    }

    /// Whether the tracked touch is inside the control (with ``trackingSlop``); `false` when not tracking.
    public var isTouchInside: Bool {
        switch tracking {
        case .tracking(_, let isInside): isInside
        case .idle, .declined: false
        }
    }

    /// The control's tracking state.
    enum TrackingState {
        /// No touch is tracked.
        ///
        /// Can transition to: ``tracking(_:isInside:)``, ``declined(_:)``.
        case idle
        /// The control tracks `touch`; `isInside` is where it was at its last update.
        ///
        /// Can transition to: ``idle`` (the touch ended or was cancelled), ``declined(_:)``
        /// (`continueTracking` returned `false`, or the control was disabled).
        case tracking(Touch, isInside: Bool)
        /// `touch` began here but is not tracked: its remaining phases are consumed silently.
        ///
        /// Can transition to: ``idle`` (the touch ended or was cancelled).
        case declined(Touch)
    }

    /// The control's tracking state.
    var tracking = TrackingState.idle
    /// Touches that began while the control was disabled; they are forwarded along the responder chain.
    private var forwardedTouches: Set<Touch> = []
    /// The registered actions, in the order they were added.
    var actions: [RegisteredAction] = []
    /// The identifier of the next action added.
    var nextActionIdentifier: UInt64 = 1

    // MARK: Gesture recognizers of ancestors (spec §4.5)

    /// An enabled control refuses single-finger single taps of its ancestors' tap recognizers, so that its own
    /// action wins over theirs (spec §4.5); everything else is allowed. Recognizers attached to the control
    /// itself are allowed, so they prevent its action.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? TapGestureRecognizer,
            tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Tracking (override points)

    /// Called when a touch begins in the control; return `false` not to track it. The default returns `true`.
    ///
    /// The result may be ignored, as UIKit's (`super.beginTracking(touch, with: event)` in an override).
    @discardableResult
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Called when the tracked touch moves (``isTouchInside`` is already updated); return `false` to stop
    /// tracking it. The default returns `true`. The result may be ignored, as UIKit's.
    @discardableResult
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Called when the tracked touch lifts, before `touchUpInside`/`touchUpOutside`. The default does nothing.
    open func endTracking(_ touch: Touch?, with event: Event?) {}

    /// Called when tracking is cancelled, before `touchCancel`; `event` is `nil` when disabling the control
    /// cancelled it. The default does nothing.
    open func cancelTracking(with event: Event?) {}

    // MARK: Touch handling

    /// Starts tracking the first touch (see the type's discussion); forwards it when the control is disabled.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled else {
            forwardedTouches.formUnion(touches)
            super.touchesBegan(touches, with: event)
            return
        }
        switch tracking {
        case .idle:
            guard let touch = touches.min(by: { $0.id < $1.id }) else { return }
            guard beginTracking(touch, with: event) else {
                tracking = .declined(touch)
                return
            }
            tracking = .tracking(touch, isInside: true)
            isHighlighted = true
            sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
        case .tracking, .declined:
            break  // one touch at a time: the others are consumed
        }
    }

    /// Follows the tracked touch: inside or outside, drag events, highlight.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if let forwarded = forwarded(touches, removing: false) { super.touchesMoved(forwarded, with: event) }
        switch tracking {
        case .tracking(let touch, let wasInside) where touches.contains(touch):
            let inside = isInside(touch, with: event)
            tracking = .tracking(touch, isInside: inside)
            guard continueTracking(touch, with: event) else {
                tracking = .declined(touch)
                isHighlighted = false
                return
            }
            isHighlighted = inside
            var events: Control.Events = inside ? .touchDragInside : .touchDragOutside
            if inside, !wasInside { events.insert(.touchDragEnter) }
            if !inside, wasInside { events.insert(.touchDragExit) }
            sendActions(for: events, with: event)
        case .idle, .tracking, .declined:
            break
        }
    }

    /// Ends tracking: `touchUpInside` or `touchUpOutside`.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if let forwarded = forwarded(touches, removing: true) { super.touchesEnded(forwarded, with: event) }
        switch tracking {
        case .tracking(let touch, _) where touches.contains(touch):
            let inside = isInside(touch, with: event)
            tracking = .tracking(touch, isInside: inside)
            endTracking(touch, with: event)
            tracking = .idle
            isHighlighted = false
            sendActions(for: inside ? .touchUpInside : .touchUpOutside, with: event)
        case .declined(let touch) where touches.contains(touch):
            tracking = .idle
        case .idle, .tracking, .declined:
            break
        }
    }

    /// Cancels tracking: `touchCancel`.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if let forwarded = forwarded(touches, removing: true) { super.touchesCancelled(forwarded, with: event) }
        switch tracking {
        case .tracking(let touch, _) where touches.contains(touch):
            cancelTracking(with: event)
            tracking = .idle
            isHighlighted = false
            sendActions(for: .touchCancel, with: event)
        case .declined(let touch) where touches.contains(touch):
            tracking = .idle
        case .idle, .tracking, .declined:
            break
        }
    }

    /// The touches of `touches` that began while the control was disabled, or `nil` when there are none;
    /// `removing` forgets them (their final phase).
    private func forwarded(_ touches: Set<Touch>, removing: Bool) -> Set<Touch>? {
        guard !forwardedTouches.isEmpty else { return nil }
        let subset = touches.intersection(forwardedTouches)
        guard !subset.isEmpty else { return nil }
        if removing { forwardedTouches.subtract(subset) }
        return subset
    }

    /// Whether `touch` is inside for tracking: inside ``View/point(inside:with:)`` or within ``trackingSlop``
    /// of the bounds.
    private func isInside(_ touch: Touch, with event: Event?) -> Bool {
        let p = touch.location(in: self)
        if point(inside: p, with: event) { return true }
        return p.x >= bounds.minX - trackingSlop && p.x < bounds.maxX + trackingSlop
            && p.y >= bounds.minY - trackingSlop && p.y < bounds.maxY + trackingSlop
    }
}
