import Tactile
import TactileInput

/// Drives an `Application` from decoded input with virtual time: the only clock is the input's.
///
/// Before each frame, every deadline due at or before the frame's time runs (`Application.advance(to:)`), so
/// a long press fires at its deadline even when the next frame comes much later. ``finish(at:)`` runs the
/// deadlines left after the last input. Everything is reported to ``observer`` as ``ReplayEvent`` values, in
/// order. A replay of a 30-second trace takes milliseconds and gives the same events every time.
///
/// Times are shifted by ``origin`` (set from the first input) so that logs start at 0 even for traces
/// recorded with absolute wall-clock times. On the main actor: it drives UI objects.
@preconcurrency @MainActor
public final class SceneDriver {
    /// The scene being driven.
    public let instance: SceneInstance
    /// Receives every frame, delivery and decoder diagnostic, in order.
    public var observer: (ReplayEvent) -> Void {
        get { relay.observer }
        set { relay.observer = newValue }
    }
    /// Holds ``observer`` for the application's delivery observer, which captures it strongly: a delivery
    /// reaches the observer without a weak load of the driver per delivery (and the driver has no side table,
    /// so its retains and releases stay on the fast path). The driver's `deinit` empties it: the application
    /// may outlive the driver, and the observer (which may hold the scene) must not be kept alive through it.
    private let relay: ObserverRelay
    /// The input time that becomes 0 (the first input's time); `nil` before any input.
    public private(set) var origin: Timestamp?
    /// How long after the last input ``finish(at:)`` keeps running deadlines (default 10 s): recognizers'
    /// timers (a long press, a double-tap wait) end well within it.
    public var finishingWindow: Duration = .seconds(10)
    /// The number of frames given to the application.
    public private(set) var frameCount = 0
    /// Called with the driver's time before each frame and each deadline runs; `--realtime` sleeps here until
    /// the wall clock catches up. `nil` (the default) runs as fast as the machine goes.
    public var pacer: ((Timestamp) -> Void)?

    /// Prepares to drive `instance`; installs a delivery observer on its application and stops it storing
    /// the log (entries go to ``observer`` only).
    public init(instance: SceneInstance, observer: @escaping (ReplayEvent) -> Void) {
        self.instance = instance
        relay = ObserverRelay(observer)
        instance.application.deliveryLogCapacity = 0
        instance.application.deliveryObserver = { [relay] delivery in relay.observer(.delivery(delivery)) }
    }

    isolated deinit {
        // Deliveries after this reach no one (as they did when the observer captured the driver weakly), and
        // the observer's captures are released now, not when the application goes.
        relay.observer = { _ in }
    }

    /// The time on the driver's clock (relative to ``origin``) of an input time.
    ///
    /// Saturates rather than traps when the difference does not fit (times from the trace readers always fit:
    /// they are below `InputEvent.secondsLimit`).
    public func relative(_ time: Timestamp) -> Timestamp {
        if origin == nil { origin = time }
        let (difference, overflow) = time.nanoseconds.subtractingReportingOverflow((origin ?? time).nanoseconds)
        guard !overflow else { return Timestamp(nanoseconds: time.nanoseconds < 0 ? .min : .max) }
        return Timestamp(nanoseconds: difference)
    }

    /// Runs the deadlines due at or before `time` (an input time), then gives the decoder's frames and
    /// diagnostics to the application in order.
    public func handle(_ output: MultitouchDecoder.Output, at time: Timestamp) {
        let now = relative(time)
        for diagnostic in output.diagnostics { observer(.decoder(time: now, diagnostic)) }
        for frame in output.frames { send(frame) }
    }

    /// Runs the deadlines due before the frame, then sends it (its time made relative).
    public func send(_ frame: TouchFrame) {
        var shifted = frame
        shifted.timestamp = relative(frame.timestamp)
        runDeadlines(through: shifted.timestamp)
        pacer?(shifted.timestamp)
        observer(.frame(shifted))
        frameCount += 1
        instance.application.send(shifted)
    }

    /// Runs every deadline due at or before `time` (an input time), then moves the application's clock there.
    public func advance(to time: Timestamp) {
        let now = relative(time)
        runDeadlines(through: now)
        instance.application.advance(to: now)
    }

    /// Cancels every touch in progress at `time` (an input time), after the deadlines due before it: the
    /// device went away or the session was stopped (spec §1.2 rule 5).
    public func cancelAllTouches(at time: Timestamp) {
        let now = relative(time)
        runDeadlines(through: now)
        instance.application.cancelAllTouches(at: now)
    }

    /// The application's next deadline as an input time (for a live loop's poll timeout), or `nil`.
    public var nextDeadline: Timestamp? {
        guard let deadline = instance.application.nextDeadline, let origin else { return nil }
        return Timestamp(nanoseconds: deadline.nanoseconds + origin.nanoseconds)
    }

    /// Ends the input at `time` (an input time): runs the deadlines that fall within ``finishingWindow`` after
    /// it, each at its own time; then cancels, at the end of the window, any touch still in progress or still
    /// withheld from its view (a recognizer waiting longer than the window), so that every touch that began
    /// ends or is cancelled.
    public func finish(at time: Timestamp) {
        let start = relative(time)
        let (sum, overflow) = start.nanoseconds.addingReportingOverflow(finishingWindow.nanoseconds)
        let end = overflow ? Timestamp(nanoseconds: .max) : Timestamp(nanoseconds: sum)
        runDeadlines(through: end)
        instance.application.cancelAllTouches(at: end)
    }

    private func runDeadlines(through time: Timestamp) {
        // Each deadline runs at its own time; a bound on the count guards against a timer that keeps
        // rescheduling itself at the same instant.
        var remaining = 100_000
        while remaining > 0, let deadline = instance.application.nextDeadline, deadline <= time {
            pacer?(deadline)
            instance.application.advance(to: deadline)
            remaining -= 1
        }
    }
}

/// The observer of a ``SceneDriver``, shared with its application's delivery observer.
private final class ObserverRelay {
    var observer: (ReplayEvent) -> Void
    init(_ observer: @escaping (ReplayEvent) -> Void) { self.observer = observer }
}
