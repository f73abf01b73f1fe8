import TactileUIKit

/// An overlay that lets touches through to the views behind it, except on its own subviews.
final class PassThroughView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hitView = super.hitTest(point, with: event)
        return hitView == self ? nil : hitView
    }
}

/// A small control with a larger touch area (44 points, as the Human Interface Guidelines ask).
final class ExpandedHitAreaButton: UIControl {
    var hitTestEdgeInsets = UIEdgeInsets(top: -12, left: -12, bottom: -12, right: -12)
    private(set) var taps = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        addTarget(self, action: Selector("tapped", Self.tapped), for: .touchUpInside)  // [objc]
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func tapped() {  // [objc]
        taps += 1
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        if hitTestEdgeInsets == .zero || !isEnabled || isHidden {
            return super.point(inside: point, with: event)
        }
        return bounds.inset(by: hitTestEdgeInsets).contains(point)
    }
}

/// A long press that picks an item up, with its press time in seconds and the time it was held.
final class PickUpRecognizer: UILongPressGestureRecognizer {
    private(set) var pressedAt: TimeInterval?
    private(set) var heldFor: TimeInterval = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        pressedAt = event.timestamp
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if let pressedAt, let touch = touches.first {
            heldFor = touch.timestamp - pressedAt
        }
    }
}
