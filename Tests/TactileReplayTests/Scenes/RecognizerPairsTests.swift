import Tactile
import Testing
@testable import TactileReplay

@Suite("RecognizerPairs: unordered pairs of recognizers by identity")
struct RecognizerPairsTests {
    /// Every ordered question over `all`, answered by `pairs`.
    private func answers(_ pairs: RecognizerPairs, over all: [GestureRecognizer]) -> [Bool] {
        all.flatMap { first in all.map { second in pairs.contains(first, second) } }
    }

    @Test("Pairs made from a list answer for each listed pair in both orders, and for no other")
    func fromList() {
        let (a, b) = (PanGestureRecognizer(), PinchGestureRecognizer())
        let (c, d) = (RotationGestureRecognizer(), TapGestureRecognizer())
        let pairs = RecognizerPairs([(a, b), (c, a)])
        #expect(pairs.contains(a, b) && pairs.contains(b, a))
        #expect(pairs.contains(c, a) && pairs.contains(a, c))
        #expect(!pairs.contains(b, c) && !pairs.contains(c, b), "pairing is not transitive")
        #expect(!pairs.contains(a, d) && !pairs.contains(d, d) && !pairs.contains(a, a))
    }

    @Test("A list, inserts one by one, a repeated or reversed pair: the same answers")
    func listAndInserts() {
        let all: [GestureRecognizer] = [PanGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer()]
        let (a, b, c) = (all[0], all[1], all[2])
        var inserted = RecognizerPairs()
        inserted.insert(a, b)
        inserted.insert(c, a)
        let listed = RecognizerPairs([(b, a), (c, a), (a, b)])
        #expect(answers(listed, over: all) == answers(inserted, over: all))
        #expect(answers(listed, over: all).filter { $0 }.count == 4)
        #expect(!answers(RecognizerPairs([]), over: all).contains(true))
    }
}
