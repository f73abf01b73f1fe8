import Tactile
import TactileReplay

/// Single taps on the photo viewer (`Traces/scenes/photo-viewer.json`): its single tap requires the double
/// tap to fail, so every tap runs the double tap's deadline too.
public final class PhotoViewerTaps {
    /// The scene, built once.
    public let instance: SceneInstance
    /// Taps completed.
    public private(set) var tapCount = 0
    private var time = Timestamp(nanoseconds: 1_000_000_000)
    private var nextID: UInt64 = 1

    /// Loads and builds the scene, with the delivery log off.
    public init() throws {
        instance = try Scene.load(path: BenchmarkPaths.photoViewerScene).instantiate()
        instance.application.deliveryLogCapacity = 0
    }

    /// One tap: a touch down, its lift 60 ms later, then the clock moved 1 s on so the double tap's wait
    /// ends and the single tap recognizes. Two frames and one deadline.
    public func sendTap() {
        let id = TouchContact.ID(nextID)
        nextID += 1
        let location = Point(x: 640, y: 320)
        instance.application.send(TouchFrame(timestamp: time, contacts: [TouchContact(id: id, phase: .began, location: location)]))
        time = time + .milliseconds(60)
        instance.application.send(TouchFrame(timestamp: time, contacts: [TouchContact(id: id, phase: .ended, location: location)]))
        time = time + .seconds(1)
        instance.application.advance(to: time)
        tapCount += 1
    }
}

@available(*, unavailable)
extension PhotoViewerTaps: Sendable {}
