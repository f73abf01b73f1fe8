/// The owner of a deadline: told when the deadline passes, in a timer dispatch of its own (spec §5.14).
///
/// Gesture recognizers conform to it for their long-press, multi-tap and maximum-duration
/// timers: a recognizer asks for a deadline with `Application.scheduleDeadline(at:for:)` and gets a
/// ``DeadlineToken`` back to cancel it in `reset()`; when the caller's clock reaches the deadline, the
/// dispatcher calls ``deadlinePassed(_:in:)`` and then runs steps 4–6 of the pipeline.
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
    static func < (lhs: DeadlineToken, rhs: DeadlineToken) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Deadlines in the order they are due: a value the application owns and the caller's clock drives.
///
/// Nothing here reads a clock or starts a timer: the queue only answers "what is due next" and "what is due
/// at or before this time". Deadlines due at the same time come out in the order they were scheduled.
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

    /// The pending deadlines, sorted by due time and then token.
    private var entries: [Entry] = []
    /// The token of the next deadline.
    private var nextToken: UInt64 = 1

    /// Creates an empty queue.
    init() {}

    /// The time of the earliest pending deadline, or `nil` when none is pending.
    var nextDue: Timestamp? { entries.first?.due }

    /// The number of pending deadlines.
    var count: Int { entries.count }

    /// Adds a deadline due at `time` and returns its token.
    mutating func schedule(at time: Timestamp, for owner: Owner) -> DeadlineToken {
        let token = DeadlineToken(rawValue: nextToken)
        nextToken += 1
        // Later tokens sort after equal times, so insert after every entry due at or before `time`.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].due <= time { low = mid + 1 } else { high = mid }
        }
        entries.insert(Entry(due: time, token: token, owner: owner), at: low)
        return token
    }

    /// Removes the deadline `token`; returns whether it was pending.
    @discardableResult
    mutating func cancel(_ token: DeadlineToken) -> Bool {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Removes and returns the earliest deadline if it is due at or before `time`.
    mutating func popDue(atOrBefore time: Timestamp) -> Entry? {
        guard let first = entries.first, first.due <= time else { return nil }
        return entries.removeFirst()
    }
}
