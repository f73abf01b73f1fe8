/// Something with UIKit's four touch methods and a non-optional event: a ``GestureRecognizer`` (a ``Responder``'s
/// take `Event?`, as UIKit's, and are called through ``Responder/handle(_:_:with:)``).
protocol TouchHandling: AnyObject {
    func touchesBegan(_ touches: Set<Touch>, with event: Event)
    func touchesMoved(_ touches: Set<Touch>, with event: Event)
    func touchesEnded(_ touches: Set<Touch>, with event: Event)
    func touchesCancelled(_ touches: Set<Touch>, with event: Event)
}

extension TouchHandling {
    /// Calls the touch method of `phase` with `touches`.
    /// - Precondition: `phase` is not `stationary` (stationary touches are never delivered, spec §2.2).
    func handle(_ phase: TouchPhase, _ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: preconditionFailure("stationary touches are never delivered")
        }
    }
}

extension Responder {
    /// Calls the touch method of `phase` with `touches` and the dispatcher's event.
    /// - Precondition: `phase` is not `stationary` (stationary touches are never delivered, spec §2.2).
    func handle(_ phase: TouchPhase, _ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: preconditionFailure("stationary touches are never delivered")
        }
    }
}
extension GestureRecognizer: TouchHandling {}
