import Tactile
import TactileReplay

/// Single taps on the photo viewer (`Traces/scenes/photo-viewer.json`): its single tap requires the double
/// tap to fail, so every tap runs the double tap's deadline too.
@MainActor
public final class PhotoViewerTaps {
    /// The scene, built once.
    public let instance: SceneInstance
    /// Taps completed.
    public private(set) var tapCount = 0
    private var time = Timestamp(nanoseconds: 1_000_000_000)
    private var nextID: UInt64 = 1
    /// The two frames of a tap, changed in place for each tap, so that the count is the library's alone (a new
    /// contacts array per frame would be the harness's allocation).
    private var down = TouchFrame(
        timestamp: .zero, contacts: [TouchContact(id: TouchContact.ID(0), phase: .began, location: Point(x: 640, y: 320))])
    private var up = TouchFrame(
        timestamp: .zero, contacts: [TouchContact(id: TouchContact.ID(0), phase: .ended, location: Point(x: 640, y: 320))])

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
        down.timestamp = time
        down.contacts[0].id = id
        instance.application.send(down)
        time = time + .milliseconds(60)
        up.timestamp = time
        up.contacts[0].id = id
        instance.application.send(up)
        time = time + .seconds(1)
        instance.application.advance(to: time)
        tapCount += 1
    }
}
