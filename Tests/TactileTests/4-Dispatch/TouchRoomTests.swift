import Testing
@testable import Tactile
import TactileTesting

/// The dispatcher makes room for a hand's touches at the first touch (its touches by contact, the set of touches
/// handed to a view) and grows it only when more come: whatever fits or does not, every finger is followed and a
/// view gets all its touches of a phase in one call. The counts straddle the room made: a set made for 10 touches
/// holds 12 before it grows, the touches by contact 12 (`Set`/`Dictionary(minimumCapacity: 10)`).
@Suite("TouchDispatcher: touches beyond the room made for a hand")
struct TouchRoomTests {
    @Test("All fingers landing, moving and lifting together reach the view in one call per phase", arguments: [
        1, 10, 11, 12, 13, 20, 40,
    ])
    func fingersTogether(count: Int) throws {
        let (app, _, view) = makeSinkScreen(multipleTouch: true)
        let ids = (1...count).map(UInt64.init)
        let spot = { (id: UInt64) in Double(id) * 9 }
        app.send(TouchFrame(timestamp: .milliseconds(0), contacts: ids.map { .down($0, spot($0), 100) }))
        app.send(TouchFrame(timestamp: .milliseconds(10), contacts: ids.map { .move($0, spot($0), 150) }))
        app.send(TouchFrame(timestamp: .milliseconds(20), contacts: ids.map { .up($0, spot($0), 150) }))

        #expect(view.calls.map(\.phase) == [.began, .moved, .ended])
        #expect(view.calls.allSatisfy { $0.touches.count == count })
        let began = try #require(view.calls.first).touches
        #expect(view.calls.allSatisfy { $0.touches == began }, "the same touch objects in every phase")
        #expect(Set(began.map { $0.location(in: view).x }) == Set(ids.map(spot)))
    }

    @Test("Fingers landing one frame at a time past the room are each followed to their lift", arguments: [12, 13, 25])
    func fingersOneByOne(count: Int) {
        let (app, _, view) = makeSinkScreen(multipleTouch: true)
        for id in 1...UInt64(count) {
            app.send(.at(Int(id), .down(id, Double(id) * 9, 100)))
        }
        let lift = (1...UInt64(count)).map { TouchContact.up($0, Double($0) * 9, 100) }
        app.send(TouchFrame(timestamp: .milliseconds(100), contacts: lift))

        #expect(view.calls.count == count + 1)
        #expect(view.calls.dropLast().allSatisfy { $0.phase == .began && $0.touches.count == 1 })
        #expect(view.calls.last?.phase == .ended)
        #expect(view.calls.last?.touches.count == count)
        #expect(Set(view.calls.last?.touches ?? []) == Set(view.seenTouches))
        #expect(app.drainLines().filter { $0.contains(" input: ") }.isEmpty, "no contact skipped")
    }
}
