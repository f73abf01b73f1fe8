import Testing

@testable import Tactile

/// Timestamps never wrap: out-of-range arithmetic saturates, so a deadline far in the future stays in the future.
@Suite("Timestamps do not wrap")
struct TimestampOverflowTests {
    @Test("Seconds and microseconds beyond Int64 nanoseconds saturate instead of wrapping negative")
    func timevalSaturates() {
        #expect(Timestamp(seconds: 1 << 40, microseconds: 1).nanoseconds == .max)
        #expect(Timestamp(seconds: 9_223_372_037, microseconds: 0).nanoseconds == .max)
        #expect(Timestamp(seconds: -9_223_372_037, microseconds: 0).nanoseconds == .min)
        #expect(Timestamp(seconds: 9_223_372_036, microseconds: 0).nanoseconds == 9_223_372_036_000_000_000)
        #expect(Timestamp(seconds: 20, microseconds: 50_000) == Timestamp(nanoseconds: 20_050_000_000))
    }

    @Test("Floating-point seconds out of range or NaN do not trap")
    func doubleSecondsSaturate() {
        #expect(Timestamp(seconds: 1e300).nanoseconds == .max)
        #expect(Timestamp(seconds: -1e300).nanoseconds == .min)
        #expect(Timestamp(seconds: .infinity).nanoseconds == .max)
        #expect(Timestamp(seconds: .nan).nanoseconds == 0)
        #expect(Timestamp(seconds: 1.5).nanoseconds == 1_500_000_000)
    }

    @Test("A deadline a long duration after a late time saturates in the future; differences saturate")
    func arithmeticSaturates() {
        let late = Timestamp(nanoseconds: .max - 10)
        #expect(late + .seconds(1) == Timestamp(nanoseconds: .max))
        #expect(late + .seconds(1) > late)
        #expect(Timestamp(nanoseconds: .min + 10) - .seconds(1) == Timestamp(nanoseconds: .min))
        #expect(Timestamp(nanoseconds: .max) - Timestamp(nanoseconds: .min) == .nanoseconds(Int64.max))
        #expect(Timestamp(nanoseconds: .min) - Timestamp(nanoseconds: .max) == .nanoseconds(Int64.min))
        #expect(Timestamp(seconds: 2.0) - Timestamp(seconds: 0.5) == .milliseconds(1500))
    }

    @Test("A long press whose duration outlasts the clock's range never fires early")
    func hugeDeadline() {
        let app = Application()
        let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        app.addWindow(window)
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = .seconds(Int64.max / 2)
        window.addGestureRecognizer(press)
        app.send(TouchFrame(timestamp: Timestamp(seconds: 1000), contacts: [
            TouchContact(id: .init(1), phase: .began, location: Point(x: 50, y: 50))
        ]))
        #expect(app.nextDeadline.map { $0 > Timestamp(seconds: 1e9) } == true)
        app.advance(to: Timestamp(seconds: 1e9))
        #expect(press.state == .possible)
    }
}
