import Tactile
import Testing

@testable import TactileInput

@Suite("Mapping device units to screen points")
struct ScreenMappingTests {
    let xAxis = AxisInfo(minimum: 1472, maximum: 5471)  // 4000 units, not starting at 0
    let yAxis = AxisInfo(minimum: -200, maximum: 1799)  // 2000 units, negative minimum
    let screen = Size(width: 800, height: 400)

    @Test("Units are normalized by (v − min) / (max − min + 1) and scaled to the screen")
    func normalization() {
        let mapping = ScreenMapping(screenSize: screen)
        #expect(mapping.location(x: 1472, y: -200, xAxis: xAxis, yAxis: yAxis) == Point(x: 0, y: 0))
        #expect(mapping.location(x: 3472, y: 800, xAxis: xAxis, yAxis: yAxis) == Point(x: 400, y: 200))
        // Out-of-range values are not clamped, as the kernel does not clamp them.
        #expect(mapping.location(x: 5472, y: 1800, xAxis: xAxis, yAxis: yAxis) == Point(x: 800, y: 400))
        #expect(mapping.location(x: 1072, y: -600, xAxis: xAxis, yAxis: yAxis) == Point(x: -80, y: -80))
    }

    @Test("Rotations turn the normalized point in clockwise quarter turns", arguments: [
        (ScreenMapping.Rotation.none, Point(x: 200, y: 100)),
        (.clockwise90, Point(x: 600, y: 100)),
        (.upsideDown, Point(x: 600, y: 300)),
        (.clockwise270, Point(x: 200, y: 300)),
    ])
    func rotation(_ rotation: ScreenMapping.Rotation, expected: Point) {
        let mapping = ScreenMapping(screenSize: screen, rotation: rotation)
        // The device point a quarter of the way across and down.
        #expect(mapping.location(x: 2472, y: 300, xAxis: xAxis, yAxis: yAxis) == expected)
    }

    @Test("A libinput calibration matrix applies to normalized coordinates before the rotation")
    func calibration() {
        // libinput's matrix for a 90° clockwise rotation is "0 -1 1 1 0 0".
        let matrix = ScreenMapping(screenSize: screen, calibration: .init(0, -1, 1, 1, 0, 0))
        let rotated = ScreenMapping(screenSize: screen, rotation: .clockwise90)
        for (x, y) in [(1472, -200), (2472, 300), (5000, 1500)] as [(Int32, Int32)] {
            #expect(
                matrix.location(x: x, y: y, xAxis: xAxis, yAxis: yAxis)
                    == rotated.location(x: x, y: y, xAxis: xAxis, yAxis: yAxis))
        }
        // A half-size offset calibration.
        let shrink = ScreenMapping(screenSize: screen, calibration: .init(0.5, 0, 0.25, 0, 0.5, 0.25))
        #expect(shrink.location(x: 1472, y: -200, xAxis: xAxis, yAxis: yAxis) == Point(x: 200, y: 100))
    }

    @Test("TOUCH_MAJOR with a resolution becomes millimetres, then points through the position resolution")
    func radiusWithResolution() {
        // A 400 × 200 mm panel (10 units/mm) on an 800 × 400 pt screen: 2 pt/mm.
        let x = AxisInfo(minimum: 0, maximum: 3999, resolution: 10)
        let y = AxisInfo(minimum: 0, maximum: 1999, resolution: 10)
        let size = AxisInfo(minimum: 0, maximum: 255, resolution: 2)  // 2 units per mm
        let mapping = ScreenMapping(screenSize: screen)
        let (radius, tolerance) = mapping.majorRadius(touchMajor: 20, sizeAxis: size, xAxis: x, yAxis: y)
        // 20 units = 10 mm = 20 pt across, so a 10 pt radius; one unit is 1 pt, half of it 0.5 pt.
        #expect(abs(radius - 10) < 1e-9)
        #expect(abs(tolerance - 0.5) < 1e-9)
        // Without a position resolution the screen's points per millimetre apply.
        let noResolution = mapping.majorRadius(touchMajor: 20, sizeAxis: size, xAxis: xAxis, yAxis: yAxis)
        #expect(abs(noResolution.radius - 5 * 163 / 25.4) < 1e-9)
    }
}
