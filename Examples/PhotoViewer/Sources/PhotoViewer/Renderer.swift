import CSDL2
import Foundation
import Tactile

/// The SDL side: a window (or an off-screen surface), a renderer, and the photo as a texture. It draws a view
/// tree back to front through the ``Canvas`` calls the views make, each placed by the view's geometry
/// (`convert(_:to: nil)`), and clips to views with `clipsToBounds`.
final class Renderer: Canvas {
    struct SDLError: Error, CustomStringConvertible {
        var description: String
        init(_ what: String) { description = "\(what): \(String(cString: SDL_GetError()))" }
    }

    let width: Int32
    let height: Int32
    /// SDL's video driver: `x11`, `wayland`, `offscreen`, …
    let videoDriver: String
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let photoTexture: OpaquePointer
    private let photoSize: Size
    /// The clip rectangles of the views being drawn (screen pixels), innermost last.
    private var clips: [SDL_Rect] = []

    /// Opens the window. `headless` uses SDL's off-screen video driver (no display needed); `software` picks
    /// SDL's software renderer, whose pixels are the same on every machine (screenshots and tests use it).
    init(width: Int32, height: Int32, title: String, headless: Bool, software: Bool, vsync: Bool, photo: Photo) throws {
        self.width = width
        self.height = height
        if headless { SDL_SetHint("SDL_VIDEODRIVER", "offscreen") }
        if software { SDL_SetHint("SDL_RENDER_DRIVER", "software") }
        // Touches are Tactile's (from the window system or evdev): SDL must not turn them into mouse events.
        SDL_SetHint("SDL_TOUCH_MOUSE_EVENTS", "0")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL_Init") }
        videoDriver = String(cString: SDL_GetCurrentVideoDriver())
        if software && videoDriver != "wayland" {
            // And no OpenGL behind the window's surface either (SDL's "framebuffer acceleration"): the frame goes to
            // X as an image. Mesa's software GL crashed in the VM's emulated CPU; the pixels are the same. SDL's
            // Wayland backend has no framebuffer of its own: there the software renderer's frame reaches the
            // compositor through a GL texture (Mesa's llvmpipe without a GPU).
            SDL_SetHint("SDL_FRAMEBUFFER_ACCELERATION", "0")
        }
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(SDL_WINDOWPOS_UNDEFINED_MASK),
                                            width, height, SDL_WINDOW_SHOWN.rawValue)
        else { throw SDLError("SDL_CreateWindow") }
        self.window = window
        var flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if vsync && !software { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window, -1, flags) else { throw SDLError("SDL_CreateRenderer") }
        self.renderer = renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(photo.width), Int32(photo.height))
        else { throw SDLError("SDL_CreateTexture") }
        photo.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(photo.width * 4)) }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        photoTexture = texture
        photoSize = Size(width: Double(photo.width), height: Double(photo.height))
    }

    deinit {
        SDL_DestroyTexture(photoTexture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The window system's own objects behind the window, where the app can read its touches itself.
    enum WindowSystem {
        /// SDL's `wl_display` and the window's `wl_surface`.
        case wayland(display: OpaquePointer, surface: OpaquePointer)
        /// SDL's X `Display` and the window's X id.
        case x11(display: OpaquePointer, window: UInt)
        /// Another video driver (`offscreen`, `kmsdrm`, …), or SDL could not say.
        case other(String)
    }

    /// What `SDL_GetWindowWMInfo` says about the window.
    var windowSystem: WindowSystem {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: Uint8(SDL_MAJOR_VERSION), minor: Uint8(SDL_MINOR_VERSION),
                                   patch: Uint8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE else { return .other(videoDriver) }
        switch info.subsystem {
        case SDL_SYSWM_WAYLAND:
            guard let display = info.info.wl.display, let surface = info.info.wl.surface else { break }
            return .wayland(display: display, surface: surface)
        case SDL_SYSWM_X11:
            guard let display = info.info.x11.display else { break }
            return .x11(display: display, window: info.info.x11.window)
        default: break
        }
        return .other(videoDriver)
    }

    /// The window's size in points (`SDL_GetWindowSize`): the compositor may have made it another than asked.
    var windowSizeInPoints: Size {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// The renderer SDL chose (`software`, `opengl`, …).
    var rendererName: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        return info.name.map { String(cString: $0) } ?? "?"
    }

    // MARK: Frames

    /// Clears the frame and draws `root` and its subviews.
    func draw(_ root: View) {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_RenderClear(renderer)
        clips.removeAll()
        drawTree(root)
    }

    private func drawTree(_ view: View) {
        guard !view.isHidden, view.alpha > 0.01 else { return }
        if let drawing = view as? any Drawing { drawing.draw(in: self) }
        guard !view.subviews.isEmpty else { return }
        if view.clipsToBounds { pushClip(view) }
        for subview in view.subviews { drawTree(subview) }
        if view.clipsToBounds { popClip() }
    }

    private func pushClip(_ view: View) {
        let box = view.convert(view.bounds, to: nil)
        var rect = SDL_Rect(x: Int32(box.minX.rounded()), y: Int32(box.minY.rounded()),
                            w: Int32(box.width.rounded()), h: Int32(box.height.rounded()))
        if let outer = clips.last {
            var inner = SDL_Rect()
            if SDL_IntersectRect(&rect, [outer], &inner) == SDL_FALSE { inner = SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
            rect = inner
        }
        clips.append(rect)
        SDL_RenderSetClipRect(renderer, &rect)
    }

    private func popClip() {
        clips.removeLast()
        if var rect = clips.last { SDL_RenderSetClipRect(renderer, &rect) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    /// The frame's pixels, RGBA row by row (read back before ``present()``).
    func readPixels() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: Int(width * height * 4))
        // ABGR8888 is R, G, B, A in memory on a little-endian machine.
        pixels.withUnsafeMutableBytes {
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, $0.baseAddress, width * 4)
        }
        return pixels
    }

    func present() { SDL_RenderPresent(renderer) }

    // MARK: Canvas

    /// The four corners of `rect` of `view` on screen, clockwise from the top-left.
    private func corners(_ rect: Rect, of view: View) -> [SDL_FPoint] {
        [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
         Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map {
            let p = view.convert($0, to: nil)
            return SDL_FPoint(x: Float(p.x), y: Float(p.y))
        }
    }

    private static let quad: [Int32] = [0, 1, 2, 0, 2, 3]

    func fill(_ rect: Rect, of view: View, with color: Color) {
        let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
        let vertices = corners(rect, of: view).map { SDL_Vertex(position: $0, color: sdlColor, tex_coord: SDL_FPoint()) }
        SDL_RenderGeometry(renderer, nil, vertices, 4, Renderer.quad, 6)
    }

    func drawPhoto(in rect: Rect, of view: View) {
        // SDL_RenderCopyEx, not a textured SDL_RenderGeometry: SDL 2.26's software renderer draws textured
        // triangles that leave the screen as garbage. The view's transform is a scale and a rotation (no skew), so
        // a rotated rectangle says it all: its size from two edges, its angle from the top edge.
        let c = corners(rect, of: view)
        let top = (x: Double(c[1].x - c[0].x), y: Double(c[1].y - c[0].y))
        let side = (x: Double(c[3].x - c[0].x), y: Double(c[3].y - c[0].y))
        let width = (top.x * top.x + top.y * top.y).squareRoot()
        let height = (side.x * side.x + side.y * side.y).squareRoot()
        let center = (x: Double(c[0].x + c[2].x) / 2, y: Double(c[0].y + c[2].y) / 2)
        var destination = SDL_FRect(x: Float(center.x - width / 2), y: Float(center.y - height / 2),
                                    w: Float(width), h: Float(height))
        let degrees = atan2(top.y, top.x) * 180 / Double.pi
        SDL_RenderCopyExF(renderer, photoTexture, nil, &destination, degrees, nil, SDL_FLIP_NONE)
    }

    func drawText(_ text: String, at origin: Point, of view: View, pixelSize: Double, color: Color) {
        // Text is drawn in views that are not rotated: each font pixel is an axis-aligned square.
        let start = view.convert(origin, to: nil)
        SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
        var rects: [SDL_FRect] = []
        for (index, character) in text.enumerated() {
            let left = start.x + Double(index * (Font.glyphWidth + 1)) * pixelSize
            for (column, row) in Font.pixels(of: character) {
                rects.append(SDL_FRect(x: Float(left + Double(column) * pixelSize),
                                       y: Float(start.y + Double(row) * pixelSize),
                                       w: Float(pixelSize), h: Float(pixelSize)))
            }
        }
        SDL_RenderFillRectsF(renderer, rects, Int32(rects.count))
    }

    // MARK: Window events

    /// Handles the window's events, handing each one to `each` (the touch input takes its finger events);
    /// returns `false` when the user closed the window (or pressed Escape).
    func pollEvents(_ each: (SDL_Event) -> Void = { _ in }) -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT: return false
            case SDL_KEYDOWN where event.key.keysym.sym == Int32(SDLK_ESCAPE.rawValue): return false
            default: each(event)
            }
        }
        return true
    }
}
