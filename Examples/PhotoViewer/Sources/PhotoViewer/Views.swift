import Tactile

/// What the renderer draws with: rectangles, the photo and text, each given in a view's own bounds coordinates
/// and placed on screen through the view's geometry (its center, bounds and transform, and its ancestors'), as
/// Core Animation places a layer's contents.
protocol Canvas {
    /// Starts `view`'s content for the display pass: what follows draws into the view's retained texture, sized to
    /// its bounds and cleared (a view's `draw(_:)` calls it first, through ``Drawing/drawContent()``).
    func beginContent(of view: View)
    /// Fills `rect` (in `view`'s bounds coordinates).
    func fill(_ rect: Rect, of view: View, with color: Color)
    /// Draws `text` with its top-left corner at `origin` (in `view`'s bounds coordinates), `pixelSize` screen
    /// pixels per font pixel.
    func drawText(_ text: String, at origin: Point, of view: View, pixelSize: Double, color: Color)
}

/// A view that draws its content with the ``Canvas`` calls: from its `draw(_:)`, which the display pass
/// (`Window.displayIfNeeded()`) calls only when the view was invalidated (`setNeedsDisplay()`, or never drawn
/// yet). The renderer keeps what it drew (its retained texture, as a layer's backing store) and composites it
/// every frame with the view's geometry: moving, zooming, turning or hiding a view redraws nothing.
protocol Drawing: View {
    func draw(in canvas: Canvas)
}

extension Drawing {
    /// Draws the content into the canvas of the display pass running now (UIKit's current graphics context),
    /// which the renderer lends the view's ``ScreenWindow``; outside a pass there is none and nothing is drawn.
    func drawContent() {
        guard let canvas = (window as? ScreenWindow)?.canvas else { return }
        canvas.beginContent(of: self)
        draw(in: canvas)
    }
}

/// The app's window: during its display pass it holds the canvas that the views' `draw(_:)` draw with.
final class ScreenWindow: Window {
    /// The canvas of the display pass running now; `nil` outside one.
    var canvas: (any Canvas)?
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

    override func draw(_ rect: Rect) { drawContent() }

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

    override func draw(_ rect: Rect) { drawContent() }

    func draw(in canvas: Canvas) {
        if let backgroundColor { canvas.fill(bounds, of: self, with: backgroundColor.withOpacity(alpha)) }
    }
}

/// The photo, as a `UIImageView` shows it: the picture is the view's content as it is (a layer's `contents`
/// image, never drawn by `draw(_:)`), filling the bounds; the view's transform (pinch, rotation) and center (pan)
/// move it. The renderer composites the photo's texture itself.
final class PhotoView: View {}

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

    /// The highlight is content: a change redraws the button (as `UIButton` does).
    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    override func draw(_ rect: Rect) { drawContent() }

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
    /// The text; a new one resizes the plate and redraws it (the same one does nothing).
    var text = "" {
        didSet {
            guard text != oldValue else { return }
            bounds.size.width = textWidth(text, pixelSize: 2) + 16
            setNeedsDisplay()
        }
    }

    init(name: String, origin: Point) {
        super.init(frame: Rect(x: origin.x, y: origin.y, width: 16, height: 26))
        self.name = name
        anchorPoint = Point(x: 0, y: 0)
        center = origin
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: Rect) { drawContent() }

    func draw(in canvas: Canvas) {
        canvas.fill(bounds, of: self, with: .hud)
        canvas.drawText(text, at: Point(x: 8, y: 6), of: self, pixelSize: 2, color: .text)
    }
}
