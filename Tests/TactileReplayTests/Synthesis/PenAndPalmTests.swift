import Foundation
import Tactile
import TactileInput
import TactileReplay
import Testing

/// A view that keeps every touch it is told about, with the phases it saw.
private final class RecordingView: View {
    var began: [Touch] = []
    var ended: [Touch] = []
    var cancelled: [Touch] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ended += touches }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { cancelled += touches }
}

/// Replays a synthesized trace into one full-screen view, as an app would receive it.
private func deliver(_ trace: String) throws -> RecordingView {
    let application = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
    let view = RecordingView(frame: window.bounds)
    window.addSubview(view)
    application.addWindow(window)
    let replay = try TraceReplay(
        path: Package.path("Traces/\(trace)"), configuration: .init(mapping: ScreenMapping(screenSize: Size(width: 1280, height: 720))))
    while let frame = try replay.nextFrame() { application.send(frame) }
    return view
}

@Suite("Pens and palms from ABS_MT_TOOL_TYPE, through the synthesized traces")
struct PenAndPalmTests {
    @Test("A pen stroke is one touch of the pencil type, from began to ended")
    func penIsPencil() throws {
        let view = try deliver("pen.evemu")
        #expect(view.began.count == 1 && view.ended.count == 1 && view.cancelled.isEmpty)
        #expect(view.began.allSatisfy { $0.type == .pencil })
    }

    @Test("A finger that turns into a palm is cancelled, once, and never ends")
    func palmCancels() throws {
        let view = try deliver("palm.evemu")
        #expect(view.began.count == 1 && view.cancelled.count == 1 && view.ended.isEmpty)
        #expect(view.began.first === view.cancelled.first)
        #expect(view.began.allSatisfy { $0.type == .direct })
    }

    @Test("A palm from its first report never begins; the finger tapping beside it does")
    func restingPalmNeverBegins() throws {
        let view = try deliver("palm-and-tap.evemu")
        #expect(view.began.count == 1 && view.ended.count == 1 && view.cancelled.isEmpty)
        // The tap is above the palm: in the upper half of the screen.
        #expect(view.began.allSatisfy { $0.location(in: nil).y < 360 })
    }
}
