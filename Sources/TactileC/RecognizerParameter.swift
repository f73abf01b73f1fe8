import CTactileAPI
import Tactile

/// One UIKit property of a recognizer, named by a `tactile_parameter`, read and written as a `double`: durations
/// in seconds, counts as whole numbers, booleans as 0 or 1, edges and directions as their bit masks.
@MainActor
struct RecognizerParameter {
    private enum Value {
        case flag(ReferenceWritableKeyPath<GestureRecognizer, Bool>)
        case count(get: () -> Int, set: (Int) -> Void, minimum: Int)
        case distance(get: () -> Double, set: (Double) -> Void)
        case duration(get: () -> Duration, set: (Duration) -> Void)
        case mask(get: () -> Int, set: (Int) -> Void, allowsEmpty: Bool)
        /// Any finite number (a scale, an angle).
        case number(get: () -> Double, set: (Double) -> Void, positive: Bool)
    }

    private let name: String
    private let recognizer: GestureRecognizer
    private let value: Value

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    init(_ parameter: tactile_parameter, of recognizer: GestureRecognizer) throws(APIError) {
        self.recognizer = recognizer
        let tap = recognizer as? TapGestureRecognizer
        let press = recognizer as? LongPressGestureRecognizer
        let pan = recognizer as? PanGestureRecognizer
        let edgePan = recognizer as? ScreenEdgePanGestureRecognizer
        let swipe = recognizer as? SwipeGestureRecognizer
        let pinch = recognizer as? PinchGestureRecognizer
        let rotation = recognizer as? RotationGestureRecognizer
        var found: (String, Value)?
        switch parameter {
        case TACTILE_PARAM_ENABLED: found = ("TACTILE_PARAM_ENABLED", .flag(\.isEnabled))
        case TACTILE_PARAM_CANCELS_TOUCHES_IN_VIEW:
            found = ("TACTILE_PARAM_CANCELS_TOUCHES_IN_VIEW", .flag(\.cancelsTouchesInView))
        case TACTILE_PARAM_DELAYS_TOUCHES_BEGAN: found = ("TACTILE_PARAM_DELAYS_TOUCHES_BEGAN", .flag(\.delaysTouchesBegan))
        case TACTILE_PARAM_DELAYS_TOUCHES_ENDED: found = ("TACTILE_PARAM_DELAYS_TOUCHES_ENDED", .flag(\.delaysTouchesEnded))
        case TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED:
            if let tap {
                found = ("TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED",
                    .count(get: { tap.numberOfTapsRequired },
                        set: { tap.numberOfTapsRequired = $0 }, minimum: 1))
            } else if let press {
                found = ("TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED",
                    .count(get: { press.numberOfTapsRequired },
                        set: { press.numberOfTapsRequired = $0 }, minimum: 0))
            }
        case TACTILE_PARAM_NUMBER_OF_TOUCHES_REQUIRED:
            if let tap {
                found = ("TACTILE_PARAM_NUMBER_OF_TOUCHES_REQUIRED",
                    .count(get: { tap.numberOfTouchesRequired },
                        set: { tap.numberOfTouchesRequired = $0 }, minimum: 1))
            } else if let press {
                found = ("TACTILE_PARAM_NUMBER_OF_TOUCHES_REQUIRED",
                    .count(get: { press.numberOfTouchesRequired },
                        set: { press.numberOfTouchesRequired = $0 }, minimum: 1))
            } else if let swipe {
                found = ("TACTILE_PARAM_NUMBER_OF_TOUCHES_REQUIRED",
                    .count(get: { swipe.numberOfTouchesRequired },
                        set: { swipe.numberOfTouchesRequired = $0 }, minimum: 1))
            }
        case TACTILE_PARAM_ALLOWABLE_MOVEMENT:
            if let tap {
                found = ("TACTILE_PARAM_ALLOWABLE_MOVEMENT",
                    .distance(get: { tap.allowableMovement },
                        set: { tap.allowableMovement = $0 }))
            } else if let press {
                found = ("TACTILE_PARAM_ALLOWABLE_MOVEMENT",
                    .distance(get: { press.allowableMovement },
                        set: { press.allowableMovement = $0 }))
            }
        case TACTILE_PARAM_MAXIMUM_TAP_DURATION:
            if let tap {
                found = ("TACTILE_PARAM_MAXIMUM_TAP_DURATION",
                    .duration(get: { tap.maximumTapDuration },
                        set: { tap.maximumTapDuration = $0 }))
            } else if let press {
                found = ("TACTILE_PARAM_MAXIMUM_TAP_DURATION",
                    .duration(get: { press.maximumTapDuration },
                        set: { press.maximumTapDuration = $0 }))
            }
        case TACTILE_PARAM_MAXIMUM_TAP_INTERVAL:
            if let tap {
                found = ("TACTILE_PARAM_MAXIMUM_TAP_INTERVAL",
                    .duration(get: { tap.maximumTapInterval },
                        set: { tap.maximumTapInterval = $0 }))
            } else if let press {
                found = ("TACTILE_PARAM_MAXIMUM_TAP_INTERVAL",
                    .duration(get: { press.maximumTapInterval },
                        set: { press.maximumTapInterval = $0 }))
            }
        case TACTILE_PARAM_MINIMUM_PRESS_DURATION:
            if let press {
                found = ("TACTILE_PARAM_MINIMUM_PRESS_DURATION",
                    .duration(get: { press.minimumPressDuration },
                        set: { press.minimumPressDuration = $0 }))
            }
        case TACTILE_PARAM_TAP_ALLOWABLE_MOVEMENT:
            if let press {
                found = ("TACTILE_PARAM_TAP_ALLOWABLE_MOVEMENT",
                    .distance(get: { press.tapAllowableMovement },
                        set: { press.tapAllowableMovement = $0 }))
            }
        case TACTILE_PARAM_MINIMUM_NUMBER_OF_TOUCHES:
            if let pan {
                found = ("TACTILE_PARAM_MINIMUM_NUMBER_OF_TOUCHES",
                    .count(get: { pan.minimumNumberOfTouches },
                        set: { pan.minimumNumberOfTouches = $0 }, minimum: 1))
            }
        case TACTILE_PARAM_MAXIMUM_NUMBER_OF_TOUCHES:
            if let pan {
                found = ("TACTILE_PARAM_MAXIMUM_NUMBER_OF_TOUCHES",
                    .count(get: { min(pan.maximumNumberOfTouches, Int(Int32.max)) },
                        set: { pan.maximumNumberOfTouches = $0 == Int(Int32.max) ? .max : $0 }, minimum: 1))
            }
        case TACTILE_PARAM_HYSTERESIS:
            if let pan {
                found = ("TACTILE_PARAM_HYSTERESIS", .distance(get: { pan.hysteresis }, set: { pan.hysteresis = $0 }))
            } else if let pinch {
                found = ("TACTILE_PARAM_HYSTERESIS",
                    .distance(get: { pinch.hysteresis },
                        set: { pinch.hysteresis = $0 }))
            }
        case TACTILE_PARAM_EDGES:
            if let edgePan {
                found = ("TACTILE_PARAM_EDGES",
                    .mask(get: { Int(edgePan.edges.rawValue) },
                        set: { edgePan.edges = RectEdge(rawValue: .init($0)) }, allowsEmpty: true))
            }
        case TACTILE_PARAM_EDGE_MARGIN:
            if let edgePan {
                found = ("TACTILE_PARAM_EDGE_MARGIN",
                    .distance(get: { edgePan.edgeMargin },
                        set: { edgePan.edgeMargin = $0 }))
            }
        case TACTILE_PARAM_DIRECTION:
            if let swipe {
                found = ("TACTILE_PARAM_DIRECTION",
                    .mask(get: { Int(swipe.direction.rawValue) },
                        set: { swipe.direction = SwipeDirection(rawValue: .init($0)) }, allowsEmpty: false))
            }
        case TACTILE_PARAM_MAXIMUM_DURATION:
            if let swipe {
                found = ("TACTILE_PARAM_MAXIMUM_DURATION",
                    .duration(get: { swipe.maximumDuration },
                        set: { swipe.maximumDuration = $0 }))
            }
        case TACTILE_PARAM_MINIMUM_PRIMARY_MOVEMENT:
            if let swipe {
                found = ("TACTILE_PARAM_MINIMUM_PRIMARY_MOVEMENT",
                    .distance(get: { swipe.minimumPrimaryMovement },
                        set: { swipe.minimumPrimaryMovement = $0 }))
            }
        case TACTILE_PARAM_MAXIMUM_SECONDARY_RATIO:
            if let swipe {
                found = ("TACTILE_PARAM_MAXIMUM_SECONDARY_RATIO",
                    .number(get: { swipe.maximumSecondaryRatio },
                        set: { swipe.maximumSecondaryRatio = $0 }, positive: true))
            }
        case TACTILE_PARAM_SCALE:
            if let pinch {
                found = ("TACTILE_PARAM_SCALE",
                    .number(get: { pinch.scale },
                        set: { pinch.scale = $0 }, positive: true))
            }
        case TACTILE_PARAM_ROTATION:
            if let rotation {
                found = ("TACTILE_PARAM_ROTATION",
                    .number(get: { rotation.rotation },
                        set: { rotation.rotation = $0 }, positive: false))
            }
        case TACTILE_PARAM_ROTATION_THRESHOLD:
            if let rotation {
                found = ("TACTILE_PARAM_ROTATION_THRESHOLD",
                    .number(get: { rotation.threshold },
                        set: { rotation.threshold = $0 }, positive: true))
            }
        default:
            throw .invalid("parameter \(parameter.rawValue) is not a tactile_parameter")
        }
        guard let found else {
            throw .invalid("\"\(recognizer.logName)\" (a \(type(of: recognizer))) has no parameter \(parameter.rawValue)")
        }
        (name, value) = found
    }

    func get() -> Double {
        switch value {
        case .flag(let path): recognizer[keyPath: path] ? 1 : 0
        case .count(let get, _, _), .mask(let get, _, _): Double(get())
        case .distance(let get, _), .number(let get, _, _): get()
        case .duration(let get, _): Double(get().components.seconds) + Double(get().components.attoseconds) / 1e18
        }
    }

    func set(_ newValue: Double) throws(APIError) {
        guard newValue.isFinite else { throw .invalid("\(name): \(newValue) is not a finite number") }
        switch value {
        case .flag(let path):
            guard newValue == 0 || newValue == 1 else { throw .invalid("\(name): \(newValue) is not 0 or 1") }
            recognizer[keyPath: path] = newValue == 1
        case .count(_, let set, let minimum):
            guard newValue.rounded() == newValue, newValue >= Double(minimum), newValue <= Double(Int32.max) else {
                throw .invalid("\(name): \(newValue) is not a whole number from \(minimum) to \(Int32.max)")
            }
            set(Int(newValue))
        case .mask(_, let set, let allowsEmpty):
            guard newValue.rounded() == newValue, newValue >= (allowsEmpty ? 0 : 1), newValue <= 15 else {
                throw .invalid(
                    "\(name): \(newValue) is not a\(allowsEmpty ? "" : " non-empty") mask of the four bits 1, 2, 4, 8")
            }
            set(Int(newValue))
        case .distance(_, let set):
            guard newValue >= 0 else { throw .invalid("\(name): \(newValue) points is negative") }
            set(newValue)
        case .duration(_, let set):
            guard newValue >= 0, newValue < 1e9 else { throw .invalid("\(name): \(newValue) s is negative or too long") }
            set(.nanoseconds(Int64((newValue * 1e9).rounded())))
        case .number(_, let set, let positive):
            guard !positive || newValue > 0 else { throw .invalid("\(name): \(newValue) is not positive") }
            set(newValue)
        }
    }
}
