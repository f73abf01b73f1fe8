import Tactile

// The one file that knows which gesture-recognizer classes exist. Everything else in the scene code works
// with specifications and names; when the recognizer classes (TapGestureRecognizer, PanGestureRecognizer, …,
// ScrollView, the simultaneity delegate) arrive, only the bodies below change, for example:
//
//     case .tap(let taps, let touches):
//         let tap = TapGestureRecognizer()
//         tap.numberOfTapsRequired = taps
//         tap.numberOfTouchesRequired = touches
//         return attach(tap, spec, to: view)   // sets name and the common properties, view.addGestureRecognizer
//
// and `require` becomes `recognizer.require(toFail: other)`. Then re-record the golden replays
// (TACTILE_RECORD_GOLDEN=1 swift test --filter GoldenReplayTests) and give the new Delivery.Kind cases their
// explanation, JSON fields and timeline marks (Delivery+Explanation.swift, ReplayLogFormat.swift,
// SVGRenderer.swift: their switches stop compiling until they do).

extension Scene {
    /// What ``instantiate(unavailableRecognizers:)`` does with a recognizer or view kind this build cannot
    /// create.
    public enum UnavailablePolicy: Hashable, Sendable {
        /// Fail with a ``SceneError`` ("recognizer kind 'tap' is not available in this build").
        case fail
        /// Leave it out (a scroll view becomes a plain view) and add a warning to ``SceneInstance/warnings``.
        case skipWithWarning
    }
}

/// Creates the live recognizers of a scene: kind → builder. Until the recognizer classes are in the build,
/// every builder reports "not available".
struct RecognizerFactory {
    /// Creates the recognizer for `spec` and attaches it to `view`; `nil` when this build has no class for
    /// the kind.
    ///
    /// Each case sets the UIKit properties of its class from the spec (and `name`, `isEnabled`,
    /// `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`).
    func makeRecognizer(_ spec: Scene.RecognizerSpec, on view: View) -> GestureRecognizer? {
        switch spec.kind {
        case .tap(taps: _, touches: _): nil
        case .longPress(minimumPressDuration: _, allowableMovement: _, taps: _, touches: _): nil
        case .pan(minimumTouches: _, maximumTouches: _): nil
        case .screenEdgePan(edges: _): nil
        case .swipe(direction: _, touches: _): nil
        case .pinch: nil
        case .rotation: nil
        }
    }

    /// Makes `recognizer` wait for `other` to fail (`require(toFail:)`); both came from ``makeRecognizer(_:on:)``.
    func require(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) {}

    /// Returns the delegate that lets the named pairs recognize simultaneously, after setting it on every
    /// recognizer of the pairs; `nil` when there is nothing to do. The caller keeps it alive.
    func makeSimultaneityDelegate(
        pairs: [Scene.SimultaneousPair], recognizers: [String: GestureRecognizer]
    ) -> AnyObject? {
        nil
    }

    /// Creates a scroll view; `nil` when this build has no scroll-view class.
    func makeScrollView(_ spec: Scene.ScrollViewSpec) -> View? { nil }
}
