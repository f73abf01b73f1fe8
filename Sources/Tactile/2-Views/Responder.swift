/// An object that can respond to touches, and the links of the responder chain (spec §4.7).
///
/// As `UIResponder`: the default implementations of the four touch methods forward the call to ``next``,
/// so a view that does not override them passes its touches to its superview, then its view controller,
/// its window and the application. A responder that overrides one of the four without calling `super`
/// should override all four.
///
/// The event is optional, as UIKit's `UIEvent?`, so an override written for UIKit compiles unchanged and
/// passes it to `super`; the dispatcher always passes one, and a forward without one is not logged.
///
/// Responders are UI objects, on the main actor as UIKit's (`@preconcurrency`, as UIKit's reach Swift).
@preconcurrency @MainActor
open class Responder {
    /// A label for logs, scene files and tests (Tactile's stand-in for `accessibilityIdentifier`).
    ///
    /// The delivery log names a responder by this label; when it is `nil`, by ``logName``'s rule.
    public var name: String?

    /// Creates a responder.
    public init() {}

    /// The next responder in the chain, or `nil` at its end.
    ///
    /// The base class returns `nil`; ``View``, ``ViewController``, ``Window`` and ``Application`` return
    /// the links of spec §4.7.
    open var next: Responder? { nil }

    /// Tells the responder that touches began in its view or window.
    ///
    /// The default forwards the call to ``next``.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        forward(.began, touches, event) { $0.touchesBegan(touches, with: event) }
    }

    /// Tells the responder that touches moved. Stationary touches are never passed (spec §2.2).
    ///
    /// The default forwards the call to ``next``.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        forward(.moved, touches, event) { $0.touchesMoved(touches, with: event) }
    }

    /// Tells the responder that touches lifted.
    ///
    /// The default forwards the call to ``next``.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        forward(.ended, touches, event) { $0.touchesEnded(touches, with: event) }
    }

    /// Tells the responder that touches were cancelled: by the system, or because a gesture recognizer
    /// took them (spec §5.7).
    ///
    /// The default forwards the call to ``next``.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        forward(.cancelled, touches, event) { $0.touchesCancelled(touches, with: event) }
    }

    /// The label the delivery log uses for this responder: ``name``; without one, a window (a ``Window`` or a
    /// subclass) is `window` and the application `application`, and any other responder is named by its type
    /// (`Canvas`, `ViewController`).
    ///
    /// One rule for every log: the `tactile` command builds a scene's window and application without names, so
    /// `photo: began{#1} → window → application` reads the same from `tactile replay` and from an app built in
    /// code with `Window(frame:)` and `Application()`, and a line copied from one matches the other's log.
    public var logName: String { name ?? unnamedLogName }

    /// ``logName`` without a ``name``: the type's name, or the role of the one window and one application.
    var unnamedLogName: String { String(describing: type(of: self)) }

    private func forward(
        _ phase: TouchPhase, _ touches: Set<Touch>, _ event: Event?, _ call: (Responder) -> Void
    ) {
        guard let next else {
            event?.log(.dropped(phase: phase, responder: logName, touches: Touch.sortedIDs(touches)))
            return
        }
        event?.log(.forwarded(phase: phase, from: logName, to: next.logName, touches: Touch.sortedIDs(touches)))
        call(next)
    }
}

/// Responders — views, windows, controls, view controllers, the application — are equal when they are the same
/// object and hash by identity, as UIKit's (`NSObject`'s default `isEqual(_:)` and `hash`): app code compares views
/// with `==` (`if touch.view == handle`) and keeps them in sets and as dictionary keys.
extension Responder: Hashable {
    /// Whether `lhs` and `rhs` are the same object.
    nonisolated public static func == (lhs: Responder, rhs: Responder) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
