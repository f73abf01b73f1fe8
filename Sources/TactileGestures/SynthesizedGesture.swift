/// The gestures `tactile synth` can make, with their command-line names.
public enum SynthesizedGesture: String, CaseIterable, Hashable, Sendable {
    /// One finger down for 70–130 ms, nearly still.
    case tap
    /// Two such taps 120–180 ms apart, within a millimetre or two.
    case doubleTap = "double-tap"
    /// One finger held 0.9–1.1 s with sub-millimetre drift.
    case longPress = "long-press"
    /// One finger resting briefly, then dragged about 60 mm to the right over 0.6–0.8 s, then lifted.
    case pan
    /// One finger flicked about 50 mm to the right in 120–180 ms, lifted while moving.
    case swipe
    /// Two fingers closing from about 70 mm apart to 30 mm over 0.5–0.7 s.
    case pinchIn = "pinch-in"
    /// Two fingers opening from about 30 mm apart to 70 mm over 0.5–0.7 s.
    case pinchOut = "pinch-out"
    /// Two fingers 55 mm apart turning 60° clockwise about their midpoint over about 0.7 s.
    case rotation
    /// Two fingers 24 mm apart, down together (a few ms apart) for 80–120 ms.
    case twoFingerTap = "two-finger-tap"
    /// One finger landing within 1.5 mm of the left edge and dragged about 70 mm inward over 0.4 s.
    case edgePan = "edge-pan"

    /// The most fingers the gesture has down at once.
    public var fingerCount: Int {
        switch self {
        case .tap, .doubleTap, .longPress, .pan, .swipe, .edgePan: 1
        case .pinchIn, .pinchOut, .rotation, .twoFingerTap: 2
        }
    }
}
