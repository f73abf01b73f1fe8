/// Recognizes pans that start near an edge of the screen, as `UIScreenEdgePanGestureRecognizer` (spec §6.4).
///
/// The first touch must begin within ``edgeMargin`` (20 pt) of one of ``edges`` of the window, then move away
/// from that edge by the pan hysteresis; it follows only that first touch. With no ``edges`` (UIKit's default)
/// it fails at once. The logic is ``ScreenEdgePanRecognition``'s; the window's bounds are taken when the first
/// touch lands. Set the properties before the recognizer receives touches.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    override class var builtInClass: GestureRecognizer.Type? { ScreenEdgePanGestureRecognizer.self }

    var edgeDriver = MachineDriver(ScreenEdgePanRecognition(configuration: .init(screenBounds: .zero)))

    /// Creates a screen-edge pan recognizer with no edges.
    public override init() { super.init() }

    /// The edges the gesture may start from (default none).
    public var edges: RectEdge {
        get { edgeDriver.machine.configuration.edges }
        set { edgeDriver.machine.configuration.edges = newValue }
    }
    /// How close to an edge, in points, the first touch must begin (`EDGE_MARGIN`, default 20 pt).
    public var edgeMargin: Double {
        get { edgeDriver.machine.configuration.edgeMargin }
        set { edgeDriver.machine.configuration.edgeMargin = newValue }
    }

    // MARK: The machine (the edge pan's, not the pan's)

    override func machineInput(_ phase: TouchPhase, _ samples: [TouchSample], at time: Timestamp) {
        if phase == .began, case .ready = edgeDriver.machine.state, let window = view?.window {
            edgeDriver.machine.configuration.screenBounds = window.bounds
            edgeDriver.machine.configuration.hysteresis = hysteresis  // the pan's, so both can be configured
            edgeDriver.machine.configuration.translationOrigin = translationOrigin
            edgeDriver.machine.configuration.velocity = velocityConfiguration
        }
        drive(edgeDriver.feed(phase, samples, at: time))
    }
    override func machineDeadlinePassed(at time: Timestamp) { drive(edgeDriver.deadlinePassed(at: time)) }
    override func machineReset() { edgeDriver.machine.reset() }
    override var machineLocation: Point? { edgeDriver.machine.location }
    override var machineTouchCount: Int? { edgeDriver.machine.numberOfTouches }
    override var windowTranslation: Point { edgeDriver.machine.translation }
    override var windowVelocity: Point { edgeDriver.machine.velocity }
    override func setWindowTranslation(_ translation: Point) { edgeDriver.machine.setTranslation(translation) }
    override func rebaseWindowTranslation(_ translation: Point) { edgeDriver.machine.rebaseTranslation(translation) }
}
