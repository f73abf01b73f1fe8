/// The multi-window part of a frame dispatch (spec §4.1): which windows the event goes to, which of them let it
/// through (`super.sendEvent`), and what happens to the touches of those that did not. Idle between dispatches.
struct WindowRouting {
    /// The windows of the touches that changed in the current frame dispatch, in the order of those touches
    /// (``Application/sendEvent(_:)`` sends the event to each); empty outside one.
    var eventWindows: [Window] = []
    /// For each of ``eventWindows``, whether its `super.sendEvent` delivered the window's touches in the current
    /// frame dispatch (reused storage).
    var admittedWindows: [Bool] = []
    /// The window of every touch of the event, as a one-element list, when they all have the same one (the
    /// usual case); empty otherwise. Recomputed only when the event's touches changed (``isSoleWindowStale``):
    /// a touch's window is fixed from its binding until it leaves the event.
    var soleWindow: [Window] = []
    var isSoleWindowStale = true
    /// Whether `Application.sendEvent(_:)` is running for the current frame dispatch.
    var isSendingEvent = false
    /// The index in ``eventWindows`` of the window whose dropped ends are being cancelled
    /// (``TouchDispatcher/cancelDroppedEnds(ofWindowAt:)``), or -1.
    var droppedEndsWindow = -1
    /// The serial number of the dispatch whose steps 3–5 ran (a window's `super.sendEvent` ran them).
    var deliveredDispatch: UInt64 = 0

    /// Whether no frame dispatch is being routed (between inputs).
    var isIdle: Bool { eventWindows.isEmpty && admittedWindows.isEmpty && !isSendingEvent && droppedEndsWindow == -1 }

    /// Recomputes ``soleWindow`` from the event's touches `touchList`.
    @MainActor mutating func updateSoleWindow(of touchList: [Touch]) {
        isSoleWindowStale = false
        soleWindow.removeAll(keepingCapacity: true)
        var sole: Window?
        for touch in touchList {
            guard let window = touch.window, sole == nil || sole === window else { return }
            sole = window
        }
        if let sole { soleWindow.append(sole) }
    }
}

extension TouchDispatcher {
    /// Spec §4.1: steps 3–5 of a frame dispatch run inside `Application.sendEvent(_:)` → `Window.sendEvent(_:)`:
    /// each window's `super` call delivers the touches of that window (a touch belongs to the window it was
    /// hit-tested to, for its whole life; its recognizers are all in that window), to its recognizers, then
    /// arbitration, then its views. Step 6 always runs. When no window has a touch that changed (every new touch
    /// was discarded), steps 3–5 run without them (flushing what arbitration released).
    ///
    /// A window that does not call `super` drops its own touches' phases of this event, nobody else's
    /// (``dropUndeliveredTouches()``): a touch whose began it drops is never delivered (it stays in the event,
    /// the window's `sendEvent` keeps seeing it), a move it drops is not delivered, and a touch whose end it drops
    /// is cancelled for the recognizers and the view that had it, so every touch that reached them still ends or
    /// is cancelled exactly once.
    ///
    /// When every touch of the event is in one window (``WindowRouting/soleWindow``), that window is the list
    /// whenever one of them changed: the list is shared, not rebuilt, so no window is retained and released per
    /// dispatch (a window has a side table, its reference counting takes the slow path).
    func sendEventThroughApplication() {
        let serial = event.storage.value.dispatchSerial
        if storage.value.routing.isSoleWindowStale {
            storage.value.routing.updateSoleWindow(of: event.storage.value.touchList)
        }
        let isShared = !storage.value.routing.soleWindow.isEmpty
        if isShared {
            if event.storage.value.touchList.containsElement(where: { $0.record.changedInDispatch == serial }) {
                storage.value.routing.eventWindows = storage.value.routing.soleWindow
            }
        } else {
            for touch in event.storage.value.touchList where touch.record.changedInDispatch == serial {
                guard let window = touch.window,
                      !storage.value.routing.eventWindows.containsElement(where: { $0 === window }) else {
                    continue
                }
                storage.value.routing.eventWindows.append(window)
            }
        }
        if storage.value.routing.eventWindows.isEmpty {
            deliverEvent()
        } else {
            for _ in storage.value.routing.eventWindows.indices { storage.value.routing.admittedWindows.append(false) }
            storage.value.routing.isSendingEvent = true
            application.sendEvent(event)
            storage.value.routing.isSendingEvent = false
            if storage.value.routing.admittedWindows.contains(false) { dropUndeliveredTouches() }
            storage.value.routing.admittedWindows.removeAll(keepingCapacity: true)
            arena.storage.value.touchDelivery.isDeliveringByWindow = false
        }
        if isShared {
            storage.value.routing.eventWindows = []  // drops the shared list (emptying it in place would copy it)
        } else {
            storage.value.routing.eventWindows.empty()
        }
        cleanUp()
    }

    /// `Window.sendEvent(_:)`'s default: steps 3–5 of the current frame dispatch for the touches of `window`, once
    /// per window and dispatch; nothing for a window with no touch that changed, nor outside
    /// `Application.sendEvent(_:)`.
    ///
    /// With one window in the event, everything is delivered at once (``deliverEvent()``, the usual case). With
    /// several, the window's touches go to their recognizers, arbitration runs (across windows: a recognizer may
    /// wait for one in another window), then views get the phases of the touches whose windows delivered so far,
    /// and the phases arbitration released (``admits(_:)``).
    func deliverEvent(_ event: Event, in window: Window) {
        guard storage.value.routing.isSendingEvent, event === self.event,
            let index = storage.value.routing.eventWindows.firstIndexOfElement(where: { $0 === window }),
            !storage.value.routing.admittedWindows[index]
        else { return }
        storage.value.routing.admittedWindows[index] = true
        guard storage.value.routing.eventWindows.count > 1 else {
            deliverEvent()
            return
        }
        arena.storage.value.touchDelivery.isDeliveringByWindow = true
        arena.deliverTouches(in: window, endsOnly: false)
        resolveAndDeliverToViews()
    }

    /// Whether the phase `touch` got in the current dispatch may reach its view now, while the arena delivers by
    /// window: a touch that did not change in it (a withheld phase to flush) may; one that did, once its window
    /// delivered the event, or while its window's dropped end is being cancelled.
    func admits(_ touch: Touch) -> Bool {
        guard touch.record.changedInDispatch == event.storage.value.dispatchSerial else { return true }
        guard let window = touch.window,
              let index = storage.value.routing.eventWindows.firstIndexOfElement(where: { $0 === window }) else {
            return false
        }
        if index == storage.value.routing.droppedEndsWindow { return touch.phase.isFinal }
        return storage.value.routing.admittedWindows[index]
    }

    /// After `Application.sendEvent(_:)`: the touches of the windows that did not deliver the event (their
    /// `sendEvent` did not call `super`), which changed in it.
    /// - A touch that began is dropped for its whole life: it stays in the event (its window's `sendEvent` keeps
    ///   seeing it) but no recognizer and no view ever gets it (``Delivery/IgnoreReason/eventDropped(window:)``).
    /// - A move is not delivered: the recognizers and the view see the touch's next delivered location.
    /// - A touch that ended or was cancelled is cancelled: its recognizers and its view, which had it, get
    ///   `touchesCancelled` (steps 3–5 for those touches only), so that none is left with a touch that never ends,
    ///   and a dropped lift is no tap and fires no control.
    private func dropUndeliveredTouches() {
        let serial = event.storage.value.dispatchSerial
        for index in storage.value.routing.eventWindows.indices where !storage.value.routing.admittedWindows[index] {
            let window = storage.value.routing.eventWindows[index]
            var hasEnds = false
            for touch in event.storage.value.touchList
            where touch.record.changedInDispatch == serial && touch.window === window {
                switch touch.phase {
                case .began:
                    dropForLife(touch, droppedBy: window)
                case .ended, .cancelled:
                    touch.phase = .cancelled
                    hasEnds = true
                case .moved, .stationary:
                    break
                }
            }
            if hasEnds { cancelDroppedEnds(ofWindowAt: index) }
        }
    }

    /// A touch whose began phase its window dropped: no recognizer or view will ever get it (spec §4.1).
    private func dropForLife(_ touch: Touch, droppedBy window: Window) {
        guard let view = touch.record.route.hitView else { return }
        let reason = Delivery.IgnoreReason.eventDropped(window: window.logName)
        touch.record.route = .rejected(view: view, reason: reason)
        recorder.log(.touchIgnored(touch.id, reason: reason))
        // Its recognizers never got it: one that got no other touch forgets the touch type it noted (step 2.2).
        for recognizer in touch.record.recognizerList where recognizer.arena == nil {
            recognizer.record.touchTypeSinceReset = nil
        }
        touch.record.recognizerList.removeAll(keepingCapacity: true)
    }

    /// Steps 3–5 for the touches of the window at `index` in ``WindowRouting/eventWindows`` whose end the window
    /// dropped (now cancelled): their recognizers and views get `touchesCancelled`.
    private func cancelDroppedEnds(ofWindowAt index: Int) {
        storage.value.routing.droppedEndsWindow = index
        arena.storage.value.touchDelivery.isDeliveringByWindow = true
        arena.deliverTouches(in: storage.value.routing.eventWindows[index], endsOnly: true)
        resolveAndDeliverToViews()
        storage.value.routing.droppedEndsWindow = -1
    }

    /// Steps 3–5 of the current dispatch for every touch, once.
    private func deliverEvent() {
        guard storage.value.routing.deliveredDispatch != event.storage.value.dispatchSerial else { return }
        storage.value.routing.deliveredDispatch = event.storage.value.dispatchSerial
        arena.deliverTouches()
        resolveAndDeliverToViews()
    }
}
