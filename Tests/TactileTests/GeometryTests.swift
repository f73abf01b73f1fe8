import Testing
@testable import Tactile
@Test func placeholder() { #expect(Point(x: 1, y: 2).x == 1) }
