import TactileUIKit

final class StickerView: UIView {
    var isSelected = false
}

/// Stickers on a canvas: tap selects, double-tap deletes, and the selected sticker follows one finger and
/// scales and turns with two, all three at once.
final class StickerCanvasView: UIView, UIGestureRecognizerDelegate {
    private(set) var selectedSticker: StickerView?
    private(set) var removedStickers: [StickerView] = []
    private(set) var singleTaps = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        let tap = UITapGestureRecognizer(target: self, action: Selector("handleTap(_:)", Self.handleTap))  // [objc]
        let doubleTap = UITapGestureRecognizer(target: self, action: Selector("handleDoubleTap(_:)", Self.handleDoubleTap))  // [objc]
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        let pan = UIPanGestureRecognizer(target: self, action: Selector("handlePan(_:)", Self.handlePan))  // [objc]
        pan.maximumNumberOfTouches = 1
        let pinch = UIPinchGestureRecognizer(target: self, action: Selector("handlePinch(_:)", Self.handlePinch))  // [objc]
        let rotation = UIRotationGestureRecognizer(target: self, action: Selector("handleRotation(_:)", Self.handleRotation))  // [objc]
        for recognizer in [tap, doubleTap, pan, pinch, rotation] as [UIGestureRecognizer] {
            recognizer.delegate = self
            addGestureRecognizer(recognizer)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func addSticker(_ sticker: StickerView) {
        addSubview(sticker)
    }

    private func sticker(at point: CGPoint) -> StickerView? {
        for case let sticker as StickerView in subviews.reversed() where sticker.frame.contains(point) {
            return sticker
        }
        return nil
    }

    private func handleTap(_ gesture: UITapGestureRecognizer) {  // [objc]
        singleTaps += 1
        selectedSticker?.isSelected = false
        selectedSticker = sticker(at: gesture.location(in: self))
        selectedSticker?.isSelected = true
    }

    private func handleDoubleTap(_ gesture: UITapGestureRecognizer) {  // [objc]
        guard let sticker = sticker(at: gesture.location(in: self)) else { return }
        sticker.removeFromSuperview()
        removedStickers.append(sticker)
        if sticker === selectedSticker {
            selectedSticker = nil
        }
    }

    private func handlePan(_ gesture: UIPanGestureRecognizer) {  // [objc]
        guard let sticker = selectedSticker else { return }
        let translation = gesture.translation(in: self)
        sticker.center = CGPoint(x: sticker.center.x + translation.x, y: sticker.center.y + translation.y)
        gesture.setTranslation(.zero, in: self)
    }

    private func handlePinch(_ gesture: UIPinchGestureRecognizer) {  // [objc]
        guard let sticker = selectedSticker else { return }
        sticker.transform = sticker.transform.scaledBy(x: gesture.scale, y: gesture.scale)
        gesture.scale = 1
    }

    private func handleRotation(_ gesture: UIRotationGestureRecognizer) {  // [objc]
        guard let sticker = selectedSticker else { return }
        sticker.transform = sticker.transform.rotated(by: gesture.rotation)
        gesture.rotation = 0
    }

    // MARK: UIGestureRecognizerDelegate

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        if gestureRecognizer is UITapGestureRecognizer {
            return true
        }
        return selectedSticker != nil
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        let transforming = { (recognizer: UIGestureRecognizer) in
            recognizer is UIPanGestureRecognizer || recognizer is UIPinchGestureRecognizer
                || recognizer is UIRotationGestureRecognizer
        }
        return transforming(gestureRecognizer) && transforming(otherGestureRecognizer)
    }
}
