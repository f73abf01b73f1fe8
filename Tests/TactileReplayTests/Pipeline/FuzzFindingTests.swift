import Foundation
import Testing

@testable import Tactile
@testable import TactileInput
@testable import TactileReplay

/// Inputs the fuzzers found (Fuzz/README.md), kept as regression tests.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    @Test("FuzzDecoderDispatch #1: a lift and a tap in one report, then cancelAllTouches — every touch ends")
    func liftAndTapInOneReportThenCancelAll() throws {
        let replay = try CheckedReplay(scene: Scene.defaultScene(screenSize: Size(width: 400, height: 300)))
        let driver = replay.driver
        let p = Point(x: 0, y: 0)
        func contact(_ id: UInt64, _ phase: TouchContact.Phase, slot: Int) -> TouchContact {
            TouchContact(id: .init(id), phase: phase, location: p, slot: slot)
        }
        let t0 = Timestamp(seconds: 1000.01)
        driver.send(TouchFrame(timestamp: t0, contacts: [contact(1, .began, slot: 0), contact(2, .began, slot: 1)]))
        let t1 = t0 + .milliseconds(8)
        driver.send(TouchFrame(timestamp: t1, contacts: [contact(2, .ended, slot: 1), contact(3, .began, slot: 1), contact(1, .stationary, slot: 0)]))
        driver.send(TouchFrame(timestamp: t1, contacts: [contact(3, .ended, slot: 1), contact(1, .stationary, slot: 0)]))
        let t2 = t1 + .milliseconds(255)
        driver.send(TouchFrame(timestamp: t2, contacts: [contact(1, .stationary, slot: 0), contact(4, .began, slot: 1)]))
        driver.cancelAllTouches(at: t2)
        driver.send(TouchFrame(timestamp: t2, contacts: [contact(1, .cancelled, slot: 0), contact(4, .cancelled, slot: 1)]))
        driver.finish(at: t2)
        #expect(replay.lifecycle.violations == [], "\(replay.lines.joined(separator: "\n"))")
    }
}
