import RealModule

/// The physics of a ``ScrollView`` as pure values: rubber-banding, deceleration, springs and eased animations,
/// each a function of time. Nothing here reads a clock; the scroll view samples them at the times the
/// application brings (``Application/advance(to:)``, display frames), so a replay gives the same offsets on
/// every run, and an offset at a time does not depend on how many frames were sampled before it.
enum ScrollPhysics {
    /// The rubber band's coefficient `c` (UIKit's widely cited 0.55).
    static let rubberBandCoefficient = 0.55
    /// The angular frequency of the springs that bounce back into the content (rad/s): a critically damped
    /// spring with `ω = 4π`, which brings a 100 pt overshoot back within 0.5 pt in about 0.6 s.
    static let springFrequency = 4 * Double.pi
    /// Below this remaining distance (points) a deceleration, and a spring also slower than
    /// ``restingSpeed``, ends exactly at its rest position.
    static let restingDistance = 0.5
    /// Below this speed (points per second) a spring within ``restingDistance`` of its target rests.
    static let restingSpeed = 5.0
    /// A spring rests on its target this long after its start (seconds) wherever it is: one started from an
    /// offset near the end of `Double`'s range would otherwise take longer than any display runs. A spring of
    /// the content's own drags and flings settles in about 2 s.
    static let longestSpring = 10.0
    /// How long `setContentOffset(_:animated:)` and the zoom animations take (0.3 s, eased in and out).
    static let animationDuration = 0.3
    /// The fastest fling, in points per second: a faster lift (a finger far faster than any hand, or a position
    /// jump of a hostile input stream) flings at this speed, so that every offset the motion derives stays finite
    /// and the content comes to rest. 50 000 pt/s is several times the fastest flick a person makes.
    static let maximumFlingSpeed = 50_000.0

    /// `velocity` as a fling's velocity: within ±``maximumFlingSpeed`` (an infinite one at the bound, in its
    /// direction), and zero when it is not a number.
    static func flingVelocity(_ velocity: Double) -> Double {
        guard !velocity.isNaN else { return 0 }
        return Swift.min(Swift.max(velocity, -maximumFlingSpeed), maximumFlingSpeed)
    }

    /// How far content dragged `overshoot` points past its edge is drawn, for a scroll view `dimension` points
    /// long on that axis: `(1 − 1 / (overshoot · c / dimension + 1)) · dimension` with `c` = 0.55. It starts at
    /// the finger's speed (slope `c`) and never reaches `dimension`. Negative overshoots mirror positive ones.
    static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0, overshoot != 0 else { return 0 }
        let magnitude = (1 - 1 / (overshoot.magnitude * rubberBandCoefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -magnitude : magnitude
    }

    /// The distance a fling at `velocity` (points per second) travels before it stops, with `rate` the
    /// fraction of its velocity kept each millisecond: `v / 1000 · r / (1 − r)`, the projection Apple gives
    /// for `UIScrollView.decelerationRate` (WWDC 2018, session 803, *Designing Fluid Interfaces*).
    static func decelerationDistance(velocity: Double, rate: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity / 1000 * rate / (1 - rate)
    }

    /// The velocity (points per second) whose fling travels `distance` with `rate`: the inverse of
    /// ``decelerationDistance(velocity:rate:)``.
    static func velocity(forDistance distance: Double, rate: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return distance * 1000 * (1 - rate) / rate
    }

    /// `progress` (0…1) eased in and out (cubic).
    static func easeInOut(_ progress: Double) -> Double {
        let p = Swift.min(Swift.max(progress, 0), 1)
        if p < 0.5 { return 4 * p * p * p }
        let q = -2 * p + 2
        return 1 - q * q * q / 2
    }
}

/// The allowed offsets along one axis, and whether content may go past them and spring back.
struct ScrollAxisLimits: Hashable, Sendable {
    var minimum: Double
    var maximum: Double
    var bounces: Bool

    /// `value` within the limits (`minimum` for a value that is not a number).
    func clamped(_ value: Double) -> Double {
        guard !value.isNaN else { return minimum }
        return Swift.min(Swift.max(value, minimum), maximum)
    }
    func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }
}

/// A fling along one axis: the velocity decays by `rate` each millisecond, so after `n` ms the content has
/// moved `D · (1 − rⁿ)` with `D` = ``ScrollPhysics/decelerationDistance(velocity:rate:)``: the motion whose
/// limit is Apple's projection. It ends, exactly at `origin + D`, once less than 0.5 pt remains.
struct Deceleration: Hashable, Sendable {
    var origin: Double
    var distance: Double
    var rate: Double
    var start: Timestamp
    /// Where it ends: `origin + distance`, or exactly the target it was made for.
    var rest: Double

    /// A fling at `velocity` (points per second).
    init(origin: Double, velocity: Double, rate: Double, start: Timestamp) {
        self.origin = origin
        distance = ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate)
        self.rate = rate
        self.start = start
        rest = origin + distance
    }

    /// The fling that ends exactly at `target` (a delegate's `targetContentOffset`).
    init(origin: Double, target: Double, rate: Double, start: Timestamp) {
        self.origin = origin
        distance = target - origin
        self.rate = rate
        self.start = start
        rest = target
    }

    /// Milliseconds from the start until less than ``ScrollPhysics/restingDistance`` remains.
    var duration: Double {
        let total = distance.magnitude
        guard total > ScrollPhysics.restingDistance, total.isFinite else { return 0 }
        return Double.log(ScrollPhysics.restingDistance / total) / Double.log(rate)
    }

    func position(atMilliseconds n: Double) -> Double {
        n >= duration ? rest : origin + distance * (1 - Double.pow(rate, n))
    }

    /// The velocity (points per second) `n` ms after the start: the derivative of ``position(atMilliseconds:)``.
    func speed(atMilliseconds n: Double) -> Double {
        distance * -Double.log(rate) * Double.pow(rate, n) * 1000
    }

    /// The milliseconds after the start at which the motion reaches `edge`, if it does: 0 when it starts on it.
    func milliseconds(reaching edge: Double) -> Double? {
        let total = distance
        guard total != 0 else { return nil }
        let fraction = (edge - origin) / total
        guard fraction >= 0, fraction < 1 else { return nil }
        return Double.log(1 - fraction) / Double.log(rate)
    }
}

/// A critically damped spring towards `target`: the displacement is `(x₀ + (v₀ + ω x₀) t) e^(−ω t)`.
struct Spring: Hashable, Sendable {
    var target: Double
    var displacement: Double
    var velocity: Double
    var start: Timestamp
    var frequency = ScrollPhysics.springFrequency

    /// The position and velocity `t` seconds after the start.
    func state(atSeconds t: Double) -> (position: Double, velocity: Double) {
        let omega = frequency, x0 = displacement, v0 = velocity
        let decay = Double.exp(-omega * t)
        let position = target + (x0 + (v0 + omega * x0) * t) * decay
        let speed = (v0 - omega * (v0 + omega * x0) * t) * decay
        return (position, speed)
    }
}

/// An eased move from one value to another over a fixed time.
struct EasedMove: Hashable, Sendable {
    var from: Double
    var to: Double
    var start: Timestamp
    var duration: Double = ScrollPhysics.animationDuration

    func value(atSeconds t: Double) -> Double {
        guard duration > 0 else { return to }
        return from + (to - from) * ScrollPhysics.easeInOut(t / duration)
    }
}

/// What one axis of a scroll view does after the finger lifted, as a value sampled at times.
enum ScrollAxisMotion: Hashable, Sendable {
    case resting
    case decelerating(Deceleration)
    case springing(Spring)
    case easing(EasedMove)

    /// A fling from `position` at `velocity` (points per second, within ``ScrollPhysics/flingVelocity(_:)``)
    /// within `limits`: a spring straight away when `position` is already past an edge (the finger let go of a
    /// rubber band), else a deceleration. One that starts on an edge and heads out of the content goes nowhere
    /// without bouncing, and with bouncing is a spring from the edge that goes out with the velocity and comes
    /// back to it.
    static func fling(
        from position: Double, velocity: Double, rate: Double, limits: ScrollAxisLimits, at time: Timestamp
    ) -> ScrollAxisMotion {
        let velocity = ScrollPhysics.flingVelocity(velocity)
        if !limits.contains(position) {
            let edge = limits.clamped(position)
            return .springing(Spring(target: edge, displacement: position - edge, velocity: velocity, start: time))
        }
        let deceleration = Deceleration(origin: position, velocity: velocity, rate: rate, start: time)
        guard deceleration.distance.magnitude > ScrollPhysics.restingDistance else { return .resting }
        let outward = (position == limits.minimum && velocity < 0) || (position == limits.maximum && velocity > 0)
        guard outward else { return .decelerating(deceleration) }
        return limits.bounces ? .springing(Spring(target: position, displacement: 0, velocity: velocity, start: time))
            : .resting
    }

    /// Samples the motion at `time`: the position and whether it has ended (then the motion is `.resting`).
    /// A deceleration that reaches an edge of `limits` stops there, or — when the limits bounce — carries on
    /// as a spring that starts at the edge with the velocity it had there. A position that would not be finite
    /// (a motion built from numbers at the edge of `Double`'s range) ends the motion within the limits instead.
    mutating func advance(to time: Timestamp, limits: ScrollAxisLimits) -> Double? {
        let target = finalPosition(within: limits)
        guard let position = sample(at: time, limits: limits) else { return nil }
        guard position.isFinite else {
            self = .resting
            return target
        }
        return position
    }

    /// Where the motion is headed, within `limits` (a spring's target, an eased move's end, a deceleration's
    /// rest); the minimum when it is not finite.
    private func finalPosition(within limits: ScrollAxisLimits) -> Double {
        let end: Double = switch self {
        case .resting: limits.minimum
        case .decelerating(let deceleration): limits.clamped(deceleration.rest)
        case .springing(let spring): spring.target
        case .easing(let move): move.to
        }
        return end.isFinite ? end : limits.clamped(end)
    }

    private mutating func sample(at time: Timestamp, limits: ScrollAxisLimits) -> Double? {
        switch self {
        case .resting:
            return nil
        case .decelerating(let deceleration):
            let elapsed = Swift.max(0, (time - deceleration.start).seconds * 1000)
            let rest = deceleration.rest
            if !limits.contains(rest) {
                let edge = limits.clamped(rest)
                if let crossing = deceleration.milliseconds(reaching: edge), elapsed >= crossing {
                    guard limits.bounces else {
                        self = .resting
                        return edge
                    }
                    let start = deceleration.start + .nanoseconds(Int64((crossing * 1e6).rounded()))
                    self = .springing(Spring(target: edge, displacement: 0,
                                             velocity: deceleration.speed(atMilliseconds: crossing), start: start))
                    return sample(at: time, limits: limits)
                }
            }
            if elapsed >= deceleration.duration {
                self = .resting
                return rest
            }
            return deceleration.position(atMilliseconds: elapsed)
        case .springing(let spring):
            let elapsed = Swift.max(0, (time - spring.start).seconds)
            let (position, velocity) = spring.state(atSeconds: elapsed)
            if (position - spring.target).magnitude < ScrollPhysics.restingDistance
                && (velocity.magnitude < ScrollPhysics.restingSpeed || elapsed > 5)
                || elapsed >= ScrollPhysics.longestSpring
            {
                self = .resting
                return spring.target
            }
            return position
        case .easing(let move):
            let elapsed = Swift.max(0, (time - move.start).seconds)
            if elapsed >= move.duration {
                self = .resting
                return move.to
            }
            return move.value(atSeconds: elapsed)
        }
    }

    var isResting: Bool {
        if case .resting = self { return true }
        return false
    }

    /// The earliest time after `time` at which the motion changes in kind or ends, when known in advance
    /// (a deceleration's end or edge, an eased move's end).
    func milestone(after time: Timestamp) -> Timestamp? {
        switch self {
        case .resting, .springing: return nil
        case .decelerating(let deceleration):
            let end = deceleration.start + .nanoseconds(Int64((deceleration.duration * 1e6).rounded(.up)))
            return end > time ? end : nil
        case .easing(let move):
            let end = move.start + .nanoseconds(Int64((move.duration * 1e9).rounded(.up)))
            return end > time ? end : nil
        }
    }
}

/// The page a paging scroll view settles on along one axis when the finger lifts at `offset` with `velocity`
/// (points per second, in the direction the offset grows): pages are `pageSize` long from `minimum`. A
/// flick faster than `flickSpeed` goes on to the next page boundary in its direction; a slower release
/// settles on the nearest page. The result stays within `minimum…maximum`.
func pagingTarget(
    offset: Double, velocity: Double, pageSize: Double, minimum: Double, maximum: Double, flickSpeed: Double = 100
) -> Double {
    guard pageSize > 0 else { return Swift.min(Swift.max(offset, minimum), maximum) }
    let position = (offset - minimum) / pageSize
    let page: Double
    if velocity > flickSpeed {
        page = (position + 1e-6).rounded(.up)
    } else if velocity < -flickSpeed {
        page = (position - 1e-6).rounded(.down)
    } else {
        page = position.rounded()
    }
    let lastPage = ((maximum - minimum) / pageSize).rounded(.up)
    let target = minimum + Swift.min(Swift.max(page, 0), lastPage) * pageSize
    return Swift.min(Swift.max(target, minimum), maximum)
}
