/// The arena's side of a recognizer: its ``RecognizerRecord``, kept in the arena's table and reached by the index
/// the recognizer keeps (the fields in its `storage`: ``GestureRecognizerStorage/records`` and `recordIndex`).
extension GestureRecognizer {
    /// The arena's bookkeeping about the recognizer (``RecognizerRecord``): only the arena and the dispatcher read
    /// and write it. It lives in the table of the arena the recognizer last took part in
    /// (``GestureArena/recognizerRecords``), reached by index; a recognizer that never took part in an arena has
    /// none until something reads it (then in a one-record table of its own, moved to the arena's later).
    #if DEBUG
    var record: RecognizerRecord {
        unsafeAddress { recordTable.address(of: storage.value.recordIndex) }
        _modify {
            let records = recordTable  // read, so that the recognizer's own storage is not being written
            yield &records[storage.value.recordIndex]
        }
    }
    #else
    var record: RecognizerRecord {
        unsafeAddress { recordTable.address(of: storage.value.recordIndex) }
        // An address, not a `_modify` holding the table: no retain and release of it per write.
        unsafeMutableAddress { recordTable.mutableAddress(of: storage.value.recordIndex) }
    }
    #endif

    /// Whether the recognizer has a ``record`` yet (a recognizer that never took part in an arena reads as
    /// `possible`, with no deadline, without one).
    var hasRecord: Bool { storage.value.records != nil }

    /// The table holding ``record``, made with the record on first use.
    private var recordTable: RecordTable<RecognizerRecord> {
        if _slowPath(storage.value.records == nil) { makeOwnRecord() }
        return storage.value.records.unsafelyUnwrapped
    }

    /// Makes the record of a recognizer read before it took part, in a one-record table of its own. Out of line:
    /// every access to ``record`` checks for it, and it is rare (the dispatcher makes the windows' recognizers'
    /// records at the first touch, ``prepareRecord(in:)``), so the accessors stay a few instructions long.
    @inline(never)
    private func makeOwnRecord() {
        moveRecord(to: RecordTable(capacity: 1))
    }

    /// Moves the recognizer's record to `table` (``GestureArena/engage(_:)``), unless it is there already; makes
    /// it there when the recognizer has none yet.
    final func moveRecord(to table: RecordTable<RecognizerRecord>) {
        guard let records = storage.value.records else {
            var record = RecognizerRecord()
            record.requests.reserveCapacity(4)
            record.sampleBuffer.reserveCapacity(10)
            if !isExactlyBuiltIn { record.touchBuffer.reserveCapacity(10) }
            storage.value.recordIndex = table.insert(record)
            storage.value.records = table
            return
        }
        guard records !== table else { return }
        let record = records.take(at: storage.value.recordIndex)
        storage.value.recordIndex = table.insert(record)
        storage.value.records = table
    }

    /// Makes the recognizer's record in `table` ahead of its first touch (``TouchDispatcher``'s preparation at the
    /// first touch), or moves it there, unless the recognizer takes part in an arena now: its first delivery then
    /// finds it there instead of making a one-record table of its own (`recordTable`) and moving the record to
    /// the arena's (``GestureArena/engage(_:)``). The record is the one ``moveRecord(to:)`` would make.
    final func prepareRecord(in table: RecordTable<RecognizerRecord>) {
        guard arena == nil else { return }
        moveRecord(to: table)
    }

    /// Whether the recognizer's record is in `table` (an invariant: an engaged recognizer's is in its arena's).
    final func isRecorded(in table: RecordTable<RecognizerRecord>) -> Bool {
        storage.value.records === table && table.contains(storage.value.recordIndex)
    }
}
