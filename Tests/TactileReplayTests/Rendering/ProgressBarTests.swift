import Tactile
import TactileInput
import Testing

@testable import TactileReplay

@Suite("Progress bar and trace extent")
struct ProgressBarTests {
    @Test("The bar redraws only when the percentage changes and ends full")
    func redrawsOnChange() {
        var bar = ProgressBar(total: Timestamp(seconds: 10), width: 10)
        #expect(bar.update(.zero) == "[----------]   0%  0.0 s / 10.0 s")
        #expect(bar.update(Timestamp(nanoseconds: 50_000_000)) == nil)
        #expect(bar.update(Timestamp(seconds: 4.5)) == "[####------]  45%  4.5 s / 10.0 s")
        #expect(bar.update(Timestamp(seconds: 12)) == "[##########] 100%  12.0 s / 10.0 s")
    }

    @Test("A bar made for a terminal's width never reaches its last column; too narrow a terminal gets none")
    func fitsTheTerminal() throws {
        for total in [Timestamp(seconds: 1), Timestamp(seconds: 27.9), Timestamp(seconds: 3600)] {
            for columns in 30...200 {
                guard var bar = ProgressBar(total: total, columns: columns) else {
                    #expect(columns < 45, "a \(columns)-column terminal is wide enough for a bar")
                    continue
                }
                for step in 0...20 {
                    let line = bar.update(Timestamp(nanoseconds: total.nanoseconds / 20 * Int64(step))) ?? ""
                    #expect(line.count < columns, "\(line)")
                }
            }
        }
        #expect(ProgressBar(total: Timestamp(seconds: 5), columns: 10) == nil)
    }

    @Test("An evemu trace's duration is read from its first and last event lines")
    func traceExtent() throws {
        let duration = try #require(TraceExtent.duration(ofEvemuFile: Package.path("Traces/long-press.evemu")))
        let replay = try TactileInput.TraceReplay(path: Package.path("Traces/long-press.evemu"))
        _ = try replay.remainingFrames()
        #expect(duration == Timestamp(nanoseconds: replay.statistics.duration.nanoseconds))
        #expect(TraceExtent.duration(ofEvemuFile: Package.path("Traces/scenes/photo-viewer.json")) == nil)
    }

    @Test("The extent skips lines that are not event times and reads the last complete time of the tail")
    func traceExtentLines() {
        let head = Array("# E: 9.000000 comment\nE: x 0003 0000 1\nE: 1.25 0003 0000 1\nE: 2.000500 0003 0000 1\nE: 3.000000 0\n".utf8)
        #expect(TraceExtent.firstEventTime(in: head) == Timestamp(seconds: 2, microseconds: 500))
        #expect(TraceExtent.lastEventTime(in: head) == Timestamp(seconds: 3, microseconds: 0))
        let tail = Array("000 0003 0000 1\nE: 7.100000 0000 0000 0\nE: 8.2000".utf8)
        #expect(TraceExtent.lastEventTime(in: tail) == Timestamp(seconds: 7, microseconds: 100_000))
        #expect(TraceExtent.firstEventTime(in: Array("N: name\n".utf8)) == nil)
        #expect(TraceExtent.lastEventTime(in: []) == nil)
        #expect(TraceExtent.duration(ofEvemuFile: "/nonexistent/trace.evemu") == nil)
    }
}
