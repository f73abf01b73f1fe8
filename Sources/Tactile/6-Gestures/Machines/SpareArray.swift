/// Emptied array storage kept for reuse by a recognition machine: not part of the machine's value (always
/// equal, no hash), so machines compare and hash as before.
struct SpareArray<Element>: Hashable {
    var storage: [Element] = []

    /// Spare storage with room for `capacity` elements, made with its owner so that the first use allocates
    /// nothing either.
    init(capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }


    /// The storage, leaving an empty array behind.
    mutating func take() -> [Element] {
        defer { storage = [] }
        return storage
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension SpareArray: Sendable where Element: Sendable {}
