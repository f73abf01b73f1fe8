import Foundation
import Tactile
import TactileInput
import TactileReplay

/// Ten fingers on ``SyntheticTouchscreen`` as its kernel driver reports them, one report at a time: the events
/// of a frame in the order `input_mt_sync_frame` sends them — per finger whose values changed `ABS_MT_SLOT`
/// (when it is not the current slot), `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`; then the pointer emulation
/// (`ABS_X`, `ABS_Y` of slot 0) and `SYN_REPORT`. Unchanged values are not sent (the kernel drops them).
///
/// The fingers stand on a circle around the middle of the panel that turns (1.5 rad/s), breathes (its radius
/// swings between 400 and 700 units every 6 s) and drifts (±300 units along x every 20 s), so every finger
/// moves by several units in every report and pan, pinch and rotation stay in `changed`. Reports are 120 Hz,
/// the panel's scan rate.
public struct MovingFingers: Sendable {
    /// Fingers down.
    public let fingers: Int
    /// Reports made so far (the landing is report 0).
    public private(set) var reportIndex = 0
    private var slot = -1
    private var last: [(x: Int32, y: Int32)]

    public init(fingers: Int = 10) {
        precondition((1...10).contains(fingers), "the synthetic panel has 10 slots")
        self.fingers = fingers
        last = Array(repeating: (-1, -1), count: fingers)
    }

    /// The time of report `index`.
    public static func time(ofReport index: Int) -> Timestamp {
        Timestamp(nanoseconds: 1_000_000_000 + Int64(index) * 1_000_000_000 / Int64(SyntheticTouchscreen.scanRate))
    }

    /// Where `finger` is at report `index`, in device units (X 0–3520, Y 0–1984).
    func position(finger: Int, report index: Int) -> (x: Int32, y: Int32) {
        let t = Double(index) / SyntheticTouchscreen.scanRate
        let angle = Double(finger) / Double(fingers) * 2 * .pi + 1.5 * t
        let radius = 550 + 150 * sin(2 * .pi * t / 6)
        let centerX = 1760 + 300 * sin(2 * .pi * t / 20)
        let centerY = 992.0
        return (Int32((centerX + radius * cos(angle)).rounded()), Int32((centerY + 0.8 * radius * sin(angle)).rounded()))
    }

    /// Replaces `events` with the next report's events: the landing of every finger for the first report (a
    /// tracking id per slot and `BTN_TOUCH`), then moves.
    public mutating func nextReport(into events: inout [InputEvent]) {
        events.removeAll(keepingCapacity: true)
        let time = Self.time(ofReport: reportIndex)
        let lands = reportIndex == 0
        for finger in 0..<fingers {
            let (x, y) = position(finger: finger, report: reportIndex)
            guard lands || x != last[finger].x || y != last[finger].y else { continue }
            if finger != slot {
                events.append(InputEvent(timestamp: time, .multitouchSlot, Int32(finger)))
                slot = finger
            }
            if lands { events.append(InputEvent(timestamp: time, .multitouchTrackingID, Int32(finger + 1))) }
            if x != last[finger].x { events.append(InputEvent(timestamp: time, .multitouchPositionX, x)) }
            if y != last[finger].y { events.append(InputEvent(timestamp: time, .multitouchPositionY, y)) }
            last[finger] = (x, y)
        }
        if lands { events.append(InputEvent(timestamp: time, .touch, 1)) }
        let previous = reportIndex == 0 ? (x: -1, y: -1) : position(finger: 0, report: reportIndex - 1)
        if last[0].x != previous.x { events.append(InputEvent(timestamp: time, .x, last[0].x)) }
        if last[0].y != previous.y { events.append(InputEvent(timestamp: time, .y, last[0].y)) }
        events.append(InputEvent(timestamp: time, .report))
        reportIndex += 1
    }
}
