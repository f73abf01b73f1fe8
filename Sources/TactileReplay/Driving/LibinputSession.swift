import Tactile
import TactileInput

/// Drives a scene from libinput (`tactile live --backend libinput`): the same ``ReplayDriver`` and log as a replay
/// or ``LiveSession``, fed by `LibinputTouchInput` (a ``LiveInputSession`` over libinput's contact stream).
///
/// Device changes and the contact stream's diagnostics are reported to ``LiveInputSession/didNote`` as
/// ``LibinputSessionNote``s. With the path backend the session ends when its last device goes away.
public typealias LibinputSession = LiveInputSession<LibinputTouchInput>

/// What a ``LibinputSession`` reports beside the log.
public enum LibinputSessionNote: Sendable {
    /// A touchscreen arrived.
    case added(LibinputTouchInput.Device)
    /// A touchscreen went away; `cancelled` of its touches were cancelled.
    case removed(LibinputTouchInput.Device, cancelled: Int)
    /// The contact stream reported a problem.
    case diagnostic(ContactStream.Diagnostic)
}

extension LibinputTouchInput: LiveSessionInput {
    /// `LibinputTouchInput.next(deadline:)` as a session step: with the path backend, the removal of the last
    /// device ends the session.
    public func nextStep(
        deadline: Timestamp
    ) throws(InputDeviceError) -> LiveSessionStep<ContactStream.Output, LibinputSessionNote> {
        switch try next(deadline: deadline) {
        case .frames(let output):
            return .output(output)
        case .deadlinePassed(let time):
            return .deadlinePassed(time)
        case .deviceAdded(let device):
            return .note(.added(device))
        case .deviceRemoved(let device, let output):
            let cancelled = output.frames.reduce(0) { $0 + $1.contacts.filter { $0.phase == .cancelled }.count }
            var then = LiveSessionRemoval.continues
            if case .path = backend, devices.isEmpty { then = .lastDeviceRemoved }
            return .deviceRemoved(output, note: .removed(device, cancelled: cancelled), then: then)
        }
    }

    /// `LibinputTouchInput.end(at:)`: the touches libinput left down, cancelled.
    public func finalOutput(at time: Timestamp) -> ContactStream.Output? { end(at: time) }

    /// Reports the output's diagnostics to `note`, then sends its frames (`false` when there are none).
    public static func handle(
        _ output: ContactStream.Output, with driver: ReplayDriver, at time: Timestamp,
        note: (LibinputSessionNote) -> Void
    ) -> Bool {
        for diagnostic in output.diagnostics { note(.diagnostic(diagnostic)) }
        guard !output.frames.isEmpty else { return false }
        for frame in output.frames { driver.send(frame) }
        return true
    }

    /// The contact stream output's frames.
    public static func frames(of output: ContactStream.Output) -> [TouchFrame] { output.frames }
}
