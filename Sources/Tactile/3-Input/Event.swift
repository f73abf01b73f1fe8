/// The touches of one dispatch, as `UIEvent` (spec §2.8).
///
/// An application has one event object and reuses it for every dispatch (UIKit reuses its touch event
/// for a whole multi-touch sequence): read it inside a responder call, do not keep it.
///
/// The event holds every touch that is down — the ones that changed in this dispatch **and** the
/// stationary ones. Touches that ended or were cancelled in the dispatch are still in it until the dispatch
/// finishes. Touches that were discarded (they began while the application ignored interaction events, or
/// hit no view) are never in it.
@preconcurrency @MainActor
public final class Event {
    /// The kind of an event, as `UIEvent.EventType`.
    ///
    /// Tactile delivers touch events only: every ``Event`` is ``touches``. The other cases are UIKit's, so that
    /// ported code that switches over them compiles; nothing in Tactile produces them.
    public enum EventType: Int, Hashable, Sendable, CustomStringConvertible {
        /// Touches on the screen (every event Tactile delivers).
        case touches = 0
        /// Device motion (UIKit's shake gesture); never produced.
        case motion = 1
        /// Remote-control commands; never produced.
        case remoteControl = 2
        /// Physical button presses; never produced.
        case presses = 3
        /// Pointer scrolling; never produced.
        case scroll = 10
        /// Pointer hovering; never produced.
        case hover = 11
        /// Pointer pinch and rotation; never produced.
        case transform = 14

        public var description: String {
            switch self {
            case .touches: "touches"
            case .motion: "motion"
            case .remoteControl: "remoteControl"
            case .presses: "presses"
            case .scroll: "scroll"
            case .hover: "hover"
            case .transform: "transform"
            }
        }
    }

    /// The subtype of an event, as `UIEvent.EventSubtype`: touch events have none.
    public enum EventSubtype: Int, Hashable, Sendable {
        /// No subtype (every touch event).
        case none = 0
    }

    /// The event's kind: always ``EventType/touches`` (spec §2.8).
    public var type: EventType { .touches }

    /// The event's subtype: always ``EventSubtype/none`` for touches.
    public var subtype: EventSubtype { .none }

    // The object's engine state, in a cell read and written without run-time exclusivity checks (the public
    // property that reads and writes it is an accessor; the runtime reads its own fields, such as
    // `storage.value.touchList`, in place): the safety argument is ``UncheckedCell``'s.
    let storage = UncheckedCell(EventStorage())

    /// The time of the dispatch: the input frame's time, or the deadline's for a timer dispatch (spec §2.5,
    /// §5.14).
    public internal(set) var timestamp: Timestamp {
        get { storage.value.timestamp }
        set { storage.value.timestamp = newValue }
    }

    init() {}

    /// Every touch of the event, including stationary ones (spec §2.8).
    public var allTouches: Set<Touch> { Set(storage.value.touchList) }

    /// The touches whose ``Touch/view`` is exactly `view` (subviews' touches are not included).
    public func touches(for view: View) -> Set<Touch> {
        var result = Set<Touch>()
        for touch in storage.value.touchList where touch.view === view { result.insert(touch) }
        return result
    }

    /// The touches whose ``Touch/window`` is `window`.
    public func touches(for window: Window) -> Set<Touch> {
        var result = Set<Touch>()
        for touch in storage.value.touchList where touch.window === window { result.insert(touch) }
        return result
    }

    /// The touches being delivered to `gestureRecognizer` (those listing it in ``Touch/gestureRecognizers``).
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        var result = Set<Touch>()
        for touch in storage.value.touchList
        where touch.gestureRecognizers.contains(where: { $0 === gestureRecognizer }) {
            result.insert(touch)
        }
        return result
    }

    // MARK: Coalesced and predicted touches

    /// The input samples that make up `touch`'s change in this event, oldest first, as
    /// `UIEvent.coalescedTouches(for:)`; `nil` when `touch` is not in the event.
    ///
    /// With ``Application/InputDispatch/displayRate`` dispatch, a touch that moved several times between two
    /// dispatches changes once (one `touchesMoved`) and this lists every sample: a drawing app draws through
    /// all of them. Otherwise — one dispatch per input frame — it holds one sample, the touch's current state.
    /// The touches returned are copies: each has the location, previous location (the sample before it), time
    /// and phase (`moved`, the last one the touch's own phase) of its sample, and the touch's view, window,
    /// type, force and radius; they are never delivered, and the event does not contain them.
    public func coalescedTouches(for touch: Touch) -> [Touch]? {
        guard touch.record.isInEvent, storage.value.touchList.contains(where: { $0 === touch }) else { return nil }
        guard touch.record.coalescedInDispatch != 0, touch.record.coalescedInDispatch == storage.value.dispatchSerial,
            touch.record.coalescedSamples.count > 1
        else {
            return [Touch(sampleOf: touch, location: touch.storage.value.screenLocation,
                          previous: touch.storage.value.previousScreenLocation,
                          timestamp: touch.timestamp, phase: touch.phase)]
        }
        var result: [Touch] = []
        result.reserveCapacity(touch.record.coalescedSamples.count)
        var previous = touch.storage.value.previousScreenLocation
        for (index, sample) in touch.record.coalescedSamples.enumerated() {
            let isLast = index == touch.record.coalescedSamples.count - 1
            result.append(Touch(sampleOf: touch, location: sample.location, previous: previous,
                                timestamp: sample.timestamp, phase: isLast ? touch.phase : .moved))
            previous = sample.location
        }
        return result
    }

    /// Where `touch` is predicted to be shortly after this event, as `UIEvent.predictedTouches(for:)`; `nil` when
    /// `touch` is not in the event, empty once it ended or was cancelled.
    ///
    /// The prediction extrapolates the touch's velocity — a least-squares fit over its recent samples, coalesced
    /// ones included (``VelocityTracker``) — along a straight line, one sample per device sample interval (the
    /// observed one; 1/120 s before two samples arrived, at least 4 ms), up to
    /// ``Application/touchPredictionInterval`` (default 16 ms, one 60 Hz frame) ahead, at most 8 samples. A touch
    /// at rest is predicted where it is. Copies, as in ``coalescedTouches(for:)``, with phase `moved`.
    public func predictedTouches(for touch: Touch) -> [Touch]? {
        guard touch.record.isInEvent, storage.value.touchList.contains(where: { $0 === touch }) else { return nil }
        guard !touch.phase.isFinal else { return [] }
        let velocity = touch.record.motion.velocity(at: touch.timestamp)
        let spacing = Swift.max(touch.record.motion.sampleInterval ?? .nanoseconds(8_333_333), .milliseconds(4))
        let horizon = storage.value.application?.touchPredictionInterval ?? .milliseconds(16)
        let count = Swift.max(1, Swift.min(8, Int((horizon.seconds / spacing.seconds).rounded())))
        var result: [Touch] = []
        result.reserveCapacity(count)
        var previous = touch.storage.value.screenLocation
        for step in 1...count {
            let ahead = spacing * step
            let seconds = ahead.seconds
            let location = Point(x: touch.storage.value.screenLocation.x + velocity.x * seconds,
                                 y: touch.storage.value.screenLocation.y + velocity.y * seconds)
            result.append(Touch(sampleOf: touch, location: location, previous: previous,
                                timestamp: touch.timestamp + ahead, phase: .moved))
            previous = location
        }
        return result
    }

    /// Appends an entry to the application's delivery log, stamped with the application's current time.
    ///
    /// `kind` is only evaluated when the application records deliveries.
    func log(_ kind: @autoclosure () -> Delivery.Kind) {
        storage.value.recorder?.log(kind())
    }
}

/// The stored state behind ``Event``'s runtime properties (see its `storage`).
struct EventStorage {
    /// The application whose delivery log this event writes to (weak: the application owns the event).
    weak var application: Application?
    var timestamp: Timestamp = .zero
    /// The event's touches in the order they were bound (earlier first; same frame: lower slot first). The
    /// dispatcher maintains it; it is the order of view delivery.
    var touchList: [Touch] = []
    /// The serial number of the current (or latest) dispatch, starting at 1: the dispatcher counts it here, so that
    /// the arena reads it from the event it holds.
    var dispatchSerial: UInt64 = 0
    /// The application's delivery log, held strongly (it holds nothing that leads back): recording reaches it
    /// without loading `application`. The dispatcher sets it, and clears it when the application goes away.
    var recorder: DeliveryRecorder?
    /// The dispatcher that owns the event, for ``Window/sendEvent(_:)``: `unowned`, not `weak` (no side table,
    /// and no weak load of the application and its lazy dispatcher per window and dispatch); the dispatcher
    /// sets it and clears it in its `deinit`, so it never outlives the dispatcher.
    unowned var dispatcher: TouchDispatcher?
}
