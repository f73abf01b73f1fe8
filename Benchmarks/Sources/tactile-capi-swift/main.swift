// The Swift side of the C boundary's cost (Benchmarks/CAPI/bench.c is the C side; Benchmarks/CAPI/measure.sh runs
// both): the same ten fingers moving on a 1000 × 560 view under a pan in `changed`, whose action reads the pan's
// translation, velocity and location — through Tactile's Swift API, as a Swift app on SDL does it.
//
//     tactile-capi-swift stream FRAMES   each frame as a toolkit reports it: 10 motions into a ContactStream, then
//                                        its frame event; the stream's frames to `Application.send`
//     tactile-capi-swift frame FRAMES    each frame as one `TouchFrame` to `Application.send`
//
// Prints `MODE: N frames, W ns per frame (wall)`, as the C side does.
import BenchmarkSupport
import Foundation
import Tactile
import TactileInput

/// The action's reads, kept so that they are not optimized away.
final class Sink {
    var sum = 0.0
}

/// SteadyMoves' scene (a 1280 × 720 application, a view with a pan), ten fingers put down through a contact stream
/// and dragged until the pan is in `changed`.
@MainActor
final class Workload {
    let application: Application
    let pan: PanGestureRecognizer
    let sink = Sink()
    var stream = ContactStream(grouping: .frameEvents)
    var output = ContactStream.Output()
    var frame: TouchFrame
    var time = Timestamp(nanoseconds: 1_000_000_000)
    var moves = 0

    init() {
        (application, pan) = SteadyMoves.makeScene()
        _ = pan.addAction { [sink] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            sink.sum += pan.translation(in: pan.view).x + pan.velocity(in: pan.view).x + pan.location(in: nil).y
        }
        frame = TouchFrame(
            timestamp: time,
            contacts: (0..<10).map { index in
                TouchContact(
                    id: TouchContact.ID(UInt64(index + 1)), phase: .moved,
                    location: Point(x: 300 + Double(index) * 80, y: 300), slot: index)
            })
        for contact in frame.contacts {
            handle(.down(ContactReport(id: Int64(contact.id.rawValue), timestamp: time, location: contact.location)))
        }
        handle(.frame(at: time))
        for _ in 0..<8 { streamFrame(by: 6) }
        precondition(pan.state == .changed, "the pan should be in changed after the drag, not \(pan.state)")
    }

    private func handle(_ event: ContactStream.Event) {
        output.frames.removeAll(keepingCapacity: true)
        stream.handle(event, into: &output)
        for frame in output.frames { application.send(frame) }
    }

    func streamFrame(by delta: Double) {
        time = time + .nanoseconds(8_333_333)
        for index in frame.contacts.indices {
            frame.contacts[index].location.x += delta
            let contact = frame.contacts[index]
            handle(.motion(ContactReport(id: Int64(contact.id.rawValue), timestamp: time, location: contact.location)))
        }
        handle(.frame(at: time))
    }

    func sendFrame(by delta: Double) {
        time = time + .nanoseconds(8_333_333)
        frame.timestamp = time
        for index in frame.contacts.indices { frame.contacts[index].location.x += delta }
        application.send(frame)
    }

    func step(_ mode: String) {
        let delta: Double = moves.isMultiple(of: 2) ? 4 : -4
        moves += 1
        if mode == "frame" { sendFrame(by: delta) } else { streamFrame(by: delta) }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["stream", "frame"].contains(arguments[1]), let frames = Int(arguments[2]), frames >= 0 else {
    FileHandle.standardError.write(Data("usage: tactile-capi-swift stream|frame FRAMES\n".utf8))
    exit(64)
}
let workload = Workload()
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<frames { workload.step(arguments[1]) }
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
print("\(arguments[1]): \(frames) frames, \(frames > 0 ? Int((elapsed / Double(frames)).rounded()) : 0) ns per frame (wall)")
exit(workload.sink.sum == 12345.678 ? 2 : 0)
