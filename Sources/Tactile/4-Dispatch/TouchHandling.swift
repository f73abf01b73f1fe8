/// Something with UIKit's four touch methods: a ``Responder`` (whose methods take `Event?`, as UIKit's
/// `UIEvent?`) or a ``GestureRecognizer`` (a non-optional ``Event``, as UIKit's).
@MainActor
protocol TouchHandling: AnyObject {
    /// The type of the methods' event argument: `Event?` for a responder, `Event` for a recognizer.
    associatedtype EventArgument
    func touchesBegan(_ touches: Set<Touch>, with event: EventArgument)
    func touchesMoved(_ touches: Set<Touch>, with event: EventArgument)
    func touchesEnded(_ touches: Set<Touch>, with event: EventArgument)
    func touchesCancelled(_ touches: Set<Touch>, with event: EventArgument)
}

extension TouchHandling {
    /// Calls the touch method of `phase` with `touches`.
    /// - Precondition: `phase` is not `stationary` (stationary touches are never delivered, spec §2.2).
    func handle(_ phase: TouchPhase, _ touches: Set<Touch>, with event: EventArgument) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: preconditionFailure("stationary touches are never delivered")
        }
    }
}

extension Responder: TouchHandling {}
extension GestureRecognizer: TouchHandling {}
