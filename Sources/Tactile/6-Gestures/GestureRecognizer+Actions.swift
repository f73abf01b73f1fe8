extension GestureRecognizer {
    /// Identifies an action added with ``addAction(_:)``, to remove it.
    public struct ActionIdentifier: Hashable, Sendable {
        let rawValue: UInt64
    }

    /// One registered action.
    struct RegisteredAction {
        /// What runs.
        enum Handler {
            /// A closure (``addAction(_:)``).
            case closure((GestureRecognizer) -> Void)
            /// A method of a weakly held target; skipped once the target is gone.
            case targetAction(WeakObject, (AnyObject, GestureRecognizer) -> Void)
        }

        let identifier: ActionIdentifier
        let handler: Handler
    }

    /// A target that does not keep its object alive.
    final class WeakObject {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// Adds a closure that runs, with the recognizer, whenever an action is sent (spec §5.3); returns its
    /// identifier.
    @discardableResult
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) -> ActionIdentifier {
        register(.closure(action))
    }

    /// Adds a target-action pair: `action` is a method of `target` that takes the recognizer, typed by its
    /// class as in UIKit — `pan.addTarget(self, action: Self.handlePan)` with `func handlePan(_ pan:
    /// PanGestureRecognizer)`, or any superclass of it (`GestureRecognizer`). The recognizer holds `target`
    /// weakly; once it is gone the pair is skipped and removed. Each pair is independent: adding the same method
    /// twice sends it twice.
    ///
    /// `target` must be an instance of `Target` (the type whose method `action` names) and the recognizer an
    /// instance of `Recognizer`; otherwise the pair is a programming error: a debug build stops, a release build
    /// ignores it.
    public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
        _ target: AnyObject, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        guard let typed = target as? Target, self is Recognizer else {
            assertionFailure(
                "addTarget: \(type(of: target)) is not \(Target.self) or \(type(of: self)) is not \(Recognizer.self)")
            return
        }
        register(.targetAction(WeakObject(typed)) { object, recognizer in
            guard let target = object as? Target, let recognizer = recognizer as? Recognizer else { return }
            action(target)(recognizer)
        })
    }

    /// Adds a target-action pair whose method takes no argument, e.g. `Self.save`. `target` is held weakly, and
    /// must be an instance of `Target` (see the method above).
    public func addTarget<Target: AnyObject>(_ target: AnyObject, action: @escaping (Target) -> () -> Void) {
        guard let typed = target as? Target else {
            assertionFailure("addTarget: \(type(of: target)) is not \(Target.self)")
            return
        }
        register(.targetAction(WeakObject(typed)) { object, _ in
            guard let target = object as? Target else { return }
            action(target)()
        })
    }

    /// Removes the action `identifier`.
    public func removeAction(_ identifier: ActionIdentifier) {
        actions.removeAll { $0.identifier == identifier }
    }

    /// Removes the target-action pairs of `target`, or every action (closures too) when `target` is `nil`.
    public func removeTarget(_ target: AnyObject?) {
        actions.removeAll { registration in
            guard let target else { return true }
            switch registration.handler {
            case .closure: return false
            case .targetAction(let weak, _): return weak.object === target || weak.object == nil
            }
        }
    }

    /// Records the action in the delivery log, then runs every live action in the order added.
    func sendActions() {
        arena?.record(.action(recognizer: logName, state: logState))
        guard !actions.isEmpty else { return }
        let registrations = actions
        var sawDeadTarget = false
        for registration in registrations {
            switch registration.handler {
            case .closure(let action):
                action(self)
            case .targetAction(let target, let action):
                if let object = target.object { action(object, self) } else { sawDeadTarget = true }
            }
        }
        if sawDeadTarget {
            actions.removeAll { registration in
                switch registration.handler {
                case .closure: false
                case .targetAction(let target, _): target.object == nil
                }
            }
        }
    }

    @discardableResult
    private func register(_ handler: RegisteredAction.Handler) -> ActionIdentifier {
        let identifier = ActionIdentifier(rawValue: nextActionIdentifier)
        nextActionIdentifier += 1
        actions.append(RegisteredAction(identifier: identifier, handler: handler))
        return identifier
    }
}
