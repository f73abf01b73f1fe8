import Tactile
import TactileInput

/// An input a ``LiveSession`` reads: a device's poll loop (`LiveTouchInput`), every touchscreen's
/// (`LiveTouchscreens`), libinput's contact stream (`LibinputTouchInput`) or a compositor's window.
///
/// The session owns the loop, the clock and the driver; the input says what each wait brought
/// (``nextStep(deadline:)``) and how its output reaches the driver (``handle(_:with:at:note:)``).
public protocol LiveInput: AnyObject {
    /// What the input hands on: the decoder's output or the contact stream's.
    associatedtype Output
    /// What the session reports beside the log (device changes, diagnostics the log does not hold); `Never` when
    /// there is nothing.
    associatedtype Note
    /// What reading fails with: `InputDeviceError` for a device.
    associatedtype Failure: Error

    /// Blocks until there is input or `deadline` passes, and says what came as a step of the session.
    ///
    /// - Throws: `Failure` when reading fails.
    func nextStep(deadline: Timestamp) throws(Failure) -> LiveInputStep<Output, Note>

    /// Cancels what is still down in the input and stops it: the output to hand over, or `nil` when the input
    /// keeps nothing of its own (the session cancels the driver's touches anyway).
    func finalOutput(at time: Timestamp) -> Output?

    /// Hands `output`, received at `time`, to `driver`, reporting to `note` what the log does not hold.
    ///
    /// - Returns: whether anything reached the driver (the session then records the receive time and calls its
    ///   ``LiveSession/didHandleOutput``).
    @MainActor
    static func handle(_ output: Output, with driver: SceneDriver, at time: Timestamp, note: (Note) -> Void) -> Bool

    /// The frames of an output.
    static func frames(of output: Output) -> [TouchFrame]
}

/// An input that hands on a contact stream's output (libinput's, a compositor's window's): its frames reach the
/// driver as they are, and the stream's diagnostics are its notes.
extension LiveInput where Output == ContactStream.Output {
    /// The contact stream output's frames.
    public static func frames(of output: ContactStream.Output) -> [TouchFrame] { output.frames }
}

extension LiveInput where Output == ContactStream.Output, Note == ContactStream.Diagnostic {
    /// Sends the output's frames to `driver` (`false` when there are none), its diagnostics to `note`.
    @MainActor
    public static func handle(
        _ output: ContactStream.Output, with driver: SceneDriver, at time: Timestamp,
        note: (ContactStream.Diagnostic) -> Void
    ) -> Bool {
        driver.send(output, diagnose: note)
    }
}

/// What one wait of a ``LiveInput`` brought.
public enum LiveInputStep<Output, Note> {
    /// Frames or diagnostics for the driver.
    case output(Output)
    /// The deadline passed before any input: the driver runs what is due.
    case deadlinePassed(Timestamp)
    /// Something to report beside the log (a device arrived).
    case note(Note)
    /// A device went away: `output` (its touches cancelled) is handed on first, then `note` is reported, and the
    /// session goes on or ends as `then` says.
    case deviceRemoved(Output, note: Note?, then: LiveSessionRemoval)
}

/// What a ``LiveSession`` does once a device went away (``LiveInputStep/deviceRemoved(_:note:then:)``).
public enum LiveSessionRemoval: Hashable, Sendable {
    /// Other devices are still read: the session goes on.
    case continues
    /// The input ended with the device, its last output having cancelled every touch: the deadlines left run
    /// from when that output came in, and the session ends with ``LiveSessionEnding/deviceRemoved``.
    case inputEnded
    /// The last device went away (or the compositor closed the window): the session stops as when asked to (what
    /// is still down is cancelled, the deadlines left run) and ends with ``LiveSessionEnding/deviceRemoved``.
    case lastDeviceRemoved
}

/// How a ``LiveSession`` ended.
public enum LiveSessionEnding: Hashable, Sendable {
    /// The stop request was seen.
    case stopped
    /// The device went away (with libinput's path backend: the last one; a compositor's window: closed).
    case deviceRemoved
}
