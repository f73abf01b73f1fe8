import TactileUIKit

/// Snaps a horizontally scrolling gallery to whole pages: a flick moves one page in its direction, a slow drag
/// settles on the nearest page. Forwards every call to the delegate the owner had set before.
final class PageSnappingDelegate: NSObject, UIScrollViewDelegate {
    let pageWidth: CGFloat
    private(set) var currentPage = 0
    var onPageChange: ((Int) -> Void)?
    weak var forwardingDelegate: UIScrollViewDelegate?

    /// Flicks faster than this (points per millisecond) turn the page whatever the distance.
    var flickVelocity: CGFloat = 0.3

    init(pageWidth: CGFloat) {
        self.pageWidth = pageWidth
        super.init()
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        forwardingDelegate?.scrollViewDidScroll?(scrollView)
    }

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        let position = scrollView.contentOffset.x / pageWidth
        var page: CGFloat
        if velocity.x > flickVelocity {
            page = ceil(position)
        } else if velocity.x < -flickVelocity {
            page = floor(position)
        } else {
            page = round(position)
        }
        let lastPage = max(0, ceil(scrollView.contentSize.width / pageWidth) - 1)
        page = min(max(page, 0), lastPage)
        targetContentOffset.pointee = CGPoint(x: page * pageWidth, y: targetContentOffset.pointee.y)
        forwardingDelegate?.scrollViewWillEndDragging?(
            scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate {
            updatePage(scrollView)
        }
        forwardingDelegate?.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        updatePage(scrollView)
        forwardingDelegate?.scrollViewDidEndDecelerating?(scrollView)
    }

    private func updatePage(_ scrollView: UIScrollView) {
        let page = Int((scrollView.contentOffset.x / pageWidth).rounded())
        if page != currentPage {
            currentPage = page
            onPageChange?(page)
        }
    }
}
