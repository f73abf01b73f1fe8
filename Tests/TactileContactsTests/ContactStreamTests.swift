import Tactile
import Testing

@testable import TactileContacts

/// Named scenarios of ``ContactStream``: a source's per-contact events become the decoder's frames.
@Suite("Contact stream: per-contact events become touch frames")
struct ContactStreamTests {
    static let t0 = Timestamp(seconds: 10)
    static func at(_ milliseconds: Int64) -> Timestamp { t0 + .milliseconds(milliseconds) }
    static func report(_ id: Int64, _ x: Double, _ y: Double, _ ms: Int64, slot: Int? = nil) -> ContactReport {
        ContactReport(id: id, timestamp: at(ms), location: Point(x: x, y: y), slot: slot)
    }

    /// Feeds every event; returns all frames and diagnostics.
    static func run(_ stream: inout ContactStream, _ events: [ContactStream.Event]) -> ContactStream.Output {
        var output = ContactStream.Output()
        for event in events { stream.handle(event, into: &output) }
        return output
    }

    static func phases(_ frame: TouchFrame) -> [String] {
        frame.contacts.map { "\($0.id):\($0.phase)" }
    }

    @Test("A Wayland touch: down, motion and up, each ended by a frame event, give began, moved and ended")
    func waylandTouch() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(7, 100, 200, 0)), .frame(at: nil),
            .motion(Self.report(7, 110, 200, 8)), .frame(at: nil),
            .up(id: 7, at: Self.at(16)), .frame(at: nil),
        ])
        #expect(output.diagnostics.isEmpty)
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:moved"], ["#1:ended"]])
        #expect(output.frames.map(\.timestamp) == [Self.at(0), Self.at(8), Self.at(16)])
        // `wl_touch.up` has no position: the touch ends where it was last reported.
        #expect(output.frames[2].contacts[0].location == Point(x: 110, y: 200))
    }

    @Test("With frame events, nothing is delivered until the frame ends, and the last report in a frame wins")
    func framesWaitForTheFrameEvent() {
        var stream = ContactStream(grouping: .frameEvents)
        let held = Self.run(&stream, [.down(Self.report(1, 10, 10, 0)), .motion(Self.report(1, 30, 40, 4))])
        #expect(held.frames.isEmpty)
        let framed = stream.handle(.frame(at: nil))
        #expect(framed.frames.count == 1)
        #expect(framed.frames[0].contacts.map(\.phase) == [.began])
        #expect(framed.frames[0].contacts[0].location == Point(x: 30, y: 40))
        // The frame's time is the latest event's when the frame event has none.
        #expect(framed.frames[0].timestamp == Self.at(4))
    }

    @Test("Without frame events (SDL), events of one timestamp are one frame, ended by a later timestamp or flush()")
    func groupedByTimestamp() {
        var stream = ContactStream(grouping: .timestamps)
        let first = Self.run(&stream, [.down(Self.report(1, 10, 10, 0)), .down(Self.report(2, 50, 10, 0))])
        #expect(first.frames.isEmpty)
        let second = stream.handle(.motion(Self.report(1, 20, 10, 8)))
        #expect(second.frames.map(Self.phases) == [["#1:began", "#2:began"]])
        #expect(second.frames[0].timestamp == Self.at(0))
        let flushed = stream.flush()
        #expect(flushed.frames.map(Self.phases) == [["#1:moved", "#2:stationary"]])
        #expect(flushed.frames[0].timestamp == Self.at(8))
        #expect(stream.flush().frames.isEmpty, "a second flush has nothing to end")
    }

    @Test("SDL's up carries a position: the touch ends there")
    func upWithLocation() {
        var stream = ContactStream(grouping: .timestamps)
        var output = Self.run(&stream, [.down(Self.report(1, 10, 10, 0)), .up(id: 1, at: Self.at(30), location: Point(x: 15, y: 12))])
        output.append(stream.flush())
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:ended"]])
        #expect(output.frames[1].contacts[0].location == Point(x: 15, y: 12))
    }

    @Test("A contact that goes down and up within one frame gives two frames at its time: began, then ended")
    func tapWithinOneFrame() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(1, 10, 10, 0)), .frame(at: nil),
            .down(Self.report(2, 60, 10, 5)), .up(id: 2, at: Self.at(5)), .frame(at: nil),
        ])
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:stationary", "#2:began"], ["#1:stationary", "#2:ended"]])
        #expect(output.frames[1].timestamp == output.frames[2].timestamp)
    }

    @Test("A compositor's cancel cancels every touch of the source in one frame; one that went down in the unfinished frame is never reported")
    func cancelAll() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(1, 10, 10, 0)), .down(Self.report(2, 50, 10, 0)), .frame(at: nil),
            .motion(Self.report(1, 90, 90, 8)), .down(Self.report(3, 200, 10, 8)),
            .cancelAll(at: Self.at(9)),
            .motion(Self.report(1, 95, 90, 12)), .frame(at: nil),
        ])
        #expect(output.frames.count == 2)
        #expect(output.frames[1].contacts.map(\.phase) == [.cancelled, .cancelled])
        #expect(Set(output.frames[1].contacts.map(\.id)) == [.init(1), .init(2)])
        // The unfinished frame's motion was dropped: the touch is cancelled where the app last saw it.
        #expect(output.frames[1].contacts.first { $0.id == .init(1) }?.location == Point(x: 10, y: 10))
        #expect(output.frames[1].timestamp == Self.at(9))
        // After the cancel, contact 1 is no longer down: its motion is an unknown contact's.
        #expect(output.diagnostics == [.unknownContact(id: 1, event: "motion")])
        #expect(stream.activeContactCount == 0)
    }

    @Test("A cancel of one contact (libinput's palm detection) cancels that touch only")
    func cancelOne() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(1, 10, 10, 0)), .down(Self.report(2, 50, 10, 0)), .frame(at: nil),
            .cancel(id: 2, at: Self.at(8)), .frame(at: nil),
        ])
        #expect(output.frames.count == 2)
        #expect(output.frames[1].contacts.map(\.phase) == [.stationary, .cancelled])
        #expect(output.frames[1].contacts.map(\.id) == [.init(1), .init(2)])
    }

    @Test("An up for a contact that is not down is ignored with a diagnostic")
    func upForUnknownContact() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [.up(id: 4, at: Self.at(0)), .frame(at: nil)])
        #expect(output.frames.isEmpty)
        #expect(output.diagnostics == [.unknownContact(id: 4, event: "up")])
        #expect(output.diagnostics[0].description == "up for contact 4, which is not down: ignored")
    }

    @Test("A second down for a contact that is down ends the first touch and begins a new one")
    func secondDown() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(1, 10, 10, 0)), .frame(at: nil),
            .down(Self.report(1, 300, 10, 8)), .frame(at: nil),
            .up(id: 1, at: Self.at(16)), .frame(at: nil),
        ])
        #expect(output.diagnostics == [.contactAlreadyDown(id: 1)])
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:ended", "#2:began"], ["#2:ended"]])
        #expect(output.frames[1].contacts[0].location == Point(x: 10, y: 10), "the first touch ends where it was")
    }

    @Test("An identifier that lifts and goes down again within one frame is two touches, with a diagnostic")
    func identifierReusedInFrame() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(0, 10, 10, 0)), .frame(at: nil),
            .up(id: 0, at: Self.at(8)), .down(Self.report(0, 400, 10, 8)), .frame(at: nil),
        ])
        #expect(output.diagnostics == [.identifierReusedInFrame(id: 0)])
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:ended", "#2:began"]])
    }

    @Test("A source identifier reused in a later frame (Wayland's seat slots) is a new touch with a new identity")
    func identifierReusedLater() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(0, 10, 10, 0)), .frame(at: nil), .up(id: 0, at: Self.at(8)), .frame(at: nil),
            .down(Self.report(0, 10, 10, 100)), .frame(at: nil),
        ])
        #expect(output.diagnostics.isEmpty)
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:ended"], ["#2:began"]])
    }

    @Test("Time going backwards gives a diagnostic and the event counts at the latest time")
    func timeGoesBackwards() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(1, 10, 10, 50)), .frame(at: nil),
            .motion(Self.report(1, 20, 10, 20)), .frame(at: nil),
        ])
        #expect(output.diagnostics == [.timeWentBackwards(from: Self.at(50), to: Self.at(20))])
        #expect(output.frames.map(\.timestamp) == [Self.at(50), Self.at(50)])
    }

    @Test("A change of force alone makes no frame (spec §1.2.3); the next frame carries it")
    func forceOnlyChange() {
        var stream = ContactStream(grouping: .frameEvents)
        var pressed = Self.report(1, 10, 10, 8)
        pressed.force = 2
        let output = Self.run(&stream, [
            .down(Self.report(1, 10, 10, 0)), .frame(at: nil),
            .motion(pressed), .frame(at: nil),
            .motion(Self.report(1, 12, 10, 16)), .frame(at: nil),
        ])
        #expect(output.frames.count == 2)
        #expect(output.frames[1].contacts[0].phase == .moved)
    }

    @Test("Contacts without a slot get the lowest free one; the frame lists them by slot")
    func slots() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(Self.report(5, 10, 10, 0)), .down(Self.report(6, 20, 10, 0)), .frame(at: nil),
            .up(id: 5, at: Self.at(8)), .frame(at: nil),
            .down(Self.report(9, 30, 10, 16)), .frame(at: nil),
            .down(Self.report(11, 40, 10, 24, slot: 0)), .down(Self.report(12, 50, 10, 24, slot: 7)), .frame(at: nil),
        ])
        #expect(output.frames[0].contacts.map(\.slot) == [0, 1])
        #expect(output.frames[2].contacts.map(\.slot) == [0, 1], "the new contact takes the freed slot 0")
        #expect(output.frames[2].contacts.map(\.id) == [.init(3), .init(2)])
        // Explicit slots are kept; slot 0 twice keeps event order.
        #expect(output.frames[3].contacts.map(\.slot) == [0, 0, 1, 7])
    }

    @Test("end(at:) cancels every touch; later events are ignored with one diagnostic")
    func end() {
        var stream = ContactStream(grouping: .timestamps)
        var output = Self.run(&stream, [.down(Self.report(1, 10, 10, 0))])
        output.append(stream.flush())
        output.append(stream.end(at: Self.at(5)))
        output.append(Self.run(&stream, [.down(Self.report(2, 10, 10, 9)), .up(id: 2, at: Self.at(10))]))
        output.append(stream.flush())
        #expect(output.frames.map(Self.phases) == [["#1:began"], ["#1:cancelled"]])
        #expect(output.diagnostics == [.inputAfterEnd(.down(Self.report(2, 10, 10, 9)))])
        #expect(stream.isEnded)
        #expect(stream.end(at: Self.at(20)).frames.isEmpty)
    }

    @Test("A normalized pressure becomes a force on the decoder's scale: a quarter of the range is 1.0, the maximum 4")
    func normalizedPressure() {
        let report = ContactReport(id: 1, timestamp: Self.t0, location: .zero, normalizedPressure: 0.5)
        #expect(report.force == 2)
        #expect(report.maximumPossibleForce == 4)
        #expect(ContactReport(id: 1, timestamp: Self.t0, location: .zero, normalizedPressure: 3).force == 4)
        #expect(ContactReport(id: 1, timestamp: Self.t0, location: .zero, normalizedPressure: .nan).force == 0)
    }

    @Test("A location that is not finite is ignored: a down with one never begins a touch")
    func nonFiniteLocation() {
        var stream = ContactStream(grouping: .frameEvents)
        let output = Self.run(&stream, [
            .down(ContactReport(id: 1, timestamp: Self.t0, location: Point(x: .nan, y: 0))), .frame(at: nil),
            .up(id: 1, at: Self.t0), .frame(at: nil),
        ])
        #expect(output.frames.isEmpty)
        #expect(output.diagnostics == [.nonFiniteLocation(id: 1), .unknownContact(id: 1, event: "up")])
    }
}
