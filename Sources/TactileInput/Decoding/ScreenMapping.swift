import Tactile

/// How device coordinates become screen points (spec §1.3): axis ranges, a calibration matrix, the panel's
/// rotation and the screen size.
///
/// A device value `v` on an axis with range `min...max` is first normalized to `(v − min) / (max − min + 1)`
/// (0 at the first device unit, just under 1 at the last; values outside the range are not clamped, as the
/// kernel does not clamp them either). The normalized point then goes through ``calibration`` (libinput's
/// `LIBINPUT_CALIBRATION_MATRIX` convention: the top two rows of a 3×3 matrix applied to normalized
/// coordinates), then through ``rotation``, and is finally scaled to ``screenSize``.
public struct ScreenMapping: Hashable, Sendable {
    /// How the panel is mounted relative to the screen, in clockwise quarter turns.
    public enum Rotation: Int, Hashable, Sendable, CaseIterable {
        /// The panel's top-left is the screen's top-left.
        case none = 0
        /// A quarter turn clockwise: normalized `(x, y)` becomes `(1 − y, x)` (libinput's 90° matrix).
        case clockwise90 = 90
        /// A half turn: `(x, y)` becomes `(1 − x, 1 − y)`.
        case upsideDown = 180
        /// Three quarter turns clockwise: `(x, y)` becomes `(y, 1 − x)`.
        case clockwise270 = 270
    }

    /// A libinput-style calibration matrix: the top two rows `[a b c; d e f]` of a 3×3 matrix whose last row
    /// is `[0 0 1]`, applied to normalized coordinates (`x' = a·x + b·y + c`, `y' = d·x + e·y + f`).
    public struct CalibrationMatrix: Hashable, Sendable {
        /// The six coefficients `a b c d e f`, in libinput's order.
        public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

        /// Creates a matrix from its six coefficients in libinput's order.
        @inlinable
        public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
            self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
        }

        /// The matrix that changes nothing, `1 0 0 0 1 0`.
        public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

        /// The matrix applied to a normalized point.
        @inlinable
        public func apply(to point: Point) -> Point {
            Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
        }
    }

    /// The size of the screen in points. Default: 1280 × 800.
    public var screenSize: Size
    /// Where the device's area starts on the screen, in points: the surface maps onto the rectangle of
    /// ``screenSize`` at this origin (one of several touchscreens, each on its own part of the screen).
    /// Default: the screen's origin.
    public var origin: Point
    /// How the panel is rotated relative to the screen. Default: ``Rotation/none``.
    public var rotation: Rotation
    /// The calibration applied to normalized coordinates before the rotation. Default: identity.
    public var calibration: CalibrationMatrix
    /// Points per millimetre on the screen, used for contact sizes when the device gives a resolution for its
    /// size axis but not for its position axes. Default: 163 / 25.4 (a 163 ppi screen).
    public var pointsPerMillimeter: Double
    /// How positions are held against the digitizer's jitter. Default: ``JitterFilter/automatic``.
    public var jitterFilter: JitterFilter
    /// Whether a calibration from the device's udev properties (`LIBINPUT_CALIBRATION_MATRIX`, see
    /// ``UdevProperties/calibrationMatrix``) replaces ``calibration``, as libinput applies it. Default `true`; a
    /// scene or command line that sets a calibration sets it to `false`, so its own calibration wins.
    public var honorsDeviceCalibration: Bool

    /// Creates a mapping.
    public init(
        screenSize: Size = Size(width: 1280, height: 800),
        rotation: Rotation = .none,
        calibration: CalibrationMatrix = .identity,
        pointsPerMillimeter: Double = 163 / 25.4,
        jitterFilter: JitterFilter = .automatic,
        honorsDeviceCalibration: Bool = true,
        origin: Point = .zero
    ) {
        self.screenSize = screenSize
        self.origin = origin
        self.rotation = rotation
        self.calibration = calibration
        self.pointsPerMillimeter = pointsPerMillimeter
        self.jitterFilter = jitterFilter
        self.honorsDeviceCalibration = honorsDeviceCalibration
    }

    /// The mapping for a device with these udev properties: ``calibration`` replaced by
    /// `LIBINPUT_CALIBRATION_MATRIX` when the device has a valid one and ``honorsDeviceCalibration`` is true.
    public func applying(_ udev: UdevProperties) -> ScreenMapping {
        guard honorsDeviceCalibration, let matrix = udev.calibrationMatrix else { return self }
        var mapping = self
        mapping.calibration = matrix
        return mapping
    }

    /// The screen point for the device position `(x, y)` on axes with the given ranges.
    public func location(x: Int32, y: Int32, xAxis: AxisInfo, yAxis: AxisInfo) -> Point {
        let normalized = Point(
            x: (Double(x) - Double(xAxis.minimum)) / xAxis.span,
            y: (Double(y) - Double(yAxis.minimum)) / yAxis.span)
        return location(calibratedNormalized: calibration.apply(to: normalized))
    }

    /// The screen point for a position already normalized to 0…1 across the device's surface and calibrated —
    /// libinput's `libinput_event_touch_get_x_transformed(event, 1)` and `…_y_transformed(event, 1)`: the
    /// rotation, origin and screen size applied, not ``calibration`` (libinput applied the device's).
    public func location(calibratedNormalized calibrated: Point) -> Point {
        let rotated: Point =
            switch rotation {
            case .none: calibrated
            case .clockwise90: Point(x: 1 - calibrated.y, y: calibrated.x)
            case .upsideDown: Point(x: 1 - calibrated.x, y: 1 - calibrated.y)
            case .clockwise270: Point(x: calibrated.y, y: 1 - calibrated.x)
            }
        return Point(x: origin.x + rotated.x * screenSize.width, y: origin.y + rotated.y * screenSize.height)
    }

    /// Points per device unit along the screen's axes, averaged over x and y (geometric mean), for sizes that
    /// the device reports in surface units.
    public func pointsPerDeviceUnit(xAxis: AxisInfo, yAxis: AxisInfo) -> Double {
        let (widthAxis, heightAxis) =
            switch rotation {
            case .none, .upsideDown: (xAxis, yAxis)
            case .clockwise90, .clockwise270: (yAxis, xAxis)
            }
        return (screenSize.width / widthAxis.span * screenSize.height / heightAxis.span).squareRoot()
    }

    /// The radius of a contact's major axis in points, and its tolerance, from a `TOUCH_MAJOR` value.
    ///
    /// The radius is half the major axis (spec §1.3). With a resolution on the size axis the value is turned
    /// into millimetres, then into points with the position axes' resolution (or ``pointsPerMillimeter`` when
    /// the position axes have none). Without one, the value is taken to be in surface units (the kernel's
    /// rule) and scaled like positions. The tolerance is half of one unit of the size axis, in points.
    public func majorRadius(
        touchMajor: Int32, sizeAxis: AxisInfo, xAxis: AxisInfo, yAxis: AxisInfo
    ) -> (radius: Double, tolerance: Double) {
        Self.majorRadius(
            touchMajor: touchMajor, pointsPerUnit: pointsPerSizeUnit(sizeAxis: sizeAxis, xAxis: xAxis, yAxis: yAxis))
    }

    /// Points per unit of the size axis (``majorRadius(touchMajor:sizeAxis:xAxis:yAxis:)``): fixed for a device,
    /// so a decoder computes it once.
    func pointsPerSizeUnit(sizeAxis: AxisInfo, xAxis: AxisInfo, yAxis: AxisInfo) -> Double {
        guard sizeAxis.resolution > 0 else { return pointsPerDeviceUnit(xAxis: xAxis, yAxis: yAxis) }
        let pointsPerMillimeter: Double
        if xAxis.resolution > 0 && yAxis.resolution > 0 {
            let perUnit = pointsPerDeviceUnit(xAxis: xAxis, yAxis: yAxis)
            pointsPerMillimeter = perUnit * (Double(xAxis.resolution) * Double(yAxis.resolution)).squareRoot()
        } else {
            pointsPerMillimeter = self.pointsPerMillimeter
        }
        return pointsPerMillimeter / Double(sizeAxis.resolution)
    }

    /// The radius of a contact's major axis and its tolerance, in points, given
    /// ``pointsPerSizeUnit(sizeAxis:xAxis:yAxis:)``.
    static func majorRadius(touchMajor: Int32, pointsPerUnit: Double) -> (radius: Double, tolerance: Double) {
        (Double(max(touchMajor, 0)) / 2 * pointsPerUnit, pointsPerUnit / 2)
    }
}
