/// The pan of a ``ScrollView``: holds back content touches and asks before cancelling them (spec §4.6), and
/// stops the content's motion when a finger lands.
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    override class var builtInClass: GestureRecognizer.Type? { ScrollViewPanGestureRecognizer.self }

    weak var scrollView: ScrollView?

    /// Measures the translation from recognition: the content starts following the finger where the drag was
    /// recognized, without jumping by the hysteresis.
    override init() {
        super.init()
        translationOrigin = .recognition
    }

    /// Every input reaches the machine here, on the arena's direct path for built-ins too.
    override func machineInput(_ phase: TouchPhase, _ samples: [TouchSample], at time: Timestamp) {
        if phase == .began, let scrollView { scrollView.fingerLanded(samples.map(\.id)) }
        super.machineInput(phase, samples, at: time)
    }

    override func reset() {
        super.reset()
        scrollView?.panDidReset()
    }

    /// The scroll view's own pan and pinch recognize together (two fingers pan while they zoom).
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        other === scrollView?.pinch ? false : super.canPrevent(other)
    }

    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        other === scrollView?.pinch ? false : super.canBePrevented(by: other)
    }

    /// Whether `touch` began in a content subview of the scroll view.
    private func isContent(_ touch: Touch) -> Bool {
        guard let scrollView, let view = touch.record.route.hitView else { return false }
        return view !== scrollView
    }

    override func delaysBegan(_ touch: Touch, at time: Timestamp) -> Bool {
        guard let scrollView, scrollView.delaysContentTouches, isContent(touch) else { return delaysTouchesBegan }
        return time - touch.record.beganTimestamp < scrollView.contentTouchDelay
    }

    /// The end of the content delay of the earliest tracked content touch still held back, if after `time`.
    override func extraDeadline(after time: Timestamp) -> Timestamp? {
        guard let scrollView, scrollView.delaysContentTouches else { return nil }
        var earliest: Timestamp?
        for touch in storage.value.trackedTouches where isContent(touch) {
            switch touch.record.route {
            case .bound, .withholdingBegan:
                let due = touch.record.beganTimestamp + scrollView.contentTouchDelay
                guard due > time else { continue }
                earliest = earliest.map { Swift.min($0, due) } ?? due
            case .unbound, .discarded, .delivering, .withholdingEnded, .claimed, .finished, .rejected:
                continue
            }
        }
        return earliest
    }

    override func arenaVeto() -> Delivery.RecognizerReason? {
        guard let scrollView else { return nil }
        for touch in storage.value.trackedTouches where isContent(touch) {
            switch touch.record.route {
            case .delivering(let view), .withholdingEnded(let view):
                if !scrollView.canCancelContentTouches || !scrollView.touchesShouldCancel(in: view) {
                    return .contentTouchesNotCancellable(view.logName)
                }
            case .unbound, .discarded, .bound, .withholdingBegan, .claimed, .finished, .rejected:
                continue
            }
        }
        return nil
    }
}

/// The pinch of a ``ScrollView`` that zooms: recognizes together with the scroll view's pan.
final class ScrollViewPinchGestureRecognizer: PinchGestureRecognizer {
    weak var scrollView: ScrollView?

    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        other === scrollView?.panGestureRecognizer ? false : super.canPrevent(other)
    }

    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        other === scrollView?.panGestureRecognizer ? false : super.canBePrevented(by: other)
    }
}
