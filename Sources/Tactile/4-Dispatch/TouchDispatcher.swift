/// The per-dispatch pipeline of spec §4.2 for one ``Application``: input frames and deadlines in, responder
/// calls and delivery-log entries out.
///
/// A frame dispatch runs the steps in order:
/// 0. global filters (ignoring interaction events) — applied as new touches are bound;
/// 1. ``updateTouches(with:at:)``: create, move, end and cancel touches, mark the rest stationary;
/// 2. ``bindNewTouches(at:)``: hit-test each new touch, collect its recognizers, apply spec §4.3;
/// 3. ``GestureArena/deliverTouches()``: recognizers get their touches;
/// 4. ``GestureArena/resolve(into:)``: recognizer state changes, cancellations in views, actions;
/// 5. ``GestureArena/deliverToViews(into:)``: one call per view and phase, in the order began, moved, ended,
///    cancelled, with withheld phases held back or flushed;
/// 6. ``cleanUp()``: reset recognizers, forget finished touches, remember taps.
///
/// A timer dispatch (a deadline passing) tells the deadline's owner, then runs steps 4–6.
///
/// Steps 2.2–2.4, 3, 4, 5 and the first half of 6 belong to the ``GestureArena`` (which recognizers see a
/// touch, what they decide, which phases reach views and when); the dispatcher runs the steps, owns the touches
/// and the clock, and performs what the arena decided (``ArenaEffect``: the responder calls, the action messages,
/// the touches leaving the pipeline; ``perform(_:)``). Data flows one way: the dispatcher asks, the arena decides
/// and returns its effects, the dispatcher performs them. When responders ask for recognizer state changes during
/// step 5, steps 4 and 5 run again before step 6.
///
/// The steady-state path (fingers down, frames of moves) reuses its buffers and allocates nothing, log entries
/// aside while recording. A `Set<Touch>` is built only for code that can override the touch methods: the
/// built-in recognizers' own classes read their changed touches directly (``GestureRecognizer/isExactlyBuiltIn``),
/// subclasses and custom recognizers get their reused set, and each view call gets the arena's reused set
/// (a responder that keeps the set it was given keeps a copy; the next call then allocates anew).
///
/// Beside the steps: `TouchDispatcher+Binding.swift` (steps 0 and 2), ``WindowRouting`` (`sendEvent` across
/// windows), ``TouchPool`` (touch objects kept for reuse), `TouchDispatcher+Clock.swift` (the clock and deadlines).
/// Performance notes: `Benchmarks/README.md`, "The dispatch's hot path".
@MainActor
final class TouchDispatcher {
    /// The application the dispatcher belongs to (it owns the dispatcher).
    /// (Set by ``attach(to:)`` right after the application created the dispatcher, which it holds in a `let`.)
    unowned var application: Application!
    /// The event object, reused for every dispatch.
    let event = Event()
    /// The records of the touches the dispatcher made (``TouchRecord``), one per touch object, each reached by the
    /// index its touch keeps (``Touch/record``).
    let touchRecords = RecordTable<TouchRecord>(capacity: 32)
    /// The application's delivery log (held here so that logging does not go through ``application``).
    let recorder: DeliveryRecorder
    /// The gesture arena: recognizers and the delivery of touches to views (steps 2.2–6).
    ///
    /// A `let`, not a `lazy var`: read many times per dispatch, a stored constant of the dispatcher needs neither
    /// the lazy check nor a retain and release around each use.
    let arena: GestureArena
    /// The dispatcher's state, one value per concern (``TouchDispatcherStorage``), in a cell read and written without
    /// run-time exclusivity checks (the safety argument is ``UncheckedCell``'s): each is reached in place through
    /// the cell's own addressor, `storage.value.followed`, and never through an accessor of the dispatcher (a
    /// `_read`/`_modify` coroutine that a release build does not inline allocates its frame on every call).
    let storage: UncheckedCell<TouchDispatcherStorage>

    /// Detaches the touches still in progress when the application goes away (its dispatcher with it): a
    /// touch holds its window, view and recognizers strongly, as UIKit's does, and they can lead back to it;
    /// the arena's `deinit` does the same for the touches its recognizers and held phases still hold.
    isolated deinit {
        for touch in storage.value.followed.inOrder { touch.detach() }
        for touch in event.storage.value.touchList { touch.detach() }
        event.storage.value.touchList.removeAll()
        event.storage.value.recorder = nil  // an event kept by the application's code logs nothing any more
        event.storage.value.dispatcher = nil
    }

    /// Creates the dispatcher of an application with `configuration` that logs to `recorder`; the application
    /// then calls ``attach(to:)``.
    init(configuration: Application.Configuration, recorder: DeliveryRecorder) {
        self.recorder = recorder
        arena = GestureArena(event: event, recorder: recorder)
        storage = UncheckedCell(TouchDispatcherStorage(followed: FollowedTouches(
            tapCounter: TapCounter(interval: configuration.tapCountInterval, radius: configuration.tapCountRadius)
        )))
        event.storage.value.recorder = recorder
        event.storage.value.dispatcher = self
        arena.dispatcher = self
    }

    /// Makes `application` the dispatcher's application (its owner).
    func attach(to application: Application) {
        self.application = application
        event.storage.value.application = application
    }

    // MARK: Inputs

    /// Runs due deadlines, then dispatches `frame`; `coalesced` lists, per contact, the samples a display-rate
    /// dispatch merged into the frame (oldest first, the last one the frame's).
    func dispatch(_ frame: TouchFrame, coalesced: [TouchContact.ID: [CoalescedSample]]? = nil) {
        runDeadlines(through: frame.timestamp)
        let time = startClock(at: frame.timestamp)
        event.storage.value.dispatchSerial &+= 1
        // nothing changed: no dispatch (§1.2)
        guard updateTouches(with: frame, at: time, coalesced: coalesced) else { return }
        event.timestamp = time
        bindNewTouches(at: time)
        sendEventThroughApplication()
    }

    /// Runs due deadlines, then cancels every followed touch in one dispatch (spec §1.2 rule 5), and every
    /// touch that already lifted but whose `ended` is still withheld from its view: that view gets
    /// `touchesCancelled` instead (a view never left with a touch that neither ended nor was cancelled).
    func cancelAllTouches(at time: Timestamp) {
        runDeadlines(through: time)
        let time = startClock(at: time)
        guard !storage.value.followed.inOrder.isEmpty || !arena.storage.value.viewDelivery.heldTouches.isEmpty else {
            return
        }
        event.storage.value.dispatchSerial &+= 1
        for touch in storage.value.followed.inOrder {
            touch.finish(.cancelled, at: nil, time: time, dispatch: event.storage.value.dispatchSerial)
        }
        event.timestamp = time
        performArenaEffects { effects in
            arena.cancelHeldTouches(at: time, into: &effects)
            return true
        }
        arena.deliverTouches()
        finishDispatch()
    }

    /// Settles recognizer requests made outside a dispatch (disabling or removing a recognizer, spec §5.5) as a
    /// dispatch of their own at the clock's time: steps 4–6. Does nothing when there are none.
    func settleRecognizers() {
        guard arena.hasRequests else { return }
        event.storage.value.dispatchSerial &+= 1
        event.timestamp = clock ?? .zero
        finishDispatch()
    }

    /// Steps 4 and 5 — again while responders asked for recognizer state changes during step 5 — then step 6.
    func finishDispatch() {
        resolveAndDeliverToViews()
        cleanUp()
    }

    /// Steps 4 and 5, again while responders asked for recognizer state changes during step 5.
    func resolveAndDeliverToViews() {
        resolve()
        deliverToViews()
        var rounds = 0
        while arena.hasRequests, rounds < 1000 {
            rounds += 1
            resolve()
            deliverToViews()
        }
    }

    // MARK: Steps 4 and 5 — the arena's effects

    /// Step 4: the arena resolves until it stops on effects, the dispatcher performs them, and again until the
    /// arena is done (``GestureArena/resolve(into:)``).
    private func resolve() {
        performArenaEffects { arena.resolve(into: &$0) }
    }

    /// Step 5: the arena plans the responder calls, the dispatcher makes them (``GestureArena/deliverToViews(into:)``).
    private func deliverToViews() {
        performArenaEffects { effects in
            arena.deliverToViews(into: &effects)
            return true
        }
    }

    /// Asks the arena for effects (`decide`) and performs them, again until `decide` says the arena is done. The
    /// dispatcher's reused buffer is taken out meanwhile: code the effects run cannot start another dispatch
    /// (inputs sent from it wait), but a buffer it reached would then be a fresh one.
    private func performArenaEffects(_ decide: (inout ArenaEffects) -> Bool) {
        var effects = ArenaEffects()
        swap(&effects, &storage.value.performing.effects)
        while true {
            let isDone = decide(&effects)
            if isDone, effects.isEmpty { break }  // step 4's usual end: nothing to perform
            perform(&effects)
            if isDone { break }
        }
        storage.value.performing.effects = effects
    }

    /// Performs the arena's effects in order, then empties the buffer (keeping its storage).
    private func perform(_ effects: inout ArenaEffects) {
        var index = 0
        while index < effects.list.count {
            switch effects.list[index] {
            case .deliver(let phase, let view, let touches):
                view.withObject { deliver(phase, touches, of: effects, to: $0) }
            case .sendActions(let recognizer):
                recognizer.withObject { $0.sendActions() }
            case .retire(let touch):
                retire(touch)
            }
            index += 1
        }
        effects.removeAll()
        arena.effectsPerformed()
    }

    // MARK: Step 1 — update touches

    /// Applies `frame` to the touches (spec §1.2, §4.2 step 1) and returns whether any touch began, moved,
    /// ended or was cancelled. When one did, every followed touch that did not change becomes stationary;
    /// when none did, phases stay as they were and the frame is not dispatched.
    ///
    /// Moved and stationary are decided by position: a contact listed as stationary whose position changed
    /// moves, a contact listed as moved at its old position is stationary.
    private func updateTouches(
        with frame: TouchFrame, at time: Timestamp, coalesced: [TouchContact.ID: [CoalescedSample]]?
    ) -> Bool {
        let serial = event.storage.value.dispatchSerial
        var changed = false
        storage.value.followed.newTouches.empty()
        for contact in frame.contacts {
            let finiteLocation: Point? = isFinite(contact.location) ? contact.location : nil
            guard let touch = storage.value.followed.byContact[contact.id] else {
                switch contact.phase {
                case .began:
                    guard finiteLocation != nil else {
                        recorder.log(.inputDiagnostic(.nonFiniteLocation(contact.id)))
                        continue
                    }
                    if !storage.value.pool.isPrepared { prepareForTouches() }
                    let touch = makeTouch(for: contact, at: time)
                    touch.record.begin(inDispatch: serial)
                    storage.value.followed.byContact[contact.id] = touch
                    storage.value.followed.inOrder.append(touch)
                    storage.value.followed.newTouches.append(touch)
                    changed = true
                case .moved, .stationary, .ended, .cancelled:
                    recorder.log(.inputDiagnostic(.unknownContact(contact.id, phase: contact.phase)))
                }
                continue
            }
            guard touch.record.listedInDispatch != serial else {
                recorder.log(.inputDiagnostic(.repeatedContact(contact.id)))
                continue
            }
            touch.record.listedInDispatch = serial
            touch.updateAttributes(from: contact)
            if let coalesced, let samples = coalesced[contact.id], samples.count > 1 {
                // Every sample feeds the touch's motion (for predictions); the last is applied below.
                touch.record.coalesce(samples, inDispatch: serial)
            }
            if finiteLocation == nil { recorder.log(.inputDiagnostic(.nonFiniteLocation(contact.id))) }
            switch contact.phase {
            case .began:
                recorder.log(.inputDiagnostic(.duplicateBegan(contact.id)))
                fallthrough
            case .moved, .stationary:
                if let location = finiteLocation, location != touch.storage.value.screenLocation {
                    touch.move(to: location, at: time, dispatch: serial)
                    changed = true
                }
            case .ended:
                touch.finish(.ended, at: finiteLocation, time: time, dispatch: serial)
                changed = true
            case .cancelled:
                touch.finish(.cancelled, at: finiteLocation, time: time, dispatch: serial)
                changed = true
            }
        }
        guard changed else { return false }
        for touch in storage.value.followed.inOrder where touch.record.changedInDispatch != serial {
            touch.phase = .stationary
        }
        return true
    }

    private func isFinite(_ point: Point) -> Bool { point.x.isFinite && point.y.isFinite }

    // MARK: Step 5 — responder calls

    /// One responder call of an effect: `touches` in `phase` to `view`, each presented as the arena planned (a
    /// flushed began as when the touch went down, a flushed move as moved from there, spec §5.8) for the call
    /// only. The set handed over is the dispatcher's reused one (a responder that keeps it keeps a copy: the next
    /// call then allocates anew).
    private func deliver(_ phase: TouchPhase, _ touches: Range<Int>, of effects: ArenaEffects, to view: View) {
        // Made with room for a hand (`EffectPerformance`), so grown only when short: `reserveCapacity` is a
        // generic call into the standard library, with the set's type made by name at run time.
        var set = storage.value.performing.viewTouchSet
        storage.value.performing.viewTouchSet = []
        if set.capacity < touches.count { set.reserveCapacity(touches.count) }
        var presents = false
        for index in touches {
            let entry = effects.touches[index]
            entry.touch.withObject { touch in
                set.insert(touch)
                switch entry.presentation {
                case .current:
                    return
                case .asWhenDown:
                    touch.present(phase: .began, location: touch.record.beganScreenLocation,
                                  previous: touch.record.beganScreenLocation, timestamp: touch.record.beganTimestamp)
                case .movedSinceDown:
                    touch.present(phase: .moved, location: touch.storage.value.screenLocation,
                                  previous: touch.record.beganScreenLocation, timestamp: touch.timestamp)
                }
                presents = true
            }
        }
        deliver(phase, set, to: view)
        if presents { for touch in set { touch.endPresentation() } }
        set.removeAll(keepingCapacity: true)
        storage.value.performing.viewTouchSet = set
    }

    /// Records and makes one responder call: `touches` in `phase` to `view`, their first responder.
    private func deliver(_ phase: TouchPhase, _ touches: Set<Touch>, to view: View) {
        #if DEBUG
        if arena.storage.value.resolution.isDeciding {
            preconditionFailure("a responder call made while the arena decides: return an effect")
        }
        #endif
        event.log(.touches(phase, responder: view.logName, touches: Touch.sortedIDs(touches)))
        view.handle(phase, touches, with: event)
    }

    // MARK: Step 6 — clean up

    /// Resets finished recognizers, then forgets the touches that ended or were cancelled (they leave the
    /// event; the arena keeps those with a withheld phase) and remembers the ones that ended as taps for
    /// ``Touch/tapCount``.
    func cleanUp() {
        arena.resetFinished()
        var anyFinished = false
        for touch in storage.value.followed.inOrder where touch.phase.isFinal {
            anyFinished = true
            storage.value.followed.byContact.removeValue(forKey: touch.id)
            touch.record.isInEvent = false
            if touch.phase == .ended, touch.record.route.isBound, !touch.record.route.isDroppedByWindow {
                storage.value.followed.tapCounter.touchEnded(
                    beganAt: touch.record.beganScreenLocation, tapCount: touch.tapCount, at: touch.timestamp
                )
            }
            if !arena.holdIfWithheld(touch) { retire(touch) }
        }
        guard anyFinished else { return }
        storage.value.followed.inOrder.removeElements { $0.phase.isFinal }
        event.storage.value.touchList.removeElements { $0.phase.isFinal }
        storage.value.routing.isSoleWindowStale = true
    }
}

/// One input sample of a touch that a display-rate dispatch merged into a single change
/// (``Event/coalescedTouches(for:)``).
typealias CoalescedSample = (location: Point, timestamp: Timestamp)

/// Steps 4 and 5's state: the arena's effect buffer (``TouchDispatcher``'s `perform`), kept with its storage between
/// dispatches, and the set of touches handed to a view's touch method. Idle between inputs.
struct EffectPerformance {
    /// The arena's effects, taken out while they are performed.
    var effects = ArenaEffects(capacity: 16)
    /// Reused storage: the set of touches handed to a view's touch method (empty between calls).
    var viewTouchSet = Set<Touch>(minimumCapacity: 10)

    /// Whether no effect is left unperformed and the touch set is empty.
    var isIdle: Bool { effects.isEmpty && viewTouchSet.isEmpty }
}

/// ``TouchDispatcher``'s state, in its cell (`storage`): one value per concern, each able to say it is idle.
struct TouchDispatcherStorage {
    /// Steps 1, 2 and 6: the touches the dispatcher follows, and tap counting.
    var followed: FollowedTouches
    /// `sendEvent`'s routing of a frame dispatch to its windows.
    var routing = WindowRouting()
    /// Touch objects and recognizer lists kept for reuse.
    var pool = TouchPool()
    /// Pending deadlines (`TouchDispatcher+Clock.swift`).
    var deadlines = DeadlineQueue<any DeadlineTarget>()
    /// Steps 4 and 5: the arena's effects being performed and the touch set of a responder call.
    var performing = EffectPerformance()
}
