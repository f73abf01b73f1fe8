// Time as UIKit spells it: seconds in a `TimeInterval` (a `Double`). The core keeps exact nanosecond
// `Timestamp`s and `Duration`s; these members, named as UIKit names them, shadow the core's in a file that
// imports TactileUIKit (and not Tactile itself).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import TactileUIKitBridge

extension Touch {
    /// The time the touch last changed, in seconds on the clock of the input (as `UITouch.timestamp`: the system's
    /// monotonic clock for a live device, `CACurrentMediaTime()`'s; the recorded times for a trace).
    public var timestamp: TimeInterval { coreTimestamp.seconds }
}

extension Event {
    /// The time of the event, in seconds on the clock of the input (as `UIEvent.timestamp`).
    public var timestamp: TimeInterval { coreTimestamp.seconds }

    /// Every touch of the event, as `UIEvent.allTouches` (optional in UIKit, for events that are not touch events;
    /// a touch event's set is never `nil`).
    public var allTouches: Set<UITouch>? { coreAllTouches }

    /// The touches of the event delivered to `view`, as `UIEvent.touches(for:)`.
    public func touches(for view: UIView) -> Set<UITouch>? { coreTouches(for: view) }

    /// The touches of the event in `window`, as `UIEvent.touches(for:)`.
    public func touches(for window: UIWindow) -> Set<UITouch>? { coreTouches(for: window) }

    /// The touches of the event delivered to `gestureRecognizer`, as `UIEvent.touches(for:)`.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        coreTouches(for: gestureRecognizer)
    }
}

extension LongPressGestureRecognizer {
    /// How long the fingers must be down, in seconds (as `UILongPressGestureRecognizer.minimumPressDuration`,
    /// default 0.5). Stored to the nanosecond; a negative or NaN value is taken as zero.
    public var minimumPressDuration: TimeInterval {
        get {
            let components = coreMinimumPressDuration.components
            return Double(components.seconds) + Double(components.attoseconds) / 1e18
        }
        set {
            let seconds = newValue.isNaN ? 0 : Swift.max(0, newValue)
            coreMinimumPressDuration =
                seconds >= 9e9 ? .seconds(Int64(9e9)) : .nanoseconds(Int64((seconds * 1e9).rounded()))
        }
    }
}

/// The current time in seconds on the system's monotonic clock, as QuartzCore's `CACurrentMediaTime()`: the clock
/// of a live device's touch timestamps (the kernel's `CLOCK_MONOTONIC`), so `CACurrentMediaTime() -
/// touch.timestamp` is the touch's age. A trace replay's timestamps are the recording's, not this clock's: code that
/// must replay exactly measures time with the touches' and events' timestamps instead.
public func CACurrentMediaTime() -> CFTimeInterval {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

#if !canImport(Darwin)
/// CoreFoundation's `CFTimeInterval`: seconds, as `TimeInterval`.
public typealias CFTimeInterval = TimeInterval
#endif
