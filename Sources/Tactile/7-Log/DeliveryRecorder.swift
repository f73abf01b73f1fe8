/// Where an application's delivery-log entries go: the stored log, the observer, and the clock that stamps
/// them. The application, its dispatcher and its arena each hold it strongly (it holds none of them), so that
/// recording from the hot path reaches it directly — not through the arena's and the dispatcher's `unowned`
/// references up to the application, each read of which is an atomic retain and release of an object with a
/// side table (the application is referenced weakly by its windows).
///
/// ``Application/deliveryObserver``, ``Application/deliveryLogCapacity`` and the stored log are the
/// application's API; they are kept here.
final class DeliveryRecorder {
    // The object's engine state, in a cell read and written without run-time exclusivity checks (the properties
    // that read and write it are accessors): the safety argument is ``UncheckedCell``'s. The
    // observer is set by applications, through ``Application/deliveryObserver``'s `get`/`set`: a read copies
    // the closure before calling it, so no access to the storage is in progress while it runs.
    private let storage = UncheckedCell(DeliveryRecorderStorage())

    /// The stored delivery log.
    var log: DeliveryLog {
        get { storage.value.log }
        _modify { yield &storage.value.log }
    }
    /// Receives every entry as it is made (``Application/deliveryObserver``).
    var observer: ((Delivery) -> Void)? {
        get { storage.value.observer }
        set { storage.value.observer = newValue }
    }
    /// Whether anything reads the log: an observer, or a stored log with capacity.
    private(set) var isRecording: Bool {
        get { storage.value.isRecording }
        set { storage.value.isRecording = newValue }
    }
    /// The application's clock (``TouchDispatcher/clock``), which stamps the entries.
    var clock: Timestamp? {
        get { storage.value.clock }
        set { storage.value.clock = newValue }
    }

    /// Updates ``isRecording`` after the observer or the log's capacity changed.
    func recordingChanged() {
        isRecording = observer != nil || log.capacity > 0
    }

    /// Appends an entry stamped with the clock's time and hands it to the observer; `kind` is only evaluated
    /// while recording.
    func log(_ kind: @autoclosure () -> Delivery.Kind) {
        guard isRecording else { return }
        let entry = Delivery(time: clock ?? .zero, kind: kind())
        log.append(entry)
        if let observer { observer(entry) }
    }

    /// Appends an entry stamped with `time` (the clock's when `nil` or earlier than it).
    func log(_ kind: @autoclosure () -> Delivery.Kind, at time: Timestamp?) {
        guard isRecording else { return }
        let stamp = [time, clock].compactMap { $0 }.max() ?? .zero
        let entry = Delivery(time: stamp, kind: kind())
        log.append(entry)
        if let observer { observer(entry) }
    }
}

@available(*, unavailable)
extension DeliveryRecorder: Sendable {}

/// The stored state behind ``DeliveryRecorder``'s properties (see its `storage`).
struct DeliveryRecorderStorage {
    var log: DeliveryLog = DeliveryLog(capacity: 10_000)
    var observer: ((Delivery) -> Void)?
    var isRecording: Bool = true
    var clock: Timestamp?
}
