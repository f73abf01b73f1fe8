import TactileUIKit

// The app's own CGPoint helpers, as most UIKit projects have one.
func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint {
    CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
}

func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint {
    CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
}

func * (lhs: CGPoint, rhs: CGFloat) -> CGPoint {
    CGPoint(x: lhs.x * rhs, y: lhs.y * rhs)
}

extension CGPoint {
    var length: CGFloat { sqrt(x * x + y * y) }
}

enum SwipeDecision: Equatable {
    case liked, noped, returned
}

/// A card swiped left or right: decided by how far it was dragged or, for a short drag, by how fast it was
/// thrown. The card follows the finger from where it was when the drag began.
final class SwipeCardView: UIView {
    var onDecision: ((SwipeDecision) -> Void)?
    /// A drag past this fraction of the card's width decides.
    var distanceThreshold: CGFloat = 0.4
    /// A throw faster than this (points per second) decides whatever the distance.
    var velocityThreshold: CGFloat = 800
    private var originalCenter: CGPoint = .zero

    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector("handlePan(_:)", Self.handlePan)))  // [objc]
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func handlePan(_ recognizer: UIPanGestureRecognizer) {  // [objc]
        guard let container = superview else { return }
        let translation = recognizer.translation(in: container)
        switch recognizer.state {
        case .began:
            originalCenter = center
        case .changed:
            center = originalCenter + translation
            transform = CGAffineTransform(rotationAngle: translation.x / container.bounds.width * 0.35)
        case .ended, .cancelled:
            let velocity = recognizer.velocity(in: container)
            let far = abs(translation.x) > bounds.width * distanceThreshold
            let fast = abs(velocity.x) > velocityThreshold
            if recognizer.state == .ended && (far || fast) {
                let direction: CGFloat = (fast ? velocity.x : translation.x) > 0 ? 1 : -1
                center = originalCenter + CGPoint(x: direction, y: 0) * (container.bounds.width * 1.5)
                onDecision?(direction > 0 ? .liked : .noped)
            } else {
                center = originalCenter
                transform = .identity
                onDecision?(.returned)
            }
        default:
            break
        }
    }

    var offsetFromOrigin: CGPoint { center - originalCenter }
}
