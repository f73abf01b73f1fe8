import Testing
@testable import Tactile

@Suite("Recognition reasons read as sentences")
nonisolated struct RecognitionReasonTests {
    @Test("Failure reasons from the issue read as written there", arguments: [
        (RecognitionReason.movedTooFar(distance: 51, allowed: 45), "moved 51 pt > 45 pt"),
        (.maximumDurationPassed(.milliseconds(750)), "maximum duration 0.75 s passed"),
        (.liftedBeforeTouches(required: 2), "lifted before 2 touches"),
        (.tooManyTouches(count: 3), "a third touch landed"),
        (.maximumIntervalPassed(.milliseconds(350)), "maximum interval 0.35 s between taps passed"),
        (.tapTooFar(tap: 2, distance: 60, allowed: 45), "tap 2 began 60 pt from the first > 45 pt"),
        (.liftedBeforeMinimumDuration(.milliseconds(500)), "lifted before 0.5 s"),
        (.liftedBeforeRecognition, "lifted before recognition"),
        (.touchesCancelled, "touches cancelled"),
        (.noEdgesConfigured, "no screen edge is configured"),
        (.notNearEdge(distance: 35, margin: 20), "began 35 pt from the nearest edge > 20 pt"),
        (.notAwayFromEdge(.left), "moved along or toward the left edge"),
        (.wrongDirection(.left, distance: 12, allowed: [.right, .up]), "moved left 12 pt, not [right, up]"),
        (.notStraight(secondary: 12, allowed: 10), "moved 12 pt off the axis > 10 pt"),
        (.followsFirstTouchOnly, "only the first touch is followed"),
    ])
    func failureSentences(reason: RecognitionReason, sentence: String) {
        #expect(reason.description == sentence)
    }

    @Test("Recognition reasons carry their numbers", arguments: [
        (RecognitionReason.tapped(taps: 1, touches: 1), "1 tap of 1 touch"),
        (.tapped(taps: 2, touches: 3), "2 taps of 3 touches"),
        (.pressed(duration: .seconds(1.25)), "held for 1.25 s"),
        (.crossedHysteresis(translation: Point(x: 11, y: -3), threshold: 10), "moved 11 pt in x ≥ 10 pt"),
        (.crossedHysteresis(translation: Point(x: 2, y: -10.5), threshold: 10), "moved 10.5 pt in y ≥ 10 pt"),
        (.movedAwayFromEdge(.bottom, distance: 12, threshold: 10), "moved 12 pt away from the bottom edge ≥ 10 pt"),
        (.swiped(.down, distance: 60, elapsed: .milliseconds(48)), "swiped down 60 pt in 0.048 s"),
        (.spanChanged(by: 10.342, threshold: 10), "span changed by 10.34 pt, |Δ| ≥ 10 pt"),
        (.rotated(by: -0.0571, threshold: 0.05), "rotated by -0.057 rad, |θ| ≥ 0.05 rad"),
        (.touchLifted, "a touch lifted"),
        (.allTouchesLifted, "all touches lifted"),
    ])
    func recognitionSentences(reason: RecognitionReason, sentence: String) {
        #expect(reason.description == sentence)
    }

    @Test("Seconds keep up to three decimals without trailing zeros")
    func seconds() {
        #expect(formatSeconds(.milliseconds(750)) == "0.75")
        #expect(formatSeconds(.milliseconds(500)) == "0.5")
        #expect(formatSeconds(.milliseconds(48)) == "0.048")
        #expect(formatSeconds(.seconds(2)) == "2")
        #expect(formatSeconds(.milliseconds(1005)) == "1.005")
        #expect(formatSeconds(.milliseconds(-500)) == "-0.5")
        #expect(formatSeconds(.milliseconds(-1500)) == "-1.5")
    }

    @Test("Radians keep up to three decimals without trailing zeros")
    func radians() {
        #expect(formatRadians(-0.0571) == "-0.057")
        #expect(formatRadians(0.05) == "0.05")
        #expect(formatRadians(5) == "5")
        #expect(formatRadians(0) == "0")
        #expect(formatRadians(-3.14159) == "-3.142")
    }

    @Test("Ordinals are words up to ten, then numbers with the right suffix")
    func ordinals() {
        #expect([1, 2, 3, 10].map(ordinal) == ["first", "second", "third", "tenth"])
        #expect([11, 12, 13, 21, 22, 23, 101, 111].map(ordinal) == ["11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
    }
}
