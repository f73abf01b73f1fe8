import Testing
@testable import TactileInput
@Test func placeholder() { #expect(true) }
