import TactileUIKit

/// A signature pad: one finger draws strokes; a dot is a stroke of two equal points.
final class SignatureView: UIView {
    private(set) var strokes: [[CGPoint]] = []
    private var currentStroke: [CGPoint] = []
    private var strokeStart: TimeInterval = 0
    private(set) var lastStrokeDuration: TimeInterval = 0
    var minimumPointDistance: CGFloat = 2.0
    var onSignatureChanged: ((Bool) -> Void)?

    var isSigned: Bool { !strokes.isEmpty }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = false
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        currentStroke = [touch.location(in: self)]
        strokeStart = touch.timestamp
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let samples = event?.coalescedTouches(for: touch) ?? [touch]
        for sample in samples {
            let point = sample.location(in: self)
            guard let last = currentStroke.last else { continue }
            if hypot(point.x - last.x, point.y - last.y) >= minimumPointDistance && bounds.contains(point) {
                currentStroke.append(point)
            }
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let first = currentStroke.first else { return }
        if currentStroke.count == 1 {
            currentStroke.append(first)
        }
        strokes.append(currentStroke)
        currentStroke = []
        lastStrokeDuration = touch.timestamp - strokeStart
        onSignatureChanged?(true)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        currentStroke = []
    }

    func clear() {
        strokes.removeAll()
        onSignatureChanged?(false)
    }

    /// The area the signature covers, with a margin for the pen width.
    var signatureBounds: CGRect {
        var rect = CGRect.null
        for point in strokes.joined() {
            rect = rect.union(CGRect(origin: point, size: .zero))
        }
        return rect.isNull ? rect : rect.insetBy(dx: -2, dy: -2)
    }
}
