import ArgumentParser
import TactileReplay
import TactileInput

extension JitterFilter: ExpressibleByArgument {}

/// `--jitter-filter` and `--calibration` of replay and live: they override the scene's.
struct InputMappingOptions {
    var jitterFilter: JitterFilter?
    var calibration: String?

    /// `mapping` with the options applied.
    func apply(to mapping: ScreenMapping) throws -> ScreenMapping {
        var mapping = mapping
        if let jitterFilter { mapping.jitterFilter = jitterFilter }
        if let calibration {
            guard let matrix = UdevProperties(["LIBINPUT_CALIBRATION_MATRIX": calibration]).calibrationMatrix else {
                throw ValidationError("--calibration takes six numbers 'a b c d e f', such as '1 0 0 0 1 0' (got '\(calibration)')")
            }
            mapping.calibration = matrix
            mapping.honorsDeviceCalibration = false
        }
        return mapping
    }
}

/// Loads `path` (or the default scene), applies the command line's `--jitter-filter` and `--calibration` to its
/// screen mapping, and builds it.
func buildScene(_ path: String?, applying options: InputMappingOptions) throws -> SceneInstance {
    var scene = try path.map { path throws(SceneError) in try Scene.load(path: path) } ?? Scene.defaultScene()
    scene.screen = try options.apply(to: scene.screen)
    return try scene.instantiate()
}
