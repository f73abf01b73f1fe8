import Tactile
import TactileInput

extension LibinputTouchInput {
    /// What a `LiveSession<LibinputTouchInput>` reports beside the log (``LiveSession/didNote``).
    public enum Note: Sendable {
        /// A touchscreen arrived.
        case added(LibinputTouchInput.Device)
        /// A touchscreen went away; `cancelled` of its touches were cancelled.
        case removed(LibinputTouchInput.Device, cancelled: Int)
        /// The contact stream reported a problem.
        case diagnostic(ContactStream.Diagnostic)
    }
}

/// libinput as a live input (`tactile live --backend libinput`): `LiveSession<LibinputTouchInput>`, the same
/// ``SceneDriver`` and log as a replay, fed by libinput's contact stream.
///
/// Device changes and the contact stream's diagnostics are reported to ``LiveSession/didNote`` as `Note`s.
/// With the path backend the session ends when its last device goes away.
extension LibinputTouchInput: LiveInput {
    /// `LibinputTouchInput.next(deadline:)` as a session step: with the path backend, the removal of the last
    /// device ends the session.
    public func nextStep(
        deadline: Timestamp
    ) throws(InputDeviceError) -> LiveInputStep<ContactStream.Output, Note> {
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
    @preconcurrency @MainActor public static func handle(
        _ output: ContactStream.Output, with driver: SceneDriver, at time: Timestamp,
        note: (Note) -> Void
    ) -> Bool {
        driver.send(output) { note(.diagnostic($0)) }
    }
}
