import FuzzSupport
import Tactile
import TactileInput
import TactileReplay

// The contact stream (a per-contact source: Wayland, SDL, libinput) feeding the core's dispatch, driven by
// arbitrary bytes read as a source's events, with the lifecycle invariant checked after every operation: the
// stream's contacts, the views' touches (delivery log) and every recognizer's touches (a ledger recognizer on
// each named view). At the end the stream is ended and the driver finishes: then nothing may be left open.
//
// Byte 0: bit 0 the grouping (frame events, or timestamps), bit 1 the scene (the default scene, or a scroll
// view of buttons with delaying recognizers). Then each operation is 6 bytes [kind, id, a, b, c, d]; the
// source identifier is `id % 8`, the location (a | b << 8, c | d << 8) / 64 points (NaN when c and d are 0xff):
//   0        down (slot d % 12 when a ≥ 0x80, else the stream's; force c / 64 when b is odd)
//   1, 2     motion        3  up (at the location when d is odd)        4  cancel        5  cancelAll
//   6        frame(at: nil)        7  frame(at: the current time)        8  flush()
//   9        time forward a ms        10  time backwards a ms        11  advance the driver a × 10 ms
//   12       end(at:) (the source went away: later events are ignored)
// Fuzz/make-corpora.sh writes seeds of taps, drags and pinches in this form.

let scenes = dispatchScenes(rows: [.button, .view])

@_cdecl("LLVMFuzzerTestOneInput")
public nonisolated func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    onMainActor(data, size, fuzz)
}

@MainActor
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var stream = ContactStream(grouping: bytes[0] & 1 == 0 ? .frameEvents : .timestamps)
    let checked = CheckedScene(building: scenes[Int(bytes[0] >> 1) & 1])
    let driver = checked.driver
    var contacts = TouchLedger("stream contact")
    var time = fuzzStartTime
    var latest = time
    var lastFrameTime: Timestamp?

    func deliver(_ output: ContactStream.Output) {
        for frame in output.frames {
            if let lastFrameTime, frame.timestamp < lastFrameTime {
                violation("frame time went back from \(lastFrameTime) to \(frame.timestamp)")
            }
            lastFrameTime = frame.timestamp
            if Set(frame.contacts.map(\.id)).count != frame.contacts.count { violation("a contact twice in \(frame)") }
            contacts.observe(frame)
            driver.send(frame)
        }
    }

    var index = 1
    while index + 6 <= bytes.count {
        let (kind, id) = (bytes[index] % 13, Int64(bytes[index + 1] % 8))
        let (a, b, c, d) = (bytes[index + 2], bytes[index + 3], bytes[index + 4], bytes[index + 5])
        index += 6
        let x = Double(UInt16(a) | UInt16(b) << 8) / 64
        let y = c == 0xff && d == 0xff ? Double.nan : Double(UInt16(c) | UInt16(d) << 8) / 64
        var report = ContactReport(id: id, timestamp: time, location: Point(x: x, y: y))
        if b & 1 == 1 { report.force = Double(c) / 64 }
        switch kind {
        case 0:
            if a >= 0x80 { report.slot = Int(d % 12) }
            deliver(stream.handle(.down(report)))
        case 1, 2: deliver(stream.handle(.motion(report)))
        case 3: deliver(stream.handle(.up(id: id, at: time, location: d & 1 == 1 ? report.location : nil)))
        case 4: deliver(stream.handle(.cancel(id: id, at: time)))
        case 5: deliver(stream.handle(.cancelAll(at: time)))
        case 6: deliver(stream.handle(.frame(at: nil)))
        case 7: deliver(stream.handle(.frame(at: time)))
        case 8: deliver(stream.flush())
        case 9:
            time = time + .milliseconds(Int64(a))
            latest = max(latest, time)
        case 10: time = time - .milliseconds(Int64(a))
        case 11:
            time = time + .milliseconds(Int64(a) * 10)
            latest = max(latest, time, lastFrameTime ?? time)
            driver.advance(to: latest)
        default: deliver(stream.end(at: time))
        }
    }
    deliver(stream.end(at: latest))
    if stream.activeContactCount != 0 { violation("\(stream.activeContactCount) contacts down after end(at:)") }
    contacts.expectAllFinished("after the stream ended")
    driver.finish(at: max(latest, lastFrameTime ?? latest))
    checked.expectAllFinished("after the stream ended and the driver finished")
    return 0
}

@_cdecl("FuzzContactStream_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzOne)
}
