/// Why a recognition machine reached a verdict, as a value with a human description.
///
/// Every verdict that changes a recognizer's state (and every `ignore`) carries one, so the delivery log can
/// say "tap failed: moved 51 pt > 45 pt" instead of just "failed". ``description`` is the sentence the replay
/// tool prints. Reasons compare equal when they are the same reason with the same values, so tests match on them
/// (`verdict == .fail(.movedTooFar(distance: 51, allowed: 45))`). Distances are in points, angles in radians,
/// durations with their unit.
///
/// The set is open: the built-in recognizers' reasons are the static members below, and a machine of your own
/// gives its own with ``init(_:)`` — declare them beside the machine, as the built-ins' are:
///
/// ```swift
/// extension RecognitionReason {
///     static func rested(for duration: Duration) -> RecognitionReason {
///         RecognitionReason("rested for \(duration)")
///     }
/// }
/// ```
///
/// A built-in's reason keeps its values and is worded only when it is printed, so recognizing allocates
/// nothing; a reason of your own is worded when you make it (a string literal allocates nothing either).
public struct RecognitionReason: Hashable, Sendable, CustomStringConvertible {
    /// A built-in recognizer's reason with its values (each case is documented on the static member of its
    /// name), or a reason of a user's machine with its sentence.
    enum Value: Hashable, Sendable {
        case tapped(taps: Int, touches: Int)
        case pressed(duration: Duration)
        case crossedHysteresis(translation: Point, threshold: Double)
        case movedAwayFromEdge(RectEdge, distance: Double, threshold: Double)
        case swiped(SwipeDirection, distance: Double, elapsed: Duration)
        case spanChanged(by: Double, threshold: Double)
        case rotated(by: Double, threshold: Double)
        case touchLifted
        case allTouchesLifted
        case touchesCancelled
        case movedTooFar(distance: Double, allowed: Double)
        case maximumDurationPassed(Duration)
        case maximumIntervalPassed(Duration)
        case tapTooFar(tap: Int, distance: Double, allowed: Double)
        case tooManyTouches(count: Int)
        case liftedBeforeTouches(required: Int)
        case liftedBeforeMinimumDuration(Duration)
        case liftedBeforeRecognition
        case noEdgesConfigured
        case notNearEdge(distance: Double, margin: Double)
        case notAwayFromEdge(RectEdge)
        case wrongDirection(SwipeDirection, distance: Double, allowed: SwipeDirection)
        case notStraight(secondary: Double, allowed: Double)
        case followsFirstTouchOnly
        /// A reason of a user's machine (``RecognitionReason/init(_:)``): its sentence.
        case custom(String)
    }

    /// Which reason, with its values.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// A reason of your own machine: `description` is the sentence the delivery log prints after the state
    /// change (`dwell: possible → recognized (rested for 0.3 seconds)`). Two such reasons are equal when their
    /// sentences are; none equals a built-in reason.
    public init(_ description: String) {
        value = .custom(description)
    }

    // MARK: Recognized or began (the built-ins' reasons)

    /// A tap recognizer saw its taps: "2 taps of 1 touch".
    public static func tapped(taps: Int, touches: Int) -> RecognitionReason {
        RecognitionReason(.tapped(taps: taps, touches: touches))
    }

    /// A long press was held for its minimum duration: "held for 0.5 s".
    public static func pressed(duration: Duration) -> RecognitionReason {
        RecognitionReason(.pressed(duration: duration))
    }

    /// A pan's centroid moved at least the hysteresis along x or y: "moved 11 pt in x ≥ 10 pt".
    /// `translation` is the displacement since the touch count last entered the allowed range.
    public static func crossedHysteresis(translation: Point, threshold: Double) -> RecognitionReason {
        RecognitionReason(.crossedHysteresis(translation: translation, threshold: threshold))
    }

    /// A screen-edge pan moved away from the edge it began at: "moved 11 pt away from the left edge ≥ 10 pt".
    public static func movedAwayFromEdge(_ edge: RectEdge, distance: Double, threshold: Double) -> RecognitionReason {
        RecognitionReason(.movedAwayFromEdge(edge, distance: distance, threshold: threshold))
    }

    /// A swipe moved far and straight enough in an allowed direction: "swiped right 60 pt in 0.048 s".
    public static func swiped(_ direction: SwipeDirection, distance: Double, elapsed: Duration) -> RecognitionReason {
        RecognitionReason(.swiped(direction, distance: distance, elapsed: elapsed))
    }

    /// A pinch's finger span changed by at least the hysteresis: "span changed by 10.3 pt ≥ 10 pt".
    public static func spanChanged(by change: Double, threshold: Double) -> RecognitionReason {
        RecognitionReason(.spanChanged(by: change, threshold: threshold))
    }

    /// A rotation's finger vector turned by at least the threshold: "rotated by -0.057 rad, |θ| ≥ 0.05 rad".
    public static func rotated(by angle: Double, threshold: Double) -> RecognitionReason {
        RecognitionReason(.rotated(by: angle, threshold: threshold))
    }

    // MARK: Ended

    /// One of the gesture's touches lifted (a long press ends when any finger lifts).
    public static var touchLifted: RecognitionReason { RecognitionReason(.touchLifted) }

    /// The last of the gesture's touches lifted.
    public static var allTouchesLifted: RecognitionReason { RecognitionReason(.allTouchesLifted) }

    // MARK: Failed or cancelled

    /// The system cancelled a tracked touch (`touchesCancelled`).
    public static var touchesCancelled: RecognitionReason { RecognitionReason(.touchesCancelled) }

    /// A touch moved farther from where it began than allowed: "moved 51 pt > 45 pt".
    public static func movedTooFar(distance: Double, allowed: Double) -> RecognitionReason {
        RecognitionReason(.movedTooFar(distance: distance, allowed: allowed))
    }

    /// The maximum duration of a tap or a swipe passed: "maximum duration 0.75 s passed".
    public static func maximumDurationPassed(_ duration: Duration) -> RecognitionReason {
        RecognitionReason(.maximumDurationPassed(duration))
    }

    /// The next tap of a multi-tap did not begin in time: "maximum interval 0.35 s between taps passed".
    public static func maximumIntervalPassed(_ duration: Duration) -> RecognitionReason {
        RecognitionReason(.maximumIntervalPassed(duration))
    }

    /// The next tap of a multi-tap began too far from the first: "tap 2 began 60 pt from the first > 45 pt".
    public static func tapTooFar(tap: Int, distance: Double, allowed: Double) -> RecognitionReason {
        RecognitionReason(.tapTooFar(tap: tap, distance: distance, allowed: allowed))
    }

    /// More touches landed than the gesture takes; `count` is the number now down: "a third touch landed".
    public static func tooManyTouches(count: Int) -> RecognitionReason {
        RecognitionReason(.tooManyTouches(count: count))
    }

    /// All fingers lifted before the required number was down together: "lifted before 2 touches".
    public static func liftedBeforeTouches(required: Int) -> RecognitionReason {
        RecognitionReason(.liftedBeforeTouches(required: required))
    }

    /// A long press lifted before its minimum duration: "lifted before 0.5 s".
    public static func liftedBeforeMinimumDuration(_ duration: Duration) -> RecognitionReason {
        RecognitionReason(.liftedBeforeMinimumDuration(duration))
    }

    /// The fingers lifted before the gesture was recognized (pan, swipe, pinch, rotation).
    public static var liftedBeforeRecognition: RecognitionReason { RecognitionReason(.liftedBeforeRecognition) }

    /// A screen-edge pan has no edge to start from.
    public static var noEdgesConfigured: RecognitionReason { RecognitionReason(.noEdgesConfigured) }

    /// A screen-edge pan's touch began too far from its edges: "began 35 pt from the nearest edge > 20 pt".
    public static func notNearEdge(distance: Double, margin: Double) -> RecognitionReason {
        RecognitionReason(.notNearEdge(distance: distance, margin: margin))
    }

    /// A screen-edge pan moved along or toward its edge instead of away from it.
    public static func notAwayFromEdge(_ edge: RectEdge) -> RecognitionReason {
        RecognitionReason(.notAwayFromEdge(edge))
    }

    /// A swipe moved in a direction it does not accept: "moved left 12 pt, not [right]".
    public static func wrongDirection(
        _ direction: SwipeDirection, distance: Double, allowed: SwipeDirection
    ) -> RecognitionReason {
        RecognitionReason(.wrongDirection(direction, distance: distance, allowed: allowed))
    }

    /// A swipe strayed too far from its axis: "moved 12 pt off the axis > 10 pt".
    public static func notStraight(secondary: Double, allowed: Double) -> RecognitionReason {
        RecognitionReason(.notStraight(secondary: secondary, allowed: allowed))
    }

    // MARK: Ignored touches

    /// A screen-edge pan follows only the first touch of its sequence.
    public static var followsFirstTouchOnly: RecognitionReason { RecognitionReason(.followsFirstTouchOnly) }

    public var description: String {
        switch value {
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
        case .custom(let sentence):
            sentence
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
