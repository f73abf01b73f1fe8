import Tactile

extension Delivery {
    /// Why the entry happened, in one sentence with the spec section, for `tactile replay --explain`.
    ///
    /// Every kind of entry has an explanation; when the delivery log gains kinds (recognizer state changes,
    /// actions, the arena's decisions), this switch stops compiling until they are explained.
    public var explanation: String {
        switch kind {
        case .touches(let phase, let responder, _):
            switch phase {
            case .began:
                "hit-testing chose \(responder): the front-most view that contains the point and takes interaction (§3.1)"
            case .moved, .stationary, .ended, .cancelled:
                "a touch is delivered to the view it began in for its whole life, even outside its bounds (§2.3)"
            }
        case .forwarded(_, let from, let to, _):
            "\(from) does not handle the touch itself, so its default method passes it to its next responder, \(to) (§4.7)"
        case .dropped(_, let responder, _):
            "no responder handled the call: \(responder) is the end of the responder chain (§4.8)"
        case .controlEvent(let control, let event):
            "\(control) \(Self.explainControlEvent(event)) (§4.9)"
        case .touchIgnored(_, let reason):
            "the touch reaches no view: \(reason) (§3.4, §4.3)"
        case .deadline(let owner):
            "a timer that \(owner) asked for came due on the input's clock (§5.14)"
        case .inputDiagnostic(let diagnostic):
            "the input was inconsistent and the dispatcher repaired it: \(diagnostic) (§1.2)"
        }
    }

    private static func explainControlEvent(_ event: Control.Event) -> String {
        switch event {
        case .touchDown: "began tracking its touch"
        case .touchDownRepeat: "began tracking a touch whose tap count is above 1"
        case .touchDragInside: "tracks a touch that moved within its bounds grown by the 70 pt tracking slop"
        case .touchDragOutside: "tracks a touch that moved beyond its bounds grown by the 70 pt tracking slop"
        case .touchUpInside: "saw its touch lift within its bounds grown by the 70 pt tracking slop"
        case .touchUpOutside: "saw its touch lift beyond its bounds grown by the 70 pt tracking slop"
        case .touchCancel: "lost its touch to a cancellation"
        default:
            if event.contains(.touchDragEnter) { "tracks a touch that came back within its tracking area" }
            else if event.contains(.touchDragExit) { "tracks a touch that left its tracking area" }
            else { "sent \(event)" }
        }
    }
}
