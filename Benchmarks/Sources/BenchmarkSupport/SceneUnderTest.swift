import Tactile
import TactileInput
import TactileReplay

/// The three scenes of the per-frame benchmarks (latency and allocations): the tool's default scene, the photo
/// viewer, and twenty continuous recognizers all active.
public enum BenchmarkScene: String, CaseIterable, Sendable {
    /// `Scene.defaultScene()`: what `tactile replay` uses without `--scene` (one full-screen view, nine
    /// recognizers; pan, pinch and rotation simultaneous).
    case defaultScene = "default"
    /// `Traces/scenes/photo-viewer.json`.
    case photoViewer = "photo-viewer"
    /// ``ContinuousRecognizers``: twenty pans, pinches and rotations on five nested views, all simultaneous.
    case recognizers20 = "recognizers-20"

    /// Builds the scene.
    @MainActor
    public func build() throws -> SceneUnderTest {
        switch self {
        case .defaultScene:
            return try SceneUnderTest(scene: Scene.defaultScene())
        case .photoViewer:
            return try SceneUnderTest(scene: Scene.load(path: BenchmarkPaths.photoViewerScene))
        case .recognizers20:
            let scene = ContinuousRecognizers()
            return SceneUnderTest(
                application: scene.application, mapping: ScreenMapping(screenSize: ContinuousRecognizers.screenSize),
                recognizers: scene.recognizers.map { ("\(type(of: $0))", $0) }, owner: scene)
        }
    }
}

/// A scene built for a benchmark: its application (delivery log off, no observer: an application that records
/// nothing), the screen its input maps onto, and its recognizers by name (to say what state they are in).
@MainActor
public final class SceneUnderTest {
    /// The application frames go to.
    public let application: Application
    /// Where device coordinates land (the scene's screen).
    public let mapping: ScreenMapping
    /// The recognizers, by name.
    public let recognizers: [(name: String, recognizer: GestureRecognizer)]
    private let owner: AnyObject

    init(application: Application, mapping: ScreenMapping, recognizers: [(String, GestureRecognizer)], owner: AnyObject) {
        self.application = application
        self.mapping = mapping
        self.recognizers = recognizers.map { (name: $0.0, recognizer: $0.1) }
        self.owner = owner
        application.deliveryLogCapacity = 0
        application.deliveryObserver = nil
    }

    convenience init(scene: Scene) throws {
        let instance = try scene.instantiate()
        self.init(
            application: instance.application, mapping: scene.screen,
            recognizers: instance.recognizers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, owner: instance)
    }

    /// Sends a frame as a live loop or `SceneDriver` does: the deadlines due at or before its time first
    /// (`Application.advance(to:)`), then `Application.send(_:)`.
    @inline(__always)
    public func send(_ frame: TouchFrame) {
        while let deadline = application.nextDeadline, deadline <= frame.timestamp { application.advance(to: deadline) }
        application.send(frame)
    }

    /// The recognizers' states, grouped: `"20 changed"`, `"pan changed, pinch changed, tap failed"`.
    public var stateSummary: String {
        var counts: [String: Int] = [:]
        for (_, recognizer) in recognizers { counts["\(recognizer.state)", default: 0] += 1 }
        let byState = counts.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "\(recognizers.count) recognizers: \(byState)"
    }

    /// Recognizers whose state is `changed`.
    public var changedCount: Int { recognizers.count { $0.recognizer.state == .changed } }
}

/// Input events into the real decoder (`TouchInputDecoder`, the path live input and replay share) and each
/// frame it completes straight to the scene: what a live loop does between `read` returning an event and the
/// next `read`.
@MainActor
public final class DecoderFeed {
    /// The scene frames go to.
    public let target: SceneUnderTest
    /// The decoder.
    public let decoder: TouchInputDecoder
    /// Frames dispatched so far.
    public private(set) var frameCount = 0
    private var output = MultitouchDecoder.Output()

    /// A decoder for `description` whose coordinates map onto `target`'s screen.
    public init(description: DeviceDescription = SyntheticTouchscreen.description, target: SceneUnderTest) throws {
        self.target = target
        decoder = try TouchInputDecoder(description: description, configuration: .init(mapping: target.mapping))
    }

    /// Hands `events` to the decoder one by one; each frame goes to the scene as soon as the event that
    /// completes it (`SYN_REPORT`) was decoded.
    public func feed(_ events: [InputEvent]) {
        var output = self.output
        self.output = MultitouchDecoder.Output()
        defer { self.output = output }
        for event in events {
            decoder.handle(event, into: &output)
            if !output.frames.isEmpty {
                for frame in output.frames { target.send(frame) }
                frameCount += output.frames.count
                output.frames.removeAll(keepingCapacity: true)
            }
            output.diagnostics.removeAll(keepingCapacity: true)
        }
    }
}
