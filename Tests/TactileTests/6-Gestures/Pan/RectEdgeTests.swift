import Testing
@testable import Tactile

@Suite("Rectangle edges")
struct RectEdgeTests {
    @Test("Raw values match UIKit's, all is the four edges, sets describe themselves")
    func basics() {
        #expect([RectEdge.top, .left, .bottom, .right].map(\.rawValue) == [1, 2, 4, 8])
        #expect(RectEdge.all.edges == [.top, .left, .bottom, .right])
        #expect(RectEdge.left.description == "left")
        #expect(([.right, .top] as RectEdge).description == "[top, right]")
        #expect(([.right, .left] as RectEdge).sides == [.left, .right])
        #expect(RectEdge.Side.allCases.map(\.edge) == RectEdge.all.edges)
    }
}
