/// The phase of a touch, as `UITouch.Phase` (spec §2.2).
///
/// A touch goes `began (moved | stationary)* (ended | cancelled)`.
public enum TouchPhase: Hashable, Sendable, CustomStringConvertible {
    /// The finger touched down in this dispatch.
    case began
    /// The finger moved since the previous dispatch.
    case moved
    /// The finger is down and did not move, while another touch of the event changed. Stationary touches are
    /// never passed to `touchesMoved(_:with:)`; they are visible through ``Event/allTouches``.
    case stationary
    /// The finger lifted in this dispatch.
    case ended
    /// The system stopped tracking the touch (a palm, lost input, the device going away).
    case cancelled

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    /// Whether the phase ends the touch (``ended`` or ``cancelled``).
    public var isFinal: Bool {
        switch self {
        case .ended, .cancelled: true
        case .began, .moved, .stationary: false
        }
    }
}

/// One finger (or pen) on the screen for the whole of its contact, as `UITouch` (spec §2).
///
/// The application creates a touch when a contact begins and mutates **the same object** until the contact
/// ends or is cancelled (spec §2.1); a second tap with the same finger is a new touch, related to the first
/// only through ``tapCount``. Touches compare and hash by identity.
///
/// Positions are kept in screen points and converted on demand, so ``location(in:)`` always uses the views'
/// current geometry. Touches are UI objects, on the main actor.
@preconcurrency @MainActor
public final class Touch: Hashable, @MainActor CustomStringConvertible {
    /// The kind of a touch, as `UITouch.TouchType` (spec §1.3).
    ///
    /// A touchscreen's fingers are ``direct`` and its pens ``pencil``; ``indirect`` and ``indirectPointer`` are
    /// UIKit's cases for touches not on the screen (a remote's surface, a trackpad or mouse pointer), which a
    /// decoder may report for such devices.
    public enum TouchType: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A finger on the screen.
        case direct = 0
        /// A touch that is not on the screen (UIKit: a remote's touch surface).
        case indirect = 1
        /// A pen or stylus on the screen (UIKit's Apple Pencil).
        case pencil = 2
        /// A pointer: a trackpad or a mouse (UIKit's `indirectPointer`).
        case indirectPointer = 3

        public var description: String {
            switch self {
            case .direct: "direct"
            case .indirect: "indirect"
            case .pencil: "pencil"
            case .indirectPointer: "indirectPointer"
            }
        }
    }

    /// The input contact this touch follows (Tactile's addition; the delivery log names touches by it).
    public var id: TouchContact.ID { storage.value.id }
    // The object's engine state, in a cell read and written without run-time exclusivity checks (the public
    // properties that read and write it are accessors; the runtime reads its own fields, such as
    // `storage.value.screenLocation`, in place): the safety argument is ``UncheckedCell``'s.
    let storage: UncheckedCell<TouchStorage>
    /// Where the touch's record is: in its dispatcher's table (``TouchDispatcher/touchRecords``), for the touch's
    /// whole life. Exempt from isolation checking for the nonisolated `deinit` alone (UncheckedCell's rule 1).
    private nonisolated(unsafe) let recordSlot: RecordSlot<TouchRecord>
    /// The runtime's bookkeeping about the touch (``TouchRecord``), kept by its dispatcher: read and written only by
    /// the dispatcher and the arena. The same accessor as ``GestureRecognizer/record`` (``RecordSlot`` says why
    /// release builds write through an address).
    #if DEBUG
    var record: TouchRecord {
        unsafeAddress { recordSlot.address }
        _modify { yield &recordSlot.record }
    }
    #else
    var record: TouchRecord {
        unsafeAddress { recordSlot.address }
        unsafeMutableAddress { recordSlot.mutableAddress }
    }
    #endif

    /// The current phase (spec §2.2).
    public internal(set) var phase: TouchPhase {
        get { storage.value.phase }
        set { storage.value.phase = newValue }
    }
    /// The time of the touch's latest change: its began, a move, its end or cancellation (spec §1.3, §2.5).
    ///
    /// A stationary update does not change it.
    public internal(set) var timestamp: Timestamp {
        get { storage.value.timestamp }
        set { storage.value.timestamp = newValue }
    }
    /// The window the touch began in (spec §2.3), or `nil` when no window was hit.
    ///
    /// Held strongly while the application tracks the touch, as UIKit's; once the touch has ended (or was
    /// cancelled) and every phase was delivered, weakly — like ``view`` — so that a responder that keeps its
    /// touches (UIKit advises against it) does not keep its window and views alive in a reference cycle.
    public internal(set) var window: Window? {
        get { storage.value.trackedWindow ?? releasedWindow }
        set { storage.value.trackedWindow = newValue }
    }
    private weak var releasedWindow: Window?
    /// The views of a touch the application no longer tracks (``release()``), held weakly.
    private weak var releasedView: View?
    private(set) weak var releasedHitView: View?
    /// The number of taps this touch completes, fixed when it begins (spec §2.6): one more than the previous
    /// tap's count when the most recent touch that *ended* (cancelled ones do not count) lifted at most
    /// ``Application/Configuration-swift.struct/tapCountInterval`` (0.35 s) before this one began, within
    /// ``Application/Configuration-swift.struct/tapCountRadius`` (45 pt) of where that one began; otherwise 1.
    // A stored property (checked), not in `storage`: fixed when the touch is bound, read at its began and end.
    public internal(set) var tapCount = 1
    /// The radius of the contact's major axis, in points; 0 when the device does not report it (spec §1.3).
    public internal(set) var majorRadius: Double {
        get { storage.value.majorRadius }
        set { storage.value.majorRadius = newValue }
    }
    /// The accuracy of ``majorRadius``, in points (± this value).
    public internal(set) var majorRadiusTolerance: Double {
        get { storage.value.majorRadiusTolerance }
        set { storage.value.majorRadiusTolerance = newValue }
    }
    /// The force of the touch, where 1.0 is an average touch; 0 when the device has no pressure axis
    /// (spec §1.3).
    public internal(set) var force: Double {
        get { storage.value.force }
        set { storage.value.force = newValue }
    }
    /// The largest ``force`` the device can report; 0 when the device has no pressure axis (spec §1.3).
    public internal(set) var maximumPossibleForce: Double {
        get { storage.value.maximumPossibleForce }
        set { storage.value.maximumPossibleForce = newValue }
    }
    /// The kind of touch (spec §1.3): ``TouchType/direct`` for a finger on the screen,
    /// ``TouchType/pencil`` for a pen, from the contact's ``TouchContact/type`` (or its
    /// ``TouchContact/tool``).
    // A stored property (checked), not in `storage`: fixed when the touch begins, read when it is bound.
    public private(set) var type: TouchType
    /// The gesture recognizers receiving this touch (spec §2.7): those of its view and the view's ancestors,
    /// deepest first, fixed when the touch is bound (spec §4.2 step 2.2). A recognizer leaves the list when it
    /// ignores the touch or is reset.
    public internal(set) var gestureRecognizers: [GestureRecognizer] {
        get {
            record.pendingDetachments == 0
                ? record.recognizerList : record.recognizerList.filterElements { !$0.record.isDetaching }
        }
        set { record.recognizerList = newValue }
    }

    /// The view the touch is delivered to: the hit-test view, fixed when the touch began (spec §2.3).
    ///
    /// `nil` when nothing was hit or the touch began while the application ignored interaction events, and
    /// once a gesture recognizer claims the touch and cancels it in the view (spec §5.7). A touch that
    /// ``View/isMultipleTouchEnabled`` or ``View/isExclusiveTouch`` keeps from its view (spec §4.3) still
    /// names that view here. A view removed from its window while it tracks a touch keeps receiving that
    /// touch's phases until it ends ([SPEC], spec §9 q8).
    public var view: View? { record.isReleased ? releasedView : record.route.view }

    /// Cuts the touch from the objects of its application when the application goes away with the touch in
    /// progress (``TouchDispatcher``'s and ``GestureArena``'s `deinit`): its ``view`` and ``window`` become
    /// `nil`, its ``gestureRecognizers`` empty. A touch is never delivered again after this.
    func detach() {
        window = nil
        releasedView = nil
        releasedHitView = nil
        record.detach()
    }

    /// Called when the touch leaves the pipeline — it ended or was cancelled and no phase of it is withheld:
    /// its window and views are kept weakly from now on (see ``window``), and its route is cleared.
    func release() {
        guard let route = record.release() else { return }
        releasedWindow = storage.value.trackedWindow
        storage.value.trackedWindow = nil
        releasedView = route.view
        releasedHitView = route.hitView
    }

    /// Creates the touch of a contact that began at `timestamp`, with its record in `records` (its dispatcher's).
    init(contact: TouchContact, timestamp: Timestamp, records: RecordTable<TouchRecord>) {
        storage = UncheckedCell(TouchStorage(began: contact, at: timestamp))
        type = Self.type(of: contact)
        recordSlot = RecordSlot(inserting: TouchRecord(began: contact, at: timestamp), into: records)
        updateAttributes(from: contact)
    }

    /// Nonisolated, not `isolated deinit`: it runs at once on the thread that let the touch go — the one that drives
    /// its application — rather than later as a job on the main actor, where it would write the dispatcher's table
    /// while a nonisolated caller (Swift 5 code, a test thread) may still be dispatching.
    deinit { recordSlot.remove() }

    /// Whether the touch's record is in `table` (an invariant: a dispatcher's touches are recorded in its table).
    func isRecorded(in table: RecordTable<TouchRecord>) -> Bool { recordSlot.names(recordIn: table) }

    /// The kind of touch `contact` is: a pen on the screen is a ``TouchType/pencil``.
    private static func type(of contact: TouchContact) -> TouchType {
        contact.type == .direct && contact.tool == .pen ? .pencil : contact.type
    }

    /// Makes a touch that left the pipeline the touch of `contact`, which began at `timestamp`: afterwards it
    /// reads exactly as ``init(contact:timestamp:)`` would have made it, and only the capacity of its lists is
    /// kept (so that a new touch allocates nothing).
    ///
    /// Only for a touch no one but the caller can reach — no other strong reference, and no `weak` or `unowned`
    /// one (``isUnobserved``) — so that no one who saw the old touch ever sees it change
    /// (``TouchDispatcher``'s recycling of finished touches).
    func reuse(for contact: TouchContact, at timestamp: Timestamp) {
        record.remake(for: contact, at: timestamp)
        storage.value = TouchStorage(began: contact, at: timestamp)
        type = Self.type(of: contact)
        tapCount = 1
        releasedWindow = nil
        releasedView = nil
        releasedHitView = nil
        updateAttributes(from: contact)
    }

    /// Whether no `weak` or `unowned` reference to the touch exists now (strong ones are
    /// `isKnownUniquelyReferenced`'s question): a touch someone watches that way is never reused, so a weak
    /// reference kept by an application becomes `nil` when the touch is freed, as without recycling, and never
    /// names another touch. The runtime's counts include one reference of the object's own (1 when none exists).
    var isUnobserved: Bool { _getWeakRetainCount(self) <= 1 && _getUnownedRetainCount(self) <= 1 }

    /// A copy of `touch` as it was at one of its samples (``Event/coalescedTouches(for:)``,
    /// ``Event/predictedTouches(for:)``): not part of any event, never delivered.
    init(sampleOf touch: Touch, location: Point, previous: Point, timestamp: Timestamp, phase: TouchPhase) {
        storage = UncheckedCell(TouchStorage(id: touch.id))
        type = touch.type
        recordSlot = RecordSlot(inserting: TouchRecord(
            slot: touch.record.slot, beganScreenLocation: touch.record.beganScreenLocation,
            beganTimestamp: touch.record.beganTimestamp), into: touch.recordSlot.table)
        self.phase = phase
        self.timestamp = timestamp
        storage.value.screenLocation = location
        storage.value.previousScreenLocation = previous
        majorRadius = touch.majorRadius
        majorRadiusTolerance = touch.majorRadiusTolerance
        force = touch.force
        maximumPossibleForce = touch.maximumPossibleForce
        window = touch.window
        tapCount = touch.tapCount
        record.route = touch.record.route
    }

    // MARK: Coalesced and predicted samples

    // MARK: Locations

    /// ``location(in:)`` in the window, computed at most once per `epoch` (see ``GestureArena/sampleEpoch``).
    func windowLocation(epoch: UInt64) -> Point {
        if record.cachedWindowLocation.epoch == epoch { return record.cachedWindowLocation.location }
        let location = location(in: nil)
        record.cachedWindowLocation = (epoch, location)
        return location
    }

    /// The touch's current location in `view`'s bounds coordinates; `nil` gives the location in the touch's
    /// window (spec §2.4).
    public func location(in view: View?) -> Point {
        convertFromScreen(storage.value.screenLocation, to: view)
    }

    /// The location at the touch's previous mutation, in `view`'s bounds coordinates (`nil`: the window's).
    ///
    /// At began it equals ``location(in:)``. A move, the end and the cancellation each make it the location
    /// before that change; a stationary update leaves it alone (spec §2.4).
    public func previousLocation(in view: View?) -> Point {
        convertFromScreen(storage.value.previousScreenLocation, to: view)
    }

    /// Converts a screen point into `view` (or the touch's window) through the current geometry.
    private func convertFromScreen(_ point: Point, to view: View?) -> Point {
        let root: View
        if let window {
            root = window
        } else if let view {
            var top = view
            while let parent = top.superview { top = parent }
            root = top
        } else {
            return point
        }
        let inRoot = root.convertFromSuperview(point) ?? point
        guard let view, view !== root else { return inRoot }
        return view.convert(inRoot, from: root)
    }

    // MARK: Mutations (step 1 of the pipeline)

    /// Copies the per-frame attributes of `contact` (radius, force); they change without a dispatch
    /// (spec §1.2 rule 3).
    func updateAttributes(from contact: TouchContact) {
        if contact.majorRadius.isFinite, contact.majorRadius >= 0 { majorRadius = contact.majorRadius }
        if contact.majorRadiusTolerance.isFinite, contact.majorRadiusTolerance >= 0 {
            majorRadiusTolerance = contact.majorRadiusTolerance
        }
        if let value = contact.force, value.isFinite, value >= 0 { force = value }
        if let value = contact.maximumPossibleForce, value.isFinite, value >= 0 { maximumPossibleForce = value }
    }

    /// Moves the touch to `location` at `time`: the current location becomes the previous one.
    func move(to location: Point, at time: Timestamp, dispatch: UInt64) {
        record.move(to: location, at: time, inDispatch: dispatch)
        storage.value.previousScreenLocation = storage.value.screenLocation
        storage.value.screenLocation = location
        phase = .moved
        timestamp = time
    }

    /// Ends or cancels the touch at `time`, at `location` when the frame gives a final position.
    func finish(_ finalPhase: TouchPhase, at location: Point?, time: Timestamp, dispatch: UInt64) {
        record.finish(at: location, time: time, inDispatch: dispatch)
        storage.value.previousScreenLocation = storage.value.screenLocation
        if let location { storage.value.screenLocation = location }
        phase = finalPhase
        timestamp = time
    }

    // MARK: Presentation of withheld phases (step 5)

    /// Makes the touch read as `phase` at `location` (previously `previous`) at `timestamp` until
    /// ``endPresentation()``.
    func present(phase: TouchPhase, location: Point, previous: Point, timestamp: Timestamp) {
        record.keepPresentation(
            (storage.value.screenLocation, storage.value.previousScreenLocation, self.phase, self.timestamp))
        storage.value.screenLocation = location
        storage.value.previousScreenLocation = previous
        self.phase = phase
        self.timestamp = timestamp
    }

    /// Restores the state saved by ``present(phase:location:previous:timestamp:)``.
    func endPresentation() {
        guard let backup = record.takePresentation() else { return }
        storage.value.screenLocation = backup.location
        storage.value.previousScreenLocation = backup.previous
        phase = backup.phase
        timestamp = backup.timestamp
    }

    // MARK: Identity

    nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The contact, phase and window location, e.g. `#1 moved (120, 40)`.
    public var description: String { "\(id) \(phase) \(location(in: nil))" }

    /// The identifiers of `touches`, sorted, for the delivery log.
    static func sortedIDs(_ touches: Set<Touch>) -> [TouchContact.ID] {
        var ids = touches.map(\.id)
        ids.sort()
        return ids
    }
}

/// The stored state behind ``Touch``'s UIKit properties (see its `storage`); the runtime's bookkeeping about the
/// touch is its ``TouchRecord``.
struct TouchStorage {
    let id: TouchContact.ID
    var phase: TouchPhase = .began
    var timestamp: Timestamp = .zero
    var trackedWindow: Window?
    var majorRadius: Double = 0
    var majorRadiusTolerance: Double = 0
    var force: Double = 0
    var maximumPossibleForce: Double = 0
    /// The contact's position, in screen points.
    var screenLocation: Point = .zero
    /// The position at the previous mutation, in screen points (equal to `screenLocation` at began).
    var previousScreenLocation: Point = .zero
}

extension TouchStorage {
    /// The state of a touch whose contact began at `timestamp` (attributes aside).
    init(began contact: TouchContact, at timestamp: Timestamp) {
        self.init(id: contact.id)
        self.timestamp = timestamp
        screenLocation = contact.location
        previousScreenLocation = contact.location
    }

    /// The constant part of a touch, everything else at its initial value.
    init(id: TouchContact.ID) {
        self.id = id
    }
}
