@testable import Tactile
import Testing

@Suite("RecordSlot: one way to a record, for touches and recognizers, checked in debug builds")
struct RecordSlotTests {
    @Test("A slot reads and writes its record in place, and names it in its own table only")
    func slotReachesItsRecord() {
        let table = RecordTable<[Int]>(capacity: 2)
        let other = RecordTable<[Int]>(capacity: 2)
        let slot = RecordSlot(inserting: [1, 2], into: table)
        let neighbour = RecordSlot(inserting: [9], into: table)
        slot.record.append(3)
        #expect(slot.record == [1, 2, 3])
        #expect(table[slot.index] == [1, 2, 3])
        #expect(neighbour.record == [9])
        #expect(slot.names(recordIn: table))
        #expect(!slot.names(recordIn: other))  // the wrong table
        _ = RecordSlot(inserting: [0], into: other)  // a live record at the same index of the other table
        #expect(!slot.names(recordIn: other))
    }

    @Test("A removed slot names nothing, and its index goes to the next record, which the new slot names")
    func removedSlotNamesNothing() {
        let table = RecordTable<String>(capacity: 1)
        let first = RecordSlot(inserting: "first", into: table)
        first.remove()
        #expect(!first.names(recordIn: table))
        #expect(table.count == 0)
        let second = RecordSlot(inserting: "second", into: table)
        #expect(second.index == first.index)
        #expect(second.names(recordIn: table))
        #if DEBUG
        #expect(!first.names(recordIn: table))  // the same index, another record: a stale slot
        #endif
        #expect(second.record == "second")
    }

    @Test("A moved record keeps its value in the other table; the old slot names nothing in the first")
    func movedRecordKeepsItsValue() {
        let own = RecordTable<[String]>(capacity: 1)
        let arena = RecordTable<[String]>(capacity: 4)
        _ = RecordSlot(inserting: ["already there"], into: arena)
        let slot = RecordSlot(inserting: ["made alone"], into: own)
        let moved = slot.moved(to: arena)
        #expect(moved.record == ["made alone"])
        #expect(moved.names(recordIn: arena) && !moved.names(recordIn: own))
        #expect(!slot.names(recordIn: own) && own.count == 0 && arena.count == 2)
    }

    @Test("A touch's record is in its dispatcher's table, a recognizer's in its arena's once it took part")
    func touchesAndRecognizersUseSlots() throws {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        application.addWindow(window)
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        let touchRecords = application.dispatcher.touchRecords
        let recognizerRecords = application.dispatcher.arena.recognizerRecords
        #expect(!pan.hasRecord && !pan.isRecorded(in: recognizerRecords))
        application.send(.at(0, .down(1, 100, 100)))
        let touch = try #require(application.dispatcher.event.storage.value.touchList.first)
        #expect(touch.isRecorded(in: touchRecords))
        #expect(!touch.isRecorded(in: RecordTable<TouchRecord>()))
        #expect(pan.isRecorded(in: recognizerRecords))
        #expect(!pan.isRecorded(in: RecordTable<RecognizerRecord>()))
        // Read before any arena: a table of its own, moved into the arena's when it takes part.
        let tap = TapGestureRecognizer()
        #expect(tap.record.requestedState == nil)
        #expect(tap.hasRecord && !tap.isRecorded(in: recognizerRecords))
        tap.moveRecord(to: recognizerRecords)
        #expect(tap.isRecorded(in: recognizerRecords))
        application.send(.at(10, .up(1, 100, 100)))
    }

    #if DEBUG
    @Test("Debug builds stop a read through a slot whose record was removed")
    func readThroughRemovedSlotIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let table = RecordTable<Int>()
            let slot = RecordSlot(inserting: 1, into: table)
            slot.remove()
            _ = slot.record
        }
    }

    @Test("Debug builds stop a write through a stale slot whose index now names another record")
    func writeThroughStaleSlotIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let table = RecordTable<Int>(capacity: 1)
            let stale = RecordSlot(inserting: 1, into: table)
            stale.remove()
            _ = RecordSlot(inserting: 2, into: table)
            stale.record = 3
        }
    }

    @Test("Debug builds let the slot that was given the index through (the other side of the stale check)")
    func slotGivenTheIndexPasses() async {
        await #expect(processExitsWith: .success) {
            let table = RecordTable<Int>(capacity: 1)
            let stale = RecordSlot(inserting: 1, into: table)
            stale.remove()
            let fresh = RecordSlot(inserting: 2, into: table)
            fresh.record = 3
            precondition(fresh.record == 3)
        }
    }

    @Test("Debug builds stop a read through the slot a record was moved out of")
    func readThroughMovedOutSlotIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let own = RecordTable<Int>(capacity: 1)
            let slot = RecordSlot(inserting: 1, into: own)
            _ = slot.moved(to: RecordTable<Int>())
            _ = slot.record
        }
    }
    #endif
}
