@testable import Tactile
import Testing

@Suite("RecordTable: records by index, recycled, checked")
struct RecordTableTests {
    @Test("A removed record's index goes to the next record, so records that come and go do not grow the table")
    func removedIndexIsReused() {
        let table = RecordTable<[Int]>(capacity: 2)
        let first = table.insert([1])
        let second = table.insert([2])
        #expect(first != second)
        table.remove(at: first)
        #expect(!table.contains(first))
        let third = table.insert([3])
        #expect(third == first)
        #expect(table[third] == [3])
        #expect(table[second] == [2])
        #expect(table.count == 2)
    }

    @Test("Records keep their values and indices when the table grows past its capacity")
    func growingKeepsRecords() {
        let table = RecordTable<String>(capacity: 1)
        let indices = (0..<40).map { table.insert("record \($0)") }
        #expect(Set(indices).count == 40)
        for (number, index) in indices.enumerated() { #expect(table[index] == "record \(number)") }
        table[indices[7]].append("!")
        #expect(table[indices[7]] == "record 7!")
    }

    @Test("A dispatcher's touches keep their records in its table, and a touch's record goes when the touch goes")
    func touchRecordsLiveInTheDispatchersTable() {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        application.addWindow(window)
        let before = application.dispatcher.touchRecords.count
        application.send(.at(0, .down(1, 100, 100)))
        let touches = application.dispatcher.event.storage.value.touchList
        #expect(touches.count == 1)
        for touch in touches { #expect(touch.isRecorded(in: application.dispatcher.touchRecords)) }
        #expect(application.dispatcher.touchRecords.count >= 1)
        let table = RecordTable<TouchRecord>()
        var standalone: Touch? = Touch(
            contact: TouchContact(id: TouchContact.ID(9), phase: .began, location: .zero), timestamp: .zero,
            records: table)
        #expect(table.count == 1 && standalone?.isRecorded(in: table) == true)
        standalone = nil
        #expect(table.count == 0)
        application.send(.at(10, .up(1, 100, 100)))
        #expect(application.dispatcher.touchRecords.count >= before)
    }

    @Test("A recognizer's record moves into its arena's table when it first takes part, keeping its values")
    func recognizerRecordMovesToTheArena() {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        application.addWindow(window)
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        let arenaRecords = application.dispatcher.arena.recognizerRecords
        #expect(!pan.isRecorded(in: arenaRecords))
        #expect(pan.state == .possible)
        application.send(.at(0, .down(1, 100, 100)), .at(10, .move(1, 130, 100)))
        #expect(pan.isRecorded(in: arenaRecords))
        #expect(pan.state == .began)
        application.send(.at(20, .up(1, 130, 100)))
        #expect(pan.isRecorded(in: arenaRecords))
        #expect(pan.state == .possible)
    }

    @Test("At the first touch the windows' recognizers get their records in the arena's table, touched or not, and a wait list each one that requires another to fail")
    func firstTouchPreparesRecordsAndWaitLists() {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        application.addWindow(window)
        let left = View(frame: Rect(x: 0, y: 0, width: 200, height: 400))
        let right = View(frame: Rect(x: 200, y: 0, width: 200, height: 400))
        window.addSubview(left)
        window.addSubview(right)
        let singleTap = TapGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        left.addGestureRecognizer(singleTap)
        left.addGestureRecognizer(doubleTap)
        let untouched = PanGestureRecognizer()
        right.addGestureRecognizer(untouched)
        let arena = application.dispatcher.arena
        #expect(!untouched.hasRecord && !singleTap.hasRecord)
        application.send(.at(0, .down(1, 100, 100)))
        for recognizer in [singleTap, doubleTap, untouched] {
            #expect(recognizer.isRecorded(in: arena.recognizerRecords))
        }
        #expect(untouched.state == .possible)
        // Only the single tap requires another to fail: one list kept for its wait, with room for its requirement.
        #expect(arena.storage.value.resolution.spareWaitLists.count == 1)
        #expect(arena.storage.value.resolution.spareWaitLists.allSatisfy { $0.isEmpty && $0.capacity >= 1 })
        application.send(.at(50, .up(1, 100, 100)))
        #expect(singleTap.state == .possible)  // waiting for the double tap to fail (spec §5.12)
        #expect(arena.storage.value.resolution.spareWaitLists.isEmpty)  // its wait took the prepared list
    }

    #if DEBUG
    @Test("Debug builds stop a read of one record while another record of the table is being written")
    func plantedReentrantReadIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let table = RecordTable<[Int]>()
            let first = table.insert([1, 2, 3])
            let second = table.insert([4])
            table[first].removeAll { $0 == table[second][0] }
        }
    }

    @Test("Debug builds stop an index that names no record")
    func removedIndexIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let table = RecordTable<Int>()
            let index = table.insert(1)
            table.remove(at: index)
            _ = table[index]
        }
    }
    #endif
}
