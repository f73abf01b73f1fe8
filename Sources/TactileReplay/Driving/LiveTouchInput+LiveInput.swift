import Tactile
import TactileInput

/// A live touchscreen through Tactile's own decoder (`tactile live DEVICE`): `LiveSession<LiveTouchInput>`.
///
/// The decoder's diagnostics go into the log. When the device goes away, the decoder's last output cancels every
/// touch and the deadlines left run; ``LiveSession/run(until:)`` then returns ``LiveSessionEnding/deviceRemoved``.
extension LiveTouchInput: LiveInput {
    /// The evdev path reports nothing beside the log.
    public typealias Note = Never

    /// `LiveTouchInput.next(deadline:)` as a session step: the device's removal ends the input.
    public func nextStep(
        deadline: Timestamp
    ) throws(InputDeviceError) -> LiveInputStep<MultitouchDecoder.Output, Never> {
        switch try next(deadline: deadline) {
        case .frames(let output): .output(output)
        case .deadlinePassed(let time): .deadlinePassed(time)
        case .ended(let output): .deviceRemoved(output, note: nil, then: .inputEnded)
        }
    }

    /// `nil`: the decoder keeps no touches the session would not cancel itself.
    public func finalOutput(at time: Timestamp) -> MultitouchDecoder.Output? { nil }

    /// The output's diagnostics and frames into the log (``SceneDriver/handle(_:at:)``), at its last frame's
    /// time or, with none, at `time`; always `true`.
    @preconcurrency @MainActor public static func handle(
        _ output: MultitouchDecoder.Output, with driver: SceneDriver, at time: Timestamp, note: (Never) -> Void
    ) -> Bool {
        driver.handle(output, at: output.frames.last?.timestamp ?? time)
        return true
    }

    /// The decoder output's frames.
    public static func frames(of output: MultitouchDecoder.Output) -> [TouchFrame] { output.frames }
}
