import TactileUIKit

// STAND-INS, NOT TOUCH CODE. The SwiftMessages types (SwiftKickMobile/SwiftMessages, MIT) that PhysicsPanHandler
// uses, reduced to their declarations' shapes in SwiftMessages/Animator.swift, BackgroundViewable.swift and
// Task+Extensions.swift (public, as there: the handler's public API takes them).

/// Stands in for SwiftMessages' `AnimationDelegate`.
@MainActor
public protocol AnimationDelegate: AnyObject {
    func hide(animator: Animator)
    func panStarted(animator: Animator)
    func panEnded(animator: Animator)
}

/// Stands in for SwiftMessages' `AnimationContext`: the message view and the view it is shown in.
@MainActor
public struct AnimationContext {
    public let messageView: UIView
    public let containerView: UIView
}

/// Stands in for SwiftMessages' `Animator` protocol (a class here: the handler keeps it weakly).
@MainActor
public final class Animator {
    public weak var delegate: AnimationDelegate?
}

/// Stands in for SwiftMessages' `BackgroundViewable`: a message view whose background view takes the pan.
@MainActor
public protocol BackgroundViewable {
    var backgroundView: UIView! { get }
}

extension Task where Success == Never, Failure == Never {
    /// Stands in for SwiftMessages' `Task.sleep(seconds:)`.
    static func sleep(seconds: TimeInterval) async throws {
        try await sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}

/// Stands in for CoreFoundation's `CFAbsoluteTime`.
typealias CFAbsoluteTime = TimeInterval

/// Stands in for CoreFoundation's `CFAbsoluteTimeGetCurrent()`: the seconds since 2001-01-01, from Foundation.
func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime { Date().timeIntervalSinceReferenceDate }
