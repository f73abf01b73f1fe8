import Foundation
import Tactile
import TactileInput
import TactileReplay

/// A synthetic ten-finger trace of any length for the long-run benchmark (`tactile-longrun`), written as evemu
/// text for ``SyntheticTouchscreen`` at its 120 Hz scan rate — generated on the fly, so an hour of it
/// (432,000 reports, about 13 million events, ~500 MB of text) never exists as a file.
///
/// Every report moves all ten fingers: they stand on a circle around the middle of the panel that turns
/// (0.5 rad/s), breathes (its radius swings between 300 and 700 units every 8 s) and drifts (±400 units every
/// 20 s), so the photo viewer's pan, pinch and rotation stay in `changed`. Every 10 s (1,200 reports) the ten
/// fingers lift in one report and ten new ones land in the next, so touches, recognizers and their resets turn
/// over 360 times an hour. Each report is `ABS_MT_SLOT`, `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y` per finger
/// (plus `ABS_MT_TRACKING_ID` when a finger lands or lifts) and `SYN_REPORT`, as the kernel sends them.
public struct LongRunTrace: Sendable {
    /// Reports per second.
    public static let rate = 120
    /// Reports from one landing of the ten fingers to the next.
    public static let reportsPerCycle = 1_200
    /// Fingers down.
    public static let fingers = 10

    /// The number of reports (one per scan).
    public let reportCount: Int

    /// A trace of `minutes` minutes of trace time.
    public init(minutes: Double) {
        reportCount = Int((minutes * 60 * Double(Self.rate)).rounded())
    }

    /// Writes the whole trace as evemu text to `descriptor` (a pipe or a FIFO), 64 KiB at a time. Returns
    /// `false` when the reader went away (the write failed).
    public func write(to descriptor: Int32) -> Bool {
        var buffer = [UInt8]()
        buffer.reserveCapacity(80 * 1024)
        func flush() -> Bool {
            var offset = 0
            while offset < buffer.count {
                let written = buffer.withUnsafeBytes { bytes in
                    Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        buffer.append(contentsOf: EvemuWriter.descriptionText(SyntheticTouchscreen.description).utf8)
        var currentSlot = -1
        var nextTrackingID: Int32 = 1
        for report in 0..<reportCount {
            let time = Timestamp(nanoseconds: 1_000 + Int64(report) * 1_000_000_000 / Int64(Self.rate))
            let phaseInCycle = report % Self.reportsPerCycle
            let lands = phaseInCycle == 0
            let lifts = phaseInCycle == Self.reportsPerCycle - 1 || report == reportCount - 1
            func event(_ axis: AbsoluteAxis, _ value: Int32) {
                buffer.append(contentsOf: EvemuWriter.eventLine(InputEvent(timestamp: time, axis, value)).utf8)
                buffer.append(UInt8(ascii: "\n"))
            }
            for finger in 0..<Self.fingers {
                if finger != currentSlot {
                    event(.multitouchSlot, Int32(finger))
                    currentSlot = finger
                }
                if lands {
                    event(.multitouchTrackingID, nextTrackingID)
                    nextTrackingID = nextTrackingID == 65_535 ? 1 : nextTrackingID + 1
                }
                let (x, y) = position(finger: finger, report: report)
                event(.multitouchPositionX, x)
                event(.multitouchPositionY, y)
                if lifts { event(.multitouchTrackingID, -1) }
            }
            if lands { buffer.append(contentsOf: (EvemuWriter.eventLine(InputEvent(timestamp: time, .touch, 1)) + "\n").utf8) }
            if lifts { buffer.append(contentsOf: (EvemuWriter.eventLine(InputEvent(timestamp: time, .touch, 0)) + "\n").utf8) }
            buffer.append(contentsOf: (EvemuWriter.eventLine(InputEvent(timestamp: time, .report)) + "\n").utf8)
            if buffer.count >= 64 * 1024, !flush() { return false }
        }
        return flush()
    }

    /// Where `finger` is at `report`, in device units (X 0–3520, Y 0–1984).
    func position(finger: Int, report: Int) -> (Int32, Int32) {
        let t = Double(report) / Double(Self.rate)
        let angle = Double(finger) / Double(Self.fingers) * 2 * .pi + 0.5 * t
        let radius = 500 + 200 * sin(2 * .pi * t / 8)
        let centerX = 1760 + 400 * sin(2 * .pi * t / 20)
        let centerY = 992.0
        return (Int32((centerX + radius * cos(angle)).rounded()), Int32((centerY + 0.8 * radius * sin(angle)).rounded()))
    }
}
