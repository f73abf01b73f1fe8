import Testing
@testable import Tactile

@Suite("Swipe directions")
struct SwipeDirectionTests {
    @Test("The dominant axis decides the direction; a tie is horizontal")
    func dominantAxis() {
        #expect(SwipeDirection(dominantAxisOf: Point(x: 5, y: -3)) == .right)
        #expect(SwipeDirection(dominantAxisOf: Point(x: -5, y: 3)) == .left)
        #expect(SwipeDirection(dominantAxisOf: Point(x: 1, y: -3)) == .up)
        #expect(SwipeDirection(dominantAxisOf: Point(x: 1, y: 3)) == .down)
        #expect(SwipeDirection(dominantAxisOf: Point(x: -4, y: 4)) == .left)
    }

    @Test("Raw values match UIKit's and sets describe themselves")
    func rawValuesAndDescriptions() {
        #expect([SwipeDirection.right, .left, .up, .down].map(\.rawValue) == [1, 2, 4, 8])
        #expect(SwipeDirection.up.description == "up")
        #expect(([.down, .right] as SwipeDirection).description == "[right, down]")
        #expect(SwipeDirection().description == "[]")
    }
}
