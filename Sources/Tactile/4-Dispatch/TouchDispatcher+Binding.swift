/// Steps 0 and 2 of a frame dispatch: each touch that began is filtered, hit-tested, given its route to a view
/// (spec §4.3) and the recognizers that will see it (``GestureArena/collectCandidates(for:hitView:into:)``).
extension TouchDispatcher {
    /// Binds the touches that began in this frame, lowest slot first (then lowest contact), and records
    /// why a touch will not reach a view.
    func bindNewTouches(at time: Timestamp) {
        guard !storage.value.followed.newTouches.isEmpty else { return }
        storage.value.followed.newTouches.sortElements { ($0.record.slot, $0.id) < ($1.record.slot, $1.id) }
        for touch in storage.value.followed.newTouches {
            // The event holds the touch while the delegates are asked about it (step 2.3): a delegate's
            // `gestureRecognizer(_:shouldReceive:)` for the event finds it in `allTouches`, as in UIKit.
            touch.record.isInEvent = true
            event.storage.value.touchList.append(touch)
            let delivery = bind(touch, at: time)
            touch.record.route = delivery
            switch delivery {
            case .discarded(let reason):
                recorder.log(.touchIgnored(touch.id, reason: reason))
                touch.record.isInEvent = false
                if let index = event.storage.value.touchList.lastIndex(where: { $0 === touch }) {
                    event.storage.value.touchList.remove(at: index)
                }
            case .rejected(_, let reason):
                recorder.log(.touchIgnored(touch.id, reason: reason))
                storage.value.routing.isSoleWindowStale = true
            case .bound:
                storage.value.routing.isSoleWindowStale = true
            case .unbound, .delivering, .withholdingBegan, .withholdingEnded, .claimed, .finished:
                preconditionFailure("bind(_:at:) decides discarded, rejected or bound")
            }
        }
    }

    /// Steps 0 and 2 for one touch: its route.
    private func bind(_ touch: Touch, at time: Timestamp) -> TouchRoute {
        // Step 0: touches that begin while ignoring are ignored for their whole life.
        if application.isIgnoringInteractionEvents { return .discarded(.ignoringInteractionEvents) }
        // Step 2.1: hit-test; no view → discard.
        guard let view = application.hitTest(touch.storage.value.screenLocation, with: event) else {
            return .discarded(.noView)
        }
        touch.window = view.window
        touch.tapCount = storage.value.followed.tapCounter.tapCount(
            forTouchBeganAt: touch.record.beganScreenLocation, at: time)
        // Step 2.5 (spec §4.3) is decided before the recognizers are collected, so that the touch names its view
        // (``Touch/view``) when delegates are asked about it in step 2.3: the filter depends only on the view and
        // the touches already bound.
        let delivery: TouchRoute
        if let reason = viewDeliveryFilter(hitView: view, window: touch.window) {
            delivery = .rejected(view: view, reason: reason)
        } else {
            delivery = .bound(view: view)
        }
        touch.record.route = delivery
        // Steps 2.2–2.4: recognizers, fixed from now on. [SPEC] §4.3, §9 q5: a touch rejected by exclusive touch
        // is ignored entirely, recognizers included (their delegates are not asked); one rejected by
        // isMultipleTouchEnabled still reaches its recognizers.
        if case .rejected(_, .exclusiveTouch) = delivery {
            touch.gestureRecognizers = []
        } else {
            // Built aside: delegates asked meanwhile still see the touch's list empty, as before. A reused touch
            // brings its own empty list's storage.
            var recognizers: [GestureRecognizer] = []
            swap(&recognizers, &touch.record.recognizerList)
            if recognizers.capacity == 0 {
                // A new touch object: a spare list, or room for as many recognizers as any touch had so far.
                if let spare = storage.value.pool.spareRecognizerLists.popLast() { recognizers = spare }
                recognizers.reserveCapacity(storage.value.pool.longestRecognizerList)
            }
            arena.collectCandidates(for: touch, hitView: view, into: &recognizers)
            storage.value.pool.longestRecognizerList = max(storage.value.pool.longestRecognizerList, recognizers.count)
            touch.record.recognizerList = recognizers
        }
        return delivery
    }

    /// Spec §4.3 for a touch hit-tested to `view` in `window`: why it must never reach the view, or `nil`.
    ///
    /// A view tracks a touch from the touch's began until the end of the dispatch in which it ends, so a
    /// touch that lands in the frame where another lifts still finds that one tracked.
    /// - `isExclusiveTouch`: an exclusive view gets a touch only if no other view of the window tracks one,
    ///   and while an exclusive view tracks a touch no other view of the window gets a new one.
    /// - `isMultipleTouchEnabled == false`: a view that tracks a touch gets no other.
    private func viewDeliveryFilter(hitView view: View, window: Window?) -> Delivery.IgnoreReason? {
        var viewTracksATouch = false
        for other in event.storage.value.touchList {
            guard let tracking = other.record.route.trackingView, other.window === window else { continue }
            if tracking === view {
                viewTracksATouch = true
            } else if view.isExclusiveTouch || tracking.isExclusiveTouch {
                return .exclusiveTouch(blockedBy: tracking.logName)
            }
        }
        if viewTracksATouch, !view.isMultipleTouchEnabled { return .multipleTouchDisabled(view: view.logName) }
        return nil
    }
}

/// Steps 1, 2 and 6's state: every touch the dispatcher follows — in the event or discarded — and tap counting.
struct FollowedTouches {
    /// The touches, by contact.
    var byContact: [TouchContact.ID: Touch] = [:]
    /// The same touches, in the order they began.
    var inOrder: [Touch] = []
    /// Reused buffer: the touches that began in the current frame.
    var newTouches: [Touch] = []
    /// Tap counting across touches (spec §2.6).
    var tapCounter: TapCounter

    /// Whether every followed touch is found by its contact and every touch found is followed.
    var isConsistent: Bool { byContact.count == inOrder.count }

    /// Room for `count` touches in each list. The dictionary, still without storage at the first touch, is made
    /// with its room (`Dictionary(minimumCapacity:)`): growing one calls the standard library's generic code with
    /// the dictionary's type, which the runtime makes by name, looking `TouchContact.ID`'s `Hashable` conformance
    /// up — a scan of every conformance record of the process, about 0.37 M instructions (Benchmarks/README.md).
    mutating func reserveRoom(_ count: Int) {
        if byContact.isEmpty, byContact.capacity < count {
            byContact = Dictionary(minimumCapacity: count)
        } else {
            byContact.reserveCapacity(count)
        }
        inOrder.reserveCapacity(count)
        newTouches.reserveCapacity(count)
    }
}
