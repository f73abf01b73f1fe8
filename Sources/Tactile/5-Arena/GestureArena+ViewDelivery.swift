/// The phases step 5 delivers to a touch's view in one pass, and how to present them (spec §5.8).
struct ViewPhases: OptionSet {
    let rawValue: UInt8
    static let began = ViewPhases(rawValue: 1 << 0)
    static let moved = ViewPhases(rawValue: 1 << 1)
    static let ended = ViewPhases(rawValue: 1 << 2)
    static let cancelled = ViewPhases(rawValue: 1 << 3)
    /// The began phase is a flushed one: present the touch as it was when it began.
    static let beganAsWhenDown = ViewPhases(rawValue: 1 << 4)
    /// The moved phase is a flushed one: present the touch as moved from where it began.
    static let movedSinceDown = ViewPhases(rawValue: 1 << 5)

    /// The bit of a deliverable phase.
    init(_ phase: TouchPhase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .stationary: self = []
        }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
}

extension GestureArena {
    // MARK: Claims (spec §5.7)

    /// `recognizer` recognized: when it cancels touches in views, every touch it tracks is taken from its view —
    /// the view gets `touchesCancelled` for those it has seen (one call per view, views in the order of their
    /// touches: effects appended to `effects`), nothing for those it has not, and ``Touch/view`` becomes `nil`.
    func claimTouches(of recognizer: GestureRecognizer, into effects: inout ArenaEffects) {
        guard recognizer.cancelsTouchesInView else { return }
        for touch in recognizer.storage.value.trackedTouches {
            switch touch.record.route {
            case .bound(let view):
                touch.record.route = .claimed(view: view)
                log(.arena(.joinedRecognized(view: view.logName, touches: [touch.id], by: recognizer.logName)))
            case .delivering(let view), .withholdingEnded(let view):
                touch.record.route = .claimed(view: view)
                storage.value.viewDelivery.claimedTouches.append((view, touch))
            case .withholdingBegan(let view):
                touch.record.route = .claimed(view: view)
                log(.arena(.discarded(view: view.logName, touches: [touch.id], by: recognizer.logName)))
            case .rejected(let view, _):
                touch.record.route = .claimed(view: view)
            case .unbound, .discarded, .claimed, .finished:
                break
            }
        }
        if !storage.value.viewDelivery.heldTouches.isEmpty { releaseDeliveredHeldTouches(into: &effects) }
        cancelClaimedTouches(into: &effects)
    }

    /// Spec §5.7 rule 4: a touch that began in this dispatch and went to a recognizer that is already
    /// recognizing (`began`/`changed`) and cancels touches in views never reaches its view.
    func claimJoiningTouches() {
        let serial = self.serial
        let byWindow = storage.value.touchDelivery.isDeliveringByWindow
        for touch in event.storage.value.touchList where touch.record.changedInDispatch == serial {
            guard case .bound(let view) = touch.record.route, !byWindow || dispatcher.admits(touch) else { continue }
            for recognizer in touch.gestureRecognizers where recognizer.cancelsTouchesInView && recognizer.record.status.isActive {
                touch.record.route = .claimed(view: view)
                log(.arena(.joinedRecognized(view: view.logName, touches: [touch.id], by: recognizer.logName)))
                break
            }
        }
    }

    /// Step 6, for a touch leaving the event: keeps it among the held touches (``heldTouches``) while a phase of it
    /// is withheld from its view (spec §5.9, §5.12 rule 5), until that phase is released or cancelled; returns
    /// whether it did (otherwise the dispatcher retires the touch). The arena is the only writer of its lists.
    func holdIfWithheld(_ touch: Touch) -> Bool {
        guard touch.record.route.isWithheld else { return false }
        storage.value.viewDelivery.heldTouches.append(touch)
        return true
    }

    /// For ``TouchDispatcher/cancelAllTouches(at:)``: the held touches (lifted, a phase withheld) are cancelled
    /// for their views at once — a view that saw the touch begin gets `touchesCancelled` (one call per view, views
    /// in the order of their touches), one that never heard of it nothing — and leave the pipeline (effects
    /// appended to `effects`). Their recognizers already had their `ended`.
    func cancelHeldTouches(at time: Timestamp, into effects: inout ArenaEffects) {
        #if DEBUG
        storage.value.resolution.isDeciding = true
        defer { storage.value.resolution.isDeciding = false }
        #endif
        guard !storage.value.viewDelivery.heldTouches.isEmpty else { return }
        for touch in storage.value.viewDelivery.heldTouches {
            switch touch.record.route {
            case .withholdingEnded(let view):
                storage.value.viewDelivery.claimedTouches.append((view, touch))
                touch.record.route = .finished(view: view)
            case .withholdingBegan(let view):
                touch.record.route = .finished(view: view)  // dropped: the view never heard of it
            case .unbound, .discarded, .rejected, .bound, .delivering, .claimed, .finished:
                continue
            }
            touch.finish(.cancelled, at: nil, time: time, dispatch: serial)
        }
        releaseDeliveredHeldTouches(into: &effects)
        cancelClaimedTouches(into: &effects)
    }

    /// Appends `touchesCancelled` for the touches in ``claimedTouches`` to `effects`: one call per view, the views
    /// in the order of their first touch; then empties the list of touches. The views stay in ``claimedViews``
    /// until the effects are performed (``effectsPerformed()``): the effects name them without retaining them.
    private func cancelClaimedTouches(into effects: inout ArenaEffects) {
        guard !storage.value.viewDelivery.claimedTouches.isEmpty else { return }
        for entry in storage.value.viewDelivery.claimedTouches
        where !storage.value.viewDelivery.claimedViews.containsElement(where: { $0 === entry.view }) {
            storage.value.viewDelivery.claimedViews.append(entry.view)
        }
        for view in storage.value.viewDelivery.claimedViews {
            let start = effects.nextTouchIndex
            for entry in storage.value.viewDelivery.claimedTouches where entry.view === view {
                effects.appendTouch(entry.touch)
            }
            effects.appendDelivery(.cancelled, to: view, from: start)
        }
        storage.value.viewDelivery.claimedTouches.empty()
    }

    /// The dispatcher performed the effects appended so far: the views they named may go.
    func effectsPerformed() {
        // Checked first: after a round of actions both are empty, and `empty()` is an outlined call (#35).
        if !storage.value.viewDelivery.claimedViews.isEmpty { storage.value.viewDelivery.claimedViews.empty() }
        if !storage.value.viewDelivery.receivingViews.isEmpty { storage.value.viewDelivery.receivingViews.empty() }
    }

    /// Takes the held touches whose withheld phase was delivered (or dropped) out of ``heldTouches``; they have
    /// left the pipeline: their retirement is appended to `effects` (``TouchDispatcher/retire(_:)``).
    func releaseDeliveredHeldTouches(into effects: inout ArenaEffects) {
        storage.value.viewDelivery.heldTouches.removeElements { touch in
            guard !touch.record.route.isWithheld else { return false }
            effects.retire(touch)
            return true
        }
    }

    // MARK: Step 5 — deliver to views

    /// Step 5: plans the calls of `touchesBegan/Moved/Ended/Cancelled` on the views of the touches that changed in this
    /// dispatch and are not claimed, withheld or rejected, and flushes or releases withheld phases whose
    /// delaying recognizers are all decided (spec §4.2 step 5, §5.8, §5.9). One call per view and phase with all
    /// of that view's touches in the phase; views in the order of their first such touch (touches of the event,
    /// then held ones); phases in the order began, moved, ended, cancelled. Stationary touches are never passed.
    ///
    /// A began phase is withheld while an undecided recognizer of the touch delays it; an ended phase while one
    /// delays ends. A flushed touch gets `touchesBegan` presented as it was when it began (location, time),
    /// then `touchesMoved` at its current location if it had a moved phase since (a lift at another point is
    /// not a move), then `touchesEnded` if it already lifted (unless its end is
    /// withheld in turn). A touch withheld from the start and cancelled by the system is dropped: its view never
    /// heard of it.
    ///
    /// While the dispatcher delivers window by window (``isDeliveringByWindow``), a touch's phase of
    /// this dispatch waits until its window delivered the event (``TouchDispatcher/admits(_:)``, spec §4.1);
    /// phases that arbitration released are flushed in any window's pass.
    ///
    /// The calls are appended to `effects` (``ArenaEffect/deliver(_:to:touches:)``), then the retirement of the
    /// held touches delivered at last: the dispatcher makes them, in that order.
    func deliverToViews(into effects: inout ArenaEffects) {
        #if DEBUG
        storage.value.resolution.isDeciding = true
        defer { storage.value.resolution.isDeciding = false }
        #endif
        if !storage.value.viewDelivery.receivingViews.isEmpty { storage.value.viewDelivery.receivingViews.empty() }
        if storage.value.touchDelivery.isDeliveringByWindow {
            for touch in event.storage.value.touchList where dispatcher.admits(touch) { plan(touch) }
        } else {
            for touch in event.storage.value.touchList { plan(touch) }
        }
        for touch in storage.value.viewDelivery.heldTouches { plan(touch) }
        guard !storage.value.viewDelivery.receivingViews.isEmpty else {
            if !storage.value.viewDelivery.heldTouches.isEmpty { releaseDeliveredHeldTouches(into: &effects) }
            return
        }
        for view in storage.value.viewDelivery.receivingViews {
            for phase in Self.phaseOrder { appendPlanned(phase, to: view, into: &effects) }
        }
        // The views stay in the list until the effects are performed (``effectsPerformed()``): the effects name
        // them without retaining them.
        for touch in event.storage.value.touchList { touch.record.viewPhases = [] }
        for touch in storage.value.viewDelivery.heldTouches { touch.record.viewPhases = [] }
        if !storage.value.viewDelivery.heldTouches.isEmpty { releaseDeliveredHeldTouches(into: &effects) }
    }

    /// Decides what `touch`'s view gets in this pass (``TouchRecord/viewPhases``) and moves its route on.
    private func plan(_ touch: Touch) {
        let serial = self.serial
        var phases = ViewPhases()
        switch touch.record.route {
        case .bound(let view):
            touch.record.viewHandledInDispatch = serial
            if isWithheld(touch, ended: false) {
                touch.record.route = .withholdingBegan(view: view)
                recordWithheld(.began, touch, view)
                return
            }
            if refuseContentTouch(touch, in: view) { return }
            touch.record.route = .delivering(to: view)
            phases = .began
        case .delivering(let view):
            guard touch.record.changedInDispatch == serial, touch.record.viewHandledInDispatch != serial else { return }
            touch.record.viewHandledInDispatch = serial
            switch touch.phase {
            case .moved:
                phases = .moved
            case .ended:
                if isWithheld(touch, ended: true) {
                    touch.record.route = .withholdingEnded(view: view)
                    recordWithheld(.ended, touch, view)
                    return
                }
                phases = .ended
                touch.record.route = .finished(view: view)
            case .cancelled:
                phases = .cancelled
                touch.record.route = .finished(view: view)
            case .began, .stationary:
                return
            }
        case .withholdingBegan(let view):
            if touch.phase == .cancelled {
                touch.record.route = .finished(view: view)
                return
            }
            guard !isWithheld(touch, ended: false) else { return }
            touch.record.viewHandledInDispatch = serial
            if refuseContentTouch(touch, in: view) { return }
            phases = [.began, .beganAsWhenDown]
            if touch.record.didMove {
                phases.insert(.moved)
                if !(touch.record.changedInDispatch == serial && touch.phase == .moved) { phases.insert(.movedSinceDown) }
            }
            if touch.phase == .ended {
                if isWithheld(touch, ended: true) {
                    touch.record.route = .withholdingEnded(view: view)
                    recordWithheld(.ended, touch, view)
                } else {
                    phases.insert(.ended)
                    touch.record.route = .finished(view: view)
                }
            } else {
                touch.record.route = .delivering(to: view)
            }
        case .withholdingEnded(let view):
            guard !isWithheld(touch, ended: true) else { return }
            touch.record.viewHandledInDispatch = serial
            phases = .ended
            touch.record.route = .finished(view: view)
        case .unbound, .discarded, .claimed, .finished, .rejected:
            return
        }
        touch.record.viewPhases = phases
        guard let view = touch.record.route.hitView else { return }
        if !storage.value.viewDelivery.receivingViews.containsElement(where: { $0 === view }) {
            storage.value.viewDelivery.receivingViews.append(view)
        }
    }

    /// One responder call, appended to `effects`: the planned touches of `view` in `phase` (touches of the event,
    /// then held ones), each presented as planned — a flushed began as when the touch went down, a flushed move
    /// as moved from there (spec §5.8); nothing when `view` has none in `phase`.
    private func appendPlanned(_ phase: TouchPhase, to view: View, into effects: inout ArenaEffects) {
        let bit = ViewPhases(phase)
        func isPlanned(_ touch: Touch) -> Bool { touch.record.viewPhases.contains(bit) && touch.record.route.hitView === view }
        func presentation(of touch: Touch) -> ArenaEffects.Presentation {
            if phase == .began, touch.record.viewPhases.contains(.beganAsWhenDown) { return .asWhenDown }
            if phase == .moved, touch.record.viewPhases.contains(.movedSinceDown) { return .movedSinceDown }
            return .current
        }
        let start = effects.nextTouchIndex
        // The lists are walked without retaining their touches: this runs no outside code (UnretainedList).
        UnretainedList.forEach(in: event.storage.value.touchList) { touch in
            if isPlanned(touch) { effects.appendTouch(touch, presentation: presentation(of: touch)) }
        }
        UnretainedList.forEach(in: storage.value.viewDelivery.heldTouches) { touch in
            if isPlanned(touch) { effects.appendTouch(touch, presentation: presentation(of: touch)) }
        }
        effects.appendDelivery(phase, to: view, from: start)
    }

    /// Whether an undecided recognizer of `touch` withholds its began phase (or its ended phase).
    private func isWithheld(_ touch: Touch, ended: Bool) -> Bool {
        let time = event.timestamp
        for recognizer in touch.gestureRecognizers where recognizer.record.status.isUndecided {
            if ended ? recognizer.delaysTouchesEnded : recognizer.delaysBegan(touch, at: time) { return true }
        }
        return false
    }

    /// Records that `phase` of `touch` is withheld from `view`, naming the recognizers that delay it.
    private func recordWithheld(_ phase: TouchPhase, _ touch: Touch, _ view: View) {
        log(.arena(.withheld(phase, view: view.logName, touches: [touch.id], by: delayers(of: touch, phase))))
    }

    private func delayers(of touch: Touch, _ phase: TouchPhase) -> [String] {
        let time = event.timestamp
        return touch.gestureRecognizers.filterElements { recognizer in
            recognizer.record.status.isUndecided
                && (phase == .ended ? recognizer.delaysTouchesEnded : recognizer.delaysBegan(touch, at: time))
        }.map(\.logName)
    }

    /// Asks the nearest scroll view around `view` whether `view` may have `touch` (spec §4.6); when it refuses,
    /// the view will never hear of the touch. Returns whether it refused.
    private func refuseContentTouch(_ touch: Touch, in view: View) -> Bool {
        guard let scrollView = contentTouchRefusal(touch, in: view) else { return false }
        touch.record.route = .finished(view: view)
        log(.arena(.contentTouchesRefused(view: view.logName, touches: [touch.id], by: scrollView.logName)))
        return true
    }

    /// The scroll view whose `touchesShouldBegin(_:with:in:)` refuses the touch's began phase for `view`, its
    /// content (spec §4.6): the nearest scroll view among `view`'s ancestors. `nil` when there is none or it
    /// accepts.
    private func contentTouchRefusal(_ touch: Touch, in view: View) -> ScrollView? {
        var current = view.superview
        while let ancestor = current {
            if let scrollView = ancestor as? ScrollView {
                return scrollView.shouldDeliverContentTouch(touch, with: event, in: view) ? nil : scrollView
            }
            current = ancestor.superview
        }
        return nil
    }
}
