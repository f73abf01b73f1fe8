import Tactile
import TactileInput
import TactileReplay

/// The three stages of the side-by-side with libevemu, each reading a whole trace file.
public enum PipelineStage: String, CaseIterable, Sendable {
    /// Reading the file: the device description and every event (libevemu's `evemu_read` + `evemu_read_event`).
    case parse
    /// Parsing and decoding to touch frames (``TraceReplay``).
    case decode
    /// Parsing, decoding, and the photo-viewer scene: hit-testing, recognizers, delivery (delivery log off).
    case pipeline

    /// What one run counted: events for ``parse``, frames for the others.
    public struct Counts: Sendable, CustomStringConvertible {
        public var events = 0
        public var frames = 0
        public init() {}
        public var description: String { "events=\(events) frames=\(frames)" }
    }

    /// Runs the stage once on `path`.
    @MainActor
    public func run(path: String, scene: Scene) throws -> Counts {
        var counts = Counts()
        switch self {
        case .parse:
            let reader = try TraceReader(path: path)
            while try reader.nextEvent() != nil { counts.events += 1 }
        case .decode:
            let trace = try TraceReplay(path: path, scene: scene)
            while try trace.nextFrame() != nil { counts.frames += 1 }
            counts.events = trace.statistics.eventCount
        case .pipeline:
            let instance = try scene.instantiate()
            let driver = SceneDriver(instance: instance, observer: { _ in })
            // As an application with no logging: the driver's observer would build every log entry.
            instance.application.deliveryObserver = nil
            let statistics = try driver.replay(TraceReplay(path: path, scene: scene))
            counts.events = statistics.eventCount
            counts.frames = driver.frameCount
        }
        return counts
    }
}
