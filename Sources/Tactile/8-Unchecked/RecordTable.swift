/// Records of one kind in one buffer, each reached in place by its index: the runtime's bookkeeping about its
/// objects, kept by the object that owns that bookkeeping instead of on the objects themselves (the dispatcher's
/// ``TouchRecord``s: ``TouchDispatcher/touchRecords``; the arena's ``RecognizerRecord``s:
/// ``GestureArena/recognizerRecords``). An object reaches its record through one ``RecordSlot`` (the table and
/// the index), the same way for touches and recognizers.
///
/// A record is made with ``insert(_:)``, which returns its index, and lives until ``remove(at:)``; the index of a
/// removed record is given to the next one, so a table whose records come and go allocates only when more of them
/// live at once than ever before. The buffer grows (its records move) only in ``insert(_:)``.
///
/// **Where a record lives.** A touch's record is made with the touch, in its dispatcher's table, and stays there.
/// A recognizer exists before any arena (made and configured by the application, attached to a view, perhaps
/// never touched), and its state may be read or requested then; its record is made when it is first needed: in
/// the arena's table when the arena prepares the windows' recognizers at the first touch
/// (``GestureRecognizer/prepareRecord(in:)``) or engages the recognizer (``GestureArena/engage(_:)``), otherwise
/// — read or written before any arena — in a one-record table of its own, from which the arena later moves it
/// (``RecordSlot/moved(to:)``). A recognizer never read before its first touch never has a table of its own.
///
/// **Safety.** The same argument as ``UncheckedCell``'s, for every record of the table at once: the table and the
/// objects that hold an index into it are used on the main actor only (their owners are `@MainActor`), and no
/// access to a record spans a call out of the runtime, so no two accesses overlap; debug builds check it (a read or
/// a write of any record of the table while one of its records is being written stops the process, as does an
/// index that names no record, and a ``RecordSlot`` whose index was given to another record since). An index is
/// valid from ``insert(_:)`` to ``remove(at:)`` or ``take(at:)``: its holder removes it once, when it goes away
/// (``Touch``'s and ``GestureRecognizer``'s `deinit`) or moves its record to another table, and holds the table
/// strongly until then, so no index outlives its record or the table. ``insert(_:)`` is never called while a record
/// is being written (debug builds check that too), so the buffer never moves under an access.
final class RecordTable<Record> {
    /// The records: `base[i]` is initialized where `states[i]` is ``live``.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Record>
    /// Per index: ``live``, or (a free index) the next free index, -1 after the last: the free list, whose head
    /// is ``firstFree``. In the same allocation as the records, after them.
    @exclusivity(unchecked) private var states: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var capacity: Int
    /// The free index to give out next (the last one removed), or -1 when the buffer is full.
    @exclusivity(unchecked) private var firstFree: Int
    /// How many records the table holds.
    @exclusivity(unchecked) private(set) var count = 0
    #if DEBUG
    /// Whether a mutation of a record is in progress (debug builds).
    @exclusivity(unchecked) private var isWriting = false
    /// Per index, how many records it was given (debug builds: a ``RecordSlot`` checks it names its own).
    @exclusivity(unchecked) private var generations: [Int] = []
    #endif
    private static var live: Int { -2 }

    /// An empty table with room for `capacity` records (one allocation besides the table's own).
    init(capacity: Int = 16) {
        let capacity = max(1, capacity)
        (base, states) = Self.allocate(capacity)
        self.capacity = capacity
        firstFree = 0
        Self.linkFree(states, 0..<capacity)
    }

    deinit {
        for index in 0..<capacity where states[index] == Self.live { (base + index).deinitialize(count: 1) }
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// One block holding `capacity` records, then `capacity` states.
    private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<Record>, UnsafeMutablePointer<Int>) {
        let statesOffset = (capacity * MemoryLayout<Record>.stride + 7) & ~7
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: statesOffset + capacity * MemoryLayout<Int>.stride,
            alignment: max(MemoryLayout<Record>.alignment, MemoryLayout<Int>.alignment))
        return (raw.bindMemory(to: Record.self, capacity: capacity),
                (raw + statesOffset).bindMemory(to: Int.self, capacity: capacity))
    }

    /// Chains `indices` into a free list ending at -1 (lowest index first).
    private static func linkFree(_ states: UnsafeMutablePointer<Int>, _ indices: Range<Int>) {
        for index in indices { states[index] = index + 1 == indices.upperBound ? -1 : index + 1 }
    }

    /// Adds `record` and returns its index.
    func insert(_ record: Record) -> Int {
        #if DEBUG
        precondition(!isWriting, Self.reentered)
        #endif
        if firstFree < 0 { grow() }
        let index = firstFree
        firstFree = states[index]
        states[index] = Self.live
        (base + index).initialize(to: record)
        count += 1
        #if DEBUG
        if index >= generations.count {
            generations.append(contentsOf: repeatElement(0, count: capacity - generations.count))
        }
        generations[index] += 1
        #endif
        return index
    }

    /// Removes the record at `index`; the index may be given to a later record.
    ///
    /// Allowed while another record is being written (an object going away in the middle of the runtime's
    /// write of another object's record, when that write released the last reference to it): it touches only its
    /// own record and the free list.
    func remove(at index: Int) {
        let record = take(at: index)
        _ = consume record  // released last: releasing it may remove other records
    }

    /// Removes the record at `index` and returns it (to move it to another table: ``GestureArena/engage(_:)``).
    func take(at index: Int) -> Record {
        precondition(contains(index), "RecordTable: no record at \(index)")
        let record = (base + index).move()
        states[index] = firstFree
        firstFree = index
        count -= 1
        return record
    }

    /// Whether `index` names a record (for invariant checks).
    func contains(_ index: Int) -> Bool { index >= 0 && index < capacity && states[index] == Self.live }

    /// Calls `body` with the index of every record, in index order (for invariant checks; `body` reads records).
    func forEachIndex(_ body: (Int) -> Void) {
        for index in 0..<capacity where states[index] == Self.live { body(index) }
    }

    /// The address of the record at `index`, for a read in place (debug builds check that no record is being
    /// written and that `index` names a record).
    func address(of index: Int) -> UnsafePointer<Record> {
        #if DEBUG
        precondition(!isWriting, Self.reentered)
        precondition(contains(index), "RecordTable: no record at \(index)")
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
            precondition(contains(index), "RecordTable: no record at \(index)")
            isWriting = true
            defer { isWriting = false }
            yield &base[index]
        }
    }

    /// How many records `index` was given (debug builds: ``RecordSlot``'s check of a stale slot).
    func generation(of index: Int) -> Int { index < generations.count ? generations[index] : 0 }
    #else
    /// The address of the record at `index`, for a write in place (release builds: ``RecordSlot/mutableAddress``).
    func mutableAddress(of index: Int) -> UnsafeMutablePointer<Record> { base + index }

    /// The record at `index`, read and written in place.
    subscript(index: Int) -> Record {
        unsafeAddress { UnsafePointer(base + index) }
        unsafeMutableAddress { base + index }
    }
    #endif

    /// Doubles the buffer, moving the records (only from ``insert(_:)``: no access to a record is in progress).
    private func grow() {
        let newCapacity = capacity * 2
        let (newBase, newStates) = Self.allocate(newCapacity)
        for index in 0..<capacity {
            newStates[index] = states[index]
            if states[index] == Self.live { (newBase + index).moveInitialize(from: base + index, count: 1) }
        }
        Self.linkFree(newStates, capacity..<newCapacity)
        UnsafeMutableRawPointer(base).deallocate()
        base = newBase
        states = newStates
        firstFree = capacity  // the list was empty: insert grows only a full table
        capacity = newCapacity
    }

    #if DEBUG
    private static var reentered: String {
        "RecordTable<\(Record.self)>: an access began while a record was being written (the runtime was re-entered "
            + "from code it called mid-write; see UncheckedCell's safety argument, rule 2)"
    }
    #endif
}
