/// Where one object's record lives: the ``RecordTable`` that holds it and its index there — the one way an object
/// reaches the runtime's bookkeeping about it (``Touch/record``: a ``TouchRecord`` in its dispatcher's table;
/// ``GestureRecognizer/record``: a ``RecognizerRecord`` in its arena's, or in a table of its own before any arena).
///
/// A slot is made by inserting a record (``init(inserting:into:)``) and ends with ``remove()``, called once by the
/// object holding it (its `deinit`), or with ``moved(to:)``, which takes the record to another table and returns
/// the new slot. The slot holds its table strongly, so no slot outlives its table; the safety argument is
/// ``RecordTable``'s.
///
/// **Checked in debug builds.** Every access through the slot checks that it still names its record: the index is
/// live in the table and was given to this record, not to a later one that reused it after a ``remove()`` or a
/// ``moved(to:)`` (the table counts the records each index was given, and the slot remembers its count). Release
/// builds check nothing.
struct RecordSlot<Record> {
    /// The table holding the record.
    let table: RecordTable<Record>
    /// The record's index in ``table``.
    let index: Int
    #if DEBUG
    /// Which of the records given `index` this slot names (``RecordTable/generation(of:)``).
    private let generation: Int
    #endif

    /// Inserts `record` into `table` and returns its slot.
    init(inserting record: Record, into table: RecordTable<Record>) {
        self.table = table
        index = table.insert(record)
        #if DEBUG
        generation = table.generation(of: index)
        #endif
    }

    /// The record's address, for a read in place.
    var address: UnsafePointer<Record> {
        checkNamesRecord()
        return table.address(of: index)
    }

    #if DEBUG
    /// The record, read and written in place. Debug builds check that the slot still names its record, and the
    /// table's check of writes (no access to a record of the table begins while one is being written).
    var record: Record {
        unsafeAddress { address }
        nonmutating _modify {
            checkNamesRecord()
            yield &table[index]
        }
    }
    #else
    /// The record, read and written in place.
    var record: Record {
        unsafeAddress { address }
        nonmutating unsafeMutableAddress { mutableAddress }
    }

    /// The record's address, for a write in place (release builds). The holders' accessors write through it, not
    /// through a `_modify` of ``record``: a coroutine would hold the slot, and so retain its table, for the whole
    /// write (+12 k instructions per frame with 20 recognizers, measured with `Benchmarks/side-by-side.sh`).
    var mutableAddress: UnsafeMutablePointer<Record> { table.mutableAddress(of: index) }
    #endif

    /// Whether the slot names a record of `table`: the record it was made for, still there (an invariant check:
    /// a dispatcher's touches are recorded in its table, an engaged recognizer in its arena's).
    func names(recordIn table: RecordTable<Record>) -> Bool {
        guard self.table === table, table.contains(index) else { return false }
        #if DEBUG
        return table.generation(of: index) == generation
        #else
        return true
        #endif
    }

    /// Removes the record from its table (the holder going away); the slot names nothing afterwards.
    func remove() {
        checkNamesRecord()
        table.remove(at: index)
    }

    /// Takes the record out of its table into `other` and returns its slot there; this slot names nothing
    /// afterwards.
    func moved(to other: RecordTable<Record>) -> RecordSlot {
        checkNamesRecord()
        return RecordSlot(inserting: table.take(at: index), into: other)
    }

    /// Debug builds: stops the process when the slot's index names no record, or names a record given the index
    /// after the slot's own went (a stale slot).
    @inline(__always)
    private func checkNamesRecord() {
        #if DEBUG
        precondition(table.contains(index), "RecordSlot<\(Record.self)>: no record at \(index)")
        precondition(table.generation(of: index) == generation,
                     "RecordSlot<\(Record.self)>: a stale slot: index \(index) now names another record")
        #endif
    }
}
