import Foundation

/// The picture shown by the viewer: generated, so the example needs no image file and no image decoder.
///
/// A landscape (sky, sun, two mountain ranges, a lake) framed by a white border, with two markers the tests
/// measure: a magenta disk at (0.35, 0.4) of the width and height and a red disk at (0.65, 0.6), symmetric about
/// the centre and close enough to it to stay inside the well at 2.5×. From their centres in a screenshot a test recovers the
/// photo's scale, rotation and position; no other pixel of the app is that magenta or that red.
struct Photo {
    let width: Int
    let height: Int
    /// RGBA, row by row.
    private(set) var pixels: [UInt8]

    /// Where the markers sit, in the photo's own pixels (its bounds in points: one point per pixel).
    static let magentaMarker = (x: 0.35, y: 0.4)
    static let redMarker = (x: 0.65, y: 0.6)
    static let markerRadius = 16.0
    static let borderWidth = 6

    init(width: Int = 800, height: Int = 450) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        draw()
    }

    private mutating func set(_ x: Int, _ y: Int, _ r: Double, _ g: Double, _ b: Double) {
        let i = (y * width + x) * 4
        pixels[i] = UInt8(max(0, min(255, r)))
        pixels[i + 1] = UInt8(max(0, min(255, g)))
        pixels[i + 2] = UInt8(max(0, min(255, b)))
        pixels[i + 3] = 255
    }

    private mutating func draw() {
        let w = Double(width), h = Double(height)
        let sun = (x: 0.62 * w, y: 0.26 * h, r: 0.075 * w)
        let horizon = 0.66 * h
        let magenta = (x: Photo.magentaMarker.x * w, y: Photo.magentaMarker.y * h)
        let red = (x: Photo.redMarker.x * w, y: Photo.redMarker.y * h)
        for y in 0..<height {
            let fy = Double(y)
            for x in 0..<width {
                let fx = Double(x)
                // Sky: deep blue at the top to a pale haze at the horizon.
                let t = fy / horizon
                var (r, g, b) = (40 + 150 * t, 90 + 120 * t, 170 + 70 * t)
                // The sun and its glow.
                let ds = ((fx - sun.x) * (fx - sun.x) + (fy - sun.y) * (fy - sun.y)).squareRoot()
                if ds < sun.r {
                    (r, g, b) = (255, 226, 120)
                } else if ds < sun.r * 2.2 {
                    let k = 1 - (ds - sun.r) / (sun.r * 1.2)
                    (r, g, b) = (r + (255 - r) * k * 0.5, g + (226 - g) * k * 0.5, b + (150 - b) * k * 0.3)
                }
                // Far mountains (blue-grey), near mountains (green), each a sum of sines.
                let far = horizon - 0.22 * h + 0.07 * h * sin(fx / w * 9.0) + 0.04 * h * sin(fx / w * 23.0 + 1)
                let near = horizon - 0.1 * h + 0.06 * h * sin(fx / w * 5.0 + 2) + 0.025 * h * sin(fx / w * 31.0)
                if fy > far { (r, g, b) = (96 - (fy - far) * 0.1, 110, 140) }
                if fy > near { (r, g, b) = (50 + 30 * sin(fx / 17), 110 + (fy - near) * 0.4, 60) }
                // The lake, with ripples.
                if fy > horizon + 0.08 * h {
                    let ripple = 12 * sin(fx / 9 + fy / 3)
                    (r, g, b) = (40 + ripple, 100 + ripple, 150 + (fy - horizon) * 0.3)
                }
                // The markers the tests measure.
                if (fx - magenta.x) * (fx - magenta.x) + (fy - magenta.y) * (fy - magenta.y)
                    <= Photo.markerRadius * Photo.markerRadius
                {
                    (r, g, b) = (255, 0, 255)
                }
                if (fx - red.x) * (fx - red.x) + (fy - red.y) * (fy - red.y) <= Photo.markerRadius * Photo.markerRadius {
                    (r, g, b) = (255, 0, 0)
                }
                // The white border.
                let border = Photo.borderWidth
                if x < border || y < border || x >= width - border || y >= height - border { (r, g, b) = (250, 250, 250) }
                set(x, y, r, g, b)
            }
        }
    }
}
