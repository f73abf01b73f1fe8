/// Why a recognition machine reached a verdict, as a value with a human description.
///
/// Every verdict that changes a recognizer's state (and every `ignore`) carries one, so the delivery log can
/// say "tap failed: moved 51 pt > 45 pt" instead of just "failed". The values are structured so tests can
/// match on them; ``description`` is the sentence the replay tool prints. Distances are in points, angles in
/// radians, durations with their unit.
public enum RecognitionReason: Hashable, Sendable, CustomStringConvertible {
    // MARK: Recognized or began

    /// A tap recognizer saw its taps: "2 taps of 1 touch".
    case tapped(taps: Int, touches: Int)
    /// A long press was held for its minimum duration: "held for 0.5 s".
    case pressed(duration: Duration)
    /// A pan's centroid moved at least the hysteresis along x or y: "moved 11 pt in x ≥ 10 pt".
    /// `translation` is the displacement since the touch count last entered the allowed range.
    case crossedHysteresis(translation: Point, threshold: Double)
    /// A screen-edge pan moved away from the edge it began at: "moved 11 pt away from the left edge ≥ 10 pt".
    case movedAwayFromEdge(RectEdge, distance: Double, threshold: Double)
    /// A swipe moved far and straight enough in an allowed direction: "swiped right 60 pt in 0.048 s".
    case swiped(SwipeDirection, distance: Double, elapsed: Duration)
    /// A pinch's finger span changed by at least the hysteresis: "span changed by 10.3 pt ≥ 10 pt".
    case spanChanged(by: Double, threshold: Double)
    /// A rotation's finger vector turned by at least the threshold: "rotated by -0.057 rad, |θ| ≥ 0.05 rad".
    case rotated(by: Double, threshold: Double)

    // MARK: Ended

    /// One of the gesture's touches lifted (a long press ends when any finger lifts).
    case touchLifted
    /// The last of the gesture's touches lifted.
    case allTouchesLifted

    // MARK: Failed or cancelled

    /// The system cancelled a tracked touch (`touchesCancelled`).
    case touchesCancelled
    /// A touch moved farther from where it began than allowed: "moved 51 pt > 45 pt".
    case movedTooFar(distance: Double, allowed: Double)
    /// The maximum duration of a tap or a swipe passed: "maximum duration 0.75 s passed".
    case maximumDurationPassed(Duration)
    /// The next tap of a multi-tap did not begin in time: "maximum interval 0.35 s between taps passed".
    case maximumIntervalPassed(Duration)
    /// The next tap of a multi-tap began too far from the first: "tap 2 began 60 pt from the first > 45 pt".
    case tapTooFar(tap: Int, distance: Double, allowed: Double)
    /// More touches landed than the gesture takes; `count` is the number now down: "a third touch landed".
    case tooManyTouches(count: Int)
    /// All fingers lifted before the required number was down together: "lifted before 2 touches".
    case liftedBeforeTouches(required: Int)
    /// A long press lifted before its minimum duration: "lifted before 0.5 s".
    case liftedBeforeMinimumDuration(Duration)
    /// The fingers lifted before the gesture was recognized (pan, swipe, pinch, rotation).
    case liftedBeforeRecognition
    /// A screen-edge pan has no edge to start from.
    case noEdgesConfigured
    /// A screen-edge pan's touch began too far from its edges: "began 35 pt from the nearest edge > 20 pt".
    case notNearEdge(distance: Double, margin: Double)
    /// A screen-edge pan moved along or toward its edge instead of away from it.
    case notAwayFromEdge(RectEdge)
    /// A swipe moved in a direction it does not accept: "moved left 12 pt, not [right]".
    case wrongDirection(SwipeDirection, distance: Double, allowed: SwipeDirection)
    /// A swipe strayed too far from its axis: "moved 12 pt off the axis > 10 pt".
    case notStraight(secondary: Double, allowed: Double)

    // MARK: Ignored touches

    /// A screen-edge pan follows only the first touch of its sequence.
    case followsFirstTouchOnly

    public var description: String {
        switch self {
        case .tapped(let taps, let touches):
            "\(taps) tap\(taps == 1 ? "" : "s") of \(touches) touch\(touches == 1 ? "" : "es")"
        case .pressed(let duration):
            "held for \(formatSeconds(duration)) s"
        case .crossedHysteresis(let translation, let threshold):
            abs(translation.x) >= abs(translation.y)
                ? "moved \(formatPoints(abs(translation.x))) pt in x ≥ \(formatPoints(threshold)) pt"
                : "moved \(formatPoints(abs(translation.y))) pt in y ≥ \(formatPoints(threshold)) pt"
        case .movedAwayFromEdge(let edge, let distance, let threshold):
            "moved \(formatPoints(distance)) pt away from the \(edge) edge ≥ \(formatPoints(threshold)) pt"
        case .swiped(let direction, let distance, let elapsed):
            "swiped \(direction) \(formatPoints(distance)) pt in \(formatSeconds(elapsed)) s"
        case .spanChanged(let change, let threshold):
            "span changed by \(formatPoints(change)) pt, |Δ| ≥ \(formatPoints(threshold)) pt"
        case .rotated(let angle, let threshold):
            "rotated by \(formatRadians(angle)) rad, |θ| ≥ \(formatRadians(threshold)) rad"
        case .touchLifted:
            "a touch lifted"
        case .allTouchesLifted:
            "all touches lifted"
        case .touchesCancelled:
            "touches cancelled"
        case .movedTooFar(let distance, let allowed):
            "moved \(formatPoints(distance)) pt > \(formatPoints(allowed)) pt"
        case .maximumDurationPassed(let duration):
            "maximum duration \(formatSeconds(duration)) s passed"
        case .maximumIntervalPassed(let duration):
            "maximum interval \(formatSeconds(duration)) s between taps passed"
        case .tapTooFar(let tap, let distance, let allowed):
            "tap \(tap) began \(formatPoints(distance)) pt from the first > \(formatPoints(allowed)) pt"
        case .tooManyTouches(let count):
            "a \(ordinal(count)) touch landed"
        case .liftedBeforeTouches(let required):
            "lifted before \(required) touch\(required == 1 ? "" : "es")"
        case .liftedBeforeMinimumDuration(let duration):
            "lifted before \(formatSeconds(duration)) s"
        case .liftedBeforeRecognition:
            "lifted before recognition"
        case .noEdgesConfigured:
            "no screen edge is configured"
        case .notNearEdge(let distance, let margin):
            "began \(formatPoints(distance)) pt from the nearest edge > \(formatPoints(margin)) pt"
        case .notAwayFromEdge(let edge):
            "moved along or toward the \(edge) edge"
        case .wrongDirection(let direction, let distance, let allowed):
            "moved \(direction) \(formatPoints(distance)) pt, not \(allowed)"
        case .notStraight(let secondary, let allowed):
            "moved \(formatPoints(secondary)) pt off the axis > \(formatPoints(allowed)) pt"
        case .followsFirstTouchOnly:
            "only the first touch is followed"
        }
    }
}

/// Formats a duration in seconds with up to three decimals and no trailing zeros: `0.75`, `0.5`, `0.048`.
func formatSeconds(_ duration: Duration) -> String {
    let milliseconds = (duration.seconds * 1000).rounded()
    let whole = Int64(milliseconds / 1000)
    var fraction = Int64(abs(milliseconds.truncatingRemainder(dividingBy: 1000)))
    let sign = milliseconds < 0 && whole == 0 ? "-" : ""
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = 3
    while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
    let text = String(fraction)
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - text.count) + text
}

/// Formats an angle in radians with up to three decimals and no trailing zeros: `-0.057`, `0.05`, `5`.
func formatRadians(_ angle: Double) -> String {
    let milli = Int64((angle * 1000).rounded())
    let sign = milli < 0 ? "-" : ""
    let magnitude = milli.magnitude
    var fraction = magnitude % 1000
    guard fraction != 0 else { return "\(sign)\(magnitude / 1000)" }
    var digits = 3
    while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
    let text = String(fraction)
    return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: digits - text.count) + text
}

/// "first", "second", … "tenth", then "11th", "21st", "22nd".
func ordinal(_ n: Int) -> String {
    let words = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
    if n >= 0, n < words.count { return words[n] }
    let suffix: String
    switch (n % 10, n % 100) {
    case (1, let h) where h != 11: suffix = "st"
    case (2, let h) where h != 12: suffix = "nd"
    case (3, let h) where h != 13: suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
}
