import Tactile
import TactileInput

/// Reads a trace file through ``TraceReplay`` — reader, then decoder — to its end or its first error, checking
/// the decoder's contact lifecycle on every frame and at the end. Errors are expected; crashes, hangs and
/// broken invariants are findings.
public func fuzzTraceFile(_ file: InputFile, _ data: UnsafePointer<UInt8>?, _ size: Int) {
    file.write(data, size)
    let replay: TraceReplay
    do {
        replay = try TraceReplay(path: file.path)
    } catch {
        _ = error.description
        return
    }
    var ledger = TouchLedger("decoder contact")
    var frames = 0
    do {
        while let frame = try replay.nextFrame() {
            ledger.observe(frame)
            frames += 1
            if frames > 1_000_000 { violation("more than a million frames from one input") }
        }
    } catch {
        // The frame cancelling the contacts came before the error.
        _ = error.description
    }
    ledger.expectAllFinished("end of trace")
}
