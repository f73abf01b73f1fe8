/// The pure recognition logic of a built-in gesture recognizer, as an explicit state machine.
///
/// A UIKit-shaped recognizer (`TapGestureRecognizer`, …) owns one machine and is a thin wrapper: each of
/// its touch methods turns its touches into ``TouchSample`` values in window coordinates, calls the
/// matching method here and sets `state` from the returned ``RecognitionVerdict``. The machine never starts
/// a timer, reads a clock or knows about views; it asks for time as a value (``deadline``) and is told when
/// it has passed.
///
/// Contract for the owner:
/// - Within one dispatch, call ``touchesBegan(_:at:)``, ``touchesMoved(_:at:)``, ``touchesEnded(_:at:)``,
///   ``touchesCancelled(_:at:)`` in that order, each only with a non-empty collection of the touches that
///   changed (stationary touches are not passed; spec §4.2 step 3). `time` is the dispatch's timestamp, the
///   same for every call of one dispatch: a machine recognizes by it the moves of the dispatch in which a
///   touch landed, which arrive after that landing although they happened in the same frame (the pan and the
///   two-finger gestures measure the landing at the frame's locations).
/// - When the clock reaches ``deadline`` and no input stamped at or before it is pending, call
///   ``deadlinePassed(at:)`` with the deadline (a timer dispatch, spec §5.14). An input stamped exactly at
///   the deadline is delivered before it.
/// - After a terminal verdict the machine ignores every input (returns ``RecognitionVerdict/nothing``) until
///   ``reset()``, which the recognizer calls from its own `reset()` (spec §5.4).
/// - Touches the machine asked to ignore, and touches it never saw begin, are skipped if passed anyway.
///
/// Machines are `Sendable` values; a copy is an independent machine. The move path (``touchesMoved(_:at:)``
/// in the steady state) allocates nothing.
///
/// What every machine decides for itself has no default: its configuration and initializers, whether it is
/// finished, how many touches it tracks, and its answer to touches that begin, move, end or are cancelled. The
/// rest has a default that is right for the machines it fits (see each one): ``deadline`` (none: a machine
/// without a time limit), ``deadlinePassed(at:)`` (nothing happens), ``location`` (none: the recognizer reports
/// the centroid of its touches), ``reset()`` (a new machine with the same configuration).
public protocol RecognitionMachine: Sendable, CustomStringConvertible {
    /// The machine's tunable constants.
    associatedtype Configuration: Sendable

    /// Creates a machine that has seen no touch.
    init(configuration: Configuration)

    /// Creates a machine that has seen no touch, with the default configuration (the spec's values).
    init()

    /// The machine's tunable constants; change them only while no touch is tracked (right after creation or
    /// ``reset()``), as with UIKit's recognizer properties.
    var configuration: Configuration { get set }

    /// When the machine needs ``deadlinePassed(at:)`` to be called, derived from its state; `nil` when no time
    /// limit is pending.
    var deadline: Timestamp? { get }

    /// Whether the machine reached a terminal verdict and waits for ``reset()``.
    var isFinished: Bool { get }

    /// The number of touches the machine currently tracks (its recognizer's `numberOfTouches`).
    var numberOfTouches: Int { get }

    /// The gesture's location in window coordinates as its recognizer reports it from `location(in:)`, or
    /// `nil` when the machine has no location yet (spec §5.15).
    var location: Point? { get }

    /// New touches began.
    mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict
    /// Tracked touches moved.
    mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict
    /// Tracked touches lifted; their samples carry the last known location.
    mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp) -> RecognitionVerdict
    /// The system cancelled tracked touches.
    mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    /// The clock reached ``deadline``; `time` is the deadline. Returns ``RecognitionVerdict/nothing`` if `time`
    /// is before the current deadline or there is none.
    mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict
    /// Forgets every touch and returns to the initial state, keeping the configuration.
    mutating func reset()
}

extension RecognitionMachine {
    /// No deadline: right for a machine without a time limit (a pan, a pinch, a rotation), which never needs
    /// the clock. A machine with a time limit implements it, derived from its state.
    public var deadline: Timestamp? { nil }

    /// Nothing happens: right wherever ``deadline`` is `nil`, since the recognizer calls this only when a
    /// deadline the machine asked for passed. A machine that implements ``deadline`` implements this too.
    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict { .nothing }

    /// No location of its own: the recognizer then reports the centroid of the touches it tracks, UIKit's
    /// default (spec §5.15). A machine that reports another point (a tap's first tap, a long press's landing)
    /// implements it.
    public var location: Point? { nil }

    /// Replaces the machine with a new one made with `init(configuration:)` from the same configuration: right
    /// for every machine whose state is its stored properties besides the configuration, which is what
    /// "returns to the initial state, keeping the configuration" means. A machine that keeps something across
    /// gestures on purpose (a cache it reuses, a buffer's capacity) implements it.
    public mutating func reset() { self = Self(configuration: configuration) }
}
