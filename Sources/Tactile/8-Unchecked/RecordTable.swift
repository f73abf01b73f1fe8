/// Records of one kind in one buffer, each reached in place by its index: the runtime's bookkeeping about its
/// objects, kept by the object that owns that bookkeeping instead of on the objects themselves (the dispatcher's
/// ``TouchRecord``s: ``TouchDispatcher/touchRecords``; the arena's ``RecognizerRecord``s:
/// ``GestureArena/recognizerRecords``).
///
/// A record is made with ``insert(_:)``, which returns its index, and lives until ``remove(at:)``; the index of a
/// removed record is given to the next one, so a table whose records come and go allocates only when more of them
/// live at once than ever before. The buffer grows (its records move) only in ``insert(_:)``.
///
/// **Safety.** The same argument as ``UncheckedCell``'s, for every record of the table at once: the table and the
/// objects that hold an index into it are confined to one thread (none is `Sendable`), and no access to a record
/// spans a call out of the runtime, so no two accesses overlap; debug builds check it (a read or a write of any
/// record of the table while one of its records is being written stops the process, as does an index that names
/// no record). An index is valid from ``insert(_:)`` to ``remove(at:)`` or ``take(at:)``: its holder removes it
/// once, when it goes away (``Touch``'s and ``GestureRecognizer``'s `deinit`) or moves its record to another table,
/// and holds the table strongly until then, so no index outlives its record or the table. ``insert(_:)`` is never called while a record is being written (debug builds check that too), so the
/// buffer never moves under an access.
final class RecordTable<Record> {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Record>
    @exclusivity(unchecked) private var capacity: Int
    /// Whether each index below ``capacity`` holds a record (the others are uninitialized memory).
    @exclusivity(unchecked) private var isLive: [Bool]
    /// Indices of removed records, the next to be given out last.
    @exclusivity(unchecked) private var freeIndices: [Int]
    /// How many records the table holds.
    @exclusivity(unchecked) private(set) var count = 0
    #if DEBUG
    /// Whether a mutation of a record is in progress (debug builds).
    @exclusivity(unchecked) private var isWriting = false
    #endif

    /// An empty table with room for `capacity` records.
    init(capacity: Int = 16) {
        let capacity = max(1, capacity)
        base = UnsafeMutablePointer<Record>.allocate(capacity: capacity)
        self.capacity = capacity
        isLive = Array(repeating: false, count: capacity)
        freeIndices = Array((0..<capacity).reversed())
    }

    deinit {
        for index in 0..<capacity where isLive[index] { (base + index).deinitialize(count: 1) }
        base.deallocate()
    }

    /// Adds `record` and returns its index.
    func insert(_ record: Record) -> Int {
        #if DEBUG
        precondition(!isWriting, Self.reentered)
        #endif
        if freeIndices.isEmpty { grow() }
        let index = freeIndices.removeLast()
        (base + index).initialize(to: record)
        isLive[index] = true
        count += 1
        return index
    }

    /// Removes the record at `index`; the index may be given to a later record.
    ///
    /// Allowed while another record is being written (an object going away in the middle of the runtime's
    /// write of another object's record, when that write released the last reference to it): it touches only its
    /// own record and the list of free indices.
    func remove(at index: Int) {
        let record = take(at: index)
        _ = consume record  // released last: releasing it may remove other records
    }

    /// Removes the record at `index` and returns it (to move it to another table: ``GestureArena/engage(_:)``).
    func take(at index: Int) -> Record {
        precondition(index >= 0 && index < capacity && isLive[index], "RecordTable: no record at \(index)")
        let record = (base + index).move()
        isLive[index] = false
        freeIndices.append(index)
        count -= 1
        return record
    }

    /// Whether `index` names a record (for invariant checks).
    func contains(_ index: Int) -> Bool { index >= 0 && index < capacity && isLive[index] }

    /// Calls `body` with the index of every record, in index order (for invariant checks; `body` reads records).
    func forEachIndex(_ body: (Int) -> Void) {
        for index in 0..<capacity where isLive[index] { body(index) }
    }

    /// The address of the record at `index`, for a read in place (debug builds check that no record is being
    /// written and that `index` names a record).
    func address(of index: Int) -> UnsafePointer<Record> {
        #if DEBUG
        precondition(!isWriting, Self.reentered)
        precondition(index >= 0 && index < capacity && isLive[index], "RecordTable: no record at \(index)")
        #endif
        return UnsafePointer(base + index)
    }

    #if DEBUG
    /// The record at `index`, read and written in place (debug builds check that no access to a record begins
    /// while one is being written, and that `index` names a record).
    subscript(index: Int) -> Record {
        unsafeAddress { address(of: index) }
        _modify {
            precondition(!isWriting, Self.reentered)
            precondition(index >= 0 && index < capacity && isLive[index], "RecordTable: no record at \(index)")
            isWriting = true
            defer { isWriting = false }
            yield &base[index]
        }
    }
    #else
    /// The record at `index`, read and written in place.
    subscript(index: Int) -> Record {
        unsafeAddress { UnsafePointer(base + index) }
        unsafeMutableAddress { base + index }
    }
    #endif

    /// Doubles the buffer, moving the records (only from ``insert(_:)``: no access to a record is in progress).
    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Record>.allocate(capacity: newCapacity)
        for index in 0..<capacity where isLive[index] { (newBase + index).moveInitialize(from: base + index, count: 1) }
        base.deallocate()
        base = newBase
        isLive.append(contentsOf: repeatElement(false, count: newCapacity - capacity))
        freeIndices.append(contentsOf: (capacity..<newCapacity).reversed())  // empty before: insert gave them all out
        capacity = newCapacity
    }

    #if DEBUG
    private static var reentered: String {
        "RecordTable<\(Record.self)>: an access began while a record was being written (the runtime was re-entered "
            + "from code it called mid-write; see UncheckedCell's safety argument, rule 2)"
    }
    #endif
}
