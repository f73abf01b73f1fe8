import Tactile
import Testing

/// A drawing canvas as UIKit apps write it: it draws through every coalesced sample of each move and a
/// tentative tail through the predicted ones.
final class InkCanvas: View {
    struct Move {
        var time: Timestamp
        var coalesced: [(location: Point, time: Timestamp)]
        var predicted: [(location: Point, time: Timestamp)]
        var location: Point
    }
    private(set) var moves: [Move] = []
    private(set) var stroke: [Point] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if let touch = touches.first { stroke = [touch.location(in: self)] }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, let event else { return }
        let coalesced = event.coalescedTouches(for: touch) ?? []
        let predicted = event.predictedTouches(for: touch) ?? []
        stroke += coalesced.map { $0.location(in: self) }
        moves.append(Move(time: event.timestamp,
                          coalesced: coalesced.map { ($0.location(in: self), $0.timestamp) },
                          predicted: predicted.map { ($0.location(in: self), $0.timestamp) },
                          location: touch.location(in: self)))
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
}

@Suite("Display-rate dispatch: coalesced and predicted touches")
struct CoalescedTouchesTests {
    /// 600 pt/s to the right and 150 pt/s down, reported at 240 Hz for 0.25 s.
    let stroke = Stroke.steady(from: Point(x: 100, y: 100), velocity: Point(x: 600, y: 150), rate: 240, duration: 0.25)

    /// Runs the stroke through an application dispatching at 60 Hz: input frames are sent as they arrive and
    /// the app dispatches once per display frame.
    func run(displayRate: Bool) -> (InkCanvas, Int) {
        let (application, window) = makeApplication()
        let canvas = InkCanvas(frame: window.bounds)
        window.addSubview(canvas)
        if displayRate { application.inputDispatch = .displayRate }
        var frames = stroke.frames()[...]
        var displayFrames = 0
        var display = 0.0
        while !frames.isEmpty {
            display += 1.0 / 60
            displayFrames += 1
            while let frame = frames.first, frame.timestamp <= Timestamp(seconds: display) {
                application.send(frame)
                frames.removeFirst()
            }
            if displayRate { application.dispatchQueuedInput(at: Timestamp(seconds: display)) }
        }
        return (canvas, displayFrames)
    }

    @Test("At 60 Hz from a 240 Hz stream each display frame gets one touchesMoved with every sample")
    func coalesced() throws {
        let (canvas, displayFrames) = run(displayRate: true)
        // 60 moves at 240 Hz; the began is dispatched alone, then one move per display frame (4 samples each).
        #expect(canvas.moves.count <= displayFrames)
        #expect(canvas.moves.count >= 14)
        let counts = canvas.moves.map(\.coalesced.count)
        #expect(counts.reduce(0, +) == stroke.samples.count - 1)  // every move sample, once
        #expect(counts.dropFirst().dropLast().allSatisfy { $0 == 4 })
        // The samples are the digitizer's, in order, and the last one is the touch itself.
        let expected = stroke.samples.dropFirst().map(\.location)
        let delivered = canvas.moves.flatMap { $0.coalesced.map(\.location) }
        #expect(delivered.count == expected.count)
        for (got, want) in zip(delivered, expected) {
            #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9)
        }
        for move in canvas.moves {
            let last = try #require(move.coalesced.last)
            #expect(last.location == move.location && last.time == move.time)
            #expect(zip(move.coalesced, move.coalesced.dropFirst()).allSatisfy { $0.time < $1.time })
        }
    }

    @Test("Predicted touches lie ahead along the velocity, within one display frame")
    func predicted() throws {
        let (canvas, _) = run(displayRate: true)
        for move in canvas.moves.dropFirst(2) {
            let first = try #require(move.predicted.first)
            let last = try #require(move.predicted.last)
            #expect(first.time > move.time && last.time <= move.time + .milliseconds(17))
            // Where the finger really is that much later (the stroke is a straight line at constant speed).
            let ahead = (last.time - move.time).seconds
            let truth = move.location + Point(x: 600, y: 150) * ahead
            #expect(abs(last.location.x - truth.x) < 1 && abs(last.location.y - truth.y) < 1,
                    "predicted \(last.location), truth \(truth)")
        }
    }

    @Test("The default stays one dispatch per input frame, with one coalesced sample each")
    func defaultMode() {
        let (canvas, _) = run(displayRate: false)
        #expect(canvas.moves.count == stroke.samples.count - 1)
        #expect(canvas.moves.allSatisfy { $0.coalesced.count == 1 })
    }
}
