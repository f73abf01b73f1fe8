import TactileTesting
import Testing
import TactileUIKit

@Suite("HGCircularSlider: the end point follows the angle of a drag around the centre")
struct HGCircularSliderTests {
    final class EventLog {
        private(set) var events: [String] = []
        func began(_ slider: CircularSlider) { events.append("began") }
        func changed(_ slider: CircularSlider) { events.append("changed") }
        func ended(_ slider: CircularSlider) { events.append("ended") }
    }

    /// A 200×200 slider at (100, 100) in the window: its centre is (200, 200) on screen.
    func make() -> (CircularSlider, EventLog, UIApplication) {
        let (application, window, _) = makeScreen()
        let slider = CircularSlider(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(slider)
        let log = EventLog()
        slider.addTarget(log, action: Selector("began(_:)", EventLog.began), for: .editingDidBegin)
        slider.addTarget(log, action: Selector("changed(_:)", EventLog.changed), for: .valueChanged)
        slider.addTarget(log, action: Selector("ended(_:)", EventLog.ended), for: .editingDidEnd)
        return (slider, log, application)
    }

    /// The point `degrees` clockwise from the top of a circle of radius 80 around the slider's centre.
    func point(_ degrees: Double) -> CGPoint {
        let radians = degrees * .pi / 180
        return CGPoint(x: 200 + 80 * sin(radians), y: 200 - 80 * cos(radians))
    }

    @Test("dragging clockwise from 10° through 270° moves endPointValue to the angle's share of the circle")
    func dragFollowsTheAngle() {
        let (slider, log, application) = make()
        #expect(slider.endPointValue == 0.5)
        let start = point(10)
        application.send(.at(0, .down(1, start.x, start.y)))
        var time = 0
        for degrees in stride(from: 20.0, through: 270, by: 10) {
            time += 8
            let p = point(degrees)
            application.send(.at(time, .move(1, p.x, p.y)))
            #expect(abs(slider.endPointValue - degrees / 360) < 1e-6, "at \(degrees)°: \(slider.endPointValue)")
        }
        let end = point(270)
        application.send(.at(time + 8, .up(1, end.x, end.y)))
        #expect(abs(slider.endPointValue - 0.75) < 1e-6)
        #expect(log.events.first == "began" && log.events.last == "ended")
        #expect(log.events.filter { $0 == "changed" }.count == 26, "one valueChanged per move")
    }

    @Test("dragging past the top wraps around (stopThumbAtMinMax is off): 350° then 10° is 0.0278, not 1")
    func dragWrapsAtTheTop() {
        let (slider, _, application) = make()
        let a = point(300), b = point(350), c = point(370)
        application.send(.at(0, .down(1, a.x, a.y)))
        application.send(.at(8, .move(1, a.x + 1, a.y)))
        application.send(.at(16, .move(1, b.x, b.y)))
        #expect(abs(slider.endPointValue - 350.0 / 360) < 1e-6)
        application.send(.at(24, .move(1, c.x, c.y)))
        #expect(abs(slider.endPointValue - 10.0 / 360) < 1e-6)
        application.send(.at(32, .up(1, c.x, c.y)))
    }

    @Test("a touch just outside the slider's frame does not begin tracking; just inside, it does")
    func touchOutsideDoesNotTrack() {
        let (slider, log, application) = make()
        application.send(.at(0, .down(1, 300.5, 200)))
        application.send(.at(8, .move(1, 300.5, 210)))
        application.send(.at(16, .up(1, 300.5, 210)))
        #expect(log.events.isEmpty)
        #expect(slider.endPointValue == 0.5)
        application.send(.at(100, .down(1, 299.5, 200)))
        application.send(.at(108, .move(1, 299.5, 200.5)))
        application.send(.at(116, .up(1, 299.5, 200.5)))
        #expect(log.events == ["began", "changed", "ended"])
        #expect(abs(slider.endPointValue - 0.25) < 0.01, "the angle of (299.5, 200.5): about 90°")
    }
}
