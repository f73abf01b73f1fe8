import Tactile

// TactileUIKit gives some of the core's members UIKit's types under the same name (`Touch.timestamp` as a
// `TimeInterval`, `Event.allTouches` as an optional set). A module's own declaration shadows the one it imports, so
// inside TactileUIKit the core's member can no longer be named; these accessors, in a module that does not see
// the face, name it for the face. Not a product: nothing outside the package imports this module.

extension Touch {
    /// The core's `Touch/timestamp`.
    package var coreTimestamp: Timestamp { timestamp }
}

extension Event {
    /// The core's `Event/timestamp`.
    package var coreTimestamp: Timestamp { timestamp }
    /// The core's `Event/allTouches` (never `nil`).
    package var coreAllTouches: Set<Touch> { allTouches }
    /// The core's `Event/touches(for:)-(View)`.
    package func coreTouches(for view: View) -> Set<Touch> { touches(for: view) }
    /// The core's `Event/touches(for:)-(Window)`.
    package func coreTouches(for window: Window) -> Set<Touch> { touches(for: window) }
    /// The core's `Event/touches(for:)-(GestureRecognizer)`.
    package func coreTouches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        touches(for: gestureRecognizer)
    }
}

extension LongPressGestureRecognizer {
    /// The core's `LongPressGestureRecognizer/minimumPressDuration`.
    package var coreMinimumPressDuration: Duration {
        get { minimumPressDuration }
        set { minimumPressDuration = newValue }
    }
}

extension AffineTransform {
    /// The core's `AffineTransform/inverted` (`nil` when singular).
    package var coreInverse: AffineTransform? { inverted }
}

extension View {
    /// The core's `View/gestureRecognizers` (never `nil`).
    package var coreGestureRecognizers: [GestureRecognizer] { gestureRecognizers }
}
