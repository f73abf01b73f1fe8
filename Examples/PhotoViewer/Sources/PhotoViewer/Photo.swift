import Foundation

/// The picture shown by the viewer: generated, so the example needs no image file and no image decoder.
///
/// A landscape (sky, sun, two mountain ranges, a lake) framed by a white border, with two markers the tests
/// measure: a magenta disk at (0.35, 0.4) of the width and height and a red disk at (0.65, 0.6), symmetric about
/// the centre and close enough to it to stay inside the well at 2.5×. From their centres in a screenshot a test
/// recovers the photo's scale, rotation and position; no other pixel of the app is that magenta or that red.
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

    /// Paints the picture. Written to be quick in a debug build (it runs at every start, also under the VM's
    /// emulated CPU): the mountain ridges are computed once per column, and only the pixels near the sun take a
    /// square root.
    private mutating func draw() {
        let w = Double(width), h = Double(height)
        let sun = (x: 0.62 * w, y: 0.26 * h, r: 0.075 * w)
        let horizon = 0.66 * h
        let lake = horizon + 0.08 * h
        let magenta = (x: Photo.magentaMarker.x * w, y: Photo.magentaMarker.y * h)
        let red = (x: Photo.redMarker.x * w, y: Photo.redMarker.y * h)
        let marker = Photo.markerRadius * Photo.markerRadius
        let glow = (sun.r * 2.2) * (sun.r * 2.2)
        // Far mountains (blue-grey), near mountains (green): ridges as sums of sines, one value per column.
        let far = (0..<width).map { x -> Double in
            let fx = Double(x) / w
            return horizon - 0.22 * h + 0.07 * h * sin(fx * 9.0) + 0.04 * h * sin(fx * 23.0 + 1)
        }
        let near = (0..<width).map { x -> Double in
            let fx = Double(x) / w
            return horizon - 0.1 * h + 0.06 * h * sin(fx * 5.0 + 2) + 0.025 * h * sin(fx * 31.0)
        }
        let nearShade = (0..<width).map { 50 + 30 * sin(Double($0) / 17) }
        let border = Photo.borderWidth
        let (width, height) = (self.width, self.height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let fy = Double(y)
                let t = fy / horizon
                let sky = (40 + 150 * t, 90 + 120 * t, 170 + 70 * t)
                for x in 0..<width {
                    let fx = Double(x)
                    var (r, g, b) = sky
                    // The sun and its glow.
                    let sunDistance2 = (fx - sun.x) * (fx - sun.x) + (fy - sun.y) * (fy - sun.y)
                    if sunDistance2 < sun.r * sun.r {
                        (r, g, b) = (255, 226, 120)
                    } else if sunDistance2 < glow {
                        let k = 1 - (sunDistance2.squareRoot() - sun.r) / (sun.r * 1.2)
                        (r, g, b) = (r + (255 - r) * k * 0.5, g + (226 - g) * k * 0.5, b + (150 - b) * k * 0.3)
                    }
                    if fy > far[x] { (r, g, b) = (96 - (fy - far[x]) * 0.1, 110, 140) }
                    if fy > near[x] { (r, g, b) = (nearShade[x], 110 + (fy - near[x]) * 0.4, 60) }
                    // The lake, with ripples (a triangle wave: no sine per pixel).
                    if fy > lake {
                        let phase = (fx / 9 + fy / 3).truncatingRemainder(dividingBy: 6.283) / 6.283
                        let ripple = 24 * abs(phase - 0.5) - 6
                        (r, g, b) = (40 + ripple, 100 + ripple, 150 + (fy - horizon) * 0.3)
                    }
                    // The markers the tests measure.
                    if (fx - magenta.x) * (fx - magenta.x) + (fy - magenta.y) * (fy - magenta.y) <= marker {
                        (r, g, b) = (255, 0, 255)
                    }
                    if (fx - red.x) * (fx - red.x) + (fy - red.y) * (fy - red.y) <= marker { (r, g, b) = (255, 0, 0) }
                    // The white border.
                    if x < border || y < border || x >= width - border || y >= height - border {
                        (r, g, b) = (250, 250, 250)
                    }
                    let i = (y * width + x) * 4
                    buffer[i] = UInt8(max(0, min(255, r)))
                    buffer[i + 1] = UInt8(max(0, min(255, g)))
                    buffer[i + 2] = UInt8(max(0, min(255, b)))
                    buffer[i + 3] = 255
                }
            }
        }
    }
}
