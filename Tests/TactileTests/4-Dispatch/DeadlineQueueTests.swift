import PropertyBased
import TactileTestSupport
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

    @Test("Any mix of scheduling, cancelling and popping agrees with a sorted list, across compactions")
    func agreesWithSortedList() async {
        // Each step: 0 schedules (at a time in 0...40 ms), 1 cancels the pending deadline picked by `pick`
        // (possibly one already gone), 2 pops what is due at a time in 0...40 ms. Up to 300 steps, so the
        // tombstones pass the compaction threshold many times.
        let steps = zip(Gen.int(in: 0...2), Gen.int(in: 0...40), Gen.int(in: 0...1000)).array(of: 1...300)
        await propertyCheck(count: PropertyCases.count(150), input: steps) { steps in
            var queue = DeadlineQueue<Int>()
            var model: [(due: Timestamp, token: DeadlineToken, owner: Int)] = []
            var issued: [DeadlineToken] = []
            for (index, step) in steps.enumerated() {
                let (kind, time, pick) = step
                switch kind {
                case 0:
                    let token = queue.schedule(at: .ms(Int64(time)), for: index)
                    issued.append(token)
                    let at = model.firstIndex { $0.due > .ms(Int64(time)) } ?? model.count
                    model.insert((.ms(Int64(time)), token, index), at: at)
                case 1:
                    guard !issued.isEmpty else { continue }
                    let token = issued[pick % issued.count]
                    let wasPending = model.contains { $0.token == token }
                    let didCancel = queue.cancel(token)
                    #expect(didCancel == wasPending)
                    model.removeAll { $0.token == token }
                default:
                    let popped = queue.popDue(atOrBefore: .ms(Int64(time)))
                    if let first = model.first, first.due <= .ms(Int64(time)) {
                        #expect(popped?.owner == first.owner && popped?.token == first.token)
                        model.removeFirst()
                    } else {
                        #expect(popped == nil)
                    }
                }
                #expect(queue.count == model.count)
                #expect(queue.nextDue == model.first?.due)
            }
            var drained: [Int] = []
            while let entry = queue.popDue(atOrBefore: .ms(1000)) { drained.append(entry.owner) }
            #expect(drained == model.map(\.owner))
        }
    }

    @Test("Cancelling thousands of deadlines due at the same time in scheduling order leaves the rest in order")
    func massCancellation() {
        var queue = DeadlineQueue<Int>()
        let tokens = (0..<3000).map { queue.schedule(at: .ms(100), for: $0) }
        var cancelled = 0
        for token in tokens[..<2990] where queue.cancel(token) { cancelled += 1 }
        #expect(cancelled == 2990)
        #expect(queue.count == 10 && queue.nextDue == .ms(100))
        var popped: [Int] = []
        while let entry = queue.popDue(atOrBefore: .ms(100)) { popped.append(entry.owner) }
        #expect(popped == Array(2990..<3000))
    }
}
