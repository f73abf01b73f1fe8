/// The arena's side of a recognizer: its ``RecognizerRecord``, reached through the ``RecordSlot`` the recognizer
/// keeps (``GestureRecognizerStorage/recordSlot``) — the same scheme as a touch's ``TouchRecord``, except that a
/// recognizer's record moves: where it lives before any arena, and when it moves, is ``RecordTable``'s
/// *Where a record lives*.
extension GestureRecognizer {
    /// The arena's bookkeeping about the recognizer (``RecognizerRecord``): only the arena and the dispatcher read
    /// and write it. It lives in the table of the arena the recognizer last took part in
    /// (``GestureArena/recognizerRecords``); a recognizer that never took part in an arena has none until
    /// something reads it (then in a one-record table of its own, moved to the arena's later). The same accessor as
    /// ``Touch/record`` (``RecordSlot`` says why release builds write through an address).
    #if DEBUG
    var record: RecognizerRecord {
        unsafeAddress { recordSlot.address }
        _modify { yield &recordSlot.record }
    }
    #else
    var record: RecognizerRecord {
        unsafeAddress { recordSlot.address }
        unsafeMutableAddress { recordSlot.mutableAddress }
    }
    #endif

    /// Whether the recognizer has a ``record`` yet (a recognizer that never took part in an arena reads as
    /// `possible`, with no deadline, without one).
    var hasRecord: Bool { storage.value.recordSlot != nil }

    /// Where ``record`` is, made with the record on first use.
    private var recordSlot: RecordSlot<RecognizerRecord> {
        if _slowPath(storage.value.recordSlot == nil) { makeOwnRecord() }
        return storage.value.recordSlot.unsafelyUnwrapped
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
        guard let slot = storage.value.recordSlot else {
            var record = RecognizerRecord()
            record.requests.reserveCapacity(4)
            record.sampleBuffer.reserveCapacity(10)
            if !isExactlyBuiltIn { record.touchBuffer.reserveCapacity(10) }
            storage.value.recordSlot = RecordSlot(inserting: record, into: table)
            return
        }
        guard slot.table !== table else { return }
        storage.value.recordSlot = slot.moved(to: table)
    }

    /// Makes the recognizer's record in `table` ahead of its first touch (``TouchDispatcher``'s preparation at the
    /// first touch), or moves it there, unless the recognizer takes part in an arena now: its first delivery then
    /// finds it there instead of making a one-record table of its own (`recordSlot`) and moving the record to
    /// the arena's (``GestureArena/engage(_:)``). The record is the one ``moveRecord(to:)`` would make.
    final func prepareRecord(in table: RecordTable<RecognizerRecord>) {
        guard arena == nil else { return }
        moveRecord(to: table)
    }

    /// Whether the recognizer's record is in `table` (an invariant: an engaged recognizer's is in its arena's).
    final func isRecorded(in table: RecordTable<RecognizerRecord>) -> Bool {
        storage.value.recordSlot?.names(recordIn: table) ?? false
    }
}
