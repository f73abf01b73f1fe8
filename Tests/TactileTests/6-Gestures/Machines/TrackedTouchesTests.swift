import Testing
@testable import Tactile

@Suite("Tracked touches and the centroid path")
nonisolated struct TrackedTouchesTests {
    @Test("Entries are sorted by identifier whatever order they arrive in")
    func sorted() {
        var table = TrackedTouches()
        table.add(sample(3, 30, 0, at: 0))
        table.add(sample(1, 10, 0, at: 0))
        table.add(sample(2, 20, 0, at: 0))
        #expect(table.entries.map(\.id.rawValue) == [1, 2, 3])
        let addedAgain = table.add(sample(2, 99, 99, at: 1))
        #expect(!addedAgain)
        #expect(table.entries[1].location == Point(x: 20, y: 0))
    }

    @Test("The path does not jump when touches are added or removed, and moves with the centroid")
    func pathContinuity() {
        var table = TrackedTouches()
        table.add(sample(1, 100, 100, at: 0))
        #expect(table.path == Point(x: 100, y: 100))
        table.add(sample(2, 300, 500, at: 0))
        #expect(table.centroid == Point(x: 200, y: 300))
        #expect(table.path == Point(x: 100, y: 100))
        table.update([sample(1, 110, 100, at: 1), sample(2, 310, 500, at: 1)])
        #expect(table.path == Point(x: 110, y: 100))
        table.remove(TouchContact.ID(1))
        #expect(table.path == Point(x: 110, y: 100))
        table.update([sample(2, 320, 490, at: 2)])
        #expect(table.path == Point(x: 120, y: 90))
    }

    @Test("Touches added or removed together give the same path to the last bit whatever order they come in")
    func batchOrderIndependence() {
        // The shrunk case of a time-shift property failure: #1 (0, 0), #2 (0, 5), #3 (0, 0) landing in one frame
        // left a path offset that differed in the last bits depending on the Set's iteration order.
        let landing = [sample(1, 0, 0, at: 0), sample(2, 0, 5, at: 0), sample(3, 0, 0, at: 0)]
        let lifting = [sample(1, 0.1, 0.7, at: 1), sample(3, 3, 1.0 / 3, at: 1), sample(4, 7.3, 2.9, at: 1)]
        var paths: Set<[Point?]> = []
        for landingOrder in permutations(landing) {
            for liftingOrder in permutations(lifting) {
                var table = TrackedTouches()
                table.add(landingOrder)
                table.update([sample(1, 0, 37, at: 1)])
                let afterLanding = table.path
                table.add([sample(4, 7.3, 2.9, at: 1), sample(5, 11.1, 0.3, at: 1)])
                table.update([sample(1, 0.1, 0.7, at: 1), sample(3, 3, 1.0 / 3, at: 1)])
                table.remove(liftingOrder)
                table.update([sample(2, 1.7, 9.1, at: 2)])
                paths.insert([afterLanding, table.path])
            }
        }
        #expect(paths.count == 1)
        // The path starts at the centroid of the touches that landed together, (0, 5/3), and follows it.
        #expect(paths.first?[0] == Point(x: 0, y: 14))
    }

    @Test("Adding with a limit keeps the lowest identifiers and returns the rest")
    func limit() {
        var table = TrackedTouches()
        table.add(sample(5, 0, 0, at: 0))
        let ignored = table.add([sample(9, 0, 0, at: 0), sample(7, 0, 0, at: 0), sample(5, 0, 0, at: 0), sample(8, 0, 0, at: 0)],
            limit: 2)
        #expect(table.entries.map(\.id.rawValue) == [5, 7])
        #expect(ignored.map(\.rawValue) == [8, 9])
        #expect(table.add([sample(1, 0, 0, at: 0)], limit: 3).isEmpty)
    }

    @Test("The last centroid survives the last removal, not removeAll")
    func lastCentroid() {
        var table = TrackedTouches()
        table.add(sample(1, 0, 0, at: 0))
        table.add(sample(2, 10, 0, at: 0))
        table.remove([sample(1, 0, 0, at: 1), sample(2, 10, 0, at: 1)])
        #expect(table.centroid == nil)
        #expect(table.lastCentroid == Point(x: 5, y: 0))
        table.add(sample(3, 50, 50, at: 2))
        #expect(table.lastCentroid == nil)
        #expect(table.path == Point(x: 50, y: 50))
        table.removeAll()
        #expect(table.lastCentroid == nil)
        #expect(table.isEmpty)
    }

    @Test("The first touch farther than a limit is found by identifier order")
    func farthest() {
        var table = TrackedTouches()
        table.add(sample(2, 0, 0, at: 0))
        table.add(sample(1, 0, 0, at: 0))
        table.update([sample(2, 50, 0, at: 1), sample(1, 0, 46, at: 1)])
        let hit = table.firstTouch(fartherThan: 45)
        #expect(hit?.id == TouchContact.ID(1))
        #expect(hit?.distance == 46)
        #expect(table.firstTouch(fartherThan: 50) == nil)
    }
}

/// Every ordering of `items` (for a handful of items).
private nonisolated func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    var result: [[T]] = []
    for (i, item) in items.enumerated() {
        var rest = items
        rest.remove(at: i)
        for tail in permutations(rest) { result.append([item] + tail) }
    }
    return result
}
