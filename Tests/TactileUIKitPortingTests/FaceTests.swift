import TactileTesting
import TactileUIKit
import Testing

// The face's own members, at their boundaries, against what CoreGraphics and UIKit return.

@Suite("CoreGraphics' API on the core's geometry")
struct CoreGraphicsTests {
    let rect = CGRect(x: 10, y: 20, width: 100, height: 50)

    @Test("insetBy shrinks each side, grows for negative values, and is null past empty")
    func insetBy() {
        #expect(rect.insetBy(dx: 10, dy: 5) == CGRect(x: 20, y: 25, width: 80, height: 40))
        #expect(rect.insetBy(dx: -2, dy: -3) == CGRect(x: 8, y: 17, width: 104, height: 56))
        #expect(rect.insetBy(dx: 50, dy: 0) == CGRect(x: 60, y: 20, width: 0, height: 50), "exactly empty: not null")
        #expect(rect.insetBy(dx: 50.5, dy: 0).isNull, "past empty: null")
        #expect(rect.insetBy(dx: 0, dy: 25.5).isNull)
        #expect(CGRect(x: 110, y: 70, width: -100, height: -50).insetBy(dx: 1, dy: 1) == CGRect(x: 11, y: 21, width: 98, height: 48),
                "a negative size is standardized first")
        #expect(CGRect.null.insetBy(dx: 1, dy: 1).isNull)
    }

    @Test("inset(by:) takes each side's inset; enlarged by negative insets")
    func insetByInsets() {
        #expect(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.inset(by: UIEdgeInsets(top: -1, left: -1, bottom: -1, right: -1)) == CGRect(x: 9, y: 19, width: 102, height: 52))
        #expect(rect.inset(by: UIEdgeInsets(top: 25, left: 0, bottom: 25, right: 0)).height == 0)
        #expect(rect.inset(by: UIEdgeInsets(top: 25, left: 0, bottom: 25.5, right: 0)).isNull)
    }

    @Test("intersection and intersects: overlapping, sharing an edge, apart")
    func intersection() {
        let overlapping = CGRect(x: 100, y: 60, width: 50, height: 50)
        #expect(rect.intersection(overlapping) == CGRect(x: 100, y: 60, width: 10, height: 10))
        #expect(rect.intersects(overlapping))
        let adjacent = CGRect(x: 110, y: 20, width: 10, height: 10)
        #expect(rect.intersection(adjacent) == CGRect(x: 110, y: 20, width: 0, height: 10), "an edge: empty, not null")
        #expect(!rect.intersects(adjacent), "sharing an edge is not intersecting")
        let apart = CGRect(x: 110.5, y: 20, width: 10, height: 10)
        #expect(rect.intersection(apart).isNull)
        #expect(!rect.intersects(apart))
        #expect(rect.intersection(.null).isNull)
    }

    @Test("union ignores the null rectangle; contains(_:) with a rectangle is inclusive of the edges")
    func unionAndContains() {
        #expect(rect.union(.null) == rect)
        #expect(CGRect.null.union(rect) == rect)
        #expect(rect.union(CGRect(x: 0, y: 0, width: 1, height: 1)) == CGRect(x: 0, y: 0, width: 110, height: 70))
        #expect(rect.contains(rect))
        #expect(rect.contains(CGRect(x: 10, y: 20, width: 100, height: 50.001)) == false)
        #expect(!rect.contains(CGRect.null))
        #expect(!CGRect.null.contains(rect))
    }

    @Test("offsetBy, integral, equalTo, init() and Int initializers")
    func smallAPI() {
        #expect(rect.offsetBy(dx: -10, dy: 5) == CGRect(x: 0, y: 25, width: 100, height: 50))
        #expect(CGRect(x: 0.5, y: 1.2, width: 10, height: 10).integral == CGRect(x: 0, y: 1, width: 11, height: 11))
        #expect(CGRect().equalTo(.zero) && CGPoint().equalTo(.zero) && CGSize().equalTo(.zero))
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4) == CGRect(x: 1.0, y: 2.0, width: 3.0, height: 4.0))
        #expect(CGVector() == CGVector(dx: 0, dy: 0))
        let turned = CGSize(width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.width + 1) < 1e-12 && abs(turned.height - 2) < 1e-12, "may be negative, as CGSize's: \(turned)")
    }

    @Test("inverted() returns a singular transform unchanged and the inverse otherwise; CGAffineTransform() is zero")
    func inverted() {
        let singular = CGAffineTransform(scaleX: 0, y: 2)
        #expect(singular.inverted() == singular)
        let t = CGAffineTransform(translationX: 5, y: -3).scaledBy(x: 2, y: 4)
        #expect(t.concatenating(t.inverted()).isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(!CGAffineTransform().isIdentity)
    }
}

@Suite("Time and optional members as UIKit spells them")
struct TimeAndOptionalsTests {
    @Test("minimumPressDuration in seconds: exact to the nanosecond; negative and NaN are zero; infinity is capped",
          arguments: [(0.3, 0.3), (0, 0), (-1, 0), (.nan, 0), (1.000000001, 1.000000001), (.infinity, 9e9)] as [(Double, Double)])
    func minimumPressDuration(set: Double, read: Double) {
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = set
        #expect(press.minimumPressDuration == read)
    }

    @Test("A touch's timestamp is seconds on the input's clock; gestureRecognizers is optional")
    func timestampsAndOptionals() {
        let (_, window, player) = makeScreen()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        #expect(view.gestureRecognizers == nil, "none attached")
        let tap = UITapGestureRecognizer()
        view.addGestureRecognizer(tap)
        #expect(view.gestureRecognizers?.count == 1)
        var seen: [TimeInterval] = []
        final class Delegate: UIGestureRecognizerDelegate {
            var check: ((UIGestureRecognizer, UITouch) -> Void)?
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                check?(gestureRecognizer, touch)
                return true
            }
        }
        let delegate = Delegate()
        delegate.check = { _, touch in seen.append(touch.timestamp) }
        tap.delegate = delegate
        player.play(.tap(at: CGPoint(x: 50, y: 50)))
        player.play([.wait(.milliseconds(250)), .down(1, at: CGPoint(x: 50, y: 50)), .lift(1)])
        #expect(seen.count == 2)
        #expect(seen.first == 0, "the player's first frame is at 0 s")
        #expect((seen.last ?? 0) > 1.25, "after the first tap, the player's 1 s settle and the 250 ms wait: \(seen)")
    }

    @Test("UIApplication.shared is the application the app set, and follows a new one")
    func sharedApplication() {
        let first = UIApplication()
        UIApplication.shared = first
        #expect(UIApplication.shared === first)
        let second = UIApplication()
        UIApplication.shared = second
        #expect(UIApplication.shared === second)
    }

    @Test("delegate?.m?(…) reaches the delegate's method, or the protocol's default when it has none")
    func optionalDelegateCalls() {
        final class Partial: UIGestureRecognizerDelegate, UIScrollViewDelegate {
            var scrolled = 0
            var ended: [Bool] = []
            func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled += 1 }
            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { ended.append(decelerate) }
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool { true }
        }
        let partial = Partial()
        let scrollDelegate: UIScrollViewDelegate? = partial
        let scrollView = UIScrollView()
        scrollDelegate?.scrollViewDidScroll?(scrollView)
        scrollDelegate?.scrollViewDidEndDragging?(scrollView, willDecelerate: true)
        scrollDelegate?.scrollViewDidEndDragging(scrollView, willDecelerate: false)
        #expect(partial.scrolled == 1)
        #expect(partial.ended == [true, false])
        #expect(scrollDelegate?.viewForZooming?(in: scrollView) == nil, "the default: no zooming view")
        var target = CGPoint(x: 1, y: 2)
        scrollDelegate?.scrollViewWillEndDragging?(scrollView, withVelocity: .zero, targetContentOffset: &target)
        #expect(target == CGPoint(x: 1, y: 2), "the default leaves the target")
        let gestureDelegate: UIGestureRecognizerDelegate? = partial
        let a = UIPanGestureRecognizer(), b = UITapGestureRecognizer()
        #expect(gestureDelegate?.gestureRecognizer?(a, shouldRequireFailureOf: b) == true)
        #expect(gestureDelegate?.gestureRecognizer?(a, shouldRecognizeSimultaneouslyWith: b) == false, "the default")
        #expect(gestureDelegate?.gestureRecognizerShouldBegin?(a) ?? false, "the default: begin")
        let absent: UIScrollViewDelegate? = nil
        #expect(absent?.viewForZooming?(in: scrollView) == nil)
    }

    @Test("scrollViewDidChangeAdjustedContentInset?( and scrollViewDidScrollToTop?( reach the delegate's methods")
    func optionalInsetAndScrollToTopCalls() {
        final class Insets: UIScrollViewDelegate {
            var calls: [String] = []
            func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { calls.append("inset") }
            func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { calls.append("top") }
        }
        let insets = Insets()
        let delegate: UIScrollViewDelegate? = insets
        delegate?.scrollViewDidChangeAdjustedContentInset?(UIScrollView())
        delegate?.scrollViewDidScrollToTop?(UIScrollView())
        #expect(insets.calls == ["inset", "top"])
    }

    @Test("a scroll view subclass written for Interface Builder (init?(coder:) calling super) scrolls when dragged")
    func scrollViewFromCoderScrolls() throws {
        final class Gallery: UIScrollView {
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        let gallery = try #require(Gallery(coder: NSCoder()))
        #expect(gallery.frame == .zero)
        #expect(gallery.gestureRecognizers?.contains { $0 === gallery.panGestureRecognizer } == true)
        let application = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        application.addWindow(window)
        gallery.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        gallery.contentSize = CGSize(width: 400, height: 1200)
        window.addSubview(gallery)
        application.send(TouchFrame(timestamp: .milliseconds(0), contacts: [.down(1, 200, 300)]))
        for step in 1...20 {
            let y = 300 - 10 * Double(step)
            application.send(TouchFrame(timestamp: .milliseconds(8 * step), contacts: [.move(1, 200, y)]))
        }
        #expect(gallery.contentOffset.y > 100, "dragged up 200 points: \(gallery.contentOffset)")
    }
}
