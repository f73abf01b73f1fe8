/// An object that fine-tunes a gesture recognizer, as `UIGestureRecognizerDelegate` (spec §4.2, §5.10–§5.12).
///
/// Every method has a default implementation that changes nothing, so implement only what you need.
@preconcurrency @MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave `possible` (before failure requirements and exclusion);
    /// `false` makes it fail. Default `true`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Asked once for each new touch, before the recognizer's `touchesBegan`; `false` hides the touch from the
    /// recognizer for the touch's whole life. ``Touch/view`` and ``Touch/window`` are already set (spec §4.2
    /// step 2.1 comes before 2.3), so a delegate can filter on the view the touch landed in. Default `true`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Asked once per event in which touches begin for the recognizer, before
    /// ``gestureRecognizer(_:shouldReceive:)-(_,Touch)`` for each of them (spec §4.2 step 2.3, §5.6); `false` hides
    /// every touch that begins in this event from the recognizer, and the touch variant is not asked. The
    /// event's ``Event/type`` is ``Event/EventType/touches``. Default `true`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool

    /// Asked when recognizing one of the two would prevent the other; `true` from either delegate lets both
    /// recognize (spec §5.11). Default `false`.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Asked when `gestureRecognizer` tries to recognize and, if it had to wait, again once those it waited for
    /// failed (another may have started taking part meanwhile): `true` makes it wait for `otherGestureRecognizer`
    /// to fail (spec §5.12). Default `false`.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Asked at the same points of each recognition attempt of `otherGestureRecognizer`: `true` makes it wait
    /// for `gestureRecognizer` to fail (spec §5.12). Default `false`.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        true
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        true
    }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }
}
