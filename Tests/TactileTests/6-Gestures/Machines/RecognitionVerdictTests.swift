import Testing
@testable import Tactile

@Suite("Recognition verdicts")
nonisolated struct RecognitionVerdictTests {
    @Test("Recognized, ended, cancelled and failed are terminal; the others are not")
    func terminal() {
        let reason = RecognitionReason.touchesCancelled
        #expect([RecognitionVerdict.recognize(reason), .end(reason), .cancel(reason), .fail(reason)].allSatisfy { $0.isTerminal })
        #expect(![RecognitionVerdict.nothing, .change, .begin(reason), .ignore([.init(1)], reason)].contains { $0.isTerminal })
    }

    @Test("Every verdict but nothing and change carries its reason")
    func reasons() {
        let reason = RecognitionReason.allTouchesLifted
        #expect(RecognitionVerdict.end(reason).reason == reason)
        #expect(RecognitionVerdict.ignore([.init(2)], reason).reason == reason)
        #expect(RecognitionVerdict.change.reason == nil)
        #expect(RecognitionVerdict.nothing.reason == nil)
    }

    @Test("Descriptions name the verdict, the touches and the reason")
    func descriptions() {
        #expect(RecognitionVerdict.fail(.movedTooFar(distance: 51, allowed: 45)).description == "fail: moved 51 pt > 45 pt")
        #expect(RecognitionVerdict.ignore([.init(3), .init(4)], .tooManyTouches(count: 4)).description
            == "ignore {#3,#4}: a fourth touch landed")
        #expect(RecognitionVerdict.change.description == "change")
        #expect(RecognitionVerdict.nothing.description == "nothing")
    }
}
