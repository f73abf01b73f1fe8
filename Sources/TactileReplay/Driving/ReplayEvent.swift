import Tactile
import TactileInput

/// One thing that happened during a replay or a live session, in order: an input frame given to the
/// application, a delivery-log entry it made, or something the decoder noticed in the input.
public enum ReplayEvent: Hashable, Sendable {
    /// A frame of touch input, as given to the application (times relative to the trace's first event).
    case frame(TouchFrame)
    /// An entry of the application's delivery log.
    case delivery(Delivery)
    /// A diagnostic of the evdev decoder, at the time of the frame it came with.
    case decoder(time: Timestamp, MultitouchDecoder.Diagnostic)
}
