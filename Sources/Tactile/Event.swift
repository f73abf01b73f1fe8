/// The touches of one dispatch, as `UIEvent` (spec §2.8).
///
/// STUB: the dispatcher issue fills this in.
public final class Event {
    /// The time of the dispatch.
    public internal(set) var timestamp: Timestamp = .zero
    var log: [Delivery] = []

    init() {}

    /// Appends an entry to the delivery log, stamped with the event's time.
    func record(_ kind: Delivery.Kind) {
        log.append(Delivery(time: timestamp, kind: kind))
    }
}

@available(*, unavailable)
extension Event: Sendable {}
