import CTactileAPI
import Tactile
import TactileInput
import TactileReplay

/// What a `tactile_application` handle names: a scene instance (built from a file, or an empty scene whose
/// window the C program fills), driven by a `SceneDriver` — the driver `tactile replay` uses, so that the same
/// input gives the same log, byte for byte.
@MainActor
final class CApplication {
    let instance: SceneInstance
    let driver: SceneDriver
    /// Its own handle (set once registered).
    var handle = Handle(rawValue: 0)
    /// The window's handle.
    var windowHandle = Handle(rawValue: 0)
    /// Whether the views come from a scene file (their touch handling is the scene's).
    let isFromSceneFile: Bool
    /// How many input calls are running (callbacks happen inside them): the application cannot be destroyed then.
    var dispatchDepth = 0
    /// The contacts of `tactile_application_send_frame`'s frames, kept from call to call.
    var frameContacts: [TouchContact] = []

    /// The handles given out for views and recognizers, by object, so that a callback names an object by the
    /// same handle every time.
    var viewHandles: [ObjectIdentifier: Handle] = [:]
    var recognizerHandles: [ObjectIdentifier: Handle] = [:]
    /// Views and recognizers the C program made, by name (a scene's are in `instance`).
    var namedViews: [String: View] = [:]
    var namedRecognizers: [String: GestureRecognizer] = [:]
    /// The delegate of recognizers made here, or of a scene's once the program relates them.
    let simultaneity: SimultaneityDelegate

    /// The delivery log, when `tactile_application_set_log` started one.
    private var printer: ReplayLogPrinter?
    private var log = LogBuffer()
    /// How many bytes of `log` were read already.
    private var logReadOffset = 0

    init(instance: SceneInstance, isFromSceneFile: Bool) {
        self.instance = instance
        self.isFromSceneFile = isFromSceneFile
        simultaneity = SimultaneityDelegate()
        let relay = EventRelay()
        driver = SceneDriver(instance: instance) { event in relay.target?.record(event) }
        relay.target = self
        for pair in instance.scene.simultaneous {
            if let first = instance.recognizers[pair.first], let second = instance.recognizers[pair.second] {
                simultaneity.allow(first, second)
            }
        }
    }

    private func record(_ event: ReplayEvent) {
        guard let printer else { return }
        printer.write(event, to: &log)
    }

    /// Starts, restarts or stops the log.
    func setLog(_ format: ReplayLogFormat?, positions: Bool) {
        if let printer { printer.flush(to: &log) }
        printer = format.map { ReplayLogPrinter(format: $0, showsPositions: positions, instance: instance) }
    }

    /// The bytes not read yet (the printer's held-back entry written first: a dispatch ends its chains).
    func unreadLog() -> ArraySlice<UInt8> {
        printer?.flush(to: &log)
        return log.bytes[logReadOffset...]
    }

    func consumeLog(_ count: Int) {
        logReadOffset += count
        if logReadOffset == log.count {
            log.removeAll()
            logReadOffset = 0
        }
    }

    /// Runs an input call: callbacks inside it see the application as busy.
    func dispatch<T>(_ body: () throws(APIError) -> T) throws(APIError) -> T {
        dispatchDepth += 1
        defer { dispatchDepth -= 1 }
        return try body()
    }

    /// A time on the caller's clock for a time on the application's (relative to the driver's origin).
    func callerTime(_ time: Timestamp) -> Int64 {
        let (sum, overflow) = time.nanoseconds.addingReportingOverflow(driver.origin?.nanoseconds ?? 0)
        return overflow ? (time.nanoseconds < 0 ? .min : .max) : sum
    }

    /// The handle of `view`, made on first request (a scene's views get theirs when found).
    func handle(for view: View) -> Handle {
        if let handle = viewHandles[ObjectIdentifier(view)] { return handle }
        let handle = ThreadState.current.insert(ViewEntry(view: view, application: self), kind: .view, owner: ObjectIdentifier(self))
        viewHandles[ObjectIdentifier(view)] = handle
        return handle
    }

    func handle(for recognizer: GestureRecognizer) -> Handle {
        if let handle = recognizerHandles[ObjectIdentifier(recognizer)] { return handle }
        let handle = ThreadState.current.insert(
            RecognizerEntry(recognizer: recognizer, application: self), kind: .recognizer, owner: ObjectIdentifier(self))
        recognizerHandles[ObjectIdentifier(recognizer)] = handle
        return handle
    }
}

/// Passes the driver's events to the application without the driver's observer keeping it alive.
@MainActor
private final class EventRelay {
    weak var target: CApplication?
}

/// What a `tactile_view` handle names.
@MainActor
final class ViewEntry {
    let view: View
    unowned let application: CApplication
    init(view: View, application: CApplication) {
        self.view = view
        self.application = application
    }
}

/// What a `tactile_recognizer` handle names.
@MainActor
final class RecognizerEntry {
    let recognizer: GestureRecognizer
    unowned let application: CApplication
    /// The action installed by `tactile_recognizer_set_action`.
    var action: GestureRecognizer.ActionIdentifier?
    init(recognizer: GestureRecognizer, application: CApplication) {
        self.recognizer = recognizer
        self.application = application
    }
}

/// Answers `shouldRecognizeSimultaneouslyWith`: the pairs the program (or the scene) allowed, then its callback.
final class SimultaneityDelegate: GestureRecognizerDelegate {
    /// The allowed pairs (a lookup allocates nothing: the arena asks on every decision).
    private var pairs = RecognizerPairs()
    var callback: tactile_simultaneous_callback?
    var userData: UnsafeMutableRawPointer?
    weak var application: CApplication?

    func allow(_ first: GestureRecognizer, _ second: GestureRecognizer) {
        pairs.insert(first, second)
        first.delegate = self
        second.delegate = self
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        if pairs.contains(gestureRecognizer, otherGestureRecognizer) { return true }
        guard let callback, let application else { return false }
        return callback(
            userData, application.handle(for: gestureRecognizer).pointer,
            application.handle(for: otherGestureRecognizer).pointer)
    }
}
