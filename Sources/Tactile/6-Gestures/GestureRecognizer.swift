/// An object that recognizes a gesture from touches, as `UIGestureRecognizer` (spec §5).
///
/// Attach a recognizer to a view with ``View/addGestureRecognizer(_:)``, give it actions
/// (`addTarget(_:action:)`, ``addAction(_:)``), and it receives every touch hit-tested to that view
/// or one of its subviews **before** the view does (spec §4.1, §5.6). The built-ins (``TapGestureRecognizer``,
/// ``PanGestureRecognizer``, …) are ready to use; custom recognizers are written as in UIKit: subclass, override
/// ``touchesBegan(_:with:)`` and its siblings and ``reset()``, and set ``state``.
///
/// **States** (spec §5.1, §5.2): discrete gestures go `possible → recognized` or `possible → failed`; continuous
/// ones go `possible → began → changed* → ended | cancelled`, or `possible → failed`. A state you set takes effect
/// when the dispatch settles its recognizers (spec §4.2 step 4), after every recognizer received its touches:
/// leaving `possible` is first gated (the delegate's `gestureRecognizerShouldBegin(_:)`, the views'
/// ``View/gestureRecognizerShouldBegin(_:)``), then may wait for failure requirements (the state keeps reading
/// `possible` meanwhile), then is checked against the other recognizers (spec §5.10–§5.13; the rule is on
/// `GestureArena`). The state you set reads back at once (UIKit code switches on `state` right after setting
/// it): the gatekeepers are asked when you set it, so a refusal reads `failed` immediately; the failure
/// requirements, exclusion and actions follow at step 4 of the dispatch. An illegal request is tolerated as UIKit
/// tolerates it: logged in the delivery log (a `coerced` arena entry naming the recognizer and the transition) and
/// coerced as spec §5.2 lists, in debug and release builds alike (`possible → changed` is `began`, `changed →
/// began` is `changed`, `began/changed → failed` is `cancelled`, `possible → cancelled` is `failed`; requests in a
/// final state are ignored).
///
/// **Actions** run synchronously when a transition to `began`, `changed`, `recognized`/`ended` or `cancelled`
/// commits, after the recognizer's touches were cancelled in their views (spec §5.3, §5.7); they observe the new
/// state. **Reset** (spec §5.4): a final state stays visible until the end of the dispatch that reached it; then
/// the runtime calls ``reset()``, the state becomes `possible`, and the recognizer stops receiving the touches
/// it had (it takes part again with touches that begin later).
///
/// Every state change, action and arena decision is recorded in the application's delivery log with its
/// reason, under ``logName``. Recognizers are UI objects, on the main actor.
///
/// **Words**: a recognizer's *state* is UIKit's, ``State``, and nothing else; the delivery log writes it as a
/// ``Delivery/RecognizerState``, which only tells `recognized` from `ended`. A recognition machine's `state` is
/// the machine's own progress (``TapRecognition/State``), not a recognizer's; what a machine decides about an
/// input is its *verdict* (``RecognitionVerdict``), and why, its *reason* (``RecognitionReason``). *Phase* is a
/// touch's only (``TouchPhase``).
@preconcurrency @MainActor
open class GestureRecognizer {
    /// The state of a recognizer, as `UIGestureRecognizer.State` (spec §5.1).
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// Evaluating touches (the default, and the state while waiting for failure requirements).
        case possible
        /// A continuous gesture was recognized; the action is sent.
        case began
        /// A continuous gesture changed; the action is sent every time the state is set to it.
        case changed
        /// A continuous gesture finished, or a discrete gesture was recognized (``recognized``); the action
        /// is sent.
        case ended
        /// A continuous gesture was cancelled; the action is sent one final time.
        case cancelled
        /// Not this gesture; no action.
        case failed

        /// A discrete gesture was recognized: the same value as ``ended``.
        public static var recognized: State { .ended }

        /// Whether the state is final (``ended``, ``cancelled`` or ``failed``): the runtime resets the recognizer
        /// at the end of the dispatch.
        public var isFinal: Bool {
            switch self {
            case .ended, .cancelled, .failed: true
            case .possible, .began, .changed: false
            }
        }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    // MARK: Configuration

    /// A label for the delivery log and for tests (UIKit's `name`).
    // In `storage` (unchecked), although applications set it: it is read for every log entry about the
    // recognizer, and its accessors only copy the value in or out (see ``TouchDispatcher``, Performance).
    public var name: String? {
        get { storage.value.name }
        set { storage.value.name = newValue }
    }

    /// The label the delivery log uses: ``name``, or the type name.
    public var logName: String { name ?? String(describing: type(of: self)) }

    // The object's engine state, in a cell read and written without run-time exclusivity checks (the properties
    // that read and write it are accessors): the safety argument is ``UncheckedCell``'s.
    // Internal, not private: `GestureRecognizer+Record.swift` (5-Arena) reaches the record's slot here, and the
    // runtime reads its own fields (`storage.value.trackedTouches`) in place.
    nonisolated(unsafe) let storage = UncheckedCell(GestureRecognizerStorage())

    /// The view the recognizer is attached to (``View/addGestureRecognizer(_:)``), or `nil`.
    ///
    /// Weak, as UIKit's (the view holds its recognizers).
    public internal(set) var view: View? {
        get { storage.value.view }
        set { storage.value.view = newValue }
    }

    /// The delegate that can veto beginning, hide touches, allow simultaneous recognition and add failure
    /// requirements (weak, as in UIKit).
    public weak var delegate: GestureRecognizerDelegate?

    /// Whether the recognizer takes part (default `true`).
    ///
    /// Disabling a recognizer that is recognizing (`began`/`changed`) cancels it — its action is sent with
    /// `cancelled` — and one that is `possible` (or waiting for a failure requirement) fails silently; both are
    /// then reset and receive no more of their touches (spec §5.5). Outside a dispatch this settles at once, as
    /// a dispatch of its own at the application's current time. Re-enabling takes effect for touches that begin
    /// afterwards.
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            stopTakingPart(.disabled)
        }
    }

    /// Whether recognizing cancels the recognizer's touches in their views (default `true`, spec §5.7): when
    /// the gesture is recognized (`began` or `recognized`), every touch it tracks that its view has seen gets
    /// `touchesCancelled` immediately before the action, and no later phase of those touches, nor any touch
    /// that joins later, reaches a view.
    public var cancelsTouchesInView = true

    /// Whether the began phase of the recognizer's touches is withheld from their views while the recognizer
    /// may still recognize (default `false`, spec §5.8). If it recognizes, the view never hears of the touches;
    /// if it fails, the view gets `touchesBegan` (with the location and time of the touch-down), then
    /// `touchesMoved` if the touch moved since, then `touchesEnded` if it already lifted.
    public var delaysTouchesBegan = false

    /// Whether the ended phase of the recognizer's touches is withheld from their views while the recognizer
    /// may still recognize (default `true`, spec §5.9). If it then recognizes, the view gets
    /// `touchesCancelled` instead; if it fails, `touchesEnded`.
    public var delaysTouchesEnded = true

    /// The kinds of touch the recognizer receives, as `UIGestureRecognizer.allowedTouchTypes` (default: every
    /// ``Touch/TouchType``). A touch of another type is never given to it, and its delegate is not asked
    /// about it (spec §5.6). Set it before the touches begin: it is read when a touch is bound.
    public var allowedTouchTypes: Set<Touch.TouchType> = Set(Touch.TouchType.allCases)

    /// Whether the recognizer takes touches of one type only at a time, as
    /// `UIGestureRecognizer.requiresExclusiveTouchType` (default `true`): once it received a touch (a finger),
    /// touches of another type (a pen) are not given to it until it is reset (spec §5.6).
    public var requiresExclusiveTouchType = true


    // MARK: State

    /// The recognizer's state.
    ///
    /// Set it from a subclass's touch methods or ``deadlinePassed(at:)``; it reads back at once, as in UIKit:
    /// `state = .began` then `state` reads `.began` (or `.failed` when the delegate's or a view's
    /// `gestureRecognizerShouldBegin(_:)` refused), `.changed` reads `.changed`, `.ended` reads `.ended`. See the
    /// type's discussion for when the arena commits it and what happens to illegal requests.
    public var state: State {
        get { hasRecord ? record.requestedState ?? record.status.publicState : .possible }
        set { request(newValue, reason: .requested) }
    }

    /// The arena the recognizer takes part in since it last received a touch or a request; `nil` after reset.
    ///
    /// Not retained and not checked (``UnretainedReference``, whose safety argument says why that is safe and
    /// why not `weak`).
    var arena: GestureArena? {
        get { storage.value.arena?.object }
        set { storage.value.arena = newValue.map(UnretainedReference.init) }
    }
    /// The identifier of the next action added.
    var nextActionIdentifier: UInt64 = 1
    /// Called with a message on each illegal state request (besides the delivery log's `coerced` entry); tests
    /// set it to count them. `nil`: nothing more is done.
    var illegalTransitionHandler: ((String) -> Void)?

    /// Creates a recognizer with no action and no view.
    public init() {
        isExactlyBuiltIn = type(of: self).builtInClass == type(of: self)
        storage.value.trackedTouches.reserveCapacity(10)
    }

    deinit { storage.value.recordSlot?.remove() }

    /// Creates a recognizer whose action is `action`, a named method of `target` (held weakly), as
    /// `UIGestureRecognizer(target:action:)`: `PanGestureRecognizer(target: self, action: Selector("handlePan(_:)",
    /// Self.handlePan))` with `func handlePan(_ pan: PanGestureRecognizer)`. Adding the same pair again later is
    /// ignored (`addTarget(_:action:)` with a ``Selector``).
    public convenience init<Target: AnyObject>(target: AnyObject, action: Selector<Target>) {
        self.init()
        addTarget(target, action: action)
    }

    /// Creates a recognizer whose action is `action`, a method of `target` (held weakly) taking the recognizer
    /// typed by its class: `PanGestureRecognizer(target: self, action: Self.handlePan)` with `func handlePan(_
    /// pan: PanGestureRecognizer)`. A method reference cannot be compared with another: see ``Selector``.
    public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
        target: AnyObject, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// Creates a recognizer whose action is `action`, a method of `target` (held weakly) without an argument.
    public convenience init<Target: AnyObject>(target: AnyObject, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    // MARK: Touches (override points)

    /// New touches of the recognizer began. The base class does nothing; a built-in feeds its recognition
    /// logic (a subclass of a built-in calls `super`).
    ///
    /// Called during the dispatch's step 3, deepest recognizer first, before the touches' views get them.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) { feedMachine(.began, touches, at: event.timestamp) }
    /// Touches of the recognizer moved (stationary ones are not passed). See ``touchesBegan(_:with:)``.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) { feedMachine(.moved, touches, at: event.timestamp) }
    /// Touches of the recognizer lifted. See ``touchesBegan(_:with:)``.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) { feedMachine(.ended, touches, at: event.timestamp) }
    /// The system cancelled touches of the recognizer. See ``touchesBegan(_:with:)``.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        feedMachine(.cancelled, touches, at: event.timestamp)
    }

    /// Clears the recognizer's private state; the runtime calls it after a final state (spec §5.4). Subclasses
    /// override it (calling `super`). The state is set back to `possible` by the runtime, not here, and a
    /// built-in's recognition logic is reset by the runtime too.
    open func reset() {}

    /// Tells the recognizer that its ``deadline`` passed; `time` is the deadline (a timer dispatch of its own,
    /// spec §5.14). The default does nothing. A built-in uses ``deadline`` for its own timers and handles them
    /// before this is called.
    open func deadlinePassed(at time: Timestamp) {}

    /// When the recognizer wants ``deadlinePassed(at:)`` to be called, on the input's clock, or `nil`.
    ///
    /// Setting it replaces the previous deadline; the runtime clears it on reset. It needs the recognizer's view
    /// to be in an application's window (otherwise nothing is scheduled). Deadlines never read a wall clock: the
    /// application runs them when its input or ``Application/advance(to:)`` reaches them.
    public var deadline: Timestamp? {
        get { hasRecord ? record.scheduledTime : nil }
        set { schedule(newValue) }
    }

    // MARK: Touches and locations

    /// Stops delivering `touch` to the recognizer, from now on (subclass API, spec §5.6). An ignored touch is not
    /// cancelled in its view when the recognizer recognizes.
    open func ignore(_ touch: Touch, for event: Event) {
        stopTracking(touch, reason: .requested)
    }

    /// The number of touches involved in the gesture: the tracked touches that are still part of the event (a
    /// built-in reports its own count).
    open var numberOfTouches: Int {
        if let count = machineTouchCount { return count }
        var count = 0
        for touch in storage.value.trackedTouches where touch.record.isInEvent { count += 1 }
        return count
    }

    /// The gesture's location in `view`'s bounds coordinates (`nil`: the window's): by default the centroid of
    /// the touches involved (spec §5.15); the built-ins refine it.
    open func location(in view: View?) -> Point {
        if let location = machineLocation { return convertFromWindow(location, to: view) }
        var sum = Point.zero
        var count = 0.0
        for touch in storage.value.trackedTouches where touch.record.isInEvent {
            sum = sum + touch.location(in: nil)
            count += 1
        }
        return convertFromWindow(count > 0 ? sum / count : sum, to: view)
    }

    /// The location of the touch at `index` (0 ..< ``numberOfTouches``, in the order they began) in `view`'s
    /// bounds coordinates (`nil`: the window's). An index out of range gives the gesture's ``location(in:)``.
    open func location(ofTouch index: Int, in view: View?) -> Point {
        var position = 0
        for touch in storage.value.trackedTouches where touch.record.isInEvent {
            if position == index { return touch.location(in: view) }
            position += 1
        }
        return location(in: view)
    }

    // MARK: Coordination (override points, spec §5.11, §5.12)

    /// Whether this recognizer may prevent `other` from recognizing (default `true`).
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other` may prevent this recognizer from recognizing (default `true`).
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// Whether this recognizer requires `other` to fail, decided per recognition attempt (default `false`).
    ///
    /// Asked when this recognizer tries to recognize and, if it had to wait, again once those it waited for
    /// failed (a recognizer may have started taking part meanwhile), for every recognizer taking part.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// Whether `other` requires this recognizer to fail, decided per recognition attempt (default `false`); asked
    /// at the same points as ``shouldRequireFailure(of:)``.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Makes this recognizer wait for `other` to fail before it recognizes (spec §5.12): its action is held back
    /// (its ``state`` reads `possible`) until `other` fails or is cancelled, and it fails if `other` recognizes.
    ///
    /// Whether `other` is undecided is judged when this recognizer tries to recognize and again when all it waited
    /// for have failed: an `other` that failed earlier in the touch sequence, was reset and takes part again with a
    /// finger that landed later is waited for again (spec §5.4, §5.12; the spec is silent, and this keeps the
    /// promise that this recognizer never recognizes in the same gesture as `other`).
    ///
    /// Requirements chain (a waits for b which waits for c). A requirement that would close a cycle is a
    /// programming error: it is ignored, recorded in the delivery log of the recognizer's application (when it
    /// has one), and returned. `other` is held weakly.
    @discardableResult
    public func require(toFail other: GestureRecognizer) -> FailureRequirementCycle? {
        if let cycle = cycle(closedByRequiring: other) {
            view?.window?.application?.log(.arena(.requirementCycleIgnored(
                dependent: logName, required: other.logName, cycle: cycle.recognizers)))
            return cycle
        }
        storage.value.failureRequirements.removeElements { $0.recognizer == nil }
        if !storage.value.failureRequirements.containsElement(where: { $0.recognizer === other }) {
            storage.value.failureRequirements.append(WeakGestureRecognizer(other))
        }
        return nil
    }

    // MARK: Built-in hooks (internal: a recognition machine behind the UIKit API, see MachineDriver.swift)

    /// Whether the recognizer is an instance of a built-in class itself — one that names itself in
    /// ``builtInClass`` — and not of a subclass: the arena then feeds its machine straight from its changed
    /// touches (``feedMachine(_:_:at:)``) instead of calling `touchesBegan/Moved/Ended/Cancelled` with a
    /// `Set<Touch>`. The class is compared exactly, because a subclass (of a built-in, or of
    /// ``GestureRecognizer``) may override the touch methods: it gets them called, with a set, as before.
    let isExactlyBuiltIn: Bool

    /// The built-in class this class is or inherits from: each built-in declares itself in its own file by
    /// answering its own class (`override class var builtInClass: GestureRecognizer.Type? {
    /// TapGestureRecognizer.self }`); `nil` here, for every other class. Internal, so only the module's own
    /// classes can claim it; a subclass inherits its built-in's answer, which is then not its own class.
    class var builtInClass: GestureRecognizer.Type? { nil }

    /// Feeds `touches` in `phase` to the built-in's machine (nothing without one): their window locations and
    /// times, in contact order — a set's order depends on the process's hash seed, so the machine sees the
    /// touches sorted by contact, and sums over them (centroids) and first-found touches are the same in every
    /// process, whichever way they arrived.
    func feedMachine(_ phase: TouchPhase, _ touches: Set<Touch>, at time: Timestamp) {
        guard hasMachine else { return }
        var samples = takeSampleBuffer()
        for touch in touches { samples.append(Self.sample(of: touch)) }
        feed(&samples, phase, at: time)
    }

    /// Feeds the touches of ``RecognizerRecord/changedTouches`` that are in `phase` to the machine (the direct path for
    /// an ``isExactlyBuiltIn`` recognizer): the same samples as from a set of them. The list is read here, not
    /// passed in, so that no copy of it is alive while the machine runs: a touch the machine ignores leaves the
    /// list (``stopTracking(_:reason:)``) in place instead of through a copy of its storage.value.
    func feedMachineFromChangedTouches(_ phase: TouchPhase, epoch: UInt64, at time: Timestamp) {
        var samples = takeSampleBuffer()
        record.changedTouches.forEach { touch in
            guard touch.phase == phase else { return }
            samples.append(TouchSample(id: touch.id, location: touch.windowLocation(epoch: epoch), timestamp: touch.timestamp))
        }
        feed(&samples, phase, at: time)
    }

    private static func sample(of touch: Touch) -> TouchSample {
        TouchSample(id: touch.id, location: touch.location(in: nil), timestamp: touch.timestamp)
    }

    /// The storage of ``RecognizerRecord/sampleBuffer``, emptied, moved out of the record (no copy: no retain and
    /// release of it) to be filled without an access to the record per sample; ``feed(_:_:at:)`` moves it back.
    /// Always inlined: left out of line (as release builds did once the record was reached through a
    /// ``RecordSlot``), it cost +124 instructions per frame of the default scene (`Benchmarks/side-by-side.sh`).
    @inline(__always)
    private func takeSampleBuffer() -> [TouchSample] {
        var samples: [TouchSample] = []
        swap(&samples, &record.sampleBuffer)
        samples.empty()
        return samples
    }

    /// Feeds `samples` (from ``takeSampleBuffer()``), in contact order, to the machine, then moves their storage
    /// back into the record; the machines read their samples argument, never the buffer.
    private func feed(_ samples: inout [TouchSample], _ phase: TouchPhase, at time: Timestamp) {
        if samples.count > 1 { samples.sortElements { $0.id < $1.id } }
        machineInput(phase, samples, at: time)
        swap(&samples, &record.sampleBuffer)
    }

    /// Whether the recognizer has a built-in recognition machine (the base class has none).
    var hasMachine: Bool { false }
    /// Feeds the built-in's recognition machine with `samples`, in contact order; the base class has none.
    func machineInput(_ phase: TouchPhase, _ samples: [TouchSample], at time: Timestamp) {}
    /// Tells the built-in's machine that its deadline passed.
    func machineDeadlinePassed(at time: Timestamp) {}
    /// Resets the built-in's machine (called by the runtime right after ``reset()``).
    func machineReset() {}
    /// The built-in machine's location in window coordinates, or `nil` (no machine, or no location yet).
    var machineLocation: Point? { nil }
    /// The built-in machine's number of touches, or `nil` without a machine.
    var machineTouchCount: Int? { nil }

    // MARK: Arena hooks (internal: the scroll view's pan)

    /// Why the arena must fail the recognizer when it tries to leave `possible`, after the delegate and view
    /// gates; `nil` lets it go on.
    func arenaVeto() -> Delivery.RecognizerReason? { nil }

    /// Called just before a recognizer that waited for failure requirements commits (spec §5.12 rule 4): the
    /// pan rebases its translation there, so its `began` action sees (0, 0) as after an immediate recognition.
    func willCommitAfterWaiting() {}

    /// Whether the recognizer holds back the began phase of `touch` from its view at `time` while it is
    /// undecided (spec §5.8): ``delaysTouchesBegan``.
    func delaysBegan(_ touch: Touch, at time: Timestamp) -> Bool { delaysTouchesBegan }

    // MARK: Coordinates

    /// Converts a point in the recognizer's window coordinates to `view`'s bounds coordinates (`nil`: unchanged).
    func convertFromWindow(_ point: Point, to target: View?) -> Point {
        guard let target, let window = self.view?.window ?? target.window else { return point }
        return target === window ? point : target.convert(point, from: window)
    }

    /// Converts a vector in window coordinates to `view`'s (`nil`: unchanged) with the linear part of the
    /// conversion — the same as converting two points and subtracting — so rotated and scaled views get rotated
    /// and scaled vectors (spec §6.3 rule 8).
    func convertVectorFromWindow(_ vector: Point, to target: View?) -> Point {
        guard let target, let window = self.view?.window ?? target.window, target !== window else { return vector }
        return window.conversionTransform(to: target).map { $0.applyLinear(to: vector) } ?? Point(x: .nan, y: .nan)
    }

    /// Converts a vector in `view`'s bounds coordinates (`nil`: the window's) to window coordinates.
    func convertVectorToWindow(_ vector: Point, from source: View?) -> Point {
        guard let source, let window = self.view?.window ?? source.window, source !== window else { return vector }
        return source.conversionTransform(to: window).map { $0.applyLinear(to: vector) } ?? Point(x: .nan, y: .nan)
    }
}

/// A recognizer's pending deadline. The application is held weakly: the application holds the recognizer
/// (through its windows and views), and a strong reference back kept a dropped application alive.
struct ScheduledDeadline {
    var token: DeadlineToken
    weak var application: Application?
}

/// A weak reference to a recognizer.
struct WeakGestureRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// The stored state behind ``GestureRecognizer``'s runtime properties (see its `storage`).
struct GestureRecognizerStorage {
    weak var view: View?
    var arena: UnretainedReference<GestureArena>?
    /// The touches the recognizer receives and has not ignored, since its last reset, in the order they began.
    var trackedTouches: [Touch] = []
    var name: String?
    /// The recognizers this one requires to fail (``GestureRecognizer/require(toFail:)``), held weakly.
    var failureRequirements: [WeakGestureRecognizer] = []
    /// The registered actions, in the order they were added.
    var actions: [GestureRecognizer.RegisteredAction] = []
    /// Where the recognizer's ``RecognizerRecord`` is (`nil` until it has one; see ``GestureRecognizer/record``).
    var recordSlot: RecordSlot<RecognizerRecord>?
    /// The recognizer's index in its view's ``View/gestureRecognizers``, kept by the view as recognizers are
    /// added and removed (so ``GestureArena/updateOrderKeys(_:)`` does not search the list).
    var indexOnView = 0
}
