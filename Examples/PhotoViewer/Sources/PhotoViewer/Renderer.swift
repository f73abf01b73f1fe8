import CSDL2
import Foundation
import Tactile

/// The SDL side: a window (or an off-screen surface), a renderer, and the photo as a texture. A frame is the
/// documented display pass, then compositing, as Core Animation does it:
/// 1. `Window.displayIfNeeded()` calls `draw(_:)` on the views invalidated since the last frame (and on views
///    never drawn); each draws through the ``Canvas`` calls into its own retained texture (its backing store), in
///    its bounds' coordinates;
/// 2. every visible view's texture — and the photo's, the ``PhotoView``'s content — is copied to the screen
///    back to front, placed by the view's geometry (`convert(_:to: nil)`), clipped to views with
///    `clipsToBounds`.
/// A frame in which nothing was invalidated draws nothing (``lastDrawn`` is empty); moving, zooming, turning or
/// hiding a view only composites.
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
    /// The clip rectangles of the views being composited (screen pixels), innermost last.
    private var clips: [SDL_Rect] = []
    /// A view's retained content: a target texture a pixel larger than its bounds, as a layer's backing store.
    /// The content is drawn at the fraction of a pixel (`phase`) where the view's bounds lay on screen when it was
    /// drawn, and copied to the whole pixel below: SDL's software renderer truncates coordinates, so
    /// `trunc(whole + phase + x) = whole + trunc(phase + x)` and the pixels are those of drawing on screen directly.
    private final class Store {
        weak var view: View?
        let texture: OpaquePointer
        let width: Int32, height: Int32
        var phase = Point.zero
        init(view: View, texture: OpaquePointer, width: Int32, height: Int32) {
            (self.view, self.texture, self.width, self.height) = (view, texture, width, height)
        }
        isolated deinit { SDL_DestroyTexture(texture) }
    }
    /// The store being drawn now (during the display pass), or `nil`: the ``Canvas`` calls draw into it.
    private var contentStore: Store?
    /// The stores of the views that drew, by view.
    private var stores: [ObjectIdentifier: Store] = [:]
    /// The views the latest frame's display pass drew (`draw(_:)` called), in drawing order.
    private(set) var lastDrawn: [View] = []

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

    isolated deinit {
        stores.removeAll()
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

    /// One frame of `window`: the display pass draws the invalidated views into their stores, then the screen is
    /// cleared and every visible view composited.
    func draw(_ window: ScreenWindow) {
        window.canvas = self
        lastDrawn = window.displayIfNeeded().map(\.view)
        window.canvas = nil
        contentStore = nil
        SDL_SetRenderTarget(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_RenderClear(renderer)
        clips.removeAll()
        composite(window)
        stores = stores.filter { $0.value.view != nil }
    }

    /// Copies `view`'s content (its store, or the photo) and its subviews' to the screen, back to front.
    private func composite(_ view: View) {
        guard !view.isHidden, view.alpha > 0.01 else { return }
        if view is PhotoView {
            drawPhoto(in: view.bounds, of: view)
        } else if let store = stores[ObjectIdentifier(view)], store.view === view {
            copy(store, of: view)
        }
        guard !view.subviews.isEmpty else { return }
        if view.clipsToBounds { pushClip(view) }
        for subview in view.subviews { composite(subview) }
        if view.clipsToBounds { popClip() }
    }

    /// Copies a store to its view's place on screen: pixel for pixel for a view that is neither turned nor
    /// scaled (at the whole pixel below its bounds' corner), stretched and turned over the view's bounds otherwise.
    private func copy(_ store: Store, of view: View) {
        let c = corners(view.bounds, of: view, onScreen: true)
        if let whole = Self.wholePixel(of: c, size: view.bounds.size) {
            var destination = SDL_FRect(x: whole.x, y: whole.y, w: Float(store.width), h: Float(store.height))
            SDL_RenderCopyF(renderer, store.texture, nil, &destination)
        } else {
            // Drawn turned or scaled, the store's phase is 0 and the bounds are its top-left part (a view turned since
            // it was drawn is off by its phase, under a pixel, until it is redrawn).
            var source = SDL_Rect(x: 0, y: 0, w: max(1, store.width - 1), h: max(1, store.height - 1))
            copyTurned(store.texture, from: &source, to: c)
        }
    }

    /// The whole pixel at or below the top-left corner of the screen quadrilateral `c` when it is `size` unturned
    /// and unscaled, otherwise `nil`.
    private static func wholePixel(of c: [SDL_FPoint], size: Size) -> SDL_FPoint? {
        guard c[0].y == c[1].y, c[0].x == c[3].x, abs(Double(c[1].x - c[0].x) - size.width) < 1e-3,
              abs(Double(c[3].y - c[0].y) - size.height) < 1e-3 else { return nil }
        return SDL_FPoint(x: c[0].x.rounded(.towardZero), y: c[0].y.rounded(.towardZero))
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

    // MARK: Geometry

    /// The four corners of `rect` of `view`, clockwise from the top-left: on screen, or — while the view's
    /// content is drawn into its store — in the store's pixels (the bounds' origin at the top-left).
    private func corners(_ rect: Rect, of view: View, onScreen: Bool) -> [SDL_FPoint] {
        [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
         Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map {
            let p = onScreen ? view.convert($0, to: nil) : contentPoint($0, of: view)
            return SDL_FPoint(x: Float(p.x), y: Float(p.y))
        }
    }

    private static let quad: [Int32] = [0, 1, 2, 0, 2, 3]

    // MARK: Canvas

    func beginContent(of view: View) {
        func pixels(_ length: Double) -> Int32 {
            length.isFinite ? Int32(min(max(length, 0), 8192).rounded(.up)) + 1 : 1
        }
        let width = pixels(view.bounds.width), height = pixels(view.bounds.height)
        var store = stores[ObjectIdentifier(view)]
        if let old = store, old.view !== view || old.width != width || old.height != height { store = nil }
        if store == nil {
            guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                  Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
            else {
                contentStore = nil
                return
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            store = Store(view: view, texture: texture, width: width, height: height)
            stores[ObjectIdentifier(view)] = store
        }
        contentStore = store
        let c = corners(view.bounds, of: view, onScreen: true)
        store?.phase = Self.wholePixel(of: c, size: view.bounds.size).map {
            Point(x: Double(c[0].x - $0.x), y: Double(c[0].y - $0.y))
        } ?? .zero
        SDL_SetRenderTarget(renderer, store?.texture)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
    }

    /// Whether `view`'s content is being drawn: the Canvas calls of another view, or outside a pass, draw nothing.
    private func isDrawingContent(of view: View) -> Bool { contentStore?.view === view }

    /// `point` of `view`'s bounds in its store's pixels: from the bounds' origin, shifted by the store's phase.
    private func contentPoint(_ point: Point, of view: View) -> Point {
        let phase = contentStore?.phase ?? .zero
        return Point(x: point.x - view.bounds.minX + phase.x, y: point.y - view.bounds.minY + phase.y)
    }

    func fill(_ rect: Rect, of view: View, with color: Color) {
        guard isDrawingContent(of: view) else { return }
        let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
        let vertices = corners(rect, of: view, onScreen: false).map {
            SDL_Vertex(position: $0, color: sdlColor, tex_coord: SDL_FPoint())
        }
        // A fill replaces what is under it in the store (the views fill their background first): the store keeps
        // the colour as it is, alpha included, and compositing blends it once, as drawing it on screen did.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_RenderGeometry(renderer, nil, vertices, 4, Renderer.quad, 6)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// The photo's texture over `rect` of `view` on screen (compositing: the photo is its view's content).
    private func drawPhoto(in rect: Rect, of view: View) {
        copyTurned(photoTexture, from: nil, to: corners(rect, of: view, onScreen: true))
    }

    /// Copies `source` of `texture` (all of it when `nil`) onto the screen quadrilateral `c` (a turned, scaled
    /// rectangle).
    private func copyTurned(_ texture: OpaquePointer, from source: UnsafePointer<SDL_Rect>?, to c: [SDL_FPoint]) {
        // SDL_RenderCopyEx, not a textured SDL_RenderGeometry: SDL 2.26's software renderer draws textured
        // triangles that leave the screen as garbage. The view's transform is a scale and a rotation (no skew), so
        // a rotated rectangle says it all: its size from two edges, its angle from the top edge.
        let top = (x: Double(c[1].x - c[0].x), y: Double(c[1].y - c[0].y))
        let side = (x: Double(c[3].x - c[0].x), y: Double(c[3].y - c[0].y))
        let width = (top.x * top.x + top.y * top.y).squareRoot()
        let height = (side.x * side.x + side.y * side.y).squareRoot()
        let center = (x: Double(c[0].x + c[2].x) / 2, y: Double(c[0].y + c[2].y) / 2)
        var destination = SDL_FRect(x: Float(center.x - width / 2), y: Float(center.y - height / 2),
                                    w: Float(width), h: Float(height))
        let degrees = atan2(top.y, top.x) * 180 / Double.pi
        SDL_RenderCopyExF(renderer, texture, source, &destination, degrees, nil, SDL_FLIP_NONE)
    }

    func drawText(_ text: String, at origin: Point, of view: View, pixelSize: Double, color: Color) {
        // Text is drawn in views that are not rotated: each font pixel is an axis-aligned square.
        guard isDrawingContent(of: view) else { return }
        let start = contentPoint(origin, of: view)
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
