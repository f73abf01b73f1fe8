/// The stored part of the delivery log: the most recent ``capacity`` entries, oldest first.
///
/// A ring buffer, so a long replay that never drains the log keeps a fixed amount of memory; entries pushed
/// out are counted in ``discardedCount``.
struct DeliveryLog {
    /// The most entries kept; 0 keeps none.
    var capacity: Int {
        didSet {
            capacity = Swift.max(0, capacity)
            let kept = entries.suffix(capacity)
            discardedCount += count - kept.count
            storage = Array(kept)
            start = 0
        }
    }
    /// How many entries were dropped because the log was full (or had no capacity).
    private(set) var discardedCount = 0

    /// The entries; once full, `storage[start]` is the oldest.
    private var storage: [Delivery] = []
    private var start = 0

    /// Creates an empty log that keeps at most `capacity` entries.
    init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
    }

    /// The number of stored entries.
    var count: Int { storage.count }

    /// The stored entries, oldest first.
    var entries: [Delivery] {
        guard start > 0 else { return storage }
        return Array(storage[start...] + storage[..<start])
    }

    /// Appends an entry, dropping the oldest when the log is full.
    mutating func append(_ delivery: Delivery) {
        if storage.count < capacity {
            storage.append(delivery)
        } else if capacity > 0 {
            storage[start] = delivery
            start = (start + 1) % capacity
            discardedCount += 1
        } else {
            discardedCount += 1
        }
    }

    /// Returns the stored entries, oldest first, and empties the log (keeping its memory for reuse).
    mutating func drain() -> [Delivery] {
        let result = entries
        storage.removeAll(keepingCapacity: true)
        start = 0
        return result
    }
}
