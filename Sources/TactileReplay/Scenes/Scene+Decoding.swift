import class Foundation.FileHandle
import class Foundation.FileManager
import struct Foundation.Data
import struct Foundation.ObjCBool
import Tactile
import TactileInput

extension Scene {
    /// Reads and validates a scene file.
    ///
    /// - Throws: ``SceneError`` naming the file, the JSON path and the reason: a syntax error, a missing or
    ///   unsupported `version`, an unknown key, a value of the wrong type or out of range, a duplicate name, or a
    ///   recognizer name in `requireToFail` / `simultaneous` that the scene does not define.
    ///   A file larger than ``maximumFileSize`` is refused before it is read whole.
    public static func load(path: String) throws(SceneError) -> Scene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneError(file: path, path: "", reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw SceneError(file: path, path: "", reason: "is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SceneError(file: path, path: "", reason: "cannot be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // One byte more than the limit tells a file at the limit from a larger one (or an endless device).
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw SceneError(file: path, path: "", reason: "cannot be read: \(error.localizedDescription)")
        }
        return try decode(data, file: path)
    }

    /// The largest magnitude of a number in a scene file: 10⁹. Sizes and positions are points, times seconds, the
    /// calibration's and transforms' coefficients factors; a value beyond this makes no geometric sense (a
    /// calibration coefficient of 5e307), and is refused with its JSON path.
    public static let maximumMagnitude = 1e9

    /// The largest scene file accepted, in bytes (64 MiB: about 500,000 views). Parsing and building are
    /// linear in the size; the limit bounds the memory a hostile file can take.
    public static let maximumFileSize = 64 << 20

    /// Decodes and validates scene JSON; `file` names it in errors.
    ///
    /// - Throws: ``SceneError``, as ``load(path:)``; an unknown key's error has the key's line and column.
    public static func decode(_ data: Data, file: String) throws(SceneError) -> Scene {
        do {
            return try decodeValidated(data, file: file)
        } catch {
            guard let keyPath = error.keyPath, error.line == nil,
                let location = JSONValue.location(ofKey: keyPath, in: data)
            else { throw error }
            var located = error
            located.line = location.line
            located.column = location.column
            throw located
        }
    }

    private static func decodeValidated(_ data: Data, file: String) throws(SceneError) -> Scene {
        guard data.count <= maximumFileSize else {
            throw SceneError(file: file, path: "", reason: "larger than \(maximumFileSize) bytes (the limit for a scene)")
        }
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            if !error.path.isEmpty { throw SceneError(file: file, path: error.path, reason: error.message) }
            throw SceneError(
                file: file, path: "", reason: "not valid JSON: \(error.message)", line: error.line, column: error.column)
        }
        var reader = try JSONObjectReader(root, file: file, path: "")
        guard let version = try reader.optionalNumber("version") else {
            throw reader.missing("version", " (this build reads version \(currentVersion))")
        }
        guard version == Double(currentVersion) else {
            let given = version.rounded() == version && abs(version) < 1e15 ? "\(Int(version))" : "\(version)"
            throw reader.error("version", "unsupported version \(given) (this build reads version \(currentVersion))")
        }
        let title = try reader.optionalString("title")
        guard var windowReader = try reader.optionalObject("window") else { throw reader.missing("window") }
        let windowSize = try decodeSize(&windowReader)
        try windowReader.finish()

        var screen = ScreenMapping(screenSize: windowSize)
        if var screenReader = try reader.optionalObject("screen") {
            screen = try decodeScreen(&screenReader, windowSize: windowSize)
            try screenReader.finish()
        }

        var views: [ViewSpec] = []
        for element in try reader.optionalArray("views") ?? [] {
            views.append(try decodeView(element.value, file: file, path: element.path))
        }

        var pairs: [(pair: SimultaneousPair, path: String)] = []
        for element in try reader.optionalArray("simultaneous") ?? [] {
            guard case .array(let names) = element.value, names.count == 2,
                case .string(let first) = names[0], case .string(let second) = names[1]
            else {
                throw SceneError(
                    file: file, path: element.path, reason: "expected a pair of recognizer names, such as [\"pan\", \"pinch\"]")
            }
            pairs.append((SimultaneousPair(first, second), element.path))
        }
        let deviceScreens = try decodeDeviceScreens(&reader, windowSize: windowSize)
        try reader.finish()

        var scene = Scene(
            file: file, title: title, windowSize: windowSize, screen: screen, views: views,
            simultaneous: pairs.map(\.pair))
        scene.deviceScreens = deviceScreens
        try scene.validateNames(pairPaths: pairs.map(\.path))
        return scene
    }

    // MARK: Parts

    private static func decodeSize(_ reader: inout JSONObjectReader) throws(SceneError) -> Size {
        guard let width = try reader.optionalNumber("width", atLeast: 0, exclusive: true) else {
            throw reader.missing("width")
        }
        guard let height = try reader.optionalNumber("height", atLeast: 0, exclusive: true) else {
            throw reader.missing("height")
        }
        return Size(width: width, height: height)
    }

    static func decodeScreen(_ reader: inout JSONObjectReader, windowSize: Size) throws(SceneError)
        -> ScreenMapping
    {
        var mapping = ScreenMapping(screenSize: windowSize)
        if reader.has("width") || reader.has("height") { mapping.screenSize = try decodeSize(&reader) }
        if let rotation = try reader.optionalInteger("rotation", in: 0...270) {
            guard let value = ScreenMapping.Rotation(rawValue: rotation) else {
                throw reader.error("rotation", "expected 0, 90, 180 or 270, found \(rotation)")
            }
            mapping.rotation = value
        }
        if let elements = try reader.optionalArray("calibration") {
            var numbers: [Double] = []
            for element in elements {
                numbers.append(try JSONObjectReader.number(element.value, file: reader.file, path: element.path))
            }
            guard numbers.count == 6 else {
                throw reader.error(
                    "calibration", "expected six numbers a b c d e f (libinput's order), found \(numbers.count)")
            }
            mapping.calibration = .init(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
            mapping.honorsDeviceCalibration = false
        }
        if let value = reader.value("jitterFilter") {
            mapping.jitterFilter = try decodeJitterFilter(value, reader: reader)
        }
        if let density = try reader.optionalNumber("pointsPerMillimeter", atLeast: 0, exclusive: true) {
            mapping.pointsPerMillimeter = density
        }
        return mapping
    }

    /// `"jitterFilter"`: `"off"`, `"automatic"` or a fuzz in device units (a whole number from 0).
    private static func decodeJitterFilter(_ value: JSONValue, reader: JSONObjectReader) throws(SceneError)
        -> JitterFilter
    {
        switch value {
        case .string(let text):
            if text == "off" { return .off }
            if text == "automatic" { return .automatic }
        case .number(let number):
            if number >= 0, number <= Double(Int32.max), number == number.rounded() { return .fuzz(Int32(number)) }
        default:
            break
        }
        throw reader.error(
            "jitterFilter", "expected \"off\", \"automatic\" or a fuzz in device units (a whole number from 0)")
    }

    private static func decodeRect(_ reader: inout JSONObjectReader) throws(SceneError) -> Rect {
        let x = try reader.optionalNumber("x") ?? 0
        let y = try reader.optionalNumber("y") ?? 0
        guard let width = try reader.optionalNumber("width", atLeast: 0) else { throw reader.missing("width") }
        guard let height = try reader.optionalNumber("height", atLeast: 0) else {
            throw reader.missing("height")
        }
        try reader.finish()
        return Rect(x: x, y: y, width: width, height: height)
    }

    private static func decodePoint(_ reader: inout JSONObjectReader) throws(SceneError) -> Point {
        let point = Point(x: try reader.number("x"), y: try reader.number("y"))
        try reader.finish()
        return point
    }

    /// `{"matrix": [a, b, c, d, tx, ty]}`, or any of `scale` (a number or `{"x", "y"}`), `rotation` (degrees,
    /// clockwise on screen since y grows downward) and `translation` (`{"x", "y"}`), applied in that order.
    private static func decodeTransform(_ reader: inout JSONObjectReader) throws(SceneError) -> AffineTransform {
        if let elements = try reader.optionalArray("matrix") {
            var numbers: [Double] = []
            for element in elements {
                guard case .number = element.value else { continue }
                numbers.append(try JSONObjectReader.number(element.value, file: reader.file, path: element.path))
            }
            guard numbers.count == 6, elements.count == 6 else {
                throw reader.error("matrix", "expected six numbers a b c d tx ty")
            }
            for key in ["scale", "rotation", "translation"] where reader.has(key) {
                throw reader.error(key, "cannot be combined with \"matrix\"")
            }
            try reader.finish()
            return AffineTransform(
                a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
        }
        var transform = AffineTransform.identity
        if let value = reader.value("scale") {
            switch value {
            case .number:
                let scale = try JSONObjectReader.number(value, file: reader.file, path: reader.path(of: "scale"))
                transform = AffineTransform(scaleX: scale, y: scale)
            case .object:
                var scaleReader = try JSONObjectReader(value, file: reader.file, path: reader.path(of: "scale"))
                let scale = try decodePoint(&scaleReader)
                transform = AffineTransform(scaleX: scale.x, y: scale.y)
            default:
                throw reader.error("scale", "expected a number or {\"x\", \"y\"}, found \(value.kindName)")
            }
        }
        if let degrees = try reader.optionalNumber("rotation") {
            transform = transform.concatenating(AffineTransform(rotationAngle: degrees * .pi / 180))
        }
        if var translationReader = try reader.optionalObject("translation") {
            let translation = try decodePoint(&translationReader)
            transform = transform.concatenating(AffineTransform(translationX: translation.x, y: translation.y))
        }
        try reader.finish()
        return transform
    }

    private static func decodeView(_ value: JSONValue, file: String, path: String) throws(SceneError) -> ViewSpec {
        var reader = try JSONObjectReader(value, file: file, path: path)
        let name = try reader.optionalString("name")
        let kindName = try reader.optionalString("kind") ?? "view"

        let geometry: Geometry
        if var frameReader = try reader.optionalObject("frame") {
            for key in ["bounds", "center", "transform"] where reader.has(key) {
                throw reader.error(key, "cannot be combined with \"frame\" (give a frame, or bounds/center/transform)")
            }
            geometry = .frame(try decodeRect(&frameReader))
        } else if var boundsReader = try reader.optionalObject("bounds") {
            let bounds = try decodeRect(&boundsReader)
            guard var centerReader = try reader.optionalObject("center") else {
                throw reader.missing("center", " (a view placed by bounds needs a center)")
            }
            let center = try decodePoint(&centerReader)
            var transform = AffineTransform.identity
            if var transformReader = try reader.optionalObject("transform") {
                transform = try decodeTransform(&transformReader)
                // A singular transform flattens the view to a line or a point: it could never be hit (UIKit
                // would not hit it either) — almost certainly a mistake in the file.
                guard transform.inverted != nil else {
                    throw reader.error(
                        "transform",
                        "the transform cannot be inverted (determinant \(transform.determinant)): the view could never be touched")
                }
            }
            geometry = .layout(bounds: bounds, center: center, transform: transform)
        } else {
            throw reader.missing("frame", " (or \"bounds\" and \"center\")")
        }

        var flags = Flags()
        flags.isHidden = try reader.optionalBool("hidden") ?? false
        if let alpha = try reader.optionalNumber("alpha") {
            guard (0...1).contains(alpha) else { throw reader.error("alpha", "expected a number from 0 to 1, found \(alpha)") }
            flags.alpha = alpha
        }
        flags.isUserInteractionEnabled = try reader.optionalBool("userInteractionEnabled") ?? true
        flags.isMultipleTouchEnabled = try reader.optionalBool("multipleTouchEnabled") ?? false
        flags.isExclusiveTouch = try reader.optionalBool("exclusiveTouch") ?? false
        // UIScrollView clips to its bounds by default; other views do not.
        flags.clipsToBounds = try reader.optionalBool("clipsToBounds") ?? (kindName == "scrollView")

        let kind: ViewKind
        switch kindName {
        case "view":
            kind = .view(handlesTouches: try reader.optionalBool("handlesTouches") ?? false)
        case "control", "button":
            kind = .control(isEnabled: try reader.optionalBool("enabled") ?? true)
        case "scrollView":
            var spec = ScrollViewSpec()
            if var sizeReader = try reader.optionalObject("contentSize") {
                spec.contentSize = try decodeSize(&sizeReader)
                try sizeReader.finish()
            }
            if var offsetReader = try reader.optionalObject("contentOffset") {
                spec.contentOffset = try decodePoint(&offsetReader)
            }
            spec.delaysContentTouches = try reader.optionalBool("delaysContentTouches") ?? true
            spec.canCancelContentTouches = try reader.optionalBool("canCancelContentTouches") ?? true
            try decodeScrolling(&reader, into: &spec)
            kind = .scrollView(spec)
        default:
            throw reader.error(
                "kind", "unknown view kind \"\(kindName)\" (expected \"view\", \"control\", \"button\" or \"scrollView\")")
        }

        var subviews: [ViewSpec] = []
        for element in try reader.optionalArray("subviews") ?? [] {
            subviews.append(try decodeView(element.value, file: file, path: element.path))
        }
        if case .scrollView(let spec) = kind, let zoomView = spec.zoomView,
            !subviews.contains(where: { $0.name == zoomView })
        {
            throw reader.error("zoomView", "\"\(zoomView)\" is not a subview of this scroll view")
        }
        var recognizers: [RecognizerSpec] = []
        for element in try reader.optionalArray("recognizers") ?? [] {
            recognizers.append(try decodeRecognizer(element.value, file: file, path: element.path))
        }
        try reader.finish()
        return ViewSpec(
            name: name, kind: kind, geometry: geometry, flags: flags, subviews: subviews, recognizers: recognizers,
            path: path)
    }

    /// The longest duration a scene may give (seconds): a million seconds, 11.6 days — beyond any gesture, and
    /// far from the limit of ``Tactile/Timestamp``'s nanoseconds.
    static let maximumDuration: Double = 1_000_000

    /// Reads a recognizer: its kind's own keys as the table of kinds (`kinds`, ``recognizerKinds`` but in tests)
    /// reads them, then the keys every kind has.
    static func decodeRecognizer(
        _ value: JSONValue, file: String, path: String, kinds: [any SceneRecognizerKind.Type] = recognizerKinds
    ) throws(SceneError) -> RecognizerSpec {
        var reader = try JSONObjectReader(value, file: file, path: path)
        let name = try reader.optionalString("name")
        let names = kinds.map { $0.name }.joined(separator: ", ")
        guard let kindName = try reader.optionalString("kind") else {
            throw reader.missing("kind", " (one of \(names))")
        }
        guard let kindType = kinds.first(where: { $0.name == kindName }) else {
            throw reader.error("kind", "unknown recognizer kind \"\(kindName)\" (expected one of \(names))")
        }
        let kind = RecognizerKind(try kindType.read(from: &reader))
        var spec = RecognizerSpec(name: name, kind: kind, path: path)
        spec.cancelsTouchesInView = try reader.optionalBool("cancelsTouchesInView") ?? true
        spec.delaysTouchesBegan = try reader.optionalBool("delaysTouchesBegan") ?? false
        spec.delaysTouchesEnded = try reader.optionalBool("delaysTouchesEnded") ?? true
        spec.isEnabled = try reader.optionalBool("enabled") ?? true
        spec.requireToFail = try reader.optionalStrings("requireToFail") ?? []
        try reader.finish()
        return spec
    }

    // MARK: Names

    /// Checks that view and recognizer names are unique and that every name a requirement or a pair mentions
    /// exists.
    private func validateNames(pairPaths: [String]) throws(SceneError) {
        var viewNames: [String: String] = [:]
        for view in allViews {
            guard let name = view.name else { continue }
            if let earlier = viewNames[name] {
                throw SceneError(file: file, path: view.path + ".name", reason: "the view name \"\(name)\" is already used at \(earlier)")
            }
            viewNames[name] = view.path
        }
        var recognizerNames: [String: String] = [:]
        for (_, recognizer) in allRecognizers {
            guard let name = recognizer.name else { continue }
            if let earlier = recognizerNames[name] {
                throw SceneError(
                    file: file, path: recognizer.path + ".name", reason: "the recognizer name \"\(name)\" is already used at \(earlier)")
            }
            recognizerNames[name] = recognizer.path
        }
        func check(_ name: String, path: String) throws(SceneError) {
            guard recognizerNames[name] == nil else { return }
            var reason = "no recognizer named \"\(name)\""
            if viewNames[name] != nil { reason += " (\"\(name)\" is a view; name one of its recognizers)" }
            let known = recognizerNames.keys.sorted()
            reason += known.isEmpty ? "; the scene names no recognizers" : "; known: \(known.joined(separator: ", "))"
            throw SceneError(file: file, path: path, reason: reason)
        }
        for (_, recognizer) in allRecognizers {
            for (index, name) in recognizer.requireToFail.enumerated() {
                try check(name, path: "\(recognizer.path).requireToFail[\(index)]")
                if name == recognizer.name {
                    throw SceneError(
                        file: file, path: "\(recognizer.path).requireToFail[\(index)]",
                        reason: "a recognizer cannot require itself to fail")
                }
            }
        }
        for (pair, path) in zip(simultaneous, pairPaths) {
            try check(pair.first, path: path + "[0]")
            try check(pair.second, path: path + "[1]")
        }
    }
}

extension Scene {
    /// The scroll view's scrolling and zooming keys (UIScrollView's names; `"pagingEnabled"`,
    /// `"directionalLockEnabled"` without UIKit's `is`).
    static func decodeScrolling(_ reader: inout JSONObjectReader, into spec: inout ScrollViewSpec) throws(SceneError) {
        spec.bounces = try reader.optionalBool("bounces") ?? true
        spec.alwaysBounceVertical = try reader.optionalBool("alwaysBounceVertical") ?? false
        spec.alwaysBounceHorizontal = try reader.optionalBool("alwaysBounceHorizontal") ?? false
        spec.isPagingEnabled = try reader.optionalBool("pagingEnabled") ?? false
        spec.isDirectionalLockEnabled = try reader.optionalBool("directionalLockEnabled") ?? false
        if let rate = try? reader.optionalNumber("decelerationRate") {
            guard rate > 0, rate < 1 else {
                throw reader.error("decelerationRate", "expected a number between 0 and 1 (exclusive), found \(rate)")
            }
            spec.decelerationRate = rate
        } else if let rate = try reader.optionalChoice("decelerationRate", ["normal": 0.998, "fast": 0.99]) {
            spec.decelerationRate = rate
        }
        spec.minimumZoomScale = try reader.optionalNumber("minimumZoomScale", atLeast: 0, exclusive: true) ?? 1
        spec.maximumZoomScale = try reader.optionalNumber("maximumZoomScale", atLeast: 0, exclusive: true) ?? 1
        if spec.maximumZoomScale < spec.minimumZoomScale {
            throw reader.error("maximumZoomScale", "is smaller than minimumZoomScale")
        }
        spec.bouncesZoom = try reader.optionalBool("bouncesZoom") ?? true
        spec.zoomView = try reader.optionalString("zoomView")
    }
}
