import Testing
@testable import Tactile

@Suite("DeliveryLog: the bounded stored log")
struct DeliveryLogTests {
    private func entry(_ ms: Int64) -> Delivery { Delivery(time: .ms(ms), kind: .deadline(owner: "R")) }

    @Test("Once full, the oldest entries are dropped and counted; entries stay oldest first")
    func ring() {
        var log = DeliveryLog(capacity: 3)
        for ms in 1...7 { log.append(entry(Int64(ms))) }
        #expect(log.entries.map(\.time) == [.ms(5), .ms(6), .ms(7)])
        #expect(log.discardedCount == 4)
        let drained = log.drain()
        #expect(drained.map(\.time) == [.ms(5), .ms(6), .ms(7)])
        #expect(log.count == 0)
        log.append(entry(8))
        #expect(log.entries.map(\.time) == [.ms(8)])
    }

    @Test("Shrinking the capacity keeps the newest entries; zero keeps none")
    func resizing() {
        var log = DeliveryLog(capacity: 4)
        for ms in 1...6 { log.append(entry(Int64(ms))) }  // wrapped: 3 4 5 6
        log.capacity = 2
        #expect(log.entries.map(\.time) == [.ms(5), .ms(6)])
        #expect(log.discardedCount == 4)
        log.capacity = 0
        log.append(entry(7))
        #expect(log.entries.isEmpty && log.discardedCount == 7)
        log.capacity = -3
        #expect(log.capacity == 0)
    }
}
