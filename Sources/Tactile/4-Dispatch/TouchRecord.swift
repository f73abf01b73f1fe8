/// The runtime's bookkeeping about one touch: where its phases go, which dispatch last changed it, the
/// recognizers that receive it, its motion and samples, its withheld and presented phases — none of it
/// `UITouch`'s API (``Touch`` keeps that).
///
/// The records live in the dispatcher's table (``TouchDispatcher/touchRecords``), one per touch object, reached
/// by the index the touch keeps (``Touch/record``); only the dispatcher and the arena read and write them. A touch
/// the dispatcher recycles keeps its record, remade for its new contact with the storage of its lists kept
/// (``Touch/reuse(for:at:)``), so a new touch allocates nothing.
struct TouchRecord {
    /// The kernel slot the contact occupies (orders touches that begin in the same frame).
    let slot: Int
    /// Where the touch began, in screen points (for ``Touch/tapCount`` and withheld began phases).
    let beganScreenLocation: Point
    /// When the touch began (for withheld began phases, spec §5.8).
    let beganTimestamp: Timestamp

    /// Where the touch's phases go (spec §4.2 step 2); decided when it is bound.
    var route: TouchRoute = .unbound
    /// Whether the touch left the pipeline (``Touch/release()``).
    var isReleased = false
    /// The serial number of the last dispatch whose frame listed this touch's contact.
    var listedInDispatch: UInt64 = 0
    /// The serial number of the last dispatch in which the touch changed phase or position.
    var changedInDispatch: UInt64 = 0
    /// Whether the touch is in the event (bound, and not yet removed after its end).
    var isInEvent = false
    /// Whether the touch has had a moved phase (a flushed began phase is followed by a moved one, spec §5.8).
    var didMove = false
    /// The serial number of the last dispatch whose view delivery (step 5) handled the touch's change.
    var viewHandledInDispatch: UInt64 = 0
    /// Step 5 scratch: the phases to deliver to the view in this pass (``ViewPhases``).
    var viewPhases = ViewPhases()

    /// The storage of ``Touch/gestureRecognizers``: while ``pendingDetachments`` is not 0 it still holds
    /// recognizers that were reset (``RecognizerRecord/isDetaching``), which ``GestureArena/resetFinished()``
    /// removes in one pass per touch after its loop; ``Touch/gestureRecognizers`` leaves them out until then.
    var recognizerList: [GestureRecognizer] = []
    /// How many recognizers reset in the current ``GestureArena/resetFinished()`` loop still sit in
    /// ``recognizerList``; 0 outside that loop.
    var pendingDetachments = 0

    /// The touch's motion, for ``Event/predictedTouches(for:)``: every sample, coalesced ones included.
    var motion = VelocityTracker()
    /// The samples the current dispatch coalesced into the touch's change (display-rate dispatch), oldest first,
    /// the last being the touch's current state; valid when ``coalescedInDispatch`` is ``changedInDispatch``.
    var coalescedSamples: [CoalescedSample] = []
    /// The dispatch ``coalescedSamples`` belong to (0: none).
    var coalescedInDispatch: UInt64 = 0

    /// Step 3's window location of the touch, for the built-in recognizers' samples: computed once for all the
    /// recognizers of the touch, valid while `epoch` is the arena's ``GestureArena/sampleEpoch`` (which changes
    /// whenever outside code could have moved a view); see ``Touch/windowLocation(epoch:)``.
    var cachedWindowLocation: (epoch: UInt64, location: Point) = (0, .zero)
    /// The touch's real state while a flushed phase presents it differently (spec §5.8; see
    /// ``Touch/present(phase:location:previous:timestamp:)``).
    var presentationBackup: (location: Point, previous: Point, phase: TouchPhase, timestamp: Timestamp)?

    /// The record of a touch that began at `beganScreenLocation` at `beganTimestamp`, everything else at its
    /// initial value.
    init(slot: Int, beganScreenLocation: Point, beganTimestamp: Timestamp) {
        self.slot = slot
        self.beganScreenLocation = beganScreenLocation
        self.beganTimestamp = beganTimestamp
    }

    /// The record of a touch whose contact began at `timestamp`: its motion starts there.
    init(began contact: TouchContact, at timestamp: Timestamp) {
        self.init(slot: contact.slot, beganScreenLocation: contact.location, beganTimestamp: timestamp)
        motion.add(contact.location, at: timestamp)
    }

    // MARK: Changes

    /// The touch began in dispatch `serial`: its contact is listed and it changed there.
    mutating func begin(inDispatch serial: UInt64) {
        listedInDispatch = serial
        changedInDispatch = serial
    }

    /// The touch moved to `location` at `time`, in dispatch `serial`.
    mutating func move(to location: Point, at time: Timestamp, inDispatch serial: UInt64) {
        motion.add(location, at: time)
        didMove = true
        changedInDispatch = serial
    }

    /// The touch ended or was cancelled at `time` (at `location` when the frame gave a final position), in
    /// dispatch `serial`.
    mutating func finish(at location: Point?, time: Timestamp, inDispatch serial: UInt64) {
        if let location { motion.add(location, at: time) }
        changedInDispatch = serial
    }

    /// A display-rate dispatch (number `serial`) merged `samples` into the touch's change, oldest first: all but
    /// the last (the change itself) feed its motion, and the finite ones are kept for ``Event/coalescedTouches(for:)``.
    mutating func coalesce(_ samples: [CoalescedSample], inDispatch serial: UInt64) {
        for sample in samples.dropLast() where sample.location.x.isFinite && sample.location.y.isFinite {
            motion.add(sample.location, at: sample.timestamp)
        }
        coalescedSamples = samples.filter { $0.location.x.isFinite && $0.location.y.isFinite }
        coalescedInDispatch = serial
    }

    /// The touch left the pipeline (``Touch/release()``): returns the route it had, now cleared, or `nil` when it
    /// was released already.
    mutating func release() -> TouchRoute? {
        guard !isReleased else { return nil }
        isReleased = true
        defer { route = .unbound }
        return route
    }

    /// The touch is detached from the pipeline (``Touch/detach()``): no route, no recognizers.
    mutating func detach() {
        route = .unbound
        recognizerList = []
        pendingDetachments = 0
    }

    /// Remakes the record for a reused touch whose `contact` began at `timestamp` (``Touch/reuse(for:at:)``): it
    /// reads as a new record, its lists emptied with their storage kept.
    mutating func remake(for contact: TouchContact, at timestamp: Timestamp) {
        var recognizers: [GestureRecognizer] = []
        swap(&recognizers, &recognizerList)
        recognizers.removeAll(keepingCapacity: true)
        var samples: [CoalescedSample] = []
        swap(&samples, &coalescedSamples)
        samples.removeAll(keepingCapacity: true)
        self = TouchRecord(began: contact, at: timestamp)
        recognizerList = recognizers
        coalescedSamples = samples
    }

    /// Keeps the touch's real state while a flushed phase presents it differently, unless one is kept already.
    mutating func keepPresentation(
        _ state: (location: Point, previous: Point, phase: TouchPhase, timestamp: Timestamp)
    ) {
        if presentationBackup == nil { presentationBackup = state }
    }

    /// The real state kept by ``keepPresentation(_:)``, forgotten.
    mutating func takePresentation() -> (location: Point, previous: Point, phase: TouchPhase, timestamp: Timestamp)? {
        defer { presentationBackup = nil }
        return presentationBackup
    }
}
