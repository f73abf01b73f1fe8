import TactileTesting
import TactileUIKit
import Testing

/// SwiftSignatureView's LegacySwiftSignatureView: a one-finger pan draws a stroke whose width follows the speed,
/// a tap draws a dot; each gesture is reported to the delegate; undo and redo walk the strokes back and forth.
/// Its pan's delegate (`gestureRecognizer(_:shouldReceive:)`) starts each stroke where the finger came down.
@Suite("LegacySwiftSignatureView (SwiftSignatureView): a pan draws a stroke, a tap a dot, undo takes them back")
struct SwiftSignatureViewTests {
    final class Delegate: SwiftSignatureViewDelegate {
        var gestures: [String] = []
        func swiftSignatureViewDidDrawGesture(_ view: ISignatureView, _ tap: UIGestureRecognizer) {
            gestures.append(tap is UITapGestureRecognizer ? "tap" : tap is UIPanGestureRecognizer ? "pan" : "other")
        }
    }

    /// The pad, 400×200 at (100, 100).
    func make() -> (pad: LegacySwiftSignatureView, delegate: Delegate, player: GesturePlayer) {
        let (_, window, player) = makeScreen()
        let pad = LegacySwiftSignatureView(frame: CGRect(x: 100, y: 100, width: 400, height: 200))
        window.addSubview(pad)
        let delegate = Delegate()
        pad.delegate = delegate
        return (pad, delegate, player)
    }

    @Test("a drag is a stroke from where the finger came down, in the screen's pixels, reported as pan gestures")
    func stroke() throws {
        let (pad, delegate, player) = make()
        #expect(pad.isEmpty && pad.signature == nil)
        player.play(.drag(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 450, y: 200), duration: .milliseconds(400)))
        #expect(!pad.isEmpty)
        let signature = try #require(pad.signature)
        #expect(signature.size == CGSize(width: 400, height: 200) && signature.scale == 2)
        #expect(delegate.gestures.count > 5 && delegate.gestures.allSatisfy { $0 == "pan" }, "\(delegate.gestures)")
        // In pixels (scale 2): the stroke runs along y = 100 from x = 50 (the touch-down point, through the pan's
        // delegate) to the last midpoint before x = 350, widened by its width (1 to 2 points).
        let cropped = try #require(pad.getCroppedSignature())
        #expect(cropped.size.width > 2 * 280 && cropped.size.width <= 2 * 304, "\(cropped.size)")
        #expect(cropped.size.height > 0 && cropped.size.height <= 2 * 4, "\(cropped.size)")
    }

    @Test("a tap is a dot of radius 2 where the finger was, reported as a tap")
    func dot() throws {
        let (pad, delegate, player) = make()
        player.play(.tap(at: CGPoint(x: 300, y: 200)))
        #expect(!pad.isEmpty)
        #expect(delegate.gestures == ["tap"])
        // The dot's circle (radius 2) widened by the maximum stroke width, in pixels.
        #expect(try #require(pad.getCroppedSignature()).size == CGSize(width: 12, height: 12))
    }

    @Test("undo takes the last gesture back, redo puts it back; undo past the first clears the pad")
    func undoRedo() throws {
        let (pad, _, player) = make()
        player.play(.tap(at: CGPoint(x: 300, y: 200)))
        player.play(.drag(from: CGPoint(x: 150, y: 250), to: CGPoint(x: 450, y: 250), duration: .milliseconds(400)))
        let both = try #require(pad.getCroppedSignature()).size
        #expect(both.height > 2 * 50, "the dot and the stroke 50 points below it: \(both)")
        pad.undo()
        #expect(try #require(pad.getCroppedSignature()).size.width < both.width, "only the dot is left")
        pad.redo()
        pad.redo()
        pad.undo()
        pad.undo()
        #expect(pad.isEmpty, "undone past the first gesture")
    }
}
