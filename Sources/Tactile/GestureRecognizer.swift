/// An object that recognizes a gesture from touches, as `UIGestureRecognizer` (spec §5).
///
/// STUB: the gesture-recognizer issue fills this in. It exists so that ``Touch/gestureRecognizers`` and
/// ``Event/touches(for:)-(GestureRecognizer)`` have their final types; the dispatcher's seams for
/// recognizers are documented in `TouchDispatcher.swift`.
open class GestureRecognizer {
    /// Creates a recognizer.
    public init() {}
}

@available(*, unavailable)
extension GestureRecognizer: Sendable {}
