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
/// **Performance.** Three things keep the hot path cheap.
/// - Reference counting: step 3's per-dispatch lists (each recognizer's changed touches, the receiving recognizers) and
///   its gathering loop hold their objects without retaining them, through ``UnretainedList`` — the one type of
///   unretained references in the dispatch, with the safety argument on it (``GestureRecognizer/arena`` is the other
///   unretained reference: ``UnretainedReference``). The arena answers the questions
///   asked per recognizer and request — whether anything records deliveries, whether an input is being processed —
///   without going through its unowned references to the dispatcher and the application (it holds the event, whose
///   storage keeps the dispatch serial, and the application's ``DeliveryRecorder`` strongly: 184.2 M → 176.4 M
///   instructions per replay of the 3M recording), and a touch's window location is computed once per step 3 for all
///   its built-in recognizers (``GestureArena/sampleEpoch``). Views, windows and the application have side tables (weak
///   references to them: superviews, recognizers' views, released touches, windows' application), so each retain and
///   release of them takes the runtime's slow path; the hot path avoids them: view depths and recognizers' ordering
///   keys are kept until the tree changes (``View/currentDepthStamp``), the event's window list is shared while every
///   touch is in one window, ``Window/sendEvent(_:)`` reaches the dispatcher through the event, and the application,
///   dispatcher and arena hold one another in `let`s where they own them. With the reused arrays emptied by
///   `Array.empty()`, the whole replay process of the 3M recording went from 184.2 M to 155.0 M instructions (issue
///   #13, second wave).
/// - Exclusivity: the state the runtime reads and writes on every input — of ``Touch``, ``Event``, ``View``,
///   ``GestureRecognizer``, the arena, the dispatcher, ``Application`` and its ``DeliveryRecorder`` — lives in one
///   ``UncheckedCell`` per object, read and written without Swift's run-time exclusivity checks (which would cost
///   half again a replay's instructions); the cell carries the measurements and the one safety argument.
/// - Sets: see above; the built-ins never get a `Set<Touch>`.
///
/// Measured with callgrind (release, issue #13): one replay of the 3M ten-finger recording through the photo
/// viewer 173.6 M → 139.2 M instructions (parse and decode included); a steady ten-finger frame under a pan
/// 33.2 k → 22.0 k; a ten-finger frame with 20 continuous recognizers all in `changed` 199 k → 82 k.
final class TouchDispatcher {
    /// The application the dispatcher belongs to (it owns the dispatcher).
    /// (Set by ``attach(to:)`` right after the application created the dispatcher, which it holds in a `let`.)
    unowned var application: Application!
    /// The event object, reused for every dispatch.
    let event = Event()
    /// The records of the touches the dispatcher made (``TouchRecord``), one per touch object, each reached by the
    /// index its touch keeps (``Touch/record``).
    let touchRecords = RecordTable<TouchRecord>(capacity: 32)
    /// The application's delivery log (held here so that recording does not go through ``application``).
    let recorder: DeliveryRecorder
    // The object's engine state, in a cell read and written without run-time exclusivity checks (the properties
    // that read and write it are accessors): the safety argument is ``UncheckedCell``'s.
    private let storage: UncheckedCell<TouchDispatcherStorage>

    /// The clock: the time of the latest frame, deadline or advance; `nil` before any input.
    private(set) var clock: Timestamp? {
        get { recorder.clock }
        set { recorder.clock = newValue }
    }

    /// Pending deadlines.
    private var deadlines: DeadlineQueue<any DeadlineTarget> {
        get { storage.value.deadlines }
        _modify { yield &storage.value.deadlines }
    }
    /// Tap counting across touches (spec §2.6).
    private var tapCounter: TapCounter {
        get { storage.value.tapCounter }
        _modify { yield &storage.value.tapCounter }
    }
    /// Every touch the dispatcher follows — in the event or discarded — by contact.
    private var touchesByContact: [TouchContact.ID: Touch] {
        get { storage.value.touchesByContact }
        _modify { yield &storage.value.touchesByContact }
    }
    /// The same touches, in the order they began.
    private var followedTouches: [Touch] {
        get { storage.value.followedTouches }
        _modify { yield &storage.value.followedTouches }
    }
    /// Reused buffer: the touches that began in the current frame.
    private var newTouches: [Touch] {
        get { storage.value.newTouches }
        _modify { yield &storage.value.newTouches }
    }
    /// Empty recognizer lists with capacity, taken from touches that left with none (step 6) and given to
    /// new touches (step 2), so that a new touch's ``Touch/gestureRecognizers`` needs no new array.
    private var spareRecognizerLists: [[GestureRecognizer]] {
        get { storage.value.spareRecognizerLists }
        _modify { yield &storage.value.spareRecognizerLists }
    }
    /// The most recognizers a touch has received so far: the room a new touch object's list is given.
    private var longestRecognizerList: Int {
        get { storage.value.longestRecognizerList }
        set { storage.value.longestRecognizerList = newValue }
    }
    /// Touches that left the pipeline, kept to become new touches (``makeTouch(for:at:)``, ``retire(_:)``).
    private var retiredTouches: [Touch] {
        get { storage.value.retiredTouches }
        _modify { yield &storage.value.retiredTouches }
    }
    /// The gesture arena: recognizers and the delivery of touches to views (steps 2.2–6).
    ///
    /// A `let`, not a `lazy var`: read many times per dispatch, a stored constant of the dispatcher needs neither
    /// the lazy check nor a retain and release around each use.
    let arena: GestureArena
    /// The serial number of the current (or latest) dispatch; starts at 1.
    private(set) var dispatchSerial: UInt64 {
        get { event.dispatchSerial }
        set { event.dispatchSerial = newValue }
    }

    /// How many touches the dispatcher follows (in the event or discarded); 0 between sequences.
    var followedTouchCount: Int { followedTouches.count }
    /// How many touches are found by their contact (``invariantViolation()``: as many as are followed).
    var touchesByContactCount: Int { touchesByContact.count }
    /// A touch kept for reuse that was not released (``invariantViolation()``: none).
    var firstUnreleasedRetiredTouch: Touch? { retiredTouches.first { !$0.record.isReleased } }

    /// Detaches the touches still in progress when the application goes away (its dispatcher with it): a
    /// touch holds its window, view and recognizers strongly, as UIKit's does, and they can lead back to it;
    /// the arena's `deinit` does the same for the touches its recognizers and held phases still hold.
    deinit {
        for touch in followedTouches { touch.detach() }
        for touch in event.touchList { touch.detach() }
        event.touchList.removeAll()
        event.recorder = nil  // an event kept by the application's code records nothing any more
        event.dispatcher = nil
    }

    /// Creates the dispatcher of `application`.
    /// Creates the dispatcher of an application with `configuration` that records to `recorder`; the application
    /// then calls ``attach(to:)``.
    init(configuration: Application.Configuration, recorder: DeliveryRecorder) {
        self.recorder = recorder
        arena = GestureArena(event: event, recorder: recorder)
        storage = UncheckedCell(TouchDispatcherStorage(
            tapCounter: TapCounter(interval: configuration.tapCountInterval, radius: configuration.tapCountRadius)
        ))
        event.recorder = recorder
        event.dispatcher = self
        arena.dispatcher = self
    }

    /// Makes `application` the dispatcher's application (its owner).
    func attach(to application: Application) {
        self.application = application
        event.application = application
    }

    // MARK: Inputs

    /// Runs due deadlines, then dispatches `frame`; `coalesced` lists, per contact, the samples a display-rate
    /// dispatch merged into the frame (oldest first, the last one the frame's).
    func dispatch(_ frame: TouchFrame, coalesced: [TouchContact.ID: [CoalescedSample]]? = nil) {
        runDeadlines(through: frame.timestamp)
        let time = startClock(at: frame.timestamp)
        dispatchSerial &+= 1
        // nothing changed: no dispatch (§1.2)
        guard updateTouches(with: frame, at: time, coalesced: coalesced) else { return }
        event.timestamp = time
        bindNewTouches(at: time)
        sendEventThroughApplication()
    }

    // MARK: sendEvent (spec §4.1)

    /// The windows of the touches that changed in the current frame dispatch, in the order of those touches
    /// (``Application/sendEvent(_:)`` sends the event to each); empty outside one.
    private(set) var eventWindows: [Window] {
        get { storage.value.eventWindows }
        _modify { yield &storage.value.eventWindows }
    }
    /// The serial number of the dispatch whose steps 3–5 ran (a window's `super.sendEvent` ran them).
    private var deliveredDispatch: UInt64 {
        get { storage.value.deliveredDispatch }
        set { storage.value.deliveredDispatch = newValue }
    }
    /// The window of every touch of the event, as a one-element list, when they all have the same one (the
    /// usual case); empty otherwise. Recomputed only when the event's touches changed (``isSoleWindowStale``):
    /// a touch's window is fixed from its binding until it leaves the event.
    private var soleWindow: [Window] {
        get { storage.value.soleWindow }
        _modify { yield &storage.value.soleWindow }
    }
    private var isSoleWindowStale: Bool {
        get { storage.value.isSoleWindowStale }
        set { storage.value.isSoleWindowStale = newValue }
    }
    /// Whether `Application.sendEvent(_:)` is running for the current frame dispatch.
    private var isSendingEvent: Bool {
        get { storage.value.isSendingEvent }
        set { storage.value.isSendingEvent = newValue }
    }
    /// For each of ``eventWindows``, whether its `super.sendEvent` delivered the window's touches in the current
    /// frame dispatch (reused storage).
    private var admittedWindows: [Bool] {
        get { storage.value.admittedWindows }
        _modify { yield &storage.value.admittedWindows }
    }
    /// The index in ``eventWindows`` of the window whose dropped ends are being cancelled
    /// (``cancelDroppedEnds(ofWindowAt:)``), or -1.
    private var droppedEndsWindow: Int {
        get { storage.value.droppedEndsWindow }
        set { storage.value.droppedEndsWindow = newValue }
    }
    /// Whether the current steps 3–5 deliver the touches of some windows of the event only (kept by the arena,
    /// which reads it in every step 5).
    private var isDeliveringByWindow: Bool {
        get { arena.isDeliveringByWindow }
        set { arena.isDeliveringByWindow = newValue }
    }

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
    /// When every touch of the event is in one window (``soleWindow``), that window is the list whenever one of
    /// them changed: the list is shared, not rebuilt, so no window is retained and released per dispatch (a
    /// window has a side table, its reference counting takes the slow path).
    private func sendEventThroughApplication() {
        let serial = dispatchSerial
        if isSoleWindowStale { updateSoleWindow() }
        let isShared = !soleWindow.isEmpty
        if isShared {
            if event.touchList.contains(where: { $0.record.changedInDispatch == serial }) { eventWindows = soleWindow }
        } else {
            for touch in event.touchList where touch.record.changedInDispatch == serial {
                guard let window = touch.window, !eventWindows.contains(where: { $0 === window }) else { continue }
                eventWindows.append(window)
            }
        }
        if eventWindows.isEmpty {
            deliverEvent()
        } else {
            for _ in eventWindows { admittedWindows.append(false) }
            isSendingEvent = true
            application.sendEvent(event)
            isSendingEvent = false
            if admittedWindows.contains(false) { dropUndeliveredTouches() }
            admittedWindows.removeAll(keepingCapacity: true)
            isDeliveringByWindow = false
        }
        if isShared {
            eventWindows = []  // drops the shared list (emptying it in place would copy it)
        } else {
            eventWindows.empty()
        }
        cleanUp()
    }

    /// Recomputes ``soleWindow`` from the event's touches.
    private func updateSoleWindow() {
        isSoleWindowStale = false
        soleWindow.removeAll(keepingCapacity: true)
        var sole: Window?
        for touch in event.touchList {
            guard let window = touch.window, sole == nil || sole === window else { return }
            sole = window
        }
        if let sole { soleWindow.append(sole) }
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
        guard isSendingEvent, event === self.event,
            let index = eventWindows.firstIndex(where: { $0 === window }), !admittedWindows[index]
        else { return }
        admittedWindows[index] = true
        guard eventWindows.count > 1 else {
            deliverEvent()
            return
        }
        isDeliveringByWindow = true
        arena.deliverTouches(in: window, endsOnly: false)
        resolveAndDeliverToViews()
    }

    /// Whether the phase `touch` got in the current dispatch may reach its view now, while
    /// ``isDeliveringByWindow``: a touch that did not change in it (a withheld phase to flush) may; one that did,
    /// once its window delivered the event, or while its window's dropped end is being cancelled.
    func admits(_ touch: Touch) -> Bool {
        guard touch.record.changedInDispatch == dispatchSerial else { return true }
        guard let window = touch.window, let index = eventWindows.firstIndex(where: { $0 === window }) else {
            return false
        }
        if index == droppedEndsWindow { return touch.phase.isFinal }
        return admittedWindows[index]
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
        let serial = dispatchSerial
        for index in eventWindows.indices where !admittedWindows[index] {
            let window = eventWindows[index]
            var hasEnds = false
            for touch in event.touchList where touch.record.changedInDispatch == serial && touch.window === window {
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
        recorder.record(.touchIgnored(touch.id, reason: reason))
        // Its recognizers never got it: one that got no other touch forgets the touch type it noted (step 2.2).
        for recognizer in touch.record.recognizerList where recognizer.arena == nil {
            recognizer.record.touchTypeSinceReset = nil
        }
        touch.record.recognizerList.removeAll(keepingCapacity: true)
    }

    /// Steps 3–5 for the touches of the window at `index` in ``eventWindows`` whose end the window dropped (now
    /// cancelled): their recognizers and views get `touchesCancelled`.
    private func cancelDroppedEnds(ofWindowAt index: Int) {
        droppedEndsWindow = index
        isDeliveringByWindow = true
        arena.deliverTouches(in: eventWindows[index], endsOnly: true)
        resolveAndDeliverToViews()
        droppedEndsWindow = -1
    }

    /// Steps 3–5 of the current dispatch for every touch, once.
    private func deliverEvent() {
        guard deliveredDispatch != dispatchSerial else { return }
        deliveredDispatch = dispatchSerial
        arena.deliverTouches()
        resolveAndDeliverToViews()
    }

    /// Runs due deadlines, then cancels every followed touch in one dispatch (spec §1.2 rule 5), and every
    /// touch that already lifted but whose `ended` is still withheld from its view: that view gets
    /// `touchesCancelled` instead (a view never left with a touch that neither ended nor was cancelled).
    func cancelAllTouches(at time: Timestamp) {
        runDeadlines(through: time)
        let time = startClock(at: time)
        guard !followedTouches.isEmpty || !arena.heldTouches.isEmpty else { return }
        dispatchSerial &+= 1
        for touch in followedTouches {
            touch.finish(.cancelled, at: nil, time: time, dispatch: dispatchSerial)
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
        dispatchSerial &+= 1
        event.timestamp = clock ?? .zero
        finishDispatch()
    }

    /// Steps 4 and 5 — again while responders asked for recognizer state changes during step 5 — then step 6.
    private func finishDispatch() {
        resolveAndDeliverToViews()
        cleanUp()
    }

    /// Steps 4 and 5, again while responders asked for recognizer state changes during step 5.
    private func resolveAndDeliverToViews() {
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
        swap(&effects, &self.effects)
        while true {
            let isDone = decide(&effects)
            if isDone, effects.isEmpty { break }  // step 4's usual end: nothing to perform
            perform(&effects)
            if isDone { break }
        }
        self.effects = effects
    }

    /// Whether the effect buffer is back and empty (the invariants between inputs).
    var hasNoEffectsLeft: Bool { effects.isEmpty && viewTouchSet.isEmpty }

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

    /// Runs every deadline due at or before `time`, then moves the clock to `time` (never backwards).
    func advance(to time: Timestamp) {
        runDeadlines(through: time)
        if clock.map({ time > $0 }) ?? true { clock = time }
    }

    /// The time of the earliest pending deadline.
    var nextDeadline: Timestamp? { deadlines.nextDue }

    /// Adds a deadline for `owner`.
    func scheduleDeadline(at time: Timestamp, for owner: any DeadlineTarget) -> DeadlineToken {
        deadlines.schedule(at: time, for: owner)
    }

    /// Removes a deadline.
    func cancelDeadline(_ token: DeadlineToken) -> Bool {
        deadlines.cancel(token)
    }

    /// Sets the clock for input stamped `time` and returns the dispatch time: `time`, or the clock when
    /// `time` is earlier (recorded as a diagnostic), so that time never runs backwards.
    private func startClock(at time: Timestamp) -> Timestamp {
        if let clock, time < clock {
            recorder.record(.inputDiagnostic(.timeWentBackwards(frame: time, clock: clock)))
            return clock
        }
        clock = time
        return time
    }

    /// Runs the deadlines due at or before `time`, each as a timer dispatch (spec §4.2, §5.14).
    private func runDeadlines(through time: Timestamp) {
        while let entry = deadlines.popDue(atOrBefore: time) {
            let due = startClock(atDeadline: entry.due)
            dispatchSerial &+= 1
            event.timestamp = due
            recorder.record(.deadline(owner: entry.owner.logName))
            entry.owner.deadlinePassed(entry.token, in: event)
            finishDispatch()
        }
    }

    /// The clock for a deadline: a deadline scheduled in the past runs at the clock's time.
    private func startClock(atDeadline due: Timestamp) -> Timestamp {
        if let clock, due < clock { return clock }
        clock = due
        return due
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
        let serial = dispatchSerial
        var changed = false
        newTouches.empty()
        for contact in frame.contacts {
            let finiteLocation: Point? = isFinite(contact.location) ? contact.location : nil
            guard let touch = touchesByContact[contact.id] else {
                switch contact.phase {
                case .began:
                    guard finiteLocation != nil else {
                        recorder.record(.inputDiagnostic(.nonFiniteLocation(contact.id)))
                        continue
                    }
                    if !isPreparedForTouches { prepareForTouches() }
                    let touch = makeTouch(for: contact, at: time)
                    touch.record.listedInDispatch = serial
                    touch.record.changedInDispatch = serial
                    touchesByContact[contact.id] = touch
                    followedTouches.append(touch)
                    newTouches.append(touch)
                    changed = true
                case .moved, .stationary, .ended, .cancelled:
                    recorder.record(.inputDiagnostic(.unknownContact(contact.id, phase: contact.phase)))
                }
                continue
            }
            guard touch.record.listedInDispatch != serial else {
                recorder.record(.inputDiagnostic(.repeatedContact(contact.id)))
                continue
            }
            touch.record.listedInDispatch = serial
            touch.updateAttributes(from: contact)
            if let coalesced, let samples = coalesced[contact.id], samples.count > 1 {
                // Every sample feeds the touch's motion (for predictions); the last is applied below.
                for sample in samples.dropLast() where isFinite(sample.location) {
                    touch.record.motion.add(sample.location, at: sample.timestamp)
                }
                touch.record.coalescedSamples = samples.filter { isFinite($0.location) }
                touch.record.coalescedInDispatch = serial
            }
            if finiteLocation == nil { recorder.record(.inputDiagnostic(.nonFiniteLocation(contact.id))) }
            switch contact.phase {
            case .began:
                recorder.record(.inputDiagnostic(.duplicateBegan(contact.id)))
                fallthrough
            case .moved, .stationary:
                if let location = finiteLocation, location != touch.screenLocation {
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
        for touch in followedTouches where touch.record.changedInDispatch != serial {
            touch.phase = .stationary
        }
        return true
    }

    private func isFinite(_ point: Point) -> Bool { point.x.isFinite && point.y.isFinite }

    // MARK: Steps 0 and 2 — bind new touches

    /// Binds the touches that began in this frame, lowest slot first (then lowest contact), and records
    /// why a touch will not reach a view.
    private func bindNewTouches(at time: Timestamp) {
        guard !newTouches.isEmpty else { return }
        newTouches.sort { ($0.record.slot, $0.id) < ($1.record.slot, $1.id) }
        for touch in newTouches {
            // The event holds the touch while the delegates are asked about it (step 2.3): a delegate's
            // `gestureRecognizer(_:shouldReceive:)` for the event finds it in `allTouches`, as in UIKit.
            touch.record.isInEvent = true
            event.touchList.append(touch)
            let delivery = bind(touch, at: time)
            touch.record.route = delivery
            switch delivery {
            case .discarded(let reason):
                recorder.record(.touchIgnored(touch.id, reason: reason))
                touch.record.isInEvent = false
                if let index = event.touchList.lastIndex(where: { $0 === touch }) { event.touchList.remove(at: index) }
            case .rejected(_, let reason):
                recorder.record(.touchIgnored(touch.id, reason: reason))
                isSoleWindowStale = true
            case .bound:
                isSoleWindowStale = true
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
        guard let view = application.hitTest(touch.screenLocation, with: event) else { return .discarded(.noView) }
        touch.window = view.window
        touch.tapCount = tapCounter.tapCount(forTouchBeganAt: touch.record.beganScreenLocation, at: time)
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
            // brings its own empty list's storage.value.
            var recognizers: [GestureRecognizer] = []
            swap(&recognizers, &touch.record.recognizerList)
            if recognizers.capacity == 0 {
                // A new touch object: a spare list, or room for as many recognizers as any touch had so far.
                if let spare = spareRecognizerLists.popLast() { recognizers = spare }
                recognizers.reserveCapacity(longestRecognizerList)
            }
            arena.collectCandidates(for: touch, hitView: view, into: &recognizers)
            longestRecognizerList = max(longestRecognizerList, recognizers.count)
            touch.record.recognizerList = recognizers
        }
        return delivery
    }

    // MARK: Steps 1 and 6 — new touches from finished ones

    /// How many touches the dispatcher makes room for before the first one begins: a full hand.
    static let handSize = 10
    /// How many touch objects are made ahead of use: a hand's worth, twice (the fingers of one frame can land
    /// while the previous hand's touches are still withheld).
    private static let preparedTouchCount = 2 * handSize
    /// How many recognizers get room for a hand's touches ahead of use.
    private static let preparedRecognizerCount = 256
    /// The longest recognizer list a touch is given room for ahead of use (``prepareForTouches()``).
    private static let preparedRecognizerRoom = 32

    /// Whether ``prepareForTouches()`` ran.
    private var isPreparedForTouches: Bool {
        get { storage.value.isPreparedForTouches }
        set { storage.value.isPreparedForTouches = newValue }
    }

    /// Makes room, when the first touch ever begins, for a hand's worth of touches (``handSize``), so that
    /// replayed or live frames of up to ten fingers allocate nothing, even the first time each number of fingers
    /// lands (issue #13, P2):
    /// - twice that many touch objects in the pool of retired touches (the fingers of a frame can land while the
    ///   previous hand's touches are still withheld), each with a recognizer list as long as the application's
    ///   windows have recognizers (at most 32: a list that a longer chain of views needs grows once);
    /// - room for as many touches in each recognizer's list of tracked touches (the first 256 recognizers found; a
    ///   recognizer keeps the touches it tracked until it resets, so fingers that come and go while it stays
    ///   possible can add up to more), and the same recognizers' records in the arena's table
    ///   (``GestureRecognizer/prepareRecord(in:)``), so that none is made mid-dispatch;
    /// - a list of recognizers waited for per recognizer that requires others to fail (at most
    ///   ``GestureArena/spareWaitListLimit``), with room for the longest such requirement list;
    /// - the capacity of the dispatcher's per-touch lists and of the arena's lists of recognizers taking part.
    ///
    /// Done at the first touch, not when the application is made: only then are the windows and their recognizers
    /// there. More fingers, or recognizers added later, grow a list once.
    private func prepareForTouches() {
        isPreparedForTouches = true
        // The recognizers of the windows' views (the first 256 found get room for two hands' touches).
        var recognizerCount = 0
        // Those that require others to fail (each may wait at once), and the longest such requirement list.
        var waitCount = 0
        var waitRoom = 0
        var views: [View] = application.windows
        while let view = views.popLast() {
            for recognizer in view.gestureRecognizers {
                if recognizerCount < Self.preparedRecognizerCount {
                    recognizer.trackedTouches.reserveCapacity(Self.preparedTouchCount)
                    recognizer.prepareRecord(in: arena.recognizerRecords)
                    let requirements = recognizer.failureRequirements.count
                    if requirements > 0 {
                        waitCount += 1
                        waitRoom = max(waitRoom, requirements)
                    }
                }
                recognizerCount += 1
            }
            views.append(contentsOf: view.subviews)
        }
        let room = min(recognizerCount, Self.preparedRecognizerRoom)
        longestRecognizerList = max(longestRecognizerList, room)
        arena.reserveRoom(
            forRecognizers: room, touches: Self.preparedTouchCount, waits: waitCount, waitRoom: waitRoom)
        touchesByContact.reserveCapacity(Self.handSize)
        followedTouches.reserveCapacity(Self.handSize)
        newTouches.reserveCapacity(Self.handSize)
        event.touchList.reserveCapacity(Self.handSize)
        admittedWindows.reserveCapacity(4)
        retiredTouches.reserveCapacity(Self.retiredTouchLimit)
        spareRecognizerLists.reserveCapacity(Self.spareRecognizerListLimit)
        let placeholder = TouchContact(id: TouchContact.ID(0), phase: .began, location: .zero)
        while retiredTouches.count < Self.preparedTouchCount {
            let touch = Touch(contact: placeholder, timestamp: .zero, records: touchRecords)
            touch.record.recognizerList.reserveCapacity(room)
            touch.release()
            retiredTouches.append(touch)
        }
    }

    /// At most this many touches are kept for reuse (``retiredTouches``): one per finger of a full hand, twice.
    private static let retiredTouchLimit = 20

    /// The touch of `contact`, which begins at `time`: a retired touch that no one else can reach, reused, or
    /// a new one.
    ///
    /// A retired touch is reused only when the dispatcher holds the only reference to it: no other strong one
    /// (`isKnownUniquelyReferenced`: a responder, a recognizer subclass or an application that kept it — UIKit
    /// advises against it, apps do it anyway — still sees it exactly as it ended) and no `weak` or `unowned` one
    /// (``Touch/isUnobserved``: a weak reference an application keeps becomes `nil` once it lets go of the
    /// touch, never names another touch). One that became observed while retired is dropped, so it is freed
    /// when its other owners let go. Tactile's own unretained lists (``UnretainedList``) never outlive a
    /// dispatch, so none can name a retired touch.
    private func makeTouch(for contact: TouchContact, at time: Timestamp) -> Touch {
        var index = retiredTouches.count
        while index > 0 {
            index -= 1
            guard retiredTouches[index].isUnobserved else {
                retiredTouches.remove(at: index)
                continue
            }
            guard isKnownUniquelyReferenced(&retiredTouches[index]) else { continue }
            let touch = retiredTouches.remove(at: index)
            touch.reuse(for: contact, at: time)
            return touch
        }
        return Touch(contact: contact, timestamp: time, records: touchRecords)
    }

    /// Releases a touch that left the pipeline (``Touch/release()``: step 6, or the arena once a withheld phase
    /// of it was delivered) and keeps it for reuse while no one watches it weakly (``makeTouch(for:at:)``);
    /// otherwise keeps its empty recognizer list for a new touch.
    func retire(_ touch: Touch) {
        guard !touch.record.isReleased else { return }  // retired once, so never kept twice
        touch.release()
        if touch.isUnobserved, retiredTouches.count < Self.retiredTouchLimit {
            retiredTouches.append(touch)
            return
        }
        // Recognizers reset in step 6 have left its list; an empty list is all anyone can see of it now.
        if touch.record.recognizerList.isEmpty, touch.record.recognizerList.capacity > 0,
            spareRecognizerLists.count < Self.spareRecognizerListLimit
        {
            spareRecognizerLists.append(touch.record.recognizerList)
            touch.record.recognizerList = []
        }
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
        for other in event.touchList {
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

    // MARK: Step 5 — responder calls

    /// Reused storage: the set of touches handed to a view's touch method (empty between calls).
    private var viewTouchSet: Set<Touch> {
        get { storage.value.viewTouchSet }
        _modify { yield &storage.value.viewTouchSet }
    }
    /// The arena's effect buffer (``perform(_:)``), kept with its storage between dispatches.
    private var effects: ArenaEffects {
        get { storage.value.effects }
        _modify { yield &storage.value.effects }
    }

    /// One responder call of an effect: `touches` in `phase` to `view`, each presented as the arena planned (a
    /// flushed began as when the touch went down, a flushed move as moved from there, spec §5.8) for the call
    /// only. The set handed over is the dispatcher's reused one (a responder that keeps it keeps a copy: the next
    /// call then allocates anew).
    private func deliver(_ phase: TouchPhase, _ touches: Range<Int>, of effects: ArenaEffects, to view: View) {
        var set = viewTouchSet
        viewTouchSet = []
        set.reserveCapacity(touches.count)
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
                    touch.present(phase: .moved, location: touch.screenLocation,
                                  previous: touch.record.beganScreenLocation, timestamp: touch.timestamp)
                }
                presents = true
            }
        }
        deliver(phase, set, to: view)
        if presents { for touch in set { touch.endPresentation() } }
        set.removeAll(keepingCapacity: true)
        viewTouchSet = set
    }

    /// Records and makes one responder call: `touches` in `phase` to `view`, their first responder.
    private func deliver(_ phase: TouchPhase, _ touches: Set<Touch>, to view: View) {
        #if DEBUG
        if arena.isDeciding { preconditionFailure("a responder call made while the arena decides: return an effect") }
        #endif
        event.record(.touches(phase, responder: view.logName, touches: Touch.sortedIDs(touches)))
        view.handle(phase, touches, with: event)
    }

    // MARK: Step 6 — clean up

    /// Resets finished recognizers, then forgets the touches that ended or were cancelled (they leave the
    /// event; the arena keeps those with a withheld phase) and remembers the ones that ended as taps for
    /// ``Touch/tapCount``.
    /// At most this many ``spareRecognizerLists`` are kept (one per finger of a full hand, twice).
    private static let spareRecognizerListLimit = 20

    private func cleanUp() {
        arena.resetFinished()
        var anyFinished = false
        for touch in followedTouches where touch.phase.isFinal {
            anyFinished = true
            touchesByContact.removeValue(forKey: touch.id)
            touch.record.isInEvent = false
            if touch.phase == .ended, touch.record.route.isBound, !touch.record.route.isDroppedByWindow {
                tapCounter.touchEnded(beganAt: touch.record.beganScreenLocation, tapCount: touch.tapCount, at: touch.timestamp)
            }
            if !arena.holdIfWithheld(touch) { retire(touch) }
        }
        guard anyFinished else { return }
        followedTouches.removeAll { $0.phase.isFinal }
        event.touchList.removeAll { $0.phase.isFinal }
        isSoleWindowStale = true
    }
}

/// One input sample of a touch that a display-rate dispatch merged into a single change
/// (``Event/coalescedTouches(for:)``).
typealias CoalescedSample = (location: Point, timestamp: Timestamp)

/// The stored state behind ``TouchDispatcher``'s runtime properties (see its `storage`).
struct TouchDispatcherStorage {
    var deadlines: DeadlineQueue<any DeadlineTarget> = DeadlineQueue<any DeadlineTarget>()
    var tapCounter: TapCounter
    var touchesByContact: [TouchContact.ID: Touch] = [:]
    var followedTouches: [Touch] = []
    var newTouches: [Touch] = []
    var spareRecognizerLists: [[GestureRecognizer]] = []
    var retiredTouches: [Touch] = []
    var longestRecognizerList: Int = 0
    var eventWindows: [Window] = []
    var soleWindow: [Window] = []
    var isSoleWindowStale: Bool = true
    var deliveredDispatch: UInt64 = 0
    var isSendingEvent: Bool = false
    var admittedWindows: [Bool] = []
    var droppedEndsWindow: Int = -1
    var isPreparedForTouches: Bool = false
    var viewTouchSet = Set<Touch>(minimumCapacity: 10)
    var effects = ArenaEffects(capacity: 16)
}
