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
/// current geometry. Touches are UI objects confined to the task that drives the application.
public final class Touch: Hashable, CustomStringConvertible {
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
    // The object's engine state, in a cell read and written without run-time exclusivity checks (the properties
    // that read and write it are accessors): the safety argument is ``UncheckedCell``'s.
    private let storage: UncheckedCell<TouchStorage>

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
        get { trackedWindow ?? releasedWindow }
        set { trackedWindow = newValue }
    }
    private var trackedWindow: Window? {
        get { storage.value.trackedWindow }
        set { storage.value.trackedWindow = newValue }
    }
    private weak var releasedWindow: Window?
    /// The views of a touch the application no longer tracks (``release()``), held weakly.
    private weak var releasedView: View?
    private(set) weak var releasedHitView: View?
    /// Whether the touch left the pipeline (``release()``).
    private(set) var isReleased: Bool {
        get { storage.value.isReleased }
        set { storage.value.isReleased = newValue }
    }
    /// The number of taps this touch completes, fixed when it begins (spec §2.6): one more than the previous
    /// tap's count when the most recent touch that *ended* (cancelled ones do not count) lifted at most
    /// ``Application/Configuration-swift.struct/tapCountInterval`` (0.35 s) before this one began, within
    /// ``Application/Configuration-swift.struct/tapCountRadius`` (45 pt) of where that one began; otherwise 1.
    public internal(set) var tapCount: Int {
        get { storage.value.tapCount }
        set { storage.value.tapCount = newValue }
    }
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
    public var type: TouchType { storage.value.type }
    /// The gesture recognizers receiving this touch (spec §2.7): those of its view and the view's ancestors,
    /// deepest first, fixed when the touch is bound (spec §4.2 step 2.2). A recognizer leaves the list when it
    /// ignores the touch or is reset.
    public internal(set) var gestureRecognizers: [GestureRecognizer] {
        get { pendingDetachments == 0 ? recognizerList : recognizerList.filter { !$0.record.value.isDetaching } }
        set { recognizerList = newValue }
    }

    /// The view the touch is delivered to: the hit-test view, fixed when the touch began (spec §2.3).
    ///
    /// `nil` when nothing was hit or the touch began while the application ignored interaction events, and
    /// once a gesture recognizer claims the touch and cancels it in the view (spec §5.7). A touch that
    /// ``View/isMultipleTouchEnabled`` or ``View/isExclusiveTouch`` keeps from its view (spec §4.3) still
    /// names that view here. A view removed from its window while it tracks a touch keeps receiving that
    /// touch's phases until it ends ([SPEC], spec §9 q8).
    public var view: View? { isReleased ? releasedView : delivery.view }

    // MARK: Internal state

    /// The contact's position, in screen points.
    var screenLocation: Point {
        get { storage.value.screenLocation }
        set { storage.value.screenLocation = newValue }
    }
    /// The position at the previous mutation, in screen points (equal to ``screenLocation`` at began).
    var previousScreenLocation: Point {
        get { storage.value.previousScreenLocation }
        set { storage.value.previousScreenLocation = newValue }
    }
    /// Where the touch began, in screen points (for ``tapCount`` and withheld began phases).
    var beganScreenLocation: Point { storage.value.beganScreenLocation }
    /// When the touch began (for withheld began phases, spec §5.8).
    var beganTimestamp: Timestamp { storage.value.beganTimestamp }
    /// The kernel slot the contact occupies (orders touches that begin in the same frame).
    var slot: Int { storage.value.slot }
    /// Where the touch's phases go (spec §4.2 step 2); decided when it is bound.
    var delivery: TouchDelivery {
        get { storage.value.delivery }
        set { storage.value.delivery = newValue }
    }
    /// The serial number of the last dispatch whose frame listed this touch's contact.
    var listedInDispatch: UInt64 {
        get { storage.value.listedInDispatch }
        set { storage.value.listedInDispatch = newValue }
    }
    /// The serial number of the last dispatch in which the touch changed phase or position.
    var changedInDispatch: UInt64 {
        get { storage.value.changedInDispatch }
        set { storage.value.changedInDispatch = newValue }
    }
    /// Whether the touch is in the event (bound, and not yet removed after its end).
    var isInEvent: Bool {
        get { storage.value.isInEvent }
        set { storage.value.isInEvent = newValue }
    }
    /// Whether the touch has had a moved phase (a flushed began phase is followed by a moved one, spec §5.8).
    var didMove: Bool {
        get { storage.value.didMove }
        set { storage.value.didMove = newValue }
    }
    /// The serial number of the last dispatch whose view delivery (step 5) handled the touch's change.
    var viewHandledInDispatch: UInt64 {
        get { storage.value.viewHandledInDispatch }
        set { storage.value.viewHandledInDispatch = newValue }
    }
    /// Step 5 scratch: the phases to deliver to the view in this pass (``ViewPhases``).
    var viewPhases: ViewPhases {
        get { storage.value.viewPhases }
        set { storage.value.viewPhases = newValue }
    }
    /// The storage of ``gestureRecognizers``: while ``pendingDetachments`` is not 0 it still holds recognizers
    /// that were reset (``GestureRecognizer/isDetaching``), which ``GestureArena/resetFinished()`` removes in
    /// one pass per touch after its loop; ``gestureRecognizers`` leaves them out until then.
    var recognizerList: [GestureRecognizer] {
        get { storage.value.recognizerList }
        _modify { yield &storage.value.recognizerList }
    }
    /// How many recognizers reset in the current ``GestureArena/resetFinished()`` loop still sit in
    /// ``recognizerList``; 0 outside that loop.
    var pendingDetachments: Int {
        get { storage.value.pendingDetachments }
        set { storage.value.pendingDetachments = newValue }
    }

    /// Cuts the touch from the objects of its application when the application goes away with the touch in
    /// progress (``TouchDispatcher``'s and ``GestureArena``'s `deinit`): its ``view`` and ``window`` become
    /// `nil`, its ``gestureRecognizers`` empty. A touch is never delivered again after this.
    func detach() {
        window = nil
        releasedView = nil
        releasedHitView = nil
        delivery = .unbound
        recognizerList = []
        pendingDetachments = 0
    }

    /// Called when the touch leaves the pipeline — it ended or was cancelled and no phase of it is withheld:
    /// its window and views are kept weakly from now on (see ``window``), and its delivery state is cleared.
    func release() {
        guard !isReleased else { return }
        isReleased = true
        releasedWindow = trackedWindow
        trackedWindow = nil
        releasedView = delivery.view
        releasedHitView = delivery.hitView
        delivery = .unbound
    }

    /// Creates the touch of a contact that began at `timestamp`.
    init(contact: TouchContact, timestamp: Timestamp) {
        storage = UncheckedCell(TouchStorage(began: contact, at: timestamp))
        updateAttributes(from: contact)
        motion.add(contact.location, at: timestamp)
    }

    /// Makes a touch that left the pipeline the touch of `contact`, which began at `timestamp`: afterwards it
    /// reads exactly as ``init(contact:timestamp:)`` would have made it, and only the capacity of its lists is
    /// kept (so that a new touch allocates nothing).
    ///
    /// Only for a touch no one but the caller can reach — no other strong reference, and no `weak` or `unowned`
    /// one (``isUnobserved``) — so that no one who saw the old touch ever sees it change
    /// (``TouchDispatcher``'s recycling of finished touches).
    func reuse(for contact: TouchContact, at timestamp: Timestamp) {
        var recognizers: [GestureRecognizer] = []
        swap(&recognizers, &storage.value.recognizerList)
        recognizers.removeAll(keepingCapacity: true)
        var samples: [(location: Point, timestamp: Timestamp)] = []
        swap(&samples, &storage.value.coalescedSamples)
        samples.removeAll(keepingCapacity: true)
        storage.value = TouchStorage(began: contact, at: timestamp)
        storage.value.recognizerList = recognizers
        storage.value.coalescedSamples = samples
        releasedWindow = nil
        releasedView = nil
        releasedHitView = nil
        updateAttributes(from: contact)
        motion.add(contact.location, at: timestamp)
    }

    /// Whether no `weak` or `unowned` reference to the touch exists now (strong ones are
    /// `isKnownUniquelyReferenced`'s question): a touch someone watches that way is never reused, so a weak
    /// reference kept by an application becomes `nil` when the touch is freed, as without recycling, and never
    /// names another touch. The runtime's counts include one reference of the object's own (1 when none exists).
    var isUnobserved: Bool { _getWeakRetainCount(self) <= 1 && _getUnownedRetainCount(self) <= 1 }

    /// A copy of `touch` as it was at one of its samples (``Event/coalescedTouches(for:)``,
    /// ``Event/predictedTouches(for:)``): not part of any event, never delivered.
    init(sampleOf touch: Touch, location: Point, previous: Point, timestamp: Timestamp, phase: TouchPhase) {
        storage = UncheckedCell(TouchStorage(
            id: touch.id, type: touch.type, slot: touch.slot,
            beganScreenLocation: touch.beganScreenLocation, beganTimestamp: touch.beganTimestamp))
        self.phase = phase
        self.timestamp = timestamp
        screenLocation = location
        previousScreenLocation = previous
        majorRadius = touch.majorRadius
        majorRadiusTolerance = touch.majorRadiusTolerance
        force = touch.force
        maximumPossibleForce = touch.maximumPossibleForce
        window = touch.window
        tapCount = touch.tapCount
        delivery = touch.delivery
    }

    // MARK: Coalesced and predicted samples

    /// The touch's motion, for ``Event/predictedTouches(for:)``: every sample, coalesced ones included.
    var motion: VelocityTracker {
        get { storage.value.motion }
        _modify { yield &storage.value.motion }
    }
    /// The samples the current dispatch coalesced into the touch's change (display-rate dispatch), oldest first,
    /// the last being the touch's current state; valid when ``coalescedInDispatch`` is ``changedInDispatch``.
    var coalescedSamples: [(location: Point, timestamp: Timestamp)] {
        get { storage.value.coalescedSamples }
        _modify { yield &storage.value.coalescedSamples }
    }
    /// The dispatch ``coalescedSamples`` belong to (0: none).
    var coalescedInDispatch: UInt64 {
        get { storage.value.coalescedInDispatch }
        set { storage.value.coalescedInDispatch = newValue }
    }

    // MARK: Locations

    /// Step 3's window location of the touch, for the built-in recognizers' samples: computed once for all the
    /// recognizers of the touch, valid while `epoch` is the arena's ``GestureArena/sampleEpoch`` (which changes
    /// whenever outside code could have moved a view).
    private var cachedWindowLocation: (epoch: UInt64, location: Point) {
        get { storage.value.cachedWindowLocation }
        set { storage.value.cachedWindowLocation = newValue }
    }

    /// ``location(in:)`` in the window, computed at most once per `epoch` (see ``GestureArena/sampleEpoch``).
    func windowLocation(epoch: UInt64) -> Point {
        if cachedWindowLocation.epoch == epoch { return cachedWindowLocation.location }
        let location = location(in: nil)
        cachedWindowLocation = (epoch, location)
        return location
    }

    /// The touch's current location in `view`'s bounds coordinates; `nil` gives the location in the touch's
    /// window (spec §2.4).
    public func location(in view: View?) -> Point {
        convertFromScreen(screenLocation, to: view)
    }

    /// The location at the touch's previous mutation, in `view`'s bounds coordinates (`nil`: the window's).
    ///
    /// At began it equals ``location(in:)``. A move, the end and the cancellation each make it the location
    /// before that change; a stationary update leaves it alone (spec §2.4).
    public func previousLocation(in view: View?) -> Point {
        convertFromScreen(previousScreenLocation, to: view)
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
        motion.add(location, at: time)
        previousScreenLocation = screenLocation
        screenLocation = location
        phase = .moved
        didMove = true
        timestamp = time
        changedInDispatch = dispatch
    }

    /// Ends or cancels the touch at `time`, at `location` when the frame gives a final position.
    func finish(_ finalPhase: TouchPhase, at location: Point?, time: Timestamp, dispatch: UInt64) {
        previousScreenLocation = screenLocation
        if let location {
            screenLocation = location
            motion.add(location, at: time)
        }
        phase = finalPhase
        timestamp = time
        changedInDispatch = dispatch
    }

    // MARK: Presentation of withheld phases (step 5)

    /// The touch's real state while a flushed phase presents it differently (spec §5.8).
    private var presentationBackup: (location: Point, previous: Point, phase: TouchPhase, timestamp: Timestamp)? {
        get { storage.value.presentationBackup }
        set { storage.value.presentationBackup = newValue }
    }

    /// Makes the touch read as `phase` at `location` (previously `previous`) at `timestamp` until
    /// ``endPresentation()``.
    func present(phase: TouchPhase, location: Point, previous: Point, timestamp: Timestamp) {
        if presentationBackup == nil {
            presentationBackup = (screenLocation, previousScreenLocation, self.phase, self.timestamp)
        }
        screenLocation = location
        previousScreenLocation = previous
        self.phase = phase
        self.timestamp = timestamp
    }

    /// Restores the state saved by ``present(phase:location:previous:timestamp:)``.
    func endPresentation() {
        guard let backup = presentationBackup else { return }
        screenLocation = backup.location
        previousScreenLocation = backup.previous
        phase = backup.phase
        timestamp = backup.timestamp
        presentationBackup = nil
    }

    // MARK: Identity

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The contact, phase and window location, e.g. `#1 moved (120, 40)`.
    public var description: String { "\(id) \(phase) \(location(in: nil))" }

    /// The identifiers of `touches`, sorted, for the delivery log.
    static func sortedIDs(_ touches: Set<Touch>) -> [TouchContact.ID] {
        var ids = touches.map(\.id)
        ids.sort()
        return ids
    }
}

@available(*, unavailable)
extension Touch: Sendable {}

/// The stored state behind ``Touch``'s runtime properties (see its `storage`).
struct TouchStorage {
    let id: TouchContact.ID
    let type: Touch.TouchType
    let slot: Int
    let beganScreenLocation: Point
    let beganTimestamp: Timestamp
    var phase: TouchPhase = .began
    var timestamp: Timestamp = .zero
    var trackedWindow: Window?
    var isReleased: Bool = false
    var tapCount: Int = 1
    var majorRadius: Double = 0
    var majorRadiusTolerance: Double = 0
    var force: Double = 0
    var maximumPossibleForce: Double = 0
    var screenLocation: Point = .zero
    var previousScreenLocation: Point = .zero
    var delivery: TouchDelivery = .unbound
    var listedInDispatch: UInt64 = 0
    var changedInDispatch: UInt64 = 0
    var isInEvent: Bool = false
    var didMove: Bool = false
    var viewHandledInDispatch: UInt64 = 0
    var viewPhases: ViewPhases = ViewPhases()
    var recognizerList: [GestureRecognizer] = []
    var pendingDetachments: Int = 0
    var motion: VelocityTracker = VelocityTracker()
    var coalescedSamples: [(location: Point, timestamp: Timestamp)] = []
    var coalescedInDispatch: UInt64 = 0
    var cachedWindowLocation: (epoch: UInt64, location: Point) = (0, .zero)
    var presentationBackup: (location: Point, previous: Point, phase: TouchPhase, timestamp: Timestamp)?
}

extension TouchStorage {
    /// The state of a touch whose contact began at `timestamp` (attributes and motion aside).
    init(began contact: TouchContact, at timestamp: Timestamp) {
        self.init(
            id: contact.id, type: contact.type == .direct && contact.tool == .pen ? .pencil : contact.type,
            slot: contact.slot, beganScreenLocation: contact.location, beganTimestamp: timestamp)
        self.timestamp = timestamp
        screenLocation = contact.location
        previousScreenLocation = contact.location
    }

    /// The constant part of a touch, everything else at its initial value.
    init(id: TouchContact.ID, type: Touch.TouchType, slot: Int, beganScreenLocation: Point, beganTimestamp: Timestamp) {
        self.id = id
        self.type = type
        self.slot = slot
        self.beganScreenLocation = beganScreenLocation
        self.beganTimestamp = beganTimestamp
    }
}
