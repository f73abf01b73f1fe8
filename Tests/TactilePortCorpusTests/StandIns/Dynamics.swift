import TactileUIKit

// STAND-INS, NOT TOUCH CODE. UIKit Dynamics, which Tactile does not have (`tactile port` names each use: "Tactile
// has no UIKit Dynamics"), reduced to what PhysicsPanHandler's touch code calls, with a deterministic simulation
// the test steps by hand: items move by the linear velocity added to them, attachments hold an item's point to
// its anchor, and every behaviour's `action` runs after each step. No rotation, no damping, no collisions.

/// Stands in for UIKit's `UIOffset`.
struct UIOffset {
    var horizontal: CGFloat
    var vertical: CGFloat
}

/// Stands in for UIKit's `UIDynamicBehavior`.
class UIDynamicBehavior {
    var action: (() -> Void)?
}

/// Stands in for UIKit's `UIDynamicItemBehavior`: the linear and angular velocities added to its items.
final class UIDynamicItemBehavior: UIDynamicBehavior {
    let items: [UIView]
    var allowsRotation = false
    private(set) var linearVelocities: [ObjectIdentifier: CGPoint] = [:]
    private(set) var angularVelocities: [ObjectIdentifier: CGFloat] = [:]

    init(items: [UIView]) {
        self.items = items
    }

    func addLinearVelocity(_ velocity: CGPoint, for item: UIView) {
        let old = linearVelocities[ObjectIdentifier(item)] ?? .zero
        linearVelocities[ObjectIdentifier(item)] = CGPoint(x: old.x + velocity.x, y: old.y + velocity.y)
    }

    func addAngularVelocity(_ velocity: CGFloat, for item: UIView) {
        angularVelocities[ObjectIdentifier(item), default: 0] += velocity
    }

    func linearVelocity(for item: UIView) -> CGPoint { linearVelocities[ObjectIdentifier(item)] ?? .zero }
}

/// Stands in for UIKit's `UIAttachmentBehavior`: holds a point of its item (an offset from its centre) at the
/// anchor.
final class UIAttachmentBehavior: UIDynamicBehavior {
    let item: UIView
    let offset: UIOffset
    var anchorPoint: CGPoint

    init(item: UIView, offsetFromCenter offset: UIOffset, attachedToAnchor anchor: CGPoint) {
        self.item = item
        self.offset = offset
        anchorPoint = anchor
    }
}

/// Stands in for UIKit's `UIDynamicAnimator`, stepped by the test (`step(by:)`) instead of the display.
final class UIDynamicAnimator {
    weak var referenceView: UIView?
    private(set) var behaviors: [UIDynamicBehavior] = []

    init(referenceView: UIView) {
        self.referenceView = referenceView
    }

    func addBehavior(_ behavior: UIDynamicBehavior) { behaviors.append(behavior) }
    func removeBehavior(_ behavior: UIDynamicBehavior) { behaviors.removeAll { $0 === behavior } }
    func removeAllBehaviors() { behaviors.removeAll() }

    /// Advances the simulation by `interval` seconds, then runs every behaviour's action.
    func step(by interval: TimeInterval) {
        for behavior in behaviors {
            if let attachment = behavior as? UIAttachmentBehavior {
                attachment.item.center = CGPoint(
                    x: attachment.anchorPoint.x - attachment.offset.horizontal,
                    y: attachment.anchorPoint.y - attachment.offset.vertical)
            } else if let itemBehavior = behavior as? UIDynamicItemBehavior {
                for item in itemBehavior.items {
                    let velocity = itemBehavior.linearVelocity(for: item)
                    item.center = CGPoint(
                        x: item.center.x + velocity.x * interval, y: item.center.y + velocity.y * interval)
                }
            }
        }
        for behavior in behaviors { behavior.action?() }
    }
}
