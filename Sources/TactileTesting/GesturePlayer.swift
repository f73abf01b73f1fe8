import Tactile
import TactileGestures

/// How a ``GesturePlayer`` samples a script: the touchscreen's report rate, the jitter of its timing and of a
/// finger's position, and the seed of that randomness.
///
/// The defaults are the synthesizer's model (`tactile synth`), measured on real recordings: a report per scan
/// while something changes, intervals varying by 1 %, the first scan anywhere within a period of the first
/// landing, and a resting finger wandering about 0.1 mm with 0.03 mm of noise per scan, reported only when a
/// coordinate moved by the panel's resolution. Screen points are taken as 6.3 per millimetre (160 per inch).
public struct Sampling: Hashable, Sendable {
    /// Reports per second while something changes.
    public var rate: Double
    /// The standard deviation of a report interval, as a fraction of the period.
    public var timingJitter: Double
    /// Whether the first scan falls anywhere within a period of the script's first landing (real hardware) or
    /// exactly on it.
    public var randomPhase: Bool
    /// The standard deviation of a resting finger's slow wander, in points.
    public var wander: Double
    /// The standard deviation of a finger's per-scan noise, in points.
    public var noise: Double
    /// A coordinate is reported only when it moved by at least this much, in points (firmware hysteresis).
    public var resolution: Double
    /// The seed of every random choice: the same script, sampling and seed give the same frames.
    public var seed: UInt64

    /// A sampling from its parts; see the properties.
    public init(
        rate: Double = 120, timingJitter: Double = 0.01, randomPhase: Bool = true, wander: Double = 0.63,
        noise: Double = 0.19, resolution: Double = 0.45, seed: UInt64 = 0
    ) {
        precondition(rate > 0 && rate.isFinite, "the report rate must be positive, not \(rate)")
        self.rate = rate
        self.timingJitter = timingJitter
        self.randomPhase = randomPhase
        self.wander = wander
        self.noise = noise
        self.resolution = resolution
        self.seed = seed
    }

    /// Screen points per millimetre (160 per inch) for the synthesizer's gestures and the jitter's defaults.
    public static let pointsPerMillimeter = 6.3

    /// A real touchscreen's sampling (the default): `rate` reports per second, jittered as measured.
    public static func realistic(rate: Double = 120, seed: UInt64 = 0) -> Sampling {
        Sampling(rate: rate, seed: seed)
    }

    /// Sampling without randomness: reports exactly every `1 / rate` seconds from the first landing, fingers
    /// exactly on their paths, every change reported. For tests that place events exactly at a threshold.
    public static func exact(rate: Double = 120) -> Sampling {
        Sampling(rate: rate, timingJitter: 0, randomPhase: false, wander: 0, noise: 0, resolution: 0)
    }
}

/// Plays ``GestureScript``s into an `Application` on its virtual clock, the way a touchscreen reports them.
///
/// Each script starts where the previous one left off (or at the application's clock), its frames are sent in
/// order with `Application.send(_:)`, and the clock then advances by ``settle`` so that timers (a long press's
/// delay, a tap's wait for a second tap) run. Contact identifiers count up across scripts, so an identifier
/// never names two contacts.
///
/// How a script becomes frames (``frames(for:)``): scans come at ``Sampling/rate`` with its jitter; a finger is
/// reported as began at the first scan at or after it lands, as moved when a jittered position moved by at least
/// the resolution, and as ended (or cancelled) at the first later scan at or after it lifts, at its last
/// reported position — so even a zero-length tap is one began and one ended, one scan apart, and a finger that
/// lifts and lands again does so in a later scan. Scans in which
/// nothing changed report nothing, as the kernel drops them. Fingers take the lowest free slot.
@preconcurrency @MainActor
public final class GesturePlayer {
    /// The application the scripts drive.
    public let application: Application
    /// How scripts are sampled.
    public var sampling: Sampling
    /// How long the clock runs after a script's last frame (default 1 s): enough for the built-in recognizers'
    /// timers to decide.
    public var settle: Duration
    /// When the next script starts.
    public private(set) var time: Timestamp
    /// Whether the first frame is moved to ``time`` (a player on a fresh application without a start time): the
    /// log's times are then seconds since the first input, as `tactile replay` prints them.
    private let startsAtFirstInput: Bool
    /// Every frame sent so far, in order.
    public private(set) var sentFrames: [TouchFrame] = []
    /// The screen: the smallest rectangle around the application's windows (`nil` without windows). Jitter never
    /// takes a finger whose path is on the screen off it, as a panel reports nothing outside itself.
    public var screen: Rect? {
        let frames = application.windows.map(\.frame)
        guard !frames.isEmpty else { return nil }
        let minX = frames.map(\.minX).min()!
        let minY = frames.map(\.minY).min()!
        let maxX = frames.map(\.maxX).max()!
        let maxY = frames.map(\.maxY).max()!
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
    private var nextContactID: UInt64 = 1
    private var random: SplitMix64

    /// A player for `application`.
    ///
    /// - Parameters:
    ///   - application: the application to drive.
    ///   - sampling: how scripts are sampled (default ``Sampling/realistic(rate:seed:)``).
    ///   - settle: how long the clock runs after each script (default 1 s).
    ///   - start: when the first script starts (default: the application's clock, or, when it has none, 0 with
    ///     the first frame at 0: the log's times then read as `tactile replay`'s, seconds since the first input).
    public init(
        application: Application, sampling: Sampling = .realistic(), settle: Duration = .seconds(1),
        startingAt start: Timestamp? = nil
    ) {
        self.application = application
        self.sampling = sampling
        self.settle = settle
        time = start ?? application.currentTime ?? .zero
        startsAtFirstInput = start == nil && application.currentTime == nil
        random = SplitMix64(seed: sampling.seed)
    }

    /// Plays `script`: sends its frames, then lets ``settle`` pass. Returns the frames sent.
    @discardableResult
    public func play(_ script: GestureScript) -> [TouchFrame] {
        let frames = frames(for: script)
        for frame in frames { application.send(frame) }
        sentFrames += frames
        let end = max(frames.last?.timestamp ?? time, time + script.duration)
        time = end + settle
        application.advance(to: time)
        return frames
    }

    /// Plays one of `tactile synth`'s gestures at `point` (screen points): the synthesizer's own finger strokes
    /// (`SynthesizedGesture`'s sizes, timing and landing order, drawn from `seed`), at 6.3 points per millimetre,
    /// sampled with ``sampling``, then lets ``settle`` pass. Returns the frames sent.
    @discardableResult
    public func play(_ gesture: SynthesizedGesture, at point: Point, seed: UInt64 = 1) -> [TouchFrame] {
        let scale = Sampling.pointsPerMillimeter
        let size =
            screen.map { Size(width: $0.width / scale, height: $0.height / scale) } ?? Size(width: 250, height: 150)
        var strokeRandom = SplitMix64(seed: seed)
        let strokes = gesture.strokes(
            surface: size, anchor: Point(x: point.x / scale, y: point.y / scale), random: &strokeRandom)
        // A contact that is a palm from its first report never begins; one that turns palm is cancelled then,
        // as the decoder does with `MT_TOOL_PALM`. A pen's contact is a pen's (a `.pencil` touch).
        let contacts = strokes.enumerated().compactMap { index, stroke -> ScriptContact? in
            var up = stroke.up
            if let palmFrom = stroke.palmFrom {
                guard palmFrom > stroke.down else { return nil }
                up = min(up, palmFrom)
            }
            var scaled = FingerStroke(
                down: stroke.down, up: up, path: { t in stroke.path(t) * scale },
                contactSize: stroke.contactSize, pressure: stroke.pressure)
            scaled.tool = stroke.tool
            return ScriptContact(finger: index + 1, stroke: scaled, cancelled: stroke.palmFrom != nil)
        }
        let frames = sample(contacts)
        for frame in frames { application.send(frame) }
        sentFrames += frames
        time = max(frames.last?.timestamp ?? time, time) + settle
        application.advance(to: time)
        return frames
    }

    /// Lets `duration` pass on the application's clock (its timers run) before the next script.
    public func wait(_ duration: Duration) {
        time = time + duration
        application.advance(to: time)
    }

    /// The frames `script` becomes, starting at ``time``, without sending them. Uses up contact identifiers and
    /// random numbers, so playing the returned frames yourself is the same as ``play(_:)`` without the settle.
    public func frames(for script: GestureScript) -> [TouchFrame] {
        sample(ScriptContact.contacts(of: script))
    }

    private func sample(_ contacts: [ScriptContact]) -> [TouchFrame] {
        var sampler = Sampler(
            contacts: contacts, sampling: sampling, start: time, firstContactID: nextContactID, screen: screen,
            random: random)
        var frames = sampler.run()
        if startsAtFirstInput, sentFrames.isEmpty, let first = frames.first?.timestamp, first > time {
            // The sampler's first report falls somewhere in the first report interval; the log starts at it.
            let shift = first - time
            for index in frames.indices { frames[index].timestamp = frames[index].timestamp - shift }
        }
        nextContactID += UInt64(contacts.count)
        random = sampler.random
        return frames
    }
}

/// One finger's contact in a script: when it lands and lifts (seconds from the script's start) and its path.
struct ScriptContact {
    var finger: Int
    var stroke: FingerStroke
    var cancelled: Bool

    /// The contacts of `script`, in landing order; fingers still down at the end lift at the script's end.
    static func contacts(of script: GestureScript) -> [ScriptContact] {
        struct Open {
            var down: Double
            var segments: [Segment]
            var position: Point
        }
        var open: [Int: Open] = [:]
        var result: [(order: Int, contact: ScriptContact)] = []
        var order: [Int: Int] = [:]
        var landed = 0
        var time = 0.0
        func close(_ finger: Int, cancelled: Bool) {
            guard let contact = open.removeValue(forKey: finger) else { return }
            let segments = contact.segments
            let start = contact.position
            let first = segments.first?.from ?? start
            let stroke = FingerStroke(
                down: contact.down, up: time,
                path: { t in
                    var position = first
                    for segment in segments where t >= segment.start {
                        position = segment.position(at: t)
                    }
                    return position
                })
            result.append((order[finger]!, ScriptContact(finger: finger, stroke: stroke, cancelled: cancelled)))
        }
        for step in script.steps {
            switch step {
            case .down(let finger, let point):
                guard open[finger] == nil else { continue }
                open[finger] = Open(down: time, segments: [], position: point)
                open[finger]!.segments.append(
                    Segment(start: time, end: time, from: point, path: [point], easing: .linear))
                order[finger] = landed
                landed += 1
            case .move(let motions, let duration, let easing):
                let end = time + duration.inSeconds
                for motion in motions where open[motion.finger] != nil && !motion.path.isEmpty {
                    let from = open[motion.finger]!.position
                    open[motion.finger]!.segments.append(
                        Segment(start: time, end: end, from: from, path: motion.path, easing: easing))
                    open[motion.finger]!.position = motion.path.last!
                }
                time = end
            case .hold(let duration), .wait(let duration):
                time += duration.inSeconds
            case .lift(let finger):
                close(finger, cancelled: false)
            case .cancel(let finger):
                close(finger, cancelled: true)
            }
        }
        for finger in open.keys.sorted() { close(finger, cancelled: false) }
        return result.sorted { $0.order < $1.order }.map(\.contact)
    }
}

/// A part of a finger's path: from `from` through `path` between `start` and `end` (seconds).
struct Segment: Sendable {
    var start: Double
    var end: Double
    var from: Point
    var path: [Point]
    var easing: GestureScript.Easing

    /// The position at `time`, by arc length along the polyline, clamped to the segment.
    func position(at time: Double) -> Point {
        guard end > start else { return path.last ?? from }
        let s = min(max((time - start) / (end - start), 0), 1)
        let progress: Double =
            switch easing {
            case .linear: s
            case .easeInOut: easeInOut(s)
            case .accelerating: s * s * (2 - s)
            }
        let points = [from] + path
        var lengths: [Double] = []
        for index in 1..<points.count { lengths.append(points[index - 1].distance(to: points[index])) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return path.last ?? from }
        var remaining = progress * total
        for index in lengths.indices {
            if remaining <= lengths[index] || index == lengths.count - 1 {
                let fraction = lengths[index] > 0 ? min(remaining / lengths[index], 1) : 1
                return points[index] + (points[index + 1] - points[index]) * fraction
            }
            remaining -= lengths[index]
        }
        return path.last ?? from
    }
}

/// Samples contacts at the report clock into frames (see ``GesturePlayer``).
struct Sampler {
    let contacts: [ScriptContact]
    let sampling: Sampling
    let start: Timestamp
    let firstContactID: UInt64
    let screen: Rect?
    var random: SplitMix64

    /// `point` with jitter, kept on the screen when the path is on it.
    private mutating func jittered(_ point: Point, _ jitter: inout FingerJitter) -> Point {
        var result = jitter.apply(to: point, random: &random)
        if let screen, point.x >= screen.minX, point.x < screen.maxX, point.y >= screen.minY, point.y < screen.maxY {
            let inside = 1e-6
            result.x = min(max(result.x, screen.minX), screen.maxX - inside)
            result.y = min(max(result.y, screen.minY), screen.maxY - inside)
        }
        return result
    }

    private enum State {
        case waiting
        case active(slot: Int, reported: Point, jitter: FingerJitter, beganAt: Int)
        case finished
    }

    mutating func run() -> [TouchFrame] {
        guard let first = contacts.map(\.stroke.down).min() else { return [] }
        var states = Array(repeating: State.waiting, count: contacts.count)
        var clock = ReportClock(
            rate: sampling.rate, start: first, jitter: sampling.timingJitter, random: &random,
            randomPhase: sampling.randomPhase)
        var frames: [TouchFrame] = []
        var scan = 0
        // The scan in which each finger's last contact ended: the same finger lands again in a later scan.
        var fingerFreedAt: [Int: Int] = [:]
        while states.contains(where: { if case .finished = $0 { false } else { true } }) {
            let time = clock.time
            var changes: [TouchContact] = []
            var usedSlots = Set(
                states.compactMap { state -> Int? in
                    if case .active(let slot, _, _, _) = state { slot } else { nil }
                })
            for index in contacts.indices {
                let contact = contacts[index]
                let stroke = contact.stroke
                let id = TouchContact.ID(firstContactID + UInt64(index))
                let tool: TouchContact.Tool =
                    switch stroke.tool {
                    case .finger: .finger
                    case .pen: .pen
                    }
                switch states[index] {
                case .waiting
                where time >= stroke.down - 1e-12 && fingerIsFree(contact.finger, states, fingerFreedAt, scan):
                    var jitter = FingerJitter(walk: sampling.wander, noise: sampling.noise)
                    let location = jittered(stroke.position(at: time), &jitter)
                    let slot = (0...).first { !usedSlots.contains($0) }!
                    usedSlots.insert(slot)
                    states[index] = .active(slot: slot, reported: location, jitter: jitter, beganAt: scan)
                    changes.append(TouchContact(id: id, phase: .began, location: location, slot: slot, tool: tool))
                case .active(let slot, let reported, var jitter, let beganAt):
                    if scan > beganAt, time >= stroke.up - 1e-12 {
                        states[index] = .finished
                        fingerFreedAt[contact.finger] = scan
                        usedSlots.remove(slot)
                        changes.append(
                            TouchContact(
                                id: id, phase: contact.cancelled ? .cancelled : .ended, location: reported, slot: slot,
                                tool: tool))
                        continue
                    }
                    let raw = jittered(stroke.position(at: time), &jitter)
                    var location = reported
                    if abs(raw.x - reported.x) >= max(sampling.resolution, 1e-9) { location.x = raw.x }
                    if abs(raw.y - reported.y) >= max(sampling.resolution, 1e-9) { location.y = raw.y }
                    states[index] = .active(slot: slot, reported: location, jitter: jitter, beganAt: beganAt)
                    if location != reported {
                        changes.append(TouchContact(id: id, phase: .moved, location: location, slot: slot, tool: tool))
                    }
                case .waiting, .finished:
                    break
                }
            }
            if !changes.isEmpty {
                changes.sort { $0.slot < $1.slot }
                let stamp = start + .nanoseconds(Int64((time * 1e9).rounded()))
                frames.append(TouchFrame(timestamp: stamp, contacts: changes))
            }
            clock.advance(random: &random)
            scan += 1
        }
        return frames
    }

    /// Whether `finger` has no contact down and did not lift in this scan.
    private func fingerIsFree(_ finger: Int, _ states: [State], _ freedAt: [Int: Int], _ scan: Int) -> Bool {
        if let freed = freedAt[finger], freed >= scan { return false }
        return !contacts.indices.contains { index in
            guard contacts[index].finger == finger, case .active = states[index] else { return false }
            return true
        }
    }
}
