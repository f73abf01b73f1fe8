import TactileUIKit

// STAND-INS, NOT TOUCH CODE. UIKit's image types, which Tactile does not have (it does not render): just enough
// for the corpus's touch code to compile and keep its geometry. Nothing here is ported code.

/// Stands in for UIKit's `UIImage`: only its size in points and its scale (pixels per point).
public final class UIImage {
    public let size: CGSize
    let scale: CGFloat

    public init(size: CGSize, scale: CGFloat = 1) {
        self.size = size
        self.scale = scale
    }
}

/// Stands in for UIKit's `UIImageView`: a view that holds an image and takes the image's size when given one.
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet { if let image { frame.size = image.size } }
    }

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public required init?(coder: NSCoder) {
        fatalError("a stand-in; not decoded")
    }
}
