/// A weak reference to an object, that a `@Sendable` block may capture: the target of a Foundation timer or
/// notification observer that `tactile port` rewrote from its selector form
/// (`Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`,
/// `NotificationCenter.addObserver(_:selector:name:object:)`) to its block form.
///
/// Foundation's blocks are `@Sendable` and nonisolated, and UI objects are on the main actor: the block calls its
/// target through ``onMainActor(_:)``, which runs the call on the main actor. The selector forms called the method
/// on the thread that runs the timer's run loop or posts the notification, which for UI code is the main thread;
/// `onMainActor` checks that it is (`MainActor.assumeIsolated`: a call from another thread stops the program with
/// the compiler's message), where the selector form would have run UI code off the main thread unseen.
///
/// ```swift
/// timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [target = WeakTarget(self)] timer in
///     target.onMainActor(timer) { $0.handleTimerFire(timer: $1) }
/// }
/// ```
public struct WeakTarget<Object: AnyObject>: @unchecked Sendable {
    /// The object, while something else keeps it alive; `nil` once it is gone.
    public private(set) weak var object: Object?

    /// A weak reference to `object`.
    public init(_ object: Object?) {
        self.object = object
    }

    /// Calls `body` with the object on the main actor, or does nothing once the object is gone. The caller must be
    /// on the main thread: a block of a timer of the main run loop, or of a notification posted there.
    public func onMainActor(_ body: @MainActor (Object) -> Void) {
        MainActor.assumeIsolated {
            if let object { body(object) }
        }
    }

    /// Calls `body` with the object and `argument` (the block's timer or notification) on the main actor, or does
    /// nothing once the object is gone. The caller must be on the main thread, as for ``onMainActor(_:)``.
    public func onMainActor<Argument>(_ argument: Argument, _ body: @MainActor (Object, Argument) -> Void) {
        // The argument is the block's own (a Foundation timer or notification, not `Sendable` on Linux) and does not
        // leave the main thread it is already on.
        nonisolated(unsafe) let argument = argument
        MainActor.assumeIsolated {
            if let object { body(object, argument) }
        }
    }
}
