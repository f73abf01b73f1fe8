/// What a recognition machine decided about one input: the state change its recognizer should make.
///
/// A recognizer's touch methods feed its machine and translate the verdict into UIKit's `state`:
///
/// | Verdict | Recognizer state | Kind |
/// |---|---|---|
/// | ``nothing`` | unchanged | any |
/// | ``ignore(_:_:)`` | unchanged; call `ignore(_:for:)` for each touch | any |
/// | ``begin(_:)`` | `possible → began` | continuous |
/// | ``change`` | `began/changed → changed` | continuous |
/// | ``recognize(_:)`` | `possible → recognized` | discrete |
/// | ``end(_:)`` | `began/changed → ended` | continuous |
/// | ``cancel(_:)`` | `began/changed → cancelled` | continuous |
/// | ``fail(_:)`` | `possible → failed` | any |
///
/// ``recognize(_:)``, ``end(_:)``, ``cancel(_:)`` and ``fail(_:)`` are *terminal*: after one of them the
/// machine returns ``nothing`` to every input until it is reset. A machine never returns ``change``,
/// ``end(_:)`` or ``cancel(_:)`` before ``begin(_:)``, and never ``begin(_:)`` twice (spec §5.2). An
/// ``ignore(_:_:)`` never comes together with a state change: a call that ignores touches changes nothing
/// else a recognizer must act on.
public enum RecognitionVerdict: Hashable, Sendable, CustomStringConvertible {
    /// No state change.
    case nothing
    /// The recognizer should stop receiving these touches (`ignore(_:for:)`, spec §5.6); only returned from
    /// `touchesBegan`.
    case ignore([TouchContact.ID], RecognitionReason)
    /// A continuous gesture recognized: `possible → began`.
    case begin(RecognitionReason)
    /// A continuous gesture updated: `→ changed` (sent on every update, spec §5.1).
    case change
    /// A discrete gesture recognized: `possible → recognized`.
    case recognize(RecognitionReason)
    /// A continuous gesture finished: `→ ended`.
    case end(RecognitionReason)
    /// A continuous gesture was cancelled: `→ cancelled`.
    case cancel(RecognitionReason)
    /// Not this gesture: `possible → failed`.
    case fail(RecognitionReason)

    /// Whether the verdict puts the recognizer in a final state (recognized, ended, cancelled or failed).
    public var isTerminal: Bool {
        switch self {
        case .nothing, .ignore, .begin, .change: false
        case .recognize, .end, .cancel, .fail: true
        }
    }

    /// The reason carried by the verdict, if any (``change`` and ``nothing`` carry none).
    public var reason: RecognitionReason? {
        switch self {
        case .nothing, .change: nil
        case .ignore(_, let reason), .begin(let reason), .recognize(let reason), .end(let reason),
            .cancel(let reason), .fail(let reason):
            reason
        }
    }

    public var description: String {
        switch self {
        case .nothing: "nothing"
        case .ignore(let touches, let reason):
            "ignore {\(touches.map(\.description).joined(separator: ","))}: \(reason)"
        case .begin(let reason): "begin: \(reason)"
        case .change: "change"
        case .recognize(let reason): "recognize: \(reason)"
        case .end(let reason): "end: \(reason)"
        case .cancel(let reason): "cancel: \(reason)"
        case .fail(let reason): "fail: \(reason)"
        }
    }
}
