import Tactile
import Testing

// Issue 37: the UIScrollView members real code calls — scrollRectToVisible(_:animated:), adjustedContentInset and
// its delegate call, the scroll indicators, scrollsToTop and its delegate calls — as documented by UIKit.

final class MembersDelegate: ScrollViewDelegate {
    var calls: [String] = []
    var allowsScrollToTop = true
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
        calls.append("shouldScrollToTop")
        return allowsScrollToTop
    }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) { calls.append("didScrollToTop") }
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView) { calls.append("didChangeAdjustedInset") }
}

@Suite("UIScrollView members: scrollRectToVisible, insets, indicators, scrollsToTop (issue 37)")
struct ScrollViewMembersTests {
    func scene(offset: Point = Point(x: 0, y: 1000)) -> (ScrollView, MembersDelegate, Fingers) {
        let (_, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 400, height: 3000))
        let delegate = MembersDelegate()
        scroll.delegate = delegate
        scroll.contentOffset = offset
        return (scroll, delegate, fingers)
    }

    @Test("scrollRectToVisible scrolls the least: below, above, already visible, taller than the bounds, past the content")
    func scrollRectToVisible() {
        let (scroll, _, _) = scene()  // visible: y 1000..<1800
        scroll.scrollRectToVisible(Rect(x: 0, y: 1900, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 1150), "its bottom at the bounds' bottom")
        scroll.scrollRectToVisible(Rect(x: 0, y: 1100, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 1100), "its top at the bounds' top")
        scroll.scrollRectToVisible(Rect(x: 0, y: 1200, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 1100), "visible: unchanged")
        scroll.scrollRectToVisible(Rect(x: 0, y: 1849, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 1100), "the last visible point: unchanged")
        scroll.scrollRectToVisible(Rect(x: 0, y: 1850, width: 10, height: 51), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 1101), "one point beyond: one point")
        scroll.scrollRectToVisible(Rect(x: 0, y: 500, width: 10, height: 900), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 500), "taller than the bounds: its top")
        scroll.scrollRectToVisible(Rect(x: 0, y: 2950, width: 10, height: 500), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 2200), "past the content: the last offset")
        scroll.scrollRectToVisible(Rect(x: 0, y: .nan, width: 10, height: 10), animated: false)
        scroll.scrollRectToVisible(Rect(x: 0, y: 10, width: 0, height: 10), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 2200), "empty or not finite: nothing")
    }

    @Test("scrollRectToVisible animated takes 0.3 s and ends with didEndScrollingAnimation")
    func scrollRectAnimated() {
        let (scroll, delegate, fingers) = scene()
        scroll.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 10), animated: true)
        #expect(scroll.contentOffset == Point(x: 0, y: 1000))
        fingers.wait(until: 299)
        #expect(scroll.contentOffset.y > 100 && delegate.calls.isEmpty)
        fingers.wait(until: 301)
        #expect(scroll.contentOffset == Point(x: 0, y: 100) && delegate.calls == ["didEndScrollingAnimation"])
    }

    @Test("adjustedContentInset is contentInset; a change tells the delegate once, an equal value never")
    func adjustedInset() {
        let (scroll, delegate, _) = scene()
        let insets = EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        scroll.contentInset = insets
        scroll.contentInset = insets
        #expect(scroll.adjustedContentInset == insets)
        #expect(delegate.calls == ["didChangeAdjustedInset"])
    }

    @Test("scrollToTop animates to −adjustedContentInset.top and tells didScrollToTop, not didEndScrollingAnimation")
    func scrollToTop() {
        let (scroll, delegate, fingers) = scene()
        scroll.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        delegate.calls.removeAll()
        #expect(scroll.scrollToTop())
        fingers.wait(until: 400)
        #expect(scroll.contentOffset == Point(x: 0, y: -20))
        #expect(delegate.calls == ["shouldScrollToTop", "didScrollToTop"])
        delegate.calls.removeAll()
        #expect(scroll.scrollToTop(), "already at the top: told at once")
        #expect(delegate.calls == ["shouldScrollToTop", "didScrollToTop"])
    }

    @Test("scrollToTop does nothing when the delegate refuses or scrollsToTop is off")
    func scrollToTopRefused() {
        let (scroll, delegate, fingers) = scene()
        delegate.allowsScrollToTop = false
        #expect(!scroll.scrollToTop())
        scroll.scrollsToTop = false
        delegate.allowsScrollToTop = true
        #expect(!scroll.scrollToTop())
        fingers.wait(until: 400)
        #expect(scroll.contentOffset == Point(x: 0, y: 1000) && delegate.calls == ["shouldScrollToTop"])
    }

    @Test("Indicator members keep UIKit's defaults; scrollIndicatorInsets sets both; flashing stamps the clock")
    func indicators() {
        let (scroll, _, fingers) = scene()
        #expect(scroll.showsVerticalScrollIndicator && scroll.showsHorizontalScrollIndicator)
        #expect(scroll.indicatorStyle == .default && scroll.scrollsToTop)
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        scroll.scrollIndicatorInsets = insets
        #expect(scroll.verticalScrollIndicatorInsets == insets && scroll.horizontalScrollIndicatorInsets == insets)
        #expect(scroll.scrollIndicatorFlashTime == nil)
        fingers.wait(until: 250)
        scroll.flashScrollIndicators()
        #expect(scroll.scrollIndicatorFlashTime == Timestamp(seconds: 0.25))
    }
}
