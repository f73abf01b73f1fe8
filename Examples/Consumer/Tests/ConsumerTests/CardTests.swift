import Consumer
import PropertyBased
import Tactile
import TactileTesting
import Testing

@MainActor @Test func aSingleTapOpensAndNeverLikes() async {
    let card = Rect(x: 0, y: 0, width: 400, height: 800)
    await propertyCheck(input: GestureGen.tap(in: card)) { script in
        // Legal recognizer states, every touch ended or cancelled once, the same log twice; the clock runs 1 s after.
        let run = expectInvariants(scene: makeCardScene, playing: [script])
        let lines = run.log.map { "\($0)" }
        #expect(lines.contains { $0.hasSuffix("open: possible → recognized (like failed)") })
        #expect(!lines.contains { $0.contains("like: possible → recognized") })
    }
}
