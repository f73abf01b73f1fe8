extension Control {
    /// Identifies an action added with ``addAction(for:_:)``, to remove it.
    public struct ActionIdentifier: Hashable, Sendable {
        let rawValue: UInt64
    }

    /// A target that does not keep its object alive.
    final class WeakTarget {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// One registration: the events it is for and what it does.
    struct RegisteredAction {
        /// What runs when one of the events is sent.
        enum Handler {
            /// A closure (``addAction(for:_:)``).
            case closure((Control) -> Void)
            /// A method of a weakly held target (`addTarget(_:action:for:)`); skipped once the
            /// target is gone.
            case targetAction(WeakTarget, (AnyObject, Control, Event) -> Void)
        }

        var events: Control.Events
        let identifier: ActionIdentifier
        let handler: Handler
        /// The name of the pair's ``Selector``; `nil` for a closure or a method given without one.
        var selectorName: String? = nil

        /// Whether this is a pair of `target` (of any target when `nil`) and the selector named `name`.
        func isPair(of target: AnyObject?, named name: String) -> Bool {
            guard selectorName == name, case .targetAction(let weak, _) = handler else { return false }
            return target == nil || weak.object === target
        }

        /// Whether the registration can still run (its target, if any, is alive).
        var isAlive: Bool {
            switch handler {
            case .closure: true
            case .targetAction(let target, _): target.object != nil
            }
        }
    }

    // MARK: Adding and removing actions

    /// Adds a closure that runs, with the control, whenever one of `events` is sent; returns its identifier.
    @discardableResult
    public func addAction(for events: Control.Events, _ action: @escaping (Control) -> Void) -> ActionIdentifier {
        register(events, .closure(action))
    }

    /// Adds a target-action pair for `events`, as `UIControl.addTarget(_:action:for:)`: `action` names a method of
    /// `target` — `button.addTarget(self, action: Selector("buttonTapped(_:)", Self.buttonTapped), for:
    /// .touchUpInside)` for UIKit's `#selector(buttonTapped(_:))`, with `func buttonTapped(_ sender: Control)` (or
    /// a subclass of `Control` the control is), no argument, or the sender and the event. The control holds
    /// `target` weakly; once it is gone the pair is skipped and removed.
    ///
    /// As UIKit documents, adding the same pair again — the same target object and a selector of the same name —
    /// is safe: the control keeps one pair with the events it supports, so the second call adds its events to the
    /// first pair's, and the action still runs once per event sent, in the place of the first call.
    ///
    /// `target` must be an instance of `Target`, and the selector's method must take this control's class;
    /// otherwise the pair is a programming error: a debug build stops, a release build ignores it.
    public func addTarget<Target: AnyObject>(
        _ target: AnyObject, action: Selector<Target>, for events: Control.Events
    ) {
        guard let typed = target as? Target, action.accepts(self) else {
            assertionFailure(
                "addTarget: \(type(of: target)) is not \(Target.self) or \(action) does not take \(type(of: self))")
            return
        }
        if let index = actions.firstIndex(where: { $0.isAlive && $0.isPair(of: typed, named: action.name) }) {
            actions[index].events.formUnion(events)
            return
        }
        let perform = action.perform
        register(events, .targetAction(WeakTarget(typed)) { object, control, event in
            guard let target = object as? Target else { return }
            perform(target, control, event)
        }, selectorName: action.name)
    }

    /// Stops the pair of `target` (of every target when `nil`) and the selector named as `action` from running for
    /// `events` (all events by default), as `UIControl.removeTarget(_:action:for:)`.
    public func removeTarget<Target: AnyObject>(
        _ target: AnyObject?, action: Selector<Target>, for events: Control.Events = .allEvents
    ) {
        remove(events) { $0.isPair(of: target, named: action.name) }
    }

    /// The names of the selectors that run on `target` when `event` is sent, in the order added, or `nil` when
    /// there are none, as `UIControl.actions(forTarget:forControlEvent:)`. Pairs given as method references and
    /// closures have no name and are not listed.
    public func actions(forTarget target: AnyObject?, forControlEvent event: Control.Events) -> [String]? {
        let names = actions.compactMap { registration -> String? in
            guard let name = registration.selectorName, registration.isAlive,
                !registration.events.isDisjoint(with: event), registration.isPair(of: target, named: name)
            else { return nil }
            return name
        }
        return names.isEmpty ? nil : names
    }

    /// Adds a target-action pair given as a method reference: `action` is a method of `target` that takes the
    /// sender, typed by its class — `button.addTarget(self, action: Self.buttonTapped, for: .touchUpInside)` with
    /// `func buttonTapped(_ sender: Control)` (or a subclass of `Control` the control is). The control holds
    /// `target` weakly; once it is gone the pair is skipped and removed.
    ///
    /// A method reference has no identity (`Self.buttonTapped` is a new closure at each use, and Swift cannot
    /// compare closures), so each call adds a pair: adding the same method twice this way runs it twice. Use a
    /// ``Selector`` for UIKit's rule that the same pair added again is one pair.
    ///
    /// `target` must be an instance of `Target` and the control an instance of `Sender`; otherwise the pair is a
    /// programming error: a debug build stops, a release build ignores it.
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: AnyObject, action: @escaping (Target) -> (Sender) -> Void, for events: Control.Events
    ) {
        guard let typed = checkedTarget(target, as: Target.self, sender: Sender.self) else { return }
        register(events, .targetAction(WeakTarget(typed)) { object, control, _ in
            guard let target = object as? Target, let sender = control as? Sender else { return }
            action(target)(sender)
        })
    }

    /// Adds a target-action pair whose method takes the sender and the event that triggered the action, UIKit's
    /// `buttonTapped(_:forEvent:)` form: `func buttonTapped(_ sender: Control, forEvent event: Event)`. During a
    /// dispatch the event is the touch event being delivered (its touches say where the finger is); for
    /// ``sendActions(for:)`` outside a dispatch it is the application's event object, or an event with no touches
    /// when the control is in no application's window.
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: AnyObject, action: @escaping (Target) -> (Sender, Event) -> Void, for events: Control.Events
    ) {
        guard let typed = checkedTarget(target, as: Target.self, sender: Sender.self) else { return }
        register(events, .targetAction(WeakTarget(typed)) { object, control, event in
            guard let target = object as? Target, let sender = control as? Sender else { return }
            action(target)(sender, event)
        })
    }

    /// Adds a target-action pair whose method takes no argument, e.g. `Self.save`. The control holds
    /// `target` weakly.
    public func addTarget<Target: AnyObject>(
        _ target: AnyObject, action: @escaping (Target) -> () -> Void, for events: Control.Events
    ) {
        guard let typed = checkedTarget(target, as: Target.self, sender: Control.self) else { return }
        register(events, .targetAction(WeakTarget(typed)) { object, _, _ in
            guard let target = object as? Target else { return }
            action(target)()
        })
    }

    /// `target` as a `Target`, or `nil` (a programming error).
    private func checkedTarget<Target: AnyObject, Sender: Control>(
        _ target: AnyObject, as: Target.Type, sender: Sender.Type
    ) -> Target? {
        guard let typed = target as? Target, self is Sender else {
            assertionFailure(
                "addTarget: \(type(of: target)) is not \(Target.self) or \(type(of: self)) is not \(Sender.self)")
            return nil
        }
        return typed
    }

    /// Stops the action `identifier` from running for `events` (all events by default).
    public func removeAction(_ identifier: ActionIdentifier, for events: Control.Events = .allEvents) {
        remove(events) { $0.identifier == identifier }
    }

    /// Stops the target-action pairs of `target` (of every target when `nil`) from running for `events`
    /// (all events by default). Closures added with ``addAction(for:_:)`` are removed only by a `nil` target.
    public func removeTarget(_ target: AnyObject?, for events: Control.Events = .allEvents) {
        remove(events) { registration in
            guard let target else { return true }
            switch registration.handler {
            case .closure: return false
            case .targetAction(let weak, _): return weak.object === target
            }
        }
    }

    /// The events that at least one live action is registered for.
    public var allControlEvents: Control.Events {
        actions.reduce(into: []) { result, registration in
            if registration.isAlive { result.formUnion(registration.events) }
        }
    }

    // MARK: Sending

    /// Sends `events`: records each single event in the delivery log, then runs every live action registered
    /// for at least one of them, once, in the order they were added (as `UIControl.sendActions(for:)`).
    public func sendActions(for events: Control.Events) {
        sendActions(for: events, with: nil)
    }

    /// Sends `events`, logging through `event` when there is one (during a dispatch), else through the
    /// control's window's application.
    func sendActions(for events: Control.Events, with event: Event?) {
        let actionEvent = event ?? window?.application?.dispatcher.event ?? Event()
        events.forEachElement { single in
            if let event {
                event.log(.controlEvent(control: logName, event: single))
            } else {
                window?.application?.log(.controlEvent(control: logName, event: single))
            }
        }
        let registrations = actions
        var sawDeadTarget = false
        for registration in registrations where !registration.events.isDisjoint(with: events) {
            switch registration.handler {
            case .closure(let action):
                action(self)
            case .targetAction(let target, let action):
                if let object = target.object { action(object, self, actionEvent) } else { sawDeadTarget = true }
            }
        }
        if sawDeadTarget { actions.removeAll { !$0.isAlive } }
    }

    // MARK: Storage

    @discardableResult
    private func register(
        _ events: Control.Events, _ handler: RegisteredAction.Handler, selectorName: String? = nil
    ) -> ActionIdentifier {
        let identifier = ActionIdentifier(rawValue: nextActionIdentifier)
        nextActionIdentifier += 1
        actions.append(RegisteredAction(events: events, identifier: identifier, handler: handler,
                                        selectorName: selectorName))
        return identifier
    }

    private func remove(_ events: Control.Events, where matches: (RegisteredAction) -> Bool) {
        for index in actions.indices where matches(actions[index]) {
            actions[index].events.subtract(events)
        }
        actions.removeAll { $0.events.isEmpty || !$0.isAlive }
    }
}
