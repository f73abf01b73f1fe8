import Tactile

/// The view a scene builds for `"kind": "view"`: a plain `View`, or — with `"handlesTouches": true` — one that
/// overrides the four touch methods and keeps its touches, as a drawing canvas does.
///
/// A plain view passes its touches up the responder chain (UIKit's default), so the delivery log shows the
/// forwarding; a view that handles them stops the chain at itself.
final class SceneView: View {
    /// Whether the view keeps its touches instead of forwarding them.
    let handlesTouches: Bool

    init(handlesTouches: Bool) {
        self.handlesTouches = handlesTouches
        super.init(frame: .zero)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if !handlesTouches { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if !handlesTouches { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if !handlesTouches { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if !handlesTouches { super.touchesCancelled(touches, with: event) }
    }
}
