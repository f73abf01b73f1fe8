/// The touches of one dispatch, as `UIEvent` (spec §2.8).
///
/// An application has one event object and reuses it for every dispatch (UIKit reuses its touch event
/// for a whole multi-touch sequence): read it inside a responder call, do not keep it.
///
/// The event holds every touch that is down — the ones that changed in this dispatch **and** the
/// stationary ones. Touches that ended or were cancelled in the dispatch are still in it until the dispatch
/// finishes. Touches that were discarded (they began while the application ignored interaction events, or
/// hit no view) are never in it.
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

    // `@exclusivity(unchecked)` on the runtime's own stored state: see ``TouchDispatcher`` (Performance).
    /// The time of the dispatch: the input frame's time, or the deadline's for a timer dispatch (spec §2.5,
    /// §5.14).
    @exclusivity(unchecked) public internal(set) var timestamp: Timestamp = .zero

    /// The application whose delivery log this event writes to.
    @exclusivity(unchecked) weak var application: Application?
    /// The event's touches in the order they were bound (earlier first; same frame: lower slot first).
    /// The dispatcher maintains it; it is the order of view delivery.
    @exclusivity(unchecked) var touchList: [Touch] = []

    init() {}

    /// Every touch of the event, including stationary ones (spec §2.8).
    public var allTouches: Set<Touch> { Set(touchList) }

    /// The touches whose ``Touch/view`` is exactly `view` (subviews' touches are not included).
    public func touches(for view: View) -> Set<Touch> {
        var result = Set<Touch>()
        for touch in touchList where touch.view === view { result.insert(touch) }
        return result
    }

    /// The touches whose ``Touch/window`` is `window`.
    public func touches(for window: Window) -> Set<Touch> {
        var result = Set<Touch>()
        for touch in touchList where touch.window === window { result.insert(touch) }
        return result
    }

    /// The touches being delivered to `gestureRecognizer` (those listing it in ``Touch/gestureRecognizers``).
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        var result = Set<Touch>()
        for touch in touchList where touch.gestureRecognizers.contains(where: { $0 === gestureRecognizer }) {
            result.insert(touch)
        }
        return result
    }

    /// Appends an entry to the application's delivery log, stamped with the application's current time.
    ///
    /// `kind` is only evaluated when the application records deliveries.
    func record(_ kind: @autoclosure () -> Delivery.Kind) {
        application?.record(kind())
    }
}

@available(*, unavailable)
extension Event: Sendable {}
