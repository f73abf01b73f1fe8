import TactileUIKit

/// A ring the finger drags around: 0 at twelve o'clock, growing clockwise. Only touches that start on the ring
/// are tracked.
final class CircularSlider: UIControl {
    var minimumValue: Float = 0
    var maximumValue: Float = 1
    private(set) var value: Float = 0
    var lineWidth: CGFloat = 20
    private(set) var isDraggingKnob = false

    private var centerPoint: CGPoint {
        CGPoint(x: bounds.midX, y: bounds.midY)
    }

    private var radius: CGFloat {
        min(bounds.width, bounds.height) / 2 - lineWidth / 2
    }

    func setValue(_ newValue: Float, animated: Bool) {
        value = min(max(newValue, minimumValue), maximumValue)
    }

    private func angle(for point: CGPoint) -> CGFloat {
        var angle = atan2(point.x - centerPoint.x, centerPoint.y - point.y)
        if angle < 0 {
            angle += 2 * .pi
        }
        return angle
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let location = touch.location(in: self)
        let distance = hypot(location.x - centerPoint.x, location.y - centerPoint.y)
        guard abs(distance - radius) <= lineWidth else {
            return false
        }
        isDraggingKnob = true
        updateValue(with: location)
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        updateValue(with: touch.location(in: self))
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        isDraggingKnob = false
    }

    override func cancelTracking(with event: UIEvent?) {
        isDraggingKnob = false
    }

    private func updateValue(with location: CGPoint) {
        let fraction = Float(angle(for: location) / (2 * .pi))
        let newValue = minimumValue + fraction * (maximumValue - minimumValue)
        guard newValue != value else { return }
        value = newValue
        sendActions(for: .valueChanged)
    }
}

/// A minus/plus stepper: a touch that lifts inside the left half decrements, the right half increments.
final class HalfStepper: UIControl {
    var value = 0
    var stepValue = 1
    private var startedOnPlus = false

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        startedOnPlus = touch.location(in: self).x >= bounds.midX
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch = touch, bounds.contains(touch.location(in: self)) else { return }
        value += startedOnPlus ? stepValue : -stepValue
        sendActions(for: UIControl.Event.valueChanged)
    }
}
