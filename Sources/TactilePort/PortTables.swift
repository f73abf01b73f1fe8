/// The rename table of *Porting from UIKit* (`--names tactile`): UIKit's type names and Tactile's.
public enum PortRenames {
    /// UIKit's type names → Tactile's.
    public static let types: [String: String] = [
        "UIApplication": "Application", "UIApplicationDelegate": "ApplicationDelegate", "UIWindow": "Window",
        "UIView": "View", "UIViewController": "ViewController", "UIResponder": "Responder", "UITouch": "Touch",
        "UIEvent": "Event", "UIControl": "Control", "UIButton": "Control",
        "UIGestureRecognizer": "GestureRecognizer", "UIGestureRecognizerDelegate": "GestureRecognizerDelegate",
        "UITapGestureRecognizer": "TapGestureRecognizer", "UILongPressGestureRecognizer": "LongPressGestureRecognizer",
        "UIPanGestureRecognizer": "PanGestureRecognizer",
        "UIScreenEdgePanGestureRecognizer": "ScreenEdgePanGestureRecognizer",
        "UISwipeGestureRecognizer": "SwipeGestureRecognizer", "UIPinchGestureRecognizer": "PinchGestureRecognizer",
        "UIRotationGestureRecognizer": "RotationGestureRecognizer", "UIScrollView": "ScrollView",
        "UIScrollViewDelegate": "ScrollViewDelegate", "UIEdgeInsets": "EdgeInsets", "CGPoint": "Point",
        "CGSize": "Size", "CGRect": "Rect", "CGAffineTransform": "AffineTransform", "CGFloat": "Double",
    ]

    /// Nested UIKit names whose Tactile name differs from the renamed outer type's member.
    public static let members: [String: String] = [
        "UIControl.Event": "Control.Events", "UIButton.Event": "Control.Events", "UITouch.Phase": "TouchPhase",
        "UIGestureRecognizer.State": "GestureRecognizer.State",
        "UIScrollView.DecelerationRate": "ScrollView.DecelerationRate",
        "UITouch.TouchType": "Touch.TouchType", "UIEvent.EventType": "Event.EventType",
    ]
}

/// UIKit APIs Tactile has no counterpart for: `tactile port` leaves them as written and names each one it finds,
/// with what to do instead. Keys are type names (`CADisplayLink`) or a type's static member (`UIView.animate`).
public enum PortUnavailableAPI {
    /// API → what to do instead.
    public static let table: [String: String] = {
        let animation = "Tactile has no animation system: set the final value (or step it from the input's frames)"
        let drawing =
            "Tactile does not render: draw in your renderer from the view's state (a stand-in type keeps the "
                + "touch code)"
        let haptics = "Tactile has no haptics: call your platform's feedback API, or drop the call"
        let dynamics = "Tactile has no UIKit Dynamics: move the view from the input's frames"
        let clock = "Tactile's time comes from the input (touch timestamps, Application.advance(to:)), not a wall clock"
        return [
            "UIView.animate": animation, "UIView.animateKeyframes": animation, "UIView.addKeyframe": animation,
            "UIView.transition": animation, "UIView.performWithoutAnimation": animation,
            "UIViewPropertyAnimator": animation, "CABasicAnimation": animation, "CAKeyframeAnimation": animation,
            "CASpringAnimation": animation, "CATransaction": animation, "CAAnimationGroup": animation,
            "CADisplayLink":
                "Tactile has no display link: dispatch input at display rate "
                    + "(Application.dispatchQueuedInput(at:)) and update from there",
            "UIImpactFeedbackGenerator": haptics, "UISelectionFeedbackGenerator": haptics,
            "UINotificationFeedbackGenerator": haptics,
            "UIDynamicAnimator": dynamics, "UISnapBehavior": dynamics, "UIAttachmentBehavior": dynamics,
            "UIPushBehavior": dynamics, "UIGravityBehavior": dynamics, "UICollisionBehavior": dynamics,
            "UIDynamicItemBehavior": dynamics,
            "UIBezierPath": drawing, "CAShapeLayer": drawing, "CALayer": drawing, "CAGradientLayer": drawing,
            "UIGraphicsGetCurrentContext": drawing, "UIGraphicsBeginImageContext": drawing,
            "UIGraphicsBeginImageContextWithOptions": drawing, "UIGraphicsGetImageFromCurrentImageContext": drawing,
            "UIGraphicsEndImageContext": drawing, "UIGraphicsImageRenderer": drawing, "CGContext": drawing,
            "UIColor": drawing, "UIImage": drawing, "UIImageView": drawing, "UIFont": drawing, "UILabel": drawing,
            "CACurrentMediaTime": clock, "Timer.scheduledTimer": clock, "NSTimer": clock,
            "UIScreen": "Tactile has no screen object: take the size from your window or the scene",
            "UIDevice": "Tactile has no device object",
            "UIMenuController": "Tactile has no edit menu",
            "UIPasteboard": "Tactile has no pasteboard",
            "UIHoverGestureRecognizer": "Tactile handles touches only (no pointer hover)",
            "UIDragInteraction": "Tactile has no drag and drop interactions: use a long press and a pan",
            "UIDropInteraction": "Tactile has no drag and drop interactions: use a long press and a pan",
            "UIContextMenuInteraction": "Tactile has no context menus: use a long press",
            "UIPencilInteraction": "Tactile has no Apple Pencil interactions",
            "UIAccessibility": "Tactile has no accessibility runtime",
        ]
    }()
}
