import Testing
@testable import Tactile

@Suite("DeadlineQueue: deadlines as values")
struct DeadlineQueueTests {
    @Test("Deadlines come out by due time, equal times in scheduling order, only when due")
    func ordering() {
        var queue = DeadlineQueue<String>()
        #expect(queue.nextDue == nil)
        _ = queue.schedule(at: .ms(30), for: "c")
        _ = queue.schedule(at: .ms(10), for: "a1")
        _ = queue.schedule(at: .ms(20), for: "b")
        _ = queue.schedule(at: .ms(10), for: "a2")
        #expect(queue.nextDue == .ms(10) && queue.count == 4)
        var popped: [String] = []
        while let entry = queue.popDue(atOrBefore: .ms(20)) { popped.append(entry.owner) }
        #expect(popped == ["a1", "a2", "b"])
        let early = queue.popDue(atOrBefore: .ms(29))
        #expect(early == nil)
        #expect(queue.nextDue == .ms(30))
    }

    @Test("A cancelled deadline never comes out; cancelling twice reports false")
    func cancellation() {
        var queue = DeadlineQueue<String>()
        let a = queue.schedule(at: .ms(10), for: "a")
        let b = queue.schedule(at: .ms(10), for: "b")
        #expect(a < b)
        let first = queue.cancel(a), second = queue.cancel(a)
        #expect(first && !second)
        let popped = queue.popDue(atOrBefore: .ms(100))?.owner
        #expect(popped == "b")
        #expect(queue.popDue(atOrBefore: .ms(100)) == nil)
    }
}
