import TactileUIKit

// STAND-INS, NOT TOUCH CODE. UIKit's view animation, which Tactile does not have (`tactile port` names each use:
// "Tactile has no animation system"): the animations block runs at once and the completion after it, as a
// zero-duration animation does on iOS, so that the touch code's end state is checked.

/// Stands in for UIKit's `UIView.AnimationOptions`.
struct UIViewAnimationOptions: OptionSet {
    let rawValue: UInt
    static let beginFromCurrentState = UIViewAnimationOptions(rawValue: 1 << 2)
    static let curveEaseOut = UIViewAnimationOptions(rawValue: 2 << 16)
}

extension UIView {
    typealias AnimationOptions = UIViewAnimationOptions

    /// Stands in for `UIView.animate(withDuration:animations:)`.
    static func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animations()
    }

    /// Stands in for `UIView.animate(withDuration:animations:completion:)`.
    static func animate(withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)?) {
        animations()
        completion?(true)
    }

    /// Stands in for `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:…)`.
    static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping damping: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions, animations: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        animations()
        completion?(true)
    }
}
