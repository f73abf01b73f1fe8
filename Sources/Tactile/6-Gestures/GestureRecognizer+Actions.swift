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
        /// The name of the pair's ``Selector``; `nil` for a closure or a method given without one.
        var selectorName: String? = nil

        /// Whether this is the pair of `target` and the selector named `name`.
        func isPair(of target: AnyObject, named name: String) -> Bool {
            guard selectorName == name, case .targetAction(let weak, _) = handler else { return false }
            return weak.object === target
        }
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

    /// Adds a target-action pair, as `UIGestureRecognizer.addTarget(_:action:)`: `action` names a method of
    /// `target` — `pan.addTarget(self, action: Selector("handlePan(_:)", Self.handlePan))` for UIKit's
    /// `#selector(handlePan(_:))`, with `func handlePan(_ pan: PanGestureRecognizer)` (or any superclass of the
    /// recognizer's class, or no argument). The recognizer holds `target` weakly; once it is gone the pair is
    /// skipped and removed. Actions run in the order added.
    ///
    /// A pair that has already been added — the same target object and a selector of the same name — is ignored,
    /// as UIKit documents: a controller that adds its action each time its view appears still gets one call per
    /// action. (The ``Selector`` is what makes two pairs comparable: see there.)
    ///
    /// `target` must be an instance of `Target`, and the selector's method must take this recognizer's class;
    /// otherwise the pair is a programming error: a debug build stops, a release build ignores it.
    public func addTarget<Target: AnyObject>(_ target: AnyObject, action: Selector<Target>) {
        guard let typed = target as? Target, action.accepts(self) else {
            assertionFailure(
                "addTarget: \(type(of: target)) is not \(Target.self) or \(action) does not take \(type(of: self))")
            return
        }
        guard !storage.value.actions.containsElement(where: { $0.isPair(of: typed, named: action.name) }) else {
            return
        }
        let perform = action.perform
        register(.targetAction(WeakObject(typed)) { object, recognizer in
            guard let target = object as? Target else { return }
            perform(target, recognizer, recognizer.arena?.event ?? Event())
        }, selectorName: action.name)
    }

    /// Removes the pair of `target` (of any target when `nil`) and the selector named as `action`, as
    /// `UIGestureRecognizer.removeTarget(_:action:)`. Use ``removeTarget(_:)`` for every action of a target.
    public func removeTarget<Target: AnyObject>(_ target: AnyObject?, action: Selector<Target>) {
        storage.value.actions.removeElements { registration in
            guard registration.selectorName == action.name, case .targetAction(let weak, _) = registration.handler
            else { return false }
            return target == nil || weak.object === target || weak.object == nil
        }
    }

    /// Adds a target-action pair given as a method reference: `action` is a method of `target` that takes the
    /// recognizer, typed by its class — `pan.addTarget(self, action: Self.handlePan)` with `func handlePan(_ pan:
    /// PanGestureRecognizer)`, or any superclass of it (`GestureRecognizer`). The recognizer holds `target`
    /// weakly; once it is gone the pair is skipped and removed.
    ///
    /// Unlike a ``Selector``, a method reference has no identity (`Self.handlePan` is a new closure at each use,
    /// and Swift cannot compare closures), so each call adds a pair: adding the same method twice this way sends
    /// it twice. Use `addTarget(self, action: Selector("handlePan(_:)", Self.handlePan))` for UIKit's rule that a
    /// pair added twice is ignored.
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
    /// must be an instance of `Target`; each call adds a pair (see the method above).
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
        storage.value.actions.removeElements { $0.identifier == identifier }
    }

    /// Removes the target-action pairs of `target` (every selector and method of it), or every action (closures
    /// too) when `target` is `nil`.
    public func removeTarget(_ target: AnyObject?) {
        storage.value.actions.removeElements { registration in
            guard let target else { return true }
            switch registration.handler {
            case .closure: return false
            case .targetAction(let weak, _): return weak.object === target || weak.object == nil
            }
        }
    }

    /// Records the action in the delivery log, then runs every live action in the order added. Only the
    /// dispatcher calls it, performing the arena's effects (``ArenaEffect/sendActions(_:)``); debug builds stop
    /// a call made while the arena decides.
    func sendActions() {
        #if DEBUG
        if let arena, arena.storage.value.resolution.isDeciding {
            preconditionFailure("an action sent while the arena decides: return an effect")
        }
        #endif
        arena?.log(.action(recognizer: logName, state: logState))
        guard !storage.value.actions.isEmpty else { return }
        let registrations = storage.value.actions
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
            storage.value.actions.removeElements { registration in
                switch registration.handler {
                case .closure: false
                case .targetAction(let target, _): target.object == nil
                }
            }
        }
    }

    @discardableResult
    private func register(_ handler: RegisteredAction.Handler, selectorName: String? = nil) -> ActionIdentifier {
        let identifier = ActionIdentifier(rawValue: nextActionIdentifier)
        nextActionIdentifier += 1
        storage.value.actions.append(
            RegisteredAction(identifier: identifier, handler: handler, selectorName: selectorName))
        return identifier
    }
}
