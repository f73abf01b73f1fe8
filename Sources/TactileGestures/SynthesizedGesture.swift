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
    /// A pen (`MT_TOOL_PEN`, a 1 mm contact) drawing a 40 mm stroke to the right over about 0.5 s: a touch of
    /// the pencil type.
    case pen
    /// A finger that, 0.15–0.25 s after landing, flattens into a palm (`MT_TOOL_PALM`, a 30 mm contact) and
    /// rests 0.3 s before lifting: the touch begins, then is cancelled.
    case palm
    /// A palm (`MT_TOOL_PALM` from its first report) resting 0.6 s low on the surface while a finger taps
    /// 50 mm above it: only the tap becomes a touch.
    case palmAndTap = "palm-and-tap"

    /// The most fingers the gesture has down at once.
    public var fingerCount: Int {
        switch self {
        case .tap, .doubleTap, .longPress, .pan, .swipe, .edgePan, .pen, .palm: 1
        case .pinchIn, .pinchOut, .rotation, .twoFingerTap, .palmAndTap: 2
        }
    }

    /// Whether the gesture needs a device with `ABS_MT_TOOL_TYPE` (a pen or a palm).
    public var needsToolType: Bool {
        switch self {
        case .pen, .palm, .palmAndTap: true
        case .tap, .doubleTap, .longPress, .pan, .swipe, .pinchIn, .pinchOut, .rotation, .twoFingerTap, .edgePan: false
        }
    }
}
