/// The recognition logic of `UIScreenEdgePanGestureRecognizer` (spec §6.4): a single-finger pan that must
/// start near one of ``Configuration-swift.struct/edges`` of the screen and move away from it.
///
/// Rules: the first touch must begin within ``Configuration-swift.struct/edgeMargin`` of a configured edge of
/// ``Configuration-swift.struct/screenBounds`` (a touch outside the bounds counts as near), or the gesture
/// fails (rule 1). Then it behaves like a one-finger ``PanRecognition``, but when the pan's per-axis
/// hysteresis is crossed the movement since touch-down must point away from one of the edges the touch began
/// near — for ``RectEdge/left``: `dx ≥ hysteresis` and `|dx| ≥ |dy|` — or the gesture fails (rule 2). It
/// ignores every touch after the first [DOC]. With no edges configured (UIKit's default [OBS]) it fails at the
/// first touch.
///
/// ``translation`` and ``velocity`` are those of the underlying pan, in window coordinates.
public struct ScreenEdgePanRecognition: RecognitionMachine {
    /// The tunable constants of a screen-edge pan (spec §0.2, §6.4).
    public struct Configuration: Hashable, Sendable {
        /// The edges the gesture may start from (`edges`, default none, as in UIKit [OBS]).
        public var edges: RectEdge
        /// The screen's (window's) bounds in window coordinates; set it from the window the recognizer is in.
        public var screenBounds: Rect
        /// How close to an edge, in points, the first touch must begin (`EDGE_MARGIN`, default 20 pt).
        public var edgeMargin: Double
        /// How far, in points, the finger must move away from the edge to begin (`PAN_HYSTERESIS`, 10 pt).
        public var hysteresis: Double
        /// Where the translation is measured from (default: the finger's location at touch-down, as a pan).
        public var translationOrigin: PanRecognition.TranslationOrigin
        /// The velocity estimator's constants.
        public var velocity: VelocityTracker.Configuration

        /// Creates a configuration; every parameter but the screen's bounds defaults to the spec's value.
        public init(
            edges: RectEdge = [],
            screenBounds: Rect,
            edgeMargin: Double = 20,
            hysteresis: Double = 10,
            translationOrigin: PanRecognition.TranslationOrigin = .touchDown,
            velocity: VelocityTracker.Configuration = .init()
        ) {
            self.edges = edges
            self.screenBounds = screenBounds
            self.edgeMargin = edgeMargin
            self.hysteresis = hysteresis
            self.translationOrigin = translationOrigin
            self.velocity = velocity
        }

        /// The configuration of the one-finger pan the edge pan follows.
        var pan: PanRecognition.Configuration {
            .init(minimumNumberOfTouches: 1, maximumNumberOfTouches: 1, hysteresis: hysteresis,
                translationOrigin: translationOrigin, velocity: velocity)
        }
    }

    /// Where the screen-edge pan stands.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// No touch yet.
        ///
        /// Can transition to: ``following(edges:origin:)``, ``failed(_:)``.
        case ready
        /// The first touch began at `origin`, near `edges` (the configured edges within the margin).
        ///
        /// Can transition to: ``panning(edge:)``, ``failed(_:)``.
        case following(edges: RectEdge, origin: Point)
        /// Began or changed, having moved away from `edge`.
        ///
        /// Can transition to: ``panning(edge:)``, ``ended(_:)``, ``cancelled(_:)``.
        case panning(edge: RectEdge)
        /// The finger lifted (terminal).
        ///
        /// Can transition to: nothing until reset.
        case ended(RecognitionReason)
        /// The system cancelled the touch after the gesture began (terminal).
        ///
        /// Can transition to: nothing until reset.
        case cancelled(RecognitionReason)
        /// Not a screen-edge pan (terminal).
        ///
        /// Can transition to: nothing until reset.
        case failed(RecognitionReason)

        public var description: String {
            switch self {
            case .ready: "ready"
            case .following(let edges, let origin): "following from \(origin) near \(edges)"
            case .panning(let edge): "panning away from the \(edge) edge"
            case .ended(let reason): "ended: \(reason)"
            case .cancelled(let reason): "cancelled: \(reason)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    public var configuration: Configuration {
        didSet { pan.configuration = configuration.pan }
    }
    /// Where the screen-edge pan stands.
    public private(set) var state: State = .ready
    /// The one-finger pan that does the tracking, translation and velocity.
    private var pan: PanRecognition

    /// Creates a machine with no edges and empty screen bounds (set them before the first touch).
    public init() { self.init(configuration: Configuration(screenBounds: .zero)) }

    public init(configuration: Configuration) {
        self.configuration = configuration
        pan = PanRecognition(configuration: configuration.pan)
    }

    /// A screen-edge pan has no time limit.
    public var deadline: Timestamp? { nil }

    public var isFinished: Bool {
        switch state {
        case .ready, .following, .panning: false
        case .ended, .cancelled, .failed: true
        }
    }

    public var numberOfTouches: Int { pan.numberOfTouches }

    /// The location of the followed touch.
    public var location: Point? { pan.location }

    /// The translation in window coordinates, in points (see ``PanRecognition/translation``).
    public var translation: Point { pan.translation }

    /// The velocity in window coordinates, in points per second (see ``PanRecognition/velocity``).
    public var velocity: Point { pan.velocity }

    /// Rebases the translation; the velocity keeps following the touch (see ``PanRecognition/setTranslation(_:)``).
    public mutating func setTranslation(_ translation: Point) { pan.setTranslation(translation) }

    /// Rebases the translation, keeping the velocity (see ``PanRecognition/rebaseTranslation(_:)``).
    public mutating func rebaseTranslation(_ translation: Point) { pan.rebaseTranslation(translation) }

    public mutating func touchesBegan(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .ready:
            guard let first = samples.min(by: { $0.id < $1.id }) else { return .nothing }
            guard !configuration.edges.isEmpty else { return fail(.noEdgesConfigured) }
            let (near, nearest) = edges(near: first.location)
            guard !near.isEmpty else { return fail(.notNearEdge(distance: nearest, margin: configuration.edgeMargin)) }
            state = .following(edges: near, origin: first.location)
            _ = pan.touchesBegan(CollectionOfOne(first), at: time)
            let others = samples.filter { $0.id != first.id }.map(\.id).sorted()
            return others.isEmpty ? .nothing : .ignore(others, .followsFirstTouchOnly)
        case .following, .panning:
            return .ignore(samples.map(\.id).sorted(), .followsFirstTouchOnly)
        case .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesMoved(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .following(let edges, let origin):
            let verdict = pan.touchesMoved(samples, at: time)
            guard case .begin = verdict, let location = pan.location else { return adopt(verdict) }
            let displacement = location - origin
            let sides = edges.sides
            for side in sides {
                let (away, along) = Self.components(of: displacement, awayFrom: side)
                if away >= configuration.hysteresis, away >= abs(along) {
                    state = .panning(edge: side.edge)
                    return .begin(.movedAwayFromEdge(side.edge, distance: away, threshold: configuration.hysteresis))
                }
            }
            return fail(.notAwayFromEdge(sides.first?.edge ?? edges))
        case .panning:
            return adopt(pan.touchesMoved(samples, at: time))
        case .ready, .ended, .cancelled, .failed:
            return .nothing
        }
    }

    public mutating func touchesEnded(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .following, .panning: adopt(pan.touchesEnded(samples, at: time))
        case .ready, .ended, .cancelled, .failed: .nothing
        }
    }

    public mutating func touchesCancelled(_ samples: some Collection<TouchSample>, at time: Timestamp)
        -> RecognitionVerdict
    {
        switch state {
        case .following, .panning: adopt(pan.touchesCancelled(samples, at: time))
        case .ready, .ended, .cancelled, .failed: .nothing
        }
    }

    /// A screen-edge pan has no deadline; always ``RecognitionVerdict/nothing``.
    public mutating func deadlinePassed(at time: Timestamp) -> RecognitionVerdict { .nothing }

    public mutating func reset() {
        state = .ready
        pan.reset()
    }

    public var description: String { "ScreenEdgePanRecognition(\(state))" }

    /// The configured edges within the margin of `point`, and the distance to the nearest configured edge.
    private func edges(near point: Point) -> (RectEdge, Double) {
        let bounds = configuration.screenBounds
        var near: RectEdge = []
        var nearest = Double.infinity
        for side in RectEdge.Side.allCases where configuration.edges.contains(side.edge) {
            let distance = switch side {
            case .top: point.y - bounds.minY
            case .left: point.x - bounds.minX
            case .bottom: bounds.maxY - point.y
            case .right: bounds.maxX - point.x
            }
            nearest = Swift.min(nearest, distance)
            if distance <= configuration.edgeMargin { near.insert(side.edge) }
        }
        return (near, nearest)
    }

    /// The displacement's component pointing away from `side` (positive into the screen) and its component
    /// along the edge.
    static func components(of displacement: Point, awayFrom side: RectEdge.Side) -> (away: Double, along: Double) {
        switch side {
        case .top: (displacement.y, displacement.x)
        case .bottom: (-displacement.y, displacement.x)
        case .left: (displacement.x, displacement.y)
        case .right: (-displacement.x, displacement.y)
        }
    }

    /// Takes over a verdict of the underlying pan, mirroring its terminal states.
    private mutating func adopt(_ verdict: RecognitionVerdict) -> RecognitionVerdict {
        switch verdict {
        case .nothing, .ignore, .begin, .change, .recognize: break
        case .end(let reason): state = .ended(reason)
        case .cancel(let reason): state = .cancelled(reason)
        case .fail(let reason): state = .failed(reason)
        }
        return verdict
    }

    private mutating func fail(_ reason: RecognitionReason) -> RecognitionVerdict {
        state = .failed(reason)
        return .fail(reason)
    }
}
