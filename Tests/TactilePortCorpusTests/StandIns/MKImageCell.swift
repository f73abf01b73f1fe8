import TactileUIKit

// STAND-IN, NOT TOUCH CODE. MKImageViewer's `MKImageCell` (mohit5189/MKImageViewer, MIT), the collection-view cell
// that the corpus's `MKImageCell+UIScrollViewDelegate.swift` extends: a zooming scroll view holding an image view,
// set up as its author's `setupScrollView()` does (delegate, zoom scales 1…4). Its layout code is not touch code,
// so it is not in the corpus; the extension (the scroll-view delegate) is.

/// Stands in for MKImageViewer's `MKImageCell`.
final class MKImageCell: UIView {
    let scrollView = UIScrollView()
    let imageView: UIImageView

    init(frame: CGRect, image: UIImage) {
        imageView = UIImageView(image: image)
        super.init(frame: frame)
        scrollView.frame = bounds
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 4
        scrollView.delegate = self
        imageView.frame = bounds
        scrollView.contentSize = bounds.size
        scrollView.addSubview(imageView)
        addSubview(scrollView)
    }

    required init?(coder: NSCoder) {
        fatalError("a stand-in; not decoded")
    }
}
