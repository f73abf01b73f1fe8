import Tactile

/// What the renderer draws with: rectangles, the photo and text, each given in a view's own bounds coordinates
/// and placed on screen through the view's geometry (its center, bounds and transform, and its ancestors'), as
/// Core Animation places a layer's contents.
protocol Canvas {
    /// Fills `rect` (in `view`'s bounds coordinates).
    func fill(_ rect: Rect, of view: View, with color: Color)
    /// Draws the photo over `rect` (in `view`'s bounds coordinates).
    func drawPhoto(in rect: Rect, of view: View)
    /// Draws `text` with its top-left corner at `origin` (in `view`'s bounds coordinates), `pixelSize` screen
    /// pixels per font pixel.
    func drawText(_ text: String, at origin: Point, of view: View, pixelSize: Double, color: Color)
}

/// A view that draws itself, as `UIView.draw(_:)`; the renderer calls it back to front, parents first.
protocol Drawing: View {
    func draw(in canvas: Canvas)
}

/// The width of `text` in screen pixels in the bitmap font.
func textWidth(_ text: String, pixelSize: Double) -> Double {
    Double(text.count * (Font.glyphWidth + 1) - 1) * pixelSize
}

/// A view filled with a colour (`UIView.backgroundColor`).
final class FilledView: View, Drawing {
    var backgroundColor: Color?

    init(name: String, frame: Rect, color: Color?) {
        backgroundColor = color
        super.init(frame: frame)
        self.name = name
    }

    func draw(in canvas: Canvas) {
        if let backgroundColor { canvas.fill(bounds, of: self, with: backgroundColor.withOpacity(alpha)) }
    }
}

/// The photo well: a `UIScrollView` whose background is drawn. Its pan, pinch and fling are the scroll view's own.
final class PhotoWell: ScrollView, Drawing {
    var backgroundColor: Color?

    init(name: String, frame: Rect, color: Color?) {
        backgroundColor = color
        super.init(frame: frame)
        self.name = name
    }

    func draw(in canvas: Canvas) {
        if let backgroundColor { canvas.fill(bounds, of: self, with: backgroundColor.withOpacity(alpha)) }
    }
}

/// The photo, as a `UIImageView` would show it: the picture fills the bounds, and the view's transform (pinch,
/// rotation) and center (pan) move it.
final class PhotoView: View, Drawing {
    func draw(in canvas: Canvas) { canvas.drawPhoto(in: bounds, of: self) }
}

/// A button, as `UIButton`: a ``Control`` whose background shows `isHighlighted` while a finger is on it, and
/// whose action runs on `touchUpInside`. Drawing is the only thing added here; tracking is Tactile's `Control`.
final class Button: Control, Drawing {
    let title: String
    var color = Color.button
    var highlightedColor = Color.buttonHighlighted
    var titleColor = Color.text

    init(title: String, name: String, frame: Rect) {
        self.title = title
        super.init(frame: frame)
        self.name = name
    }

    func draw(in canvas: Canvas) {
        canvas.fill(bounds, of: self, with: isHighlighted ? highlightedColor : color)
        let pixel = 3.0
        let width = textWidth(title, pixelSize: pixel)
        let origin = Point(x: bounds.midX - width / 2, y: bounds.midY - Double(Font.glyphHeight) * pixel / 2)
        canvas.drawText(title, at: origin, of: self, pixelSize: pixel, color: isHighlighted ? .darkText : titleColor)
    }
}

/// A line of text on a translucent plate (the heads-up display); it takes no touches.
final class Label: View, Drawing {
    var text = "" {
        didSet { bounds.size.width = textWidth(text, pixelSize: 2) + 16 }
    }

    init(name: String, origin: Point) {
        super.init(frame: Rect(x: origin.x, y: origin.y, width: 16, height: 26))
        self.name = name
        anchorPoint = Point(x: 0, y: 0)
        center = origin
        isUserInteractionEnabled = false
    }

    func draw(in canvas: Canvas) {
        canvas.fill(bounds, of: self, with: .hud)
        canvas.drawText(text, at: Point(x: 8, y: 6), of: self, pixelSize: 2, color: .text)
    }
}
