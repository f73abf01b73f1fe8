import TactileInput

extension ScreenMapping {
    /// The mapping with a jitter filter and a calibration matrix given for one run (`--jitter-filter`,
    /// `--calibration`), which take the place of the scene's and udev's; `nil` leaves that part as it is.
    ///
    /// - Parameters:
    ///   - jitterFilter: how positions are held against jitter.
    ///   - calibration: libinput's six numbers `a b c d e f`, as `LIBINPUT_CALIBRATION_MATRIX` writes them.
    /// - Returns: `nil` when `calibration` is not six numbers, each within ±``Scene/maximumMagnitude``.
    public func overriding(jitterFilter: JitterFilter?, calibration: String?) -> ScreenMapping? {
        var mapping = self
        if let jitterFilter { mapping.jitterFilter = jitterFilter }
        if let calibration {
            guard let matrix = UdevProperties(["LIBINPUT_CALIBRATION_MATRIX": calibration]).calibrationMatrix,
                [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f].allSatisfy({
                    $0.magnitude <= Scene.maximumMagnitude
                })
            else { return nil }
            mapping.calibration = matrix
            mapping.honorsDeviceCalibration = false
        }
        return mapping
    }
}

extension Scene {
    /// The scene file at `path` (`nil`: ``defaultScene(screenSize:)``) with a jitter filter and a calibration matrix
    /// given for one run (`--jitter-filter`, `--calibration`; `ScreenMapping.overriding(jitterFilter:calibration:)`).
    ///
    /// - Throws: `SceneError` when the file cannot be read or is not a scene; ``OptionError`` when `calibration` is
    ///   not six numbers, each within ±``maximumMagnitude``.
    public static func load(_ path: String?, jitterFilter: JitterFilter?, calibration: String?) throws -> Scene {
        var scene = try path.map { path throws(SceneError) in try load(path: path) } ?? defaultScene()
        guard let mapping = scene.screen.overriding(jitterFilter: jitterFilter, calibration: calibration) else {
            throw OptionError(
                "--calibration takes six numbers 'a b c d e f' within ±1000000000, such as '1 0 0 0 1 0' "
                    + "(got '\(calibration ?? "")')")
        }
        scene.screen = mapping
        return scene
    }
}
