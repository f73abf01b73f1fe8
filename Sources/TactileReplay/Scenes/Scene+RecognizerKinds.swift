import Tactile

// The one table of the recognizer kinds a scene file can name. Each kind is a value type here — its scene-file
// name, how its own keys are read, the recognizer it makes, and the values the replay log shows for it — and one
// entry of `Scene.recognizerKinds`. Adding a kind is adding both, in this file: decoding, the error that lists
// the kinds, building and the log's values all read the table.

extension Scene {
    /// Every recognizer kind of the scene format, in the order error messages list them (and the log's values
    /// are looked up: the first kind that knows a recognizer gives its values).
    static let recognizerKinds: [any SceneRecognizerKind.Type] = [
        TapKind.self, LongPressKind.self, PanKind.self, ScreenEdgePanKind.self, SwipeKind.self, PinchKind.self,
        RotationKind.self,
    ]

    /// A recognizer kind with its properties, as a scene file gives it (`{"kind": "tap", "taps": 2}`): one of the
    /// scene format's table of kinds, built with the static members (`.tap(taps: 2)`) or decoded from a file.
    public struct RecognizerKind: Hashable, Sendable, CustomStringConvertible {
        /// The kind and its properties.
        let properties: any SceneRecognizerKind

        init(_ properties: any SceneRecognizerKind) {
            self.properties = properties
        }

        /// The kind's name in scene files (`"longPress"`).
        public var name: String { type(of: properties).name }

        /// The kind as the static member that makes it spells it, with every property: `tap(taps: 2, touches: 1)`,
        /// `pinch`; a property left out of the scene file (`nil`) is not shown.
        public var description: String {
            let properties = Mirror(reflecting: properties).children.compactMap { child -> String? in
                let value = Mirror(reflecting: child.value)
                guard value.displayStyle == .optional else { return "\(child.label ?? "_"): \(child.value)" }
                return value.children.first.map { "\(child.label ?? "_"): \($0.value)" }
            }
            return properties.isEmpty ? name : "\(name)(\(properties.joined(separator: ", ")))"
        }

        /// Creates the recognizer with the kind's properties (not named, not attached).
        @MainActor func makeRecognizer() -> GestureRecognizer { properties.makeRecognizer() }

        public static func == (lhs: RecognizerKind, rhs: RecognizerKind) -> Bool {
            AnyHashable(lhs.properties) == AnyHashable(rhs.properties)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(properties)) }

        /// `UITapGestureRecognizer`: `numberOfTapsRequired` (default 1), `numberOfTouchesRequired` (default 1).
        public static func tap(taps: Int = 1, touches: Int = 1) -> RecognizerKind {
            RecognizerKind(TapKind(taps: taps, touches: touches))
        }

        /// `UILongPressGestureRecognizer`: `minimumPressDuration` (default 0.5 s), `allowableMovement`
        /// (default 10 pt), `numberOfTapsRequired` (default 0), `numberOfTouchesRequired` (default 1).
        public static func longPress(
            minimumPressDuration: Duration = .milliseconds(500), allowableMovement: Double = 10, taps: Int = 0,
            touches: Int = 1
        ) -> RecognizerKind {
            RecognizerKind(LongPressKind(
                minimumPressDuration: minimumPressDuration, allowableMovement: allowableMovement, taps: taps,
                touches: touches))
        }

        /// `UIPanGestureRecognizer`: `minimumNumberOfTouches` (default 1), `maximumNumberOfTouches` (default
        /// unlimited, `Int.max`).
        public static func pan(minimumTouches: Int = 1, maximumTouches: Int = .max) -> RecognizerKind {
            RecognizerKind(PanKind(minimumTouches: minimumTouches, maximumTouches: maximumTouches))
        }

        /// `UIScreenEdgePanGestureRecognizer`: the screen edges it starts from.
        public static func screenEdgePan(edges: RectEdge) -> RecognizerKind {
            RecognizerKind(ScreenEdgePanKind(edges: edges))
        }

        /// `UISwipeGestureRecognizer`: `direction` (default right), `numberOfTouchesRequired` (default 1), and
        /// thresholds when not UIKit's (50 pt within 0.5 s; scene files do not set them: the default scene's swipe
        /// is a long fast flick).
        public static func swipe(
            direction: SwipeDirection = .right, touches: Int = 1, thresholds: SwipeThresholds? = nil
        ) -> RecognizerKind {
            RecognizerKind(SwipeKind(direction: direction, touches: touches, thresholds: thresholds))
        }

        /// `UIPinchGestureRecognizer`.
        public static var pinch: RecognizerKind { RecognizerKind(PinchKind()) }

        /// `UIRotationGestureRecognizer`.
        public static var rotation: RecognizerKind { RecognizerKind(RotationKind()) }
    }
}

/// One kind of the scene format's table (``Scene/recognizerKinds``).
protocol SceneRecognizerKind: Hashable, Sendable {
    /// The kind's name in scene files, the value of a recognizer's `"kind"`.
    static var name: String { get }

    /// Reads the kind's own keys from a recognizer's object, with their defaults; the keys every kind has
    /// (`name`, `enabled`, `requireToFail`, …) are read by the caller, which rejects unknown keys afterwards.
    ///
    /// - Throws: ``SceneError`` naming the key, for a value of the wrong type or out of range.
    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> Self

    /// Creates the recognizer with the kind's properties (not named, not attached).
    @MainActor func makeRecognizer() -> GestureRecognizer

    /// The values the replay log shows for `recognizer` (``ReplayRecording/values(of:)``), or `nil` when it is
    /// not of this kind or the kind shows none (the default).
    @MainActor static func values(of recognizer: GestureRecognizer) -> String?
}

extension SceneRecognizerKind {
    @MainActor static func values(of recognizer: GestureRecognizer) -> String? { nil }
}

struct TapKind: SceneRecognizerKind {
    static let name = "tap"
    var taps: Int
    var touches: Int

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> TapKind {
        TapKind(
            taps: try reader.optionalInteger("taps", in: 1...100) ?? 1,
            touches: try reader.optionalInteger("touches", in: 1...20) ?? 1)
    }

    @MainActor func makeRecognizer() -> GestureRecognizer {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        return tap
    }
}

struct LongPressKind: SceneRecognizerKind {
    static let name = "longPress"
    var minimumPressDuration: Duration
    var allowableMovement: Double
    var taps: Int
    var touches: Int

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> LongPressKind {
        let seconds = try reader.optionalNumber("minimumPressDuration", atLeast: 0) ?? 0.5
        guard seconds <= Scene.maximumDuration else {
            throw reader.error(
                "minimumPressDuration", "expected at most \(Int(Scene.maximumDuration)) seconds, found \(seconds)")
        }
        return LongPressKind(
            minimumPressDuration: .nanoseconds(Int64((seconds * 1e9).rounded())),
            allowableMovement: try reader.optionalNumber("allowableMovement", atLeast: 0) ?? 10,
            taps: try reader.optionalInteger("taps", in: 0...100) ?? 0,
            touches: try reader.optionalInteger("touches", in: 1...20) ?? 1)
    }

    @MainActor func makeRecognizer() -> GestureRecognizer {
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = minimumPressDuration
        press.allowableMovement = allowableMovement
        press.numberOfTapsRequired = taps
        press.numberOfTouchesRequired = touches
        return press
    }
}

struct PanKind: SceneRecognizerKind {
    static let name = "pan"
    var minimumTouches: Int
    var maximumTouches: Int

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> PanKind {
        let minimum = try reader.optionalInteger("minimumTouches", in: 1...20) ?? 1
        let maximum = try reader.optionalInteger("maximumTouches", in: 1...20) ?? Int.max
        guard minimum <= maximum else {
            throw reader.error("maximumTouches", "is below minimumTouches (\(maximum) < \(minimum))")
        }
        return PanKind(minimumTouches: minimum, maximumTouches: maximum)
    }

    @MainActor func makeRecognizer() -> GestureRecognizer {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = minimumTouches
        pan.maximumNumberOfTouches = maximumTouches
        return pan
    }

    /// Translation and velocity in window points (`Δ(120,-4) v(850,10)`, velocity in points per second), for
    /// every pan: screen-edge pans and scroll views' pans too.
    @MainActor static func values(of recognizer: GestureRecognizer) -> String? {
        guard let pan = recognizer as? PanGestureRecognizer else { return nil }
        func whole(_ value: Double) -> String {
            value.magnitude < JSONField.exactWholeNumbers ? String(Int(value.rounded())) : "\(value)"
        }
        let translation = pan.translation(in: nil), velocity = pan.velocity(in: nil)
        return "Δ(\(whole(translation.x)),\(whole(translation.y))) v(\(whole(velocity.x)),\(whole(velocity.y)))"
    }
}

struct ScreenEdgePanKind: SceneRecognizerKind {
    static let name = "screenEdgePan"
    var edges: RectEdge

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> ScreenEdgePanKind {
        guard let names = try reader.optionalStrings("edges") else {
            throw reader.missing("edges", " (for example [\"left\"])")
        }
        var edges: RectEdge = []
        for (index, edgeName) in names.enumerated() {
            switch edgeName {
            case "top": edges.insert(.top)
            case "left": edges.insert(.left)
            case "bottom": edges.insert(.bottom)
            case "right": edges.insert(.right)
            case "all": edges.formUnion(.all)
            default:
                throw SceneError(
                    file: reader.file, path: "\(reader.path(of: "edges"))[\(index)]",
                    reason: "unknown edge \"\(edgeName)\" (expected top, left, bottom, right or all)")
            }
        }
        return ScreenEdgePanKind(edges: edges)
    }

    @MainActor func makeRecognizer() -> GestureRecognizer {
        let edgePan = ScreenEdgePanGestureRecognizer()
        edgePan.edges = edges
        return edgePan
    }
}

struct SwipeKind: SceneRecognizerKind {
    static let name = "swipe"
    var direction: SwipeDirection
    var touches: Int
    var thresholds: Scene.SwipeThresholds?

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> SwipeKind {
        var names = try reader.optionalStrings("directions") ?? []
        if let single = try reader.optionalString("direction") { names.append(single) }
        var direction: SwipeDirection = []
        for directionName in names {
            switch directionName {
            case "right": direction.insert(.right)
            case "left": direction.insert(.left)
            case "up": direction.insert(.up)
            case "down": direction.insert(.down)
            default:
                throw reader.error(
                    "direction", "unknown direction \"\(directionName)\" (expected right, left, up or down)")
            }
        }
        return SwipeKind(
            direction: direction.isEmpty ? .right : direction,
            touches: try reader.optionalInteger("touches", in: 1...20) ?? 1, thresholds: nil)
    }

    @MainActor func makeRecognizer() -> GestureRecognizer {
        let swipe = SwipeGestureRecognizer()
        swipe.direction = direction
        swipe.numberOfTouchesRequired = touches
        if let thresholds {
            swipe.minimumPrimaryMovement = thresholds.minimumPrimaryMovement
            swipe.maximumDuration = thresholds.maximumDuration
        }
        return swipe
    }
}

struct PinchKind: SceneRecognizerKind {
    static let name = "pinch"

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> PinchKind { PinchKind() }

    @MainActor func makeRecognizer() -> GestureRecognizer { PinchGestureRecognizer() }

    /// `scale` to two decimals (`×1.35`), for every pinch: scroll views' zooming pinches too.
    @MainActor static func values(of recognizer: GestureRecognizer) -> String? {
        guard let pinch = recognizer as? PinchGestureRecognizer else { return nil }
        guard (pinch.scale * 100).magnitude < JSONField.exactWholeNumbers else {
            return pinch.scale.isFinite ? "×\(pinch.scale)" : nil
        }
        let hundredths = Int((pinch.scale * 100).rounded())
        let cents = hundredths % 100
        return "×\(hundredths / 100).\(cents >= 0 && cents < 10 ? "0" : "")\(cents)"
    }
}

struct RotationKind: SceneRecognizerKind {
    static let name = "rotation"

    static func read(from reader: inout JSONObjectReader) throws(SceneError) -> RotationKind { RotationKind() }

    @MainActor func makeRecognizer() -> GestureRecognizer { RotationGestureRecognizer() }

    /// `rotation` in degrees to one decimal (`37.2°`).
    @MainActor static func values(of recognizer: GestureRecognizer) -> String? {
        guard let rotation = recognizer as? RotationGestureRecognizer, rotation.rotation.isFinite else { return nil }
        return "\(ReplayLogPrinter.oneDecimal(rotation.rotation * 180 / .pi))°"
    }
}
