/// The owner of a deadline: told when the deadline passes, in a timer dispatch of its own (spec §5.14).
///
/// Gesture recognizers conform to it for their long-press, multi-tap and maximum-duration
/// timers: a recognizer asks for a deadline with `Application.scheduleDeadline(at:for:)` and gets a
/// ``DeadlineToken`` back to cancel it in `reset()`; when the caller's clock reaches the deadline, the
/// dispatcher calls ``deadlinePassed(_:in:)`` and then runs steps 4–6 of the pipeline.
@MainActor
protocol DeadlineTarget: AnyObject {
    /// The label the delivery log uses for the owner.
    var logName: String { get }
    /// Tells the owner that its deadline `token` passed; `event.timestamp` is the deadline's time.
    func deadlinePassed(_ token: DeadlineToken, in event: Event)
}

/// Identifies a scheduled deadline, to cancel it. Tokens increase in scheduling order.
struct DeadlineToken: Hashable, Comparable, Sendable {
    /// The token's value.
    var rawValue: UInt64
    /// When the deadline is due: lets ``DeadlineQueue/cancel(_:)`` find it by binary search.
    var due: Timestamp
    static func < (lhs: DeadlineToken, rhs: DeadlineToken) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Deadlines in the order they are due: a value the application owns and the caller's clock drives.
///
/// Nothing here reads a clock or starts a timer: the queue only answers "what is due next" and "what is due
/// at or before this time". Deadlines due at the same time come out in the order they were scheduled.
///
/// Costs, for n pending deadlines: ``schedule(at:for:)`` O(log n) plus the entries after the new one that
/// move (none when it is due last, the usual case); ``cancel(_:)`` and ``popDue(atOrBefore:)`` O(log n) and
/// amortized O(1). A cancelled or popped entry is only marked (a tombstone, which keeps its owner until then)
/// and the storage is compacted once the tombstones outnumber the pending deadlines, so a thousand recognizers
/// cancelling their timers in one dispatch cost linear time, not quadratic.
struct DeadlineQueue<Owner> {
    /// One scheduled deadline.
    struct Entry {
        /// When it is due.
        var due: Timestamp
        /// Its identity, for cancellation and for ordering equal times.
        var token: DeadlineToken
        /// Who is told when it passes.
        var owner: Owner
    }

    /// The entries from ``head`` on, sorted by due time and then token; those in ``removed`` are tombstones.
    private var entries: [Entry] = []
    /// Whether `entries[i]` was cancelled or popped (same indices as ``entries``).
    private var removed: [Bool] = []
    /// The first entry that may be pending; everything before it is a tombstone. `entries[head]` is never a
    /// tombstone when `head < entries.count`.
    private var head = 0
    /// The number of pending deadlines.
    private(set) var count = 0
    /// The token of the next deadline.
    private var nextToken: UInt64 = 1

    /// Creates an empty queue, with room for 64 entries: tombstones included, a few pending deadlines never
    /// need more (compaction starts at 33 tombstones), so the queue does not grow while input runs.
    init() {
        entries.reserveCapacity(64)
        removed.reserveCapacity(64)
    }

    /// The time of the earliest pending deadline, or `nil` when none is pending.
    var nextDue: Timestamp? { head < entries.count ? entries[head].due : nil }

    /// Adds a deadline due at `time` and returns its token.
    mutating func schedule(at time: Timestamp, for owner: Owner) -> DeadlineToken {
        let token = DeadlineToken(rawValue: nextToken, due: time)
        nextToken += 1
        // Later tokens sort after equal times, so insert after every entry due at or before `time`.
        var low = head, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].due <= time { low = mid + 1 } else { high = mid }
        }
        if low == entries.count {
            entries.append(Entry(due: time, token: token, owner: owner))
            removed.append(false)
        } else {
            entries.insert(Entry(due: time, token: token, owner: owner), at: low)
            removed.insert(false, at: low)
        }
        count += 1
        return token
    }

    /// Removes the deadline `token`; returns whether it was pending.
    @discardableResult
    mutating func cancel(_ token: DeadlineToken) -> Bool {
        // The entries are sorted by (due, token), tombstones included.
        var low = head, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let entry = entries[mid].token
            if entry.due < token.due || (entry.due == token.due && entry.rawValue < token.rawValue) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < entries.count, entries[low].token.rawValue == token.rawValue, !removed[low] else { return false }
        remove(at: low)
        return true
    }

    /// Removes and returns the earliest deadline if it is due at or before `time`.
    mutating func popDue(atOrBefore time: Timestamp) -> Entry? {
        guard head < entries.count, entries[head].due <= time else { return nil }
        let entry = entries[head]
        remove(at: head)
        return entry
    }

    /// Marks `index` as removed, moves ``head`` past tombstones and compacts when they outnumber the pending
    /// entries.
    private mutating func remove(at index: Int) {
        removed[index] = true
        count -= 1
        while head < entries.count, removed[head] { head += 1 }
        let tombstones = entries.count - count
        if tombstones > 32, tombstones > count { compact() }
    }

    /// Drops every tombstone, keeping the order.
    private mutating func compact() {
        var kept = 0
        for index in head..<entries.count where !removed[index] {
            entries.swapAt(kept, index)
            kept += 1
        }
        entries.removeSubrange(kept...)
        removed.removeAll(keepingCapacity: true)
        removed.append(contentsOf: repeatElement(false, count: kept))
        head = 0
    }
}
