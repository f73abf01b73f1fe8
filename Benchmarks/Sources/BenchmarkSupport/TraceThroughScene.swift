import Tactile
import TactileInput

/// A real recording through the decoder (`TraceReplay`, as `tactile replay` reads it) into a benchmark scene,
/// frame by frame, so that the set-up (opening the file, the scene, the first frames) can stay out of a
/// measurement and the frames after it are counted alone.
@MainActor
public final class TraceThroughScene {
    /// The replay (reader and decoder).
    public let replay: TraceReplay
    /// The scene.
    public let target: SceneUnderTest

    /// Opens `path` for `scene`, the device's coordinates mapped onto the scene's screen.
    public init(path: String, scene: BenchmarkScene) throws {
        target = try scene.build()
        replay = try TraceReplay(reader: TraceReader(path: path), configuration: .init(mapping: target.mapping))
    }

    /// Sends the next `count` frames (fewer when the trace ends); returns how many were sent.
    @discardableResult
    public func send(frames count: Int) throws -> Int {
        var sent = 0
        while sent < count, let frame = try replay.nextFrame() {
            target.send(frame)
            sent += 1
        }
        return sent
    }
}
