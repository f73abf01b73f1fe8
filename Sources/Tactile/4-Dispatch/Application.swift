/// The application delegate, as `UIApplicationDelegate`: an object the application knows about.
///
/// When the delegate is also a ``Responder`` (and not a view, a view controller or an application), it is
/// the application's ``Application/next`` responder, the last link of the responder chain (spec §4.7).
@preconcurrency @MainActor
public protocol ApplicationDelegate: AnyObject {}

/// The object that owns windows and turns input into touch delivery, as `UIApplication`.
///
/// There is no shared instance: create one per screen (or per replay), add its windows, then drive it
/// with input. Each ``send(_:)`` is one dispatch of the pipeline of spec §4.2; time only moves with the
/// input and with ``advance(to:)``, and the application reports its next deadline (``nextDeadline``)
/// instead of starting timers. Everything it does is recorded in the delivery log (``deliveries``,
/// ``drainDeliveries()``, ``deliveryObserver``).
///
/// An application and its views are on the main actor. Calls made from inside a
/// responder method during a dispatch (``send(_:)``, ``advance(to:)``, ``cancelAllTouches(at:)``) are
/// queued and run, in order, right after the current one finishes.
open class Application: Responder {
    /// An application without a ``Responder/name`` is logged as `application` (``Responder/logName``).
    override var unnamedLogName: String { "application" }

    /// The delivery constants, fixed at creation.
    public let configuration: Configuration
    /// The windows, in the order they were added (the last one is the most recently added).
    public private(set) var windows: [Window] = []
    /// The application delegate (weak, as `UIApplication.delegate`: keep your own reference to it).
    public weak var delegate: ApplicationDelegate?

    /// Receives every delivery-log entry as it is made, in order (in addition to the stored log).
    ///
    /// A replay can print from here and set ``deliveryLogCapacity`` to 0 to store nothing.
    public var deliveryObserver: ((Delivery) -> Void)? {
        get { recorder.storage.value.observer }
        set {
            recorder.storage.value.observer = newValue
            recordingChanged()
        }
    }

    /// The delivery log's stored entries, observer and clock, shared with the dispatcher and the arena.
    let recorder: DeliveryRecorder

    // The object's engine state, in a cell read and written without run-time exclusivity checks (the properties
    // that read and write it are accessors): the safety argument is ``UncheckedCell``'s.
    private let storage = UncheckedCell(ApplicationStorage())

    /// The stored delivery log (most recent ``deliveryLogCapacity`` entries).
    final var log: DeliveryLog {
        get { recorder.storage.value.log }
        _modify { yield &recorder.storage.value.log }
    }
    /// The pipeline. A `let`, not a `lazy var`: read several times per input, a stored constant needs neither the
    /// lazy check nor a retain and release around each use.
    let dispatcher: TouchDispatcher
    /// The scroll views whose content moves on its own (see ``ScrollView``, *Time*).
    let scrollAnimator = ScrollAnimator()

    /// An input the application was given.
    fileprivate enum Input {
        case frame(TouchFrame)
        case queuedInput(Timestamp)
        case advance(Timestamp)
        case cancelAllTouches(Timestamp)
        case settleRecognizers
    }
    /// When input frames are dispatched (default ``InputDispatch/everyFrame``: one dispatch per
    /// ``send(_:)``). Switching to ``InputDispatch/everyFrame`` does not dispatch frames already
    /// queued: call ``dispatchQueuedInput(at:)`` first.
    // In `storage` (unchecked), although applications set it: it is read for every input, and its accessors
    // only copy the value in or out (see ``TouchDispatcher``, Performance).
    public var inputDispatch: InputDispatch {
        get { storage.value.inputDispatch }
        set { storage.value.inputDispatch = newValue }
    }
    /// How far ahead ``Event/predictedTouches(for:)`` predicts (default 16 ms, one 60 Hz display frame).
    public var touchPredictionInterval: Duration = .milliseconds(16)
    /// Frames waiting for ``dispatchQueuedInput(at:)`` in display-rate dispatch.
    var queuedFrames: [TouchFrame] = []
    /// The most frames display-rate dispatch queues (about 4 s of a 240 Hz digitizer) before it dispatches them
    /// without waiting for ``dispatchQueuedInput(at:)``.
    static let maximumQueuedFrames = 1024


    /// Creates an application with no windows.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let recorder = DeliveryRecorder()
        self.recorder = recorder
        dispatcher = TouchDispatcher(configuration: configuration, recorder: recorder)
        super.init()
        dispatcher.attach(to: self)
    }

    // MARK: Windows

    /// Adds `window` as the front-most window of its ``Window/windowLevel`` (moving it to the front when it
    /// is already one of the application's windows; taking it from another application that had it). Adding a
    /// window shows it: its root view controller gets ``ViewController/viewWillAppear(_:)`` and
    /// ``ViewController/viewDidAppear(_:)``.
    public func addWindow(_ window: Window) {
        if let other = window.application, other !== self { other.removeWindow(window) }
        windows.removeElements { $0 === window }
        windows.append(window)
        storage.value.windowsNeedLayout = true  // it may have been marked while it was not shown
        let old = window.application
        window.application = self
        window.applicationChanged(from: old)
    }

    /// Removes `window` from the application (its root view controller gets ``ViewController/viewWillDisappear(_:)``
    /// and ``ViewController/viewDidDisappear(_:)``). Touches already in it keep being delivered until they end.
    public func removeWindow(_ window: Window) {
        windows.removeElements { $0 === window }
        if window.application === self {
            window.application = nil
            window.applicationChanged(from: self)
        }
    }

    /// Notes that a window of the application has a view to lay out (a mark reached the window).
    func setWindowsNeedLayout() { storage.value.windowsNeedLayout = true }

    /// Whether a window was marked for layout since the last call; clears the note.
    func takeWindowsLayoutRequest() -> Bool {
        defer { storage.value.windowsNeedLayout = false }
        return storage.value.windowsNeedLayout
    }

    // MARK: Responder chain

    /// The application delegate, when it is a ``Responder`` that is not a view, a view controller or an
    /// application (spec §4.7); otherwise `nil`, the end of the chain.
    open override var next: Responder? {
        guard let responder = delegate as? Responder else { return nil }
        if responder is View || responder is ViewController || responder is Application { return nil }
        return responder
    }

    // MARK: Event dispatch

    /// Dispatches a touch event to the windows, as `UIApplication.sendEvent(_:)` (spec §4.1).
    ///
    /// The application calls it once per input frame that changes a touch, after step 2 of the pipeline: the
    /// touches are updated and hit-tested, so ``Touch/phase``, ``Touch/view`` and ``Touch/window`` are set. The
    /// default sends the event to ``Window/sendEvent(_:)`` of each window that has a touch that changed, in the
    /// order of those touches; each window's call delivers that window's touches (recognizers, then views).
    /// Override it to observe every touch event (call `super`, or the event is not delivered — as in UIKit: the
    /// windows then handle their touches as ``Window/sendEvent(_:)`` says of a dropped event).
    ///
    /// Timer dispatches (a long press's duration, a double tap's interval) and ``cancelAllTouches(at:)`` do not go
    /// through it: they are not input events (UIKit's recognizer timers and system cancellations are not sent
    /// through `sendEvent` either). Calling it yourself outside a dispatch does nothing.
    open func sendEvent(_ event: Event) {
        for window in dispatcher.storage.value.routing.eventWindows { window.sendEvent(event) }
    }

    // MARK: Ignoring interaction events

    /// Starts ignoring touches: a touch that begins while the application ignores interaction events is
    /// never hit-tested or delivered, for its whole life; touches already in progress continue (spec §4.2
    /// step 0). Calls nest: each needs a matching ``endIgnoringInteractionEvents()``.
    public func beginIgnoringInteractionEvents() {
        storage.value.ignoringDepth += 1
    }

    /// Balances one ``beginIgnoringInteractionEvents()``; an unbalanced call does nothing.
    public func endIgnoringInteractionEvents() {
        storage.value.ignoringDepth = Swift.max(0, storage.value.ignoringDepth - 1)
    }

    /// Whether touches that begin now are ignored.
    public var isIgnoringInteractionEvents: Bool { storage.value.ignoringDepth > 0 }

    // MARK: Input and time

    /// Dispatches one input frame (spec §1.2, §4.2).
    ///
    /// Deadlines due at or before the frame's time run first, each as a timer dispatch. A frame in which no
    /// contact begins, moves, ends or is cancelled is not a dispatch (spec §1.2 rule 3); its pressure and
    /// radius values still update the touches. Inconsistent input — a phase for a contact that is not down,
    /// a second began, a repeated contact, a time earlier than the clock — is handled as described by
    /// ``Delivery/InputDiagnostic`` and recorded in the log; it never stops the application.
    public func send(_ frame: TouchFrame) {
        submit(.frame(frame))
    }

    /// Moves the clock to `time`, running every deadline due at or before it, in order, each as a timer
    /// dispatch whose ``Event/timestamp`` is the deadline (spec §5.14). A time earlier than the clock runs
    /// nothing.
    public func advance(to time: Timestamp) {
        submit(.advance(time))
    }

    /// Dispatches the frames queued by ``InputDispatch/displayRate`` dispatch whose time is at or before `time`
    /// — the display's frame time on the input's clock — as few dispatches as the touches allow, then runs the
    /// deadlines due by `time` (as ``advance(to:)``).
    ///
    /// Consecutive frames merge into one dispatch, stamped with the last merged frame's time, as long as each
    /// touch changes phase at most once in it: a touch's moves merge (its location is the latest, every sample
    /// is in ``Event/coalescedTouches(for:)``), its lift merges with the moves before it, but a touch that
    /// begins is dispatched as `began` on its own (its moves start the next dispatch), so no phase is lost and a
    /// touch's began location stays where it touched down. With ``InputDispatch/everyFrame`` nothing is queued
    /// and this is ``advance(to:)``.
    ///
    /// ``advance(to:)`` and ``cancelAllTouches(at:)`` dispatch the queued frames up to their time first, so input
    /// and deadlines keep their order. Frames queued later than `time` wait for a later call.
    public func dispatchQueuedInput(at time: Timestamp) {
        submit(.queuedInput(time))
    }

    /// The time of the earliest pending deadline, or `nil`: the driver calls ``advance(to:)`` when its clock
    /// reaches it (or sends the next frame, which runs it first).
    /// While a scroll view's content moves on its own, that includes its next display frame
    /// (``animationFrameInterval``) or the end of its motion.
    public var nextDeadline: Timestamp? {
        guard let frame = scrollAnimator.nextFrame else { return dispatcher.storage.value.deadlines.nextDue }
        return dispatcher.storage.value.deadlines.nextDue.map { Swift.min($0, frame) } ?? frame
    }

    /// The application's clock: the time of the latest input, deadline or ``advance(to:)``; `nil` before
    /// any input.
    public var currentTime: Timestamp? { dispatcher.clock }

    /// Cancels every touch in progress at `time`, in one dispatch, for a lost device, a read error or a
    /// session switch (spec §1.2 rule 5): each view tracking a touch gets `touchesCancelled` exactly once.
    /// Later frames that mention those contacts are inconsistent input.
    public func cancelAllTouches(at time: Timestamp) {
        submit(.cancelAllTouches(time))
    }

    /// Processes `input`, or queues it when called from inside another input's processing.
    private func submit(_ input: Input) {
        // Whether an input is being processed (a dispatch is running) is kept by the arena, which asks it on
        // every recognizer request.
        let arena = dispatcher.arena
        guard !arena.storage.value.resolution.isProcessingInput else {
            storage.value.pendingInputs.append(input)
            return
        }
        arena.storage.value.resolution.isProcessingInput = true
        defer { arena.storage.value.resolution.isProcessingInput = false }
        process(input)
        while !storage.value.pendingInputs.isEmpty {
            process(storage.value.pendingInputs.removeFirst())
        }
    }

    private func process(_ input: Input) {
        // Moving scroll views are sampled at the input's time first (a finger that lands stops the content where
        // it is then), and again at the clock's time after it.
        switch input {
        case .frame(let frame) where inputDispatch == .everyFrame: stepScrollAnimations(to: frame.timestamp)
        case .frame, .settleRecognizers: break
        case .queuedInput(let time), .advance(let time), .cancelAllTouches(let time):
            stepScrollAnimations(to: Swift.min(time, queuedFrames.first?.timestamp ?? time))
        }
        defer { stepScrollAnimations(to: dispatcher.clock) }
        layoutWindowsIfNeeded()  // the layout pass before each input (View+Layout.swift)
        switch input {
        case .frame(let frame):
            switch inputDispatch {
            case .everyFrame: dispatcher.dispatch(frame)
            case .displayRate:
                queuedFrames.append(frame)
                // Bounded memory when the display callback stalls (or never comes): dispatch what waits.
                if queuedFrames.count >= Self.maximumQueuedFrames {
                    dispatchQueuedFrames(through: queuedFrames.map(\.timestamp).max() ?? frame.timestamp)
                }
            }
        case .queuedInput(let time):
            dispatchQueuedFrames(through: time)
            dispatcher.advance(to: time)
        case .advance(let time):
            dispatchQueuedFrames(through: time)
            dispatcher.advance(to: time)
        case .cancelAllTouches(let time):
            dispatchQueuedFrames(through: time)
            dispatcher.cancelAllTouches(at: time)
        case .settleRecognizers: break
        }
        // Requests made while the last dispatch cleaned up (a recognizer's reset() changing another's state).
        dispatcher.settleRecognizers()
        #if DEBUG
        dispatcher.checkInvariants()  // the records' invariants, after every input (UncheckedCell's argument)
        #endif
    }

    /// Settles gesture-recognizer requests made outside a dispatch (spec §5.5) in a dispatch of their own.
    func settleRecognizers() {
        submit(.settleRecognizers)
    }

    // MARK: Deadlines (used by gesture recognizers)

    /// Asks for a timer dispatch for `owner` at `time` (spec §5.14); returns the token that cancels it.
    func scheduleDeadline(at time: Timestamp, for owner: any DeadlineTarget) -> DeadlineToken {
        dispatcher.scheduleDeadline(at: time, for: owner)
    }

    /// Cancels a deadline; returns whether it was pending.
    @discardableResult
    func cancelDeadline(_ token: DeadlineToken) -> Bool {
        dispatcher.cancelDeadline(token)
    }

    // MARK: Delivery log

    /// The most entries the stored log keeps (default 10 000); older ones are dropped and counted in
    /// ``discardedDeliveryCount``. 0 stores nothing (use ``deliveryObserver``); with no observer either,
    /// nothing is recorded at all.
    public var deliveryLogCapacity: Int {
        get { log.capacity }
        set {
            log.capacity = newValue
            recordingChanged()
        }
    }

    /// The stored delivery-log entries, oldest first.
    public var deliveries: [Delivery] { log.entries }

    /// Returns the stored delivery-log entries, oldest first, and empties the stored log.
    public func drainDeliveries() -> [Delivery] { log.drain() }

    /// How many entries the stored log dropped because it was full.
    public var discardedDeliveryCount: Int { log.discardedCount }

    /// Whether anything reads the log (an observer or a stored log with capacity); kept by
    /// ``deliveryObserver`` and ``deliveryLogCapacity``.
    var isRecordingDeliveries: Bool { recorder.storage.value.isRecording }

    private func recordingChanged() {
        recorder.recordingChanged()
    }

    /// Appends an entry stamped with the clock's time; `kind` is only evaluated while recording.
    func log(_ kind: @autoclosure () -> Delivery.Kind) {
        recorder.log(kind())
    }
}

/// The stored state behind ``Application``'s runtime properties (see its `storage`).
private struct ApplicationStorage {
    /// How many ``Application/beginIgnoringInteractionEvents()`` calls are not balanced yet.
    var ignoringDepth: Int = 0
    var inputDispatch: Application.InputDispatch = .everyFrame
    /// Inputs given while another one was being processed (from inside a responder call).
    var pendingInputs: [Application.Input] = []
    /// Whether a window was marked for layout since the last layout pass (``Application/layoutWindowsIfNeeded()``
    /// skips the walk over the windows when none was: it runs before every input).
    var windowsNeedLayout = true
}
