/// The one place where gesture recognizers are coordinated with each other and with views (spec §4.2 steps
/// 2–6, §5.4–§5.14).
///
/// **The rule.** A touch goes to every enabled recognizer of its hit view and of the view's ancestors — deepest
/// view first, then in the order the recognizers were added — before its view; a recognizer's attempt to leave
/// `possible` is gated by its delegate and the views in between, waits (reading `possible`) while a recognizer
/// it requires to fail is undecided and fails if that one recognizes, fails if an active recognizer sharing a
/// touch can prevent it, and otherwise commits — cancelling its touches in their views, then sending its
/// action, then failing every undecided recognizer sharing a touch that it can prevent — while views are held
/// back from the began or ended phases of touches that a recognizer delaying them may still take.
///
/// What each part does, in pipeline order:
/// - step 2 (``candidates(for:hitView:)``): which recognizers see a touch (spec §5.6), fixed when it begins;
/// - step 3 (``deliverTouches()``): each recognizer gets its changed touches, `began, moved, ended, cancelled`,
///   recognizers ordered by view depth (deepest first), then by their index on the view;
/// - step 4 (``resolve(into:)``, `GestureArena+Resolution.swift`): requested state changes are processed in the order
///   of spec §5.13 (an attempt that can prevent another without being preventable by it goes first, then the
///   deeper view, then the index on the view), with the gates, failure requirements and exclusion of spec
///   §5.10–§5.12, until nothing changes;
/// - step 5 (``deliverToViews(into:)``, `GestureArena+ViewDelivery.swift`): touches reach their views unless claimed,
///   and began and ended phases are withheld and later flushed, released or cancelled (spec §5.7–§5.9);
/// - step 6 (``resetFinished()``): recognizers that reached a final state are reset and detached (spec §5.4).
///
/// Timers are the recognizers' deadlines on the application's clock (spec §5.14). Every state change and
/// decision is recorded in the delivery log with its reason (``Delivery/Kind/recognizerState(recognizer:from:to:reason:)``,
/// ``Delivery/Kind/action(recognizer:state:)``, ``Delivery/Kind/arena(_:)``).
///
/// The steady-state move path (a recognizer in `changed`, its touches claimed) allocates nothing: the lists
/// here, the recognizers' request queues, touch sets and sample buffers keep their storage, and log entries are
/// only built while someone records them. Measured in a release build with the log off and an `LD_PRELOAD`
/// malloc counter: 0 allocations per frame for ten fingers moving under a pan in `changed` (also when its action
/// reads `translation(in:)`, `velocity(in:)` and `location(in:)` in a view), 0 for a pinch and a rotation changing
/// together, 0 for a scroll view scrolling, 0 when the pan does not cancel touches in views (the view's touch set
/// is reused, ``TouchDispatcher``'s `viewTouchSet`).
@MainActor
final class GestureArena {
    /// The dispatcher that owns the arena.
    /// (Set by the dispatcher right after it created the arena, which it holds in a `let`: see its ``arena``.)
    unowned var dispatcher: TouchDispatcher!
    /// The dispatcher's event and the application's delivery log, held here so that the hot path reaches them
    /// without going through ``dispatcher`` (each read of an `unowned` reference is a retain and a release).
    let event: Event
    let recorder: DeliveryRecorder

    /// The arena's state (``GestureArenaStorage``): the recognizers taking part and one value per step that keeps
    /// any, in a cell read and written without run-time exclusivity checks (the safety argument is
    /// ``UncheckedCell``'s), each reached in place through the cell's own addressor, `storage.value.resolution`,
    /// never through an accessor of the arena (see the dispatcher's `storage`).
    let storage = UncheckedCell(GestureArenaStorage())
    /// The arena's records of the recognizers that took part in it (``RecognizerRecord``), each reached by the
    /// index its recognizer keeps (``GestureRecognizer/record``); a recognizer's record moves here when it first
    /// takes part (``engage(_:)``) and stays while the recognizer lives.
    let recognizerRecords = RecordTable<RecognizerRecord>(capacity: 64)
    /// The paths of superviews the gate walked, and the views on them that may refuse a recognizer.
    let gatePaths = GatePaths()

    /// At most this many emptied lists of recognizers a pending one waited for are kept for the next wait
    /// (``Resolution/spareWaitLists``).
    static let spareWaitListLimit = 8

    /// The order of touch calls inside one dispatch (spec §4.2 steps 3 and 5).
    static let phaseOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    /// Clears ``GestureRecognizer/arena`` on the recognizers still engaged, so that none keeps a dangling
    /// reference when the application goes away mid-gesture (the reference is unowned, see there).
    ///
    /// It also breaks the reference cycles of a gesture in progress (touch → its recognizers → their tracked
    /// touches → …, touch → window → views → recognizers → touch): the touches it still knows are detached
    /// (``Touch/detach()``) and its recognizers forget their touches, so that dropping an application with
    /// touches down frees its windows, views, recognizers and touches.
    isolated deinit {
        for recognizer in storage.value.engaged {
            for touch in recognizer.storage.value.trackedTouches { touch.detach() }
            recognizer.storage.value.trackedTouches.removeAll()
            recognizer.record.touchBuffer.removeAll()
            recognizer.record.changedTouches.removeAll()
            if recognizer.arena === self { recognizer.arena = nil }
        }
        for touch in storage.value.viewDelivery.heldTouches { touch.detach() }
    }

    /// Creates the arena of `dispatcher`.
    /// Creates the arena of the dispatcher that owns `event` and records to `recorder`; the dispatcher then sets
    /// ``dispatcher``.
    init(event: Event, recorder: DeliveryRecorder) {
        self.event = event
        self.recorder = recorder
        storage.value.engaged.reserveCapacity(16)
        storage.value.resolution.queued.reserveCapacity(16)
        storage.value.resolution.processing.reserveCapacity(16)
        storage.value.resolution.pending.reserveCapacity(8)
        storage.value.cleanup.finished.reserveCapacity(16)
        storage.value.viewDelivery.heldTouches.reserveCapacity(10)
        storage.value.viewDelivery.claimedTouches.reserveCapacity(10)
        storage.value.resolution.spareWaitLists.reserveCapacity(Self.spareWaitListLimit)
        storage.value.viewDelivery.receivingViews.reserveCapacity(8)
        storage.value.cleanup.detaching.reserveCapacity(16)
        storage.value.cleanup.detachingTouches.reserveCapacity(10)
    }

    /// Gives the lists of recognizers taking part room for `count` of them, the list of touches detaching
    /// from recognizers room for `touchCount`, and keeps `waitCount` lists of recognizers waited for with room
    /// for `waitRoom` each (at most ``spareWaitListLimit``), so that a dispatch in which that many recognizers
    /// take part, and that many wait for their failure requirements at once, allocates nothing the first time
    /// either (``TouchDispatcher``'s preparation at the first touch).
    func reserveRoom(forRecognizers count: Int, touches touchCount: Int, waits waitCount: Int, waitRoom: Int) {
        storage.value.cleanup.detachingTouches.reserveCapacity(touchCount)
        storage.value.engaged.reserveCapacity(count)
        storage.value.resolution.queued.reserveCapacity(count)
        storage.value.resolution.processing.reserveCapacity(count)
        storage.value.cleanup.finished.reserveCapacity(count)
        storage.value.cleanup.detaching.reserveCapacity(count)
        while storage.value.resolution.spareWaitLists.count < min(waitCount, Self.spareWaitListLimit) {
            var list: [GestureRecognizer] = []
            list.reserveCapacity(max(waitRoom, 1))
            storage.value.resolution.spareWaitLists.append(list)
        }
    }

    var application: Application { dispatcher.application }

    /// Whether the application records deliveries (``Application/deliveryObserver``, a stored log): kept by the
    /// application, so that the hot path neither builds entries nor reaches the application when nothing reads
    /// them.
    var isRecording: Bool { recorder.storage.value.isRecording }

    /// Appends an entry to the application's delivery log; `kind` is only evaluated while it records.
    func log(_ kind: @autoclosure () -> Delivery.Kind) {
        guard recorder.storage.value.isRecording else { return }
        storage.value.touchDelivery.sampleEpoch &+= 1  // the observer may have moved views
        recorder.log(kind())
    }

    var serial: UInt64 { event.storage.value.dispatchSerial }

    /// Whether requests wait to be processed.
    var hasRequests: Bool { !storage.value.resolution.queued.isEmpty }

    // MARK: Step 2 — candidates

    /// Steps 2.2–2.4: the recognizers that will receive `touch` — the enabled ones attached to `hitView` and to
    /// each of its ancestors up to and including its window, deepest first and in the order added, that accept
    /// the touch's type, and whose delegate accepts the event and the touch — fixed from now on.
    ///
    /// Spec §5.6: a touch whose ``Touch/type`` is not in ``GestureRecognizer/allowedTouchTypes`` is not given to
    /// the recognizer, nor one of another type than the recognizer's first touch since its reset when it
    /// ``GestureRecognizer/requiresExclusiveTouchType``. The delegate's
    /// `gestureRecognizer(_:shouldReceive:)` for the event is asked once per recognizer and dispatch, before
    /// the one for the touch (only when the event is accepted); `touch.view` is already set for both.
    func candidates(for touch: Touch, hitView: View) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        collectCandidates(for: touch, hitView: hitView, into: &result)
        return result
    }

    /// ``candidates(for:hitView:)`` appended to `result`, whose storage the caller may reuse.
    func collectCandidates(for touch: Touch, hitView: View, into result: inout [GestureRecognizer]) {
        var current: View? = hitView
        while let view = current {
            for recognizer in view.gestureRecognizers where recognizer.isEnabled {
                guard recognizer.allowedTouchTypes.contains(touch.type) else { continue }
                if recognizer.requiresExclusiveTouchType, let type = recognizer.record.touchTypeSinceReset,
                    type != touch.type
                {
                    continue
                }
                if let delegate = recognizer.delegate {
                    if recognizer.record.eventAnswer.dispatch != serial {
                        recognizer.record.eventAnswer = (serial, delegate.gestureRecognizer(recognizer, shouldReceive: event))
                    }
                    guard recognizer.record.eventAnswer.accepted,
                        delegate.gestureRecognizer(recognizer, shouldReceive: touch)
                    else { continue }
                }
                if recognizer.record.touchTypeSinceReset == nil { recognizer.record.touchTypeSinceReset = touch.type }
                result.append(recognizer)
            }
            if view is Window { break }
            current = view.superview
        }
    }

    // MARK: Step 3 — deliver to recognizers

    /// Step 3: gives each recognizer the touches of its own that changed in this dispatch, one call per phase in
    /// the order began, moved, ended, cancelled (stationary touches are not passed), recognizers deepest view
    /// first, then in the order added. Recognizers in a final state get nothing.
    ///
    /// Linear in the number of (changed touch, recognizer) pairs: each recognizer's changed touches are gathered
    /// once (``RecognizerRecord/changedTouches``), not looked up in every touch's list for every phase.
    ///
    /// With `window`, only the touches of that window (spec §4.1: its `sendEvent` delivers them), and with
    /// `endsOnly` only those that ended or were cancelled; a recognizer's touches are all in its view's window.
    func deliverTouches(in window: Window? = nil, endsOnly: Bool = false) {
        let serial = self.serial
        // One number per step 3 (a dispatch delivering window by window runs several), so that each pass gathers
        // a recognizer's touches afresh.
        storage.value.touchDelivery.stepThreePass &+= 1
        let pass = storage.value.touchDelivery.stepThreePass
        // The event and its touch list do not change during step 3 (inputs sent from a touch method are queued).
        let event = self.event
        storage.value.touchDelivery.sampleEpoch &+= 1
        storage.value.touchDelivery.receivers.removeAll()
        // Gathering runs no outside code: the lists are walked without retaining their elements.
        UnretainedList.forEach(in: event.storage.value.touchList) { touch in
            guard touch.record.changedInDispatch == serial else { return }
            if let window {
                guard touch.window === window, !endsOnly || touch.phase.isFinal else { return }
            }
            let phase = ViewPhases(touch.phase)
            // The stored list, not ``Touch/gestureRecognizers`` (a copy, filtered while reset recognizers are
            // being detached): outside ``resetFinished()`` it holds no detaching recognizer.
            assert(touch.record.pendingDetachments == 0, "step 3 inside resetFinished()")
            UnretainedList.forEach(in: touch.record.recognizerList) { recognizer in
                if recognizer.record.gather(touch, phase: phase, pass: pass) {
                    updateOrderKeys(recognizer)
                    storage.value.touchDelivery.receivers.append(recognizer)
                }
            }
        }
        guard !storage.value.touchDelivery.receivers.isEmpty else { return }
        storage.value.touchDelivery.receivers.sort(by: precedes)
        // One copy of the list for the loop (nothing appends to it during step 3), not one per recognizer; it
        // ends before the list is emptied, so that emptying it keeps its storage (a shared one would be copied).
        do {
            let ordered = storage.value.touchDelivery.receivers
            var index = 0
            while index < ordered.count {
                ordered.withElement(at: index) { deliver(to: $0, event) }
                index += 1
            }
        }
        storage.value.touchDelivery.receivers.removeAll()
    }

    /// Step 3 for one recognizer: its changed touches, one call per phase. A built-in's own class reads them
    /// directly; any other class (a subclass may override the touch methods) gets them as a set, through its
    /// touch methods.
    private func deliver(to recognizer: GestureRecognizer, _ event: Event) {
        // Phases none of its touches changed to have nothing to collect (touch phases are fixed in step 3).
        let phases = recognizer.record.receivedPhases
        let direct = recognizer.isExactlyBuiltIn
        for phase in Self.phaseOrder where phases.contains(ViewPhases(phase)) {
            guard !recognizer.record.status.isFinal,
                direct ? recognizer.record.changedTouches.contains(where: { $0.phase == phase }) : collect(phase, for: recognizer)
            else { continue }
            if phase == .began {
                engage(recognizer)
                // In the event's order (not the set's), so that everything derived from it is deterministic:
                // `changedTouches` is in that order, and its began touches are what `collect` just gathered.
                recognizer.record.changedTouches.forEach { touch in
                    guard touch.phase == .began,
                          !recognizer.storage.value.trackedTouches.containsElement(where: { $0 === touch })
                    else { return }
                    recognizer.storage.value.trackedTouches.append(touch)
                }
            }
            if direct {
                recognizer.feedMachineFromChangedTouches(
                    phase, epoch: storage.value.touchDelivery.sampleEpoch, at: event.timestamp)
            } else {
                recognizer.handle(phase, recognizer.record.touchBuffer, with: event)
                storage.value.touchDelivery.sampleEpoch &+= 1  // its code may have moved views
            }
        }
        if !direct { recognizer.record.touchBuffer.removeAll(keepingCapacity: true) }
        recognizer.record.changedTouches.removeAll()
    }

    /// Fills `recognizer.touchBuffer` with its touches that changed to `phase` in this dispatch — those still
    /// listing it (``GestureRecognizer/stopTracking(_:reason:)`` takes an ignored touch out of
    /// ``RecognizerRecord/changedTouches`` too); returns whether there is any.
    private func collect(_ phase: TouchPhase, for recognizer: GestureRecognizer) -> Bool {
        recognizer.record.touchBuffer.removeAll(keepingCapacity: true)
        recognizer.record.changedTouches.forEach { touch in
            if touch.phase == phase { recognizer.record.touchBuffer.insert(touch) }
        }
        return !recognizer.record.touchBuffer.isEmpty
    }

    // MARK: Requests

    /// Lists `recognizer` as taking part, from its first touch or request until its reset.
    func engage(_ recognizer: GestureRecognizer) {
        guard recognizer.arena !== self else { return }
        recognizer.moveRecord(to: recognizerRecords)
        // Reset earlier in the current ``resetFinished()`` loop and engaged again (by another's `reset()`): its
        // old entry goes now, so that it joins at the end, as if it had left at its reset.
        if recognizer.record.isLeavingEngaged,
           let old = storage.value.engaged.firstIndexOfElement(where: { $0 === recognizer }) {
            recognizer.record.isLeavingEngaged = false
            storage.value.engaged.remove(at: old)
        }
        recognizer.arena = self
        storage.value.engaged.append(recognizer)
    }

    /// Notes that `recognizer` has a request; outside a dispatch, settles it at once (spec §5.5).
    func enqueue(_ recognizer: GestureRecognizer) {
        engage(recognizer)
        if !recognizer.record.isQueued {
            recognizer.record.isQueued = true
            storage.value.resolution.queued.append(recognizer)
        }
        if !storage.value.resolution.isProcessingInput { application.settleRecognizers() }
    }

    // MARK: Step 6 — reset

    /// Step 6, first half: calls `reset()` on every recognizer that reached a final state in this dispatch, in
    /// that order, sets it back to `possible`, cancels its deadline and detaches it from its touches (spec §5.4).
    ///
    /// Linear in the recognizers reset: each leaves its touches' lists and ``engaged`` when reset as far as
    /// anyone can see (``Touch/gestureRecognizers`` leaves it out, ``engage(_:)`` knows), but the lists are
    /// compacted in one pass each after the loop, not searched once per recognizer.
    func resetFinished() {
        var index = 0
        while index < storage.value.cleanup.finished.count {
            let recognizer = storage.value.cleanup.finished[index]
            index += 1
            guard recognizer.record.status.isFinal else { continue }
            let from = recognizer.logState
            if !recognizer.record.isDetaching {
                recognizer.record.isDetaching = true
                storage.value.cleanup.detaching.append(recognizer)
                for touch in recognizer.storage.value.trackedTouches {
                    if touch.record.pendingDetachments == 0 { storage.value.cleanup.detachingTouches.append(touch) }
                    touch.record.pendingDetachments += 1
                }
            }
            recognizer.storage.value.trackedTouches.empty()
            recognizer.record.requests.empty()
            recognizer.record.requestedState = nil
            recognizer.schedule(nil)
            recognizer.record.status = .possible
            recognizer.record.hasBegun = false
            recognizer.record.touchTypeSinceReset = nil
            recognizer.reset()
            recognizer.machineReset()
            recognizer.record.isLeavingEngaged = true
            recognizer.arena = nil
            log(.recognizerState(recognizer: recognizer.logName, from: from, to: .possible, reason: .reset))
        }
        if !storage.value.cleanup.finished.isEmpty { storage.value.cleanup.finished.empty() }
        guard !storage.value.cleanup.detaching.isEmpty else { return }
        for touch in storage.value.cleanup.detachingTouches {
            touch.record.recognizerList.removeElements { $0.record.isDetaching }
            touch.record.pendingDetachments = 0
        }
        storage.value.engaged.removeElements { $0.record.isLeavingEngaged }
        for recognizer in storage.value.cleanup.detaching {
            recognizer.record.isDetaching = false
            recognizer.record.isLeavingEngaged = false
        }
        storage.value.cleanup.detachingTouches.empty()
        storage.value.cleanup.detaching.empty()
    }

    // MARK: Order (spec §4.2 step 3, §5.13)

    /// Caches the ordering keys of `recognizer`: its view's depth and its index on the view. They are kept until
    /// the tree or a view's recognizers change (``View/currentDepthStamp``), so that the usual case does not
    /// load the recognizer's `view` (a weak load, a retain and a release of an object with a side table).
    func updateOrderKeys(_ recognizer: GestureRecognizer) {
        let stamp = View.currentDepthStamp
        guard recognizer.record.orderStamp != stamp else { return }
        recognizer.record.orderStamp = stamp
        guard let view = recognizer.view else {
            recognizer.record.orderDepth = 0
            recognizer.record.orderIndex = 0
            return
        }
        recognizer.record.orderDepth = depth(of: view)
        recognizer.record.orderIndex = recognizer.storage.value.indexOnView
    }

    /// The number of superviews above `view`.
    ///
    /// Kept on the view (``ViewStorage/cachedDepth``) until a view of any tree gets another superview or a view
    /// with subviews goes away (``View/currentDepthStamp``), so that the usual case — the tree unchanged since the
    /// last dispatch — neither walks up nor loads a `superview` (a weak load, a retain and a release of an object
    /// with a side table per level). Otherwise one walk up to the first view measured since the tree last
    /// changed, or the root, and a second one that stores the depth of every view passed: recognizers on every
    /// view of a path n deep cost O(n), not O(n²), and nothing is allocated.
    private func depth(of view: View) -> Int {
        let stamp = View.currentDepthStamp
        if view.storage.value.depthStamp == stamp { return view.storage.value.cachedDepth }
        var steps = 0  // from `view` to the first measured ancestor, or to the root
        var depth = 0  // of `view`
        var node = view
        while let parent = node.superview {
            steps += 1
            if parent.storage.value.depthStamp == stamp {
                depth = parent.storage.value.cachedDepth + steps
                break
            }
            depth = steps
            node = parent
        }
        var passed: View? = view
        for level in 0..<steps {
            guard let current = passed else { break }
            current.storage.value.cachedDepth = depth - level
            current.storage.value.depthStamp = stamp
            passed = current.superview
        }
        if steps == 0 {
            view.storage.value.cachedDepth = 0
            view.storage.value.depthStamp = stamp
        }
        return depth
    }

    /// Whether `a` goes before `b`: the deeper view first, then the lower index on the view (ties keep their
    /// order).
    func precedes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.record.orderDepth != b.record.orderDepth { return a.record.orderDepth > b.record.orderDepth }
        return a.record.orderIndex < b.record.orderIndex
    }

    /// Sorts `list` by ``precedes(_:_:)``, stably and in place (an insertion sort: the lists are short, and it
    /// never allocates nor retains).
    func sortByOrder(_ list: inout [GestureRecognizer]) {
        UnretainedList.sort(&list, by: precedes)
    }
}

/// ``GestureArena``'s state, in its cell (`storage`): the recognizers taking part, and one value per step that
/// keeps any.
struct GestureArenaStorage {
    /// Recognizers that received a touch or a request since their last reset, in the order they joined.
    var engaged: [GestureRecognizer] = []
    /// Step 3's state: the recognizers getting touches, the pass counter and the sample epoch.
    var touchDelivery = GestureArena.TouchDelivery()
    /// Step 4's state: requests queued and being processed, waits, and where a resolution stands.
    var resolution = GestureArena.Resolution()
    /// Step 5's state: the views receiving touches, claimed touches and held touches.
    var viewDelivery = GestureArena.ViewDelivery()
    /// Step 6's state: the recognizers that finished and those being detached.
    var cleanup = GestureArena.Cleanup()
}
