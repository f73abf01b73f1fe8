/// A weak reference to an object, that a `@Sendable` block may capture: the target of a Foundation timer or
/// notification observer that `tactile port` rewrote from its selector form
/// (`Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`,
/// `NotificationCenter.addObserver(_:selector:name:object:)`) to its block form.
///
/// Foundation's blocks are `@Sendable`, and Tactile's UI objects are not `Sendable`: they are confined to the one
/// thread that drives their application (see `UncheckedCell`'s safety argument in the core). The selector forms
/// called the method on the thread that runs the timer's run loop or posts the notification, which for UI code is
/// that thread; the box carries the reference across the `@Sendable` boundary unchecked on that understanding, as
/// the selector form did. Reading ``object`` from another thread breaks the confinement rule unseen.
///
/// ```swift
/// timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [target = WeakTarget(self)] timer in
///     target.object?.handleTimerFire(timer: timer)
/// }
/// ```
public struct WeakTarget<Object: AnyObject>: @unchecked Sendable {
    /// The object, while something else keeps it alive; `nil` once it is gone.
    public private(set) weak var object: Object?

    /// A weak reference to `object`.
    public init(_ object: Object?) {
        self.object = object
    }
}
