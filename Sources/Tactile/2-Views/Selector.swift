/// A named action method of `Target`, Tactile's `#selector(...)`: the action of a target-action pair that can be
/// compared with another, so that a pair added twice is ignored, as UIKit does.
///
/// UIKit identifies an action by its selector, a method's name; Swift cannot name a method without the
/// Objective-C runtime (no `#selector`, and method key paths like `\Self.handlePan` are not in Swift 6.3's
/// compiler), and two method references cannot be compared: `Self.handlePan` is a new closure at each use. A
/// `Selector` carries both — the name, which identifies the action, and the method, which runs:
///
/// ```swift
/// // UIKit
/// pan.addTarget(self, action: #selector(handlePan(_:)))
/// // Tactile
/// pan.addTarget(self, action: Selector("handlePan(_:)", Self.handlePan))
/// ```
///
/// Two selectors are equal when their names are (the target type is part of the selector's type), as two
/// Objective-C selectors are: with the same target, a gesture recognizer ignores the second pair of a name and a
/// control merges its events into the first pair's (`addTarget(_:action:)`, `addTarget(_:action:for:)`), and
/// `removeTarget(_:action:)` removes a pair by name. Give one method one name: the method's Swift name, as
/// `#selector` spells it, is the convention.
///
/// The method takes the sender typed by its class (`func handlePan(_ pan: PanGestureRecognizer)`, or any superclass
/// of the sender), nothing (`func save()`), or, for controls, the sender and the event (`func tapped(_ sender:
/// Control, forEvent event: Event)`) — UIKit's three action signatures. Adding a selector whose method takes another
/// class of sender than the recognizer or control is a programming error: a debug build stops, a release build
/// ignores the pair.
public struct Selector<Target: AnyObject>: Hashable, CustomStringConvertible {
    /// The action's name: what identifies it, as an Objective-C selector's name does.
    public let name: String
    /// Runs the method on a target with the sender and, for a control, the event that triggered it.
    let perform: (Target, AnyObject, Event) -> Void
    /// Whether the method takes a sender of that class.
    let accepts: (AnyObject) -> Bool

    /// A selector named `name` for a method that takes the sender: `Selector("handlePan(_:)", Self.handlePan)`.
    public init<Sender: AnyObject>(_ name: String, _ method: @escaping (Target) -> (Sender) -> Void) {
        self.name = name
        perform = { target, sender, _ in
            guard let sender = sender as? Sender else { return }
            method(target)(sender)
        }
        accepts = { $0 is Sender }
    }

    /// A selector named `name` for a method that takes no argument: `Selector("save", Self.save)`.
    public init(_ name: String, _ method: @escaping (Target) -> () -> Void) {
        self.name = name
        perform = { target, _, _ in method(target)() }
        accepts = { _ in true }
    }

    /// A selector named `name` for a method that takes the sender and the event, UIKit's
    /// `buttonTapped(_:forEvent:)` form: `Selector("tapped(_:forEvent:)", Self.tapped)`. (A gesture recognizer's
    /// action takes no event in UIKit; one sent by a recognizer gets the touch event being dispatched.)
    public init<Sender: AnyObject>(_ name: String, _ method: @escaping (Target) -> (Sender, Event) -> Void) {
        self.name = name
        perform = { target, sender, event in
            guard let sender = sender as? Sender else { return }
            method(target)(sender, event)
        }
        accepts = { $0 is Sender }
    }

    /// Whether the two selectors have the same name.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The name.
    public var description: String { name }
}

@available(*, unavailable)
extension Selector: Sendable {}
