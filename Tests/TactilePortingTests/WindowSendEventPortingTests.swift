import Tactile
import Testing

// UIWindow.sendEvent(_:) ported: each window's `super.sendEvent` delivers that window's touches, so a window that
// drops an event (an override that does not call super) drops its own touches only (spec §4.1). What a UIKit app
// does with it: a window that locks itself during an animation or a passcode prompt, an idle-timer window that
// watches its own touches, two windows on one screen (an external keyboard panel, a picture-in-picture overlay).

/// A window that logs each `sendEvent` with the touches of its own it sees, and drops events while `isLocked`.
private final class LockableWindow: Window {
    let log: AcceptanceLog
    var isLocked = false
    /// How many times an unlocked `sendEvent` calls `super.sendEvent`.
    var superCalls = 1

    init(_ label: String, frame: Rect, log: AcceptanceLog) {
        self.log = log
        super.init(frame: frame)
        name = label
    }

    override func sendEvent(_ event: Event) {
        let own = event.touches(for: self).filter { $0.phase != .stationary }
        log.entries.append("\(logName) sendEvent \(contactList(Set(own)))\(isLocked ? " dropped" : "")")
        if !isLocked { for _ in 0..<superCalls { super.sendEvent(event) } }
    }
}

/// Two windows side by side on one 400 × 800 screen — L (0–200) and R (200–400) — each filled by a recording
/// view (LV, RV) with a tap recognizer on it (Ltap, Rtap) and logged in one log.
private func twoWindows() -> (left: LockableWindow, right: LockableWindow, log: AcceptanceLog, fingers: Fingers,
                              leftTap: TapGestureRecognizer, rightTap: TapGestureRecognizer)
{
    let log = AcceptanceLog()
    let application = Application()
    let left = LockableWindow("L", frame: Rect(x: 0, y: 0, width: 200, height: 800), log: log)
    let right = LockableWindow("R", frame: Rect(x: 200, y: 0, width: 200, height: 800), log: log)
    application.addWindow(left)
    application.addWindow(right)
    let leftView = RecordingView("LV", frame: left.bounds, log: log)
    let rightView = RecordingView("RV", frame: right.bounds, log: log)
    left.addSubview(leftView)
    right.addSubview(rightView)
    let leftTap = recordActions(TapGestureRecognizer(), "Ltap", in: log)
    let rightTap = recordActions(TapGestureRecognizer(), "Rtap", in: log)
    // The views see their touches as they happen (a tap holds back nothing).
    leftTap.delaysTouchesEnded = false
    rightTap.delaysTouchesEnded = false
    leftView.addGestureRecognizer(leftTap)
    rightView.addGestureRecognizer(rightTap)
    return (left, right, log, Fingers(application), leftTap, rightTap)
}

@Suite("Porting: each window's sendEvent delivers its own touches (spec §4.1)")
struct WindowSendEventPortingTests {
    @Test("A locked window drops its own touches; the other window's finger, first or second, is still a tap")
    func lockedWindowDropsOnlyItsTouches() {
        let (left, _, log, fingers, _, _) = twoWindows()
        left.isLocked = true
        // Both fingers land and lift together; L's touch comes first, so L is sent the event first.
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        fingers.up(80, (1, pt(100, 100)), (2, pt(300, 100)))
        #expect(log.entries == [
            "L sendEvent #1 dropped", "R sendEvent #2", "RV began #2",
            "L sendEvent #1 dropped", "R sendEvent #2", "RV cancelled #2", "Rtap ended",
        ])
    }

    @Test("A window's super.sendEvent delivers its touches before the next window's sendEvent is called")
    func eachWindowDeliversInItsTurn() {
        let (_, _, log, fingers, _, _) = twoWindows()
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        #expect(log.entries == ["L sendEvent #1", "LV began #1", "R sendEvent #2", "RV began #2"])
        log.clear()
        fingers.move(16, (2, pt(302, 100)))  // only R's finger moves: L is not sent the event
        #expect(log.entries == ["R sendEvent #2", "RV moved #2"])
    }

    @Test("A window that calls super.sendEvent twice delivers its touches once")
    func superCalledTwiceDeliversOnce() {
        // Window.sendEvent(_:): calling it a second time in one dispatch does nothing.
        let (left, _, log, fingers, _, _) = twoWindows()
        left.superCalls = 2
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        fingers.up(80, (1, pt(100, 100)), (2, pt(300, 100)))
        #expect(log.entries(of: "LV") == ["LV began #1", "LV cancelled #1"])
        #expect(log.entries(of: "Ltap") == ["Ltap ended"])
    }

    @Test("A locked window whose finger lifts while its other finger moves: the lift is cancelled, the move not delivered")
    func droppedLiftAndMoveInOneEvent() {
        let (left, _, log, fingers, _, _) = twoWindows()
        left.subviews[0].isMultipleTouchEnabled = true
        fingers.down(0, (1, pt(50, 100)), (2, pt(150, 100)))
        left.isLocked = true
        fingers.application.send(TouchFrame(timestamp: Timestamp(seconds: 0.016), contacts: [
            TouchContact(id: .init(1), phase: .ended, location: pt(50, 100)),
            TouchContact(id: .init(2), phase: .moved, location: pt(160, 100)),
        ]))
        left.isLocked = false
        fingers.up(32, (2, pt(160, 100)))
        #expect(log.entries(of: "LV") == [
            "LV began #1,#2", "LV cancelled #1", "LV ended #2",
        ])
    }

    @Test("A touch whose began the window dropped never reaches it later, while its sendEvent keeps seeing it")
    func droppedBeganIsDroppedForLife() {
        let (left, _, log, fingers, leftTap, _) = twoWindows()
        left.isLocked = true
        fingers.down(0, (1, pt(100, 100)))
        left.isLocked = false  // unlocked while the finger is down: the touch still never arrives
        fingers.move(16, (1, pt(102, 100)))
        fingers.up(80, (1, pt(102, 100)))
        #expect(log.entries == ["L sendEvent #1 dropped", "L sendEvent #1", "L sendEvent #1"])
        #expect(leftTap.state == .possible)
        let reasons = (left.application?.deliveries ?? []).compactMap { entry -> String? in
            guard case .touchIgnored(let id, let reason) = entry.kind else { return nil }
            return "#\(id.rawValue) \(reason)"
        }
        #expect(reasons == ["#1 L dropped the event it began in"])
        // The next finger after the unlock is delivered as usual.
        log.clear()
        fingers.tap(200, 3, at: pt(100, 100))
        #expect(log.entries == ["L sendEvent #3", "LV began #3", "L sendEvent #3", "LV cancelled #3", "Ltap ended"])
    }

    @Test("A window that locks while its finger is down cancels that finger in its view and recognizers: no tap")
    func droppedEndIsCancelledOnce() {
        let (left, _, log, fingers, _, _) = twoWindows()
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        left.isLocked = true
        fingers.up(80, (1, pt(100, 100)), (2, pt(300, 100)))
        #expect(log.entries == [
            "L sendEvent #1", "LV began #1", "R sendEvent #2", "RV began #2",
            "L sendEvent #1 dropped", "R sendEvent #2", "RV cancelled #2", "Rtap ended",
            "LV cancelled #1",
        ])
    }

    @Test("A move the window drops is not delivered; the next one is, from where the view last saw the finger")
    func droppedMoveIsSkipped() {
        let (left, _, log, fingers, _, _) = twoWindows()
        let view = left.subviews[0] as! RecordingView
        var seen: [String] = []
        view.inspect = { method, touches, _ in
            guard method == "moved", let touch = touches.first else { return }
            seen.append("\(Int(touch.location(in: nil).x))")
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(130, 100)))
        left.isLocked = true
        fingers.move(32, (1, pt(160, 100)))
        left.isLocked = false
        fingers.move(48, (1, pt(190, 100)))  // 90 pt from where it began: no tap
        fingers.up(64, (1, pt(190, 100)))
        #expect(seen == ["130", "190"])
        #expect(log.entries(of: "LV") == ["LV began #1", "LV moved #1", "LV moved #1", "LV ended #1"])
    }

    @Test("Recognizers attached in one window never see the other window's touches")
    func recognizersSeeTheirWindowOnly() {
        let (_, right, log, fingers, _, _) = twoWindows()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 5
        var touchCounts: [Int] = []
        _ = pan.addAction { pan in
            if pan.state == .began || pan.state == .changed { touchCounts.append(pan.numberOfTouches) }
        }
        right.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        fingers.move(16, (1, pt(150, 100)), (2, pt(350, 100)))
        fingers.move(32, (1, pt(190, 100)), (2, pt(390, 100)))
        fingers.up(48, (1, pt(190, 100)), (2, pt(390, 100)))
        #expect(!touchCounts.isEmpty && touchCounts.allSatisfy { $0 == 1 }, "the pan has R's finger only")
        #expect(log.entries(of: "LV").last == "LV ended #1", "L's view keeps its finger")
    }

    @Test("Failure requirements across windows: L's tap waits for R's long press to fail, then taps")
    func failureRequirementAcrossWindows() {
        let (_, right, log, fingers, leftTap, _) = twoWindows()
        let press = recordActions(LongPressGestureRecognizer(), "Rpress", in: log)
        right.subviews[0].addGestureRecognizer(press)
        _ = leftTap.require(toFail: press)
        // Both fingers land; L's lifts first while R's press is undecided: L's tap waits.
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        fingers.up(80, (1, pt(100, 100)))
        #expect(log.entries(of: "Ltap").isEmpty)
        // R's finger lifts before the press's 0.5 s: the press fails, L's tap recognizes in that dispatch.
        fingers.up(200, (2, pt(300, 100)))
        #expect(log.entries(of: "Ltap") == ["Ltap ended"])
        #expect(log.entries(of: "Rpress").isEmpty)
        // Again, but R's finger holds past 0.5 s: the press begins and L's tap fails.
        log.clear()
        fingers.down(1000, (3, pt(100, 100)), (4, pt(300, 100)))
        fingers.up(1080, (3, pt(100, 100)))
        fingers.wait(until: 1600)
        fingers.up(1700, (4, pt(300, 100)))
        #expect(log.entries(of: "Ltap").isEmpty)
        #expect(log.entries(of: "Rpress") == ["Rpress began", "Rpress ended"])
    }

    @Test("A phase held back in one window is delivered as soon as another window's recognizer decides it")
    func heldPhaseReleasedByAnotherWindow() {
        let (_, right, log, fingers, leftTap, _) = twoWindows()
        let press = recordActions(LongPressGestureRecognizer(), "Rpress", in: log)
        right.subviews[0].addGestureRecognizer(press)
        leftTap.delaysTouchesBegan = true  // LV hears of its finger only once the tap is decided
        leftTap.cancelsTouchesInView = false
        _ = leftTap.require(toFail: press)
        fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100)))
        #expect(log.entries(of: "LV").isEmpty)
        log.clear()
        // Both lift in one frame, L's touch first: L's tap recognizes but waits for R's press; R's sendEvent then
        // fails the press, the tap ends, and LV gets its finger's began and end in that same dispatch.
        fingers.up(80, (1, pt(100, 100)), (2, pt(300, 100)))
        #expect(log.entries.filter { $0.hasPrefix("L") } == [
            "L sendEvent #1", "Ltap ended", "LV began #1", "LV ended #1",
        ])
    }

    @Test("Whatever events a window drops, its view and recognizers get one end for each touch they began",
          arguments: 0..<16)
    func everyDropPatternEndsOnce(pattern: Int) {
        let (left, _, log, fingers, leftTap, _) = twoWindows()
        var recognizerSaw: [String] = []
        final class Spy: GestureRecognizer {
            var onTouches: (String) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { onTouches("began") }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
                onTouches("ended")
                state = .failed
            }
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
                onTouches("cancelled")
                state = .failed
            }
        }
        leftTap.cancelsTouchesInView = false  // so that LV's last call tells an end from a cancellation
        let spy = Spy()
        spy.cancelsTouchesInView = false
        spy.delaysTouchesEnded = false
        spy.onTouches = { recognizerSaw.append($0) }
        left.addGestureRecognizer(spy)
        // Frame k is dropped by L when bit k of the pattern is set: down, move, move, up.
        func step(_ k: Int, _ send: () -> Void) {
            left.isLocked = pattern & (1 << k) != 0
            send()
        }
        step(0) { fingers.down(0, (1, pt(100, 100)), (2, pt(300, 100))) }
        step(1) { fingers.move(16, (1, pt(104, 100)), (2, pt(304, 100))) }
        step(2) { fingers.move(32, (1, pt(108, 100)), (2, pt(308, 100))) }
        step(3) { fingers.up(48, (1, pt(108, 100)), (2, pt(308, 100))) }
        let leftPhases = log.entries(of: "LV").map { $0.split(separator: " ")[1] }
        let beganDropped = pattern & 1 != 0
        let endDropped = pattern & 8 != 0
        if beganDropped {
            #expect(leftPhases.isEmpty && recognizerSaw.isEmpty, "pattern \(pattern): \(log.entries)")
        } else {
            #expect(leftPhases.first == "began" && recognizerSaw.first == "began")
            #expect(leftPhases.filter { $0 == "ended" || $0 == "cancelled" }.count == 1, "pattern \(pattern)")
            #expect(leftPhases.last == (endDropped ? "cancelled" : "ended"), "pattern \(pattern): \(log.entries)")
            #expect(recognizerSaw.last == (endDropped ? "cancelled" : "ended"))
            #expect(recognizerSaw.filter { $0 != "began" }.count == 1)
            // A dropped lift is no tap.
            #expect(log.entries.contains("Ltap ended") == !endDropped)
        }
        #expect(leftTap.state == .possible)
        #expect(log.entries(of: "RV") == ["RV began #2", "RV moved #2", "RV moved #2", "RV cancelled #2"])
        #expect(log.entries(of: "Rtap") == ["Rtap ended"])
    }
}
