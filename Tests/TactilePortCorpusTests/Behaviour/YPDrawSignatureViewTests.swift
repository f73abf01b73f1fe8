import TactileTesting
import TactileUIKit
import Testing

/// YPDrawSignatureView: a signature pad that smooths its strokes into Bézier curves from touchesMoved, draws a dot
/// for a tap, tells its delegate when a stroke starts and ends, and keeps the pans of the views around it from
/// starting on it (`gestureRecognizerShouldBegin` returns `false`).
@Suite("YPDrawSignatureView: strokes and dots from touches; pans around it do not steal them")
struct YPDrawSignatureViewTests {
    final class Delegate: YPSignatureDelegate {
        var calls: [String] = []
        func didStart(_ view: YPDrawSignatureView) { calls.append("start") }
        func didFinish(_ view: YPDrawSignatureView) { calls.append("finish") }
    }

    /// The pad (400×200 at (100, 100)) in a container that pans.
    func make() -> (pad: YPDrawSignatureView, delegate: Delegate, pans: ActionCounter, player: GesturePlayer) {
        let (_, window, player) = makeScreen()
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let pans = ActionCounter()
        let pan = UIPanGestureRecognizer(target: pans, action: Selector("handle:", ActionCounter.handle))
        container.addGestureRecognizer(pan)
        let pad = YPDrawSignatureView(frame: CGRect(x: 100, y: 100, width: 400, height: 200))
        container.addSubview(pad)
        let delegate = Delegate()
        pad.delegate = delegate
        return (pad, delegate, pans, player)
    }

    @Test("a stroke becomes the signature: the cropped image spans the stroke, the delegate hears start and finish")
    func stroke() throws {
        let (pad, delegate, pans, player) = make()
        #expect(!pad.doesContainSignature)
        #expect(pad.getSignature() == nil)
        player.play(.drag(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 450, y: 200), duration: .milliseconds(400)))
        #expect(pad.doesContainSignature)
        #expect(delegate.calls == ["start", "finish"])
        #expect(pans.count == 0, "the container's pan did not begin on the pad")
        let image = try #require(pad.getSignature(scale: 2))
        #expect(image.size == CGSize(width: 400, height: 200) && image.scale == 2, "the pad's size, in points")
        let cropped = try #require(pad.getCroppedSignature())
        // The curves' points lie on the line y = 100 (pad coordinates), from x = 50 to at most 350, widened by the
        // stroke (2 points); the last points of the stroke, fewer than a curve's four, are not drawn.
        #expect(cropped.size.height == 2)
        #expect(cropped.size.width > 250 && cropped.size.width <= 302, "\(cropped.size)")
        pad.clear()
        #expect(!pad.doesContainSignature)
    }

    @Test("a tap is a dot: a stroke width square where the finger was")
    func dot() throws {
        let (pad, delegate, _, player) = make()
        player.play(.tap(at: CGPoint(x: 300, y: 150)))
        #expect(pad.doesContainSignature)
        #expect(delegate.calls == ["start", "finish"])
        #expect(try #require(pad.getCroppedSignature()).size == CGSize(width: 2, height: 2))
    }

    @Test("the same drag beside the pad pans the container: the pad's veto is what kept the pan out")
    func panBesideThePad() {
        let (pad, delegate, pans, player) = make()
        player.play(.drag(from: CGPoint(x: 150, y: 400), to: CGPoint(x: 450, y: 400), duration: .milliseconds(400)))
        #expect(pans.count > 2)
        #expect(!pad.doesContainSignature && delegate.calls.isEmpty)
    }
}
