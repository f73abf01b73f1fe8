/// Where an application's delivery-log entries go: the stored log, the observer, and the clock that stamps
/// them. The application, its dispatcher and its arena each hold it strongly (it holds none of them), so that
/// recording from the hot path reaches it directly — not through the arena's and the dispatcher's `unowned`
/// references up to the application, each read of which is an atomic retain and release of an object with a
/// side table (the application is referenced weakly by its windows).
///
/// ``Application/deliveryObserver``, ``Application/deliveryLogCapacity`` and the stored log are the
/// application's API; they are kept here.
@MainActor
final class DeliveryRecorder {
    /// The recorder's state: the stored log, the observer, whether anything reads the log, and the clock that
    /// stamps the entries (``DeliveryRecorderStorage``), in a cell read and written without run-time exclusivity
    /// checks (the safety argument is ``UncheckedCell``'s). As the dispatcher's and the arena's, reached through
    /// the cell's addressor (`storage.value.log`) with no accessor in between. The observer is set by
    /// applications, through ``Application/deliveryObserver``: a read copies the closure before calling it, so no
    /// access to the storage is in progress while it runs.
    let storage = UncheckedCell(DeliveryRecorderStorage())

    /// Updates ``DeliveryRecorderStorage/isRecording`` after the observer or the log's capacity changed.
    func recordingChanged() {
        storage.value.isRecording = storage.value.observer != nil || storage.value.log.capacity > 0
    }

    /// Appends an entry stamped with the clock's time and hands it to the observer; `kind` is only evaluated
    /// while recording.
    func log(_ kind: @autoclosure () -> Delivery.Kind) {
        guard storage.value.isRecording else { return }
        let entry = Delivery(time: storage.value.clock ?? .zero, kind: kind())
        storage.value.log.append(entry)
        if let observer = storage.value.observer { observer(entry) }
    }

    /// Appends an entry stamped with `time` (the clock's when `nil` or earlier than it).
    func log(_ kind: @autoclosure () -> Delivery.Kind, at time: Timestamp?) {
        guard storage.value.isRecording else { return }
        let stamp = [time, storage.value.clock].compactMap { $0 }.max() ?? .zero
        let entry = Delivery(time: stamp, kind: kind())
        storage.value.log.append(entry)
        if let observer = storage.value.observer { observer(entry) }
    }
}

/// ``DeliveryRecorder``'s state, in its cell (`storage`).
struct DeliveryRecorderStorage {
    /// The stored delivery log.
    var log: DeliveryLog = DeliveryLog(capacity: 10_000)
    /// Receives every entry as it is made (``Application/deliveryObserver``).
    var observer: ((Delivery) -> Void)?
    /// Whether anything reads the log: an observer, or a stored log with capacity.
    var isRecording: Bool = true
    /// The application's clock (``TouchDispatcher/clock``), which stamps the entries.
    var clock: Timestamp?
}
