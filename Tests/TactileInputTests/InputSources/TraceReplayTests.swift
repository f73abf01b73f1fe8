import Foundation
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// A recording's facts from `Traces/recordings/SOURCES.md`.
struct RecordingFacts: CustomTestStringConvertible, Sendable {
    var file: String
    /// Distinct contacts (tracking ids); `nil` where SOURCES.md has none (protocol A, single touch).
    var contacts: Int?
    /// The most fingers down at once.
    var fingers: Int
    /// Seconds from the first to the last event, and how far off the figure may be (one unit of its last
    /// printed digit: SOURCES.md truncates some figures).
    var duration: Double
    var durationTolerance: Double
    var events: Int
    var frames: Int

    var testDescription: String { file }
}

let recordingFacts: [RecordingFacts] = [
    .init(file: "3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu", contacts: 34, fingers: 10, duration: 29.1, durationTolerance: 0.1, events: 43466, frames: 3422),
    .init(file: "ntrig-dell-xt2-ts__typeA-3to4finger-hold-release.evemu", contacts: nil, fingers: 4, duration: 0.12, durationTolerance: 0.01, events: 146, frames: 8),
    .init(file: "wetab-egalax-ts__1finger-taps-x11.evemu", contacts: 11, fingers: 1, duration: 4.6, durationTolerance: 0.1, events: 170, frames: 42),
    .init(file: "atmel-maxtouch-ts__1finger-fast-taps-x9.evemu", contacts: 9, fingers: 1, duration: 1.9, durationTolerance: 0.1, events: 84, frames: 18),
    .init(file: "atmel-maxtouch-ts__1finger-drag-up-down.evemu", contacts: 1, fingers: 1, duration: 2.2, durationTolerance: 0.1, events: 502, frames: 150),
    .init(file: "atmel-maxtouch-ts__2finger-touch-release.evemu", contacts: 2, fingers: 2, duration: 0.82, durationTolerance: 0.01, events: 64, frames: 16),
    .init(file: "atmel-maxtouch-ts__4finger-swipe-down.evemu", contacts: 4, fingers: 4, duration: 0.57, durationTolerance: 0.01, events: 309, frames: 31),
    .init(file: "atmel-maxtouch-ts__1finger-long-drawing-18s.evemu", contacts: 1, fingers: 1, duration: 18.5, durationTolerance: 0.1, events: 5941, frames: 1289),
    .init(file: "ep0430m09-ts__1finger-drag-up-down.evemu", contacts: 1, fingers: 1, duration: 1.43, durationTolerance: 0.01, events: 735, frames: 183),
    .init(file: "ep0430m09-ts__2finger-pan-vertical.evemu", contacts: 2, fingers: 2, duration: 0.76, durationTolerance: 0.01, events: 695, frames: 98),
    .init(file: "ep0430m09-ts__2finger-touch-release.evemu", contacts: 2, fingers: 2, duration: 0.53, durationTolerance: 0.01, events: 58, frames: 14),
    .init(file: "ep0430m09-ts__4finger-swipe-vertical.evemu", contacts: 4, fingers: 4, duration: 1.17, durationTolerance: 0.01, events: 1091, frames: 104),
    .init(file: "elan-cando-ts__1finger-drag-up-down.events", contacts: 1, fingers: 1, duration: 2.85, durationTolerance: 0.01, events: 1849, frames: 322),
    .init(file: "ntrig-multitouch-ts__typeA-1finger-drag-diagonal.events", contacts: nil, fingers: 1, duration: 1.57, durationTolerance: 0.01, events: 955, frames: 107),
    .init(file: "ntrig-multitouch-ts__typeA-2finger-touch-release.events", contacts: nil, fingers: 2, duration: 2.99, durationTolerance: 0.01, events: 2203, frames: 219),
    .init(file: "quanta-optical-ts__1finger-session-9-touches.events", contacts: 9, fingers: 1, duration: 13.9, durationTolerance: 0.1, events: 2832, frames: 738),
    .init(file: "quanta-optical-ts__1finger-long-press.events", contacts: 1, fingers: 1, duration: 1.42, durationTolerance: 0.01, events: 448, frames: 112),
    .init(file: "quanta-optical-ts__1finger-press-left-edge.events", contacts: 1, fingers: 1, duration: 0.93, durationTolerance: 0.01, events: 147, frames: 41),
    .init(file: "wacom-isdv4-e6-ts__1finger-tap.events", contacts: 1, fingers: 1, duration: 0.024, durationTolerance: 0.001, events: 10, frames: 2),
    .init(file: "wacom-isdv4-e6-ts__1finger-double-tap.events", contacts: 2, fingers: 1, duration: 0.23, durationTolerance: 0.01, events: 20, frames: 4),
    .init(file: "wacom-isdv4-e6-ts__2finger-tap.events", contacts: 2, fingers: 2, duration: 0.032, durationTolerance: 0.001, events: 17, frames: 2),
    .init(file: "wacom-isdv4-e6-ts__2finger-tap-staggered-release.events", contacts: 2, fingers: 2, duration: 0.060, durationTolerance: 0.001, events: 21, frames: 3),
    .init(file: "wacom-isdv4-e6-ts__1finger-circle.events", contacts: 1, fingers: 1, duration: 0.88, durationTolerance: 0.01, events: 412, frames: 84),
    .init(file: "wacom-isdv4-e6-ts__2finger-circle.events", contacts: 2, fingers: 2, duration: 1.48, durationTolerance: 0.01, events: 1137, frames: 129),
    .init(file: "wacom-isdv4-e6-ts__1finger-pan-down.events", contacts: 1, fingers: 1, duration: 0.82, durationTolerance: 0.01, events: 239, frames: 63),
    .init(file: "wacom-isdv4-e6-ts__2finger-pan-down.events", contacts: 2, fingers: 2, duration: 1.16, durationTolerance: 0.01, events: 545, frames: 83),
    .init(file: "wacom-isdv4-e6-ts__1finger-swipe-right.events", contacts: 1, fingers: 1, duration: 1.24, durationTolerance: 0.01, events: 441, frames: 110),
    .init(file: "wacom-isdv4-e6-ts__2finger-swipe-right.events", contacts: 2, fingers: 2, duration: 1.91, durationTolerance: 0.01, events: 1144, frames: 145),
    .init(file: "wacom-dth2242-ts__session-taps-to-10-fingers.evemu", contacts: 66, fingers: 10, duration: 24.1, durationTolerance: 0.1, events: 16593, frames: 2025),
    .init(file: "wacom-cintiq13hd-ts__1finger-short-drag.evemu", contacts: 1, fingers: 1, duration: 0.25, durationTolerance: 0.01, events: 33, frames: 5),
    .init(file: "dell-canvas-27-ts__session-2-4-5-fingers.evemu", contacts: 12, fingers: 5, duration: 13.9, durationTolerance: 0.1, events: 5363, frames: 450),
    .init(file: "egalax-empia-pcap-ts__1finger-tap.events", contacts: 1, fingers: 1, duration: 0.000053, durationTolerance: 0.000001, events: 13, frames: 3),
    .init(file: "egalax-usb-singletouch-ts__no-mt-2-touches.events", contacts: 2, fingers: 1, duration: 5.1, durationTolerance: 0.1, events: 1200, frames: 405),
    .init(file: "apple-bcm5974-touchpad__typeA-session-1-to-4-fingers.evemu", contacts: nil, fingers: 4, duration: 9.2, durationTolerance: 0.1, events: 12893, frames: 638),
    .init(file: "apple-bcm5974-touchpad__3finger-click.evemu", contacts: nil, fingers: 3, duration: 2.3, durationTolerance: 0.1, events: 2586, frames: 150),
    .init(file: "synaptics-ps2-touchpad__2finger-scroll-vertical.events", contacts: nil, fingers: 2, duration: 2.0, durationTolerance: 0.1, events: 582, frames: 82),
    .init(file: "cypress-touchpad__2finger-tap.evemu", contacts: nil, fingers: 2, duration: 0.11, durationTolerance: 0.01, events: 70, frames: 8),
    .init(file: "cypress-touchpad__3finger-tap.evemu", contacts: nil, fingers: 2, duration: 0.11, durationTolerance: 0.01, events: 48, frames: 6),
    .init(file: "alps-glidepoint-touchpad__1finger-double-tap.evemu", contacts: 2, fingers: 1, duration: 0.22, durationTolerance: 0.01, events: 88, frames: 15),
    .init(file: "alps-glidepoint-touchpad__2finger-tap.evemu", contacts: nil, fingers: 2, duration: 0.23, durationTolerance: 0.01, events: 76, frames: 13),
    .init(file: "wacom-intuos5-m-touchpad__2finger-circle.events", contacts: nil, fingers: 2, duration: 4.7, durationTolerance: 0.1, events: 3350, frames: 398),
]

@Suite("Replaying the real recordings")
struct TraceReplayTests {
    @Test("Every recording reads and decodes without error, with a legal phase sequence per contact")
    func everyRecordingDecodes() throws {
        let files = SharedTraces.recordings()
        #expect(files.count == 41)
        for file in files {
            let replay = try TraceReplay(path: SharedTraces.path(file))
            let frames = try replay.remainingFrames()
            #expect(!frames.isEmpty, "\(file) gave no frames")
            #expect(PhaseChecker.violations(in: frames).isEmpty, "\(file): \(PhaseChecker.violations(in: frames).prefix(3))")
            #expect(replay.decoder.decoder.activeContactCount == 0, "\(file) left touches down")
        }
    }

    @Test("Every recording in SOURCES.md has a row of facts here")
    func everyRecordingHasFacts() {
        #expect(Set(recordingFacts.map(\.file)) == Set(SharedTraces.recordings()))
    }

    @Test("A recording's contacts, fingers, frames, events and duration match SOURCES.md", arguments: recordingFacts)
    func factsMatch(_ facts: RecordingFacts) throws {
        let replay = try TraceReplay(path: SharedTraces.path(facts.file))
        _ = try replay.remainingFrames()
        let statistics = replay.statistics
        if let contacts = facts.contacts { #expect(statistics.contactCount == contacts) }
        #expect(statistics.maximumSimultaneousContacts == facts.fingers)
        #expect(statistics.eventCount == facts.events)
        #expect(statistics.reportCount == facts.frames)
        #expect(abs(statistics.duration.seconds - facts.duration) <= facts.durationTolerance, "\(statistics.duration)")
    }
}

/// Checks UIKit's legal sequence per touch: `began (moved|stationary)* (ended|cancelled)`, each id at most once
/// per frame, and frame times that never go backwards.
enum PhaseChecker {
    static func violations(in frames: [TouchFrame]) -> [String] {
        var problems: [String] = []
        var active: Set<TouchContact.ID> = []
        var finished: Set<TouchContact.ID> = []
        var lastTime: Timestamp?
        for frame in frames {
            if let lastTime, frame.timestamp < lastTime { problems.append("time went back at \(frame.timestamp)") }
            lastTime = frame.timestamp
            var seen: Set<TouchContact.ID> = []
            for contact in frame.contacts {
                if !seen.insert(contact.id).inserted { problems.append("\(contact.id) twice in \(frame)") }
                switch contact.phase {
                case .began:
                    if active.contains(contact.id) || finished.contains(contact.id) {
                        problems.append("\(contact.id) began twice")
                    }
                    active.insert(contact.id)
                case .moved, .stationary:
                    if !active.contains(contact.id) { problems.append("\(contact.id) \(contact.phase) while not down") }
                case .ended, .cancelled:
                    if active.remove(contact.id) == nil { problems.append("\(contact.id) \(contact.phase) while not down") }
                    finished.insert(contact.id)
                }
            }
        }
        if !active.isEmpty { problems.append("still down at the end: \(active.sorted())") }
        return problems
    }
}

@Suite("Quirks of particular recordings")
struct RecordingQuirkTests {
    @Test("The 53 µs eGalax tap gives began, moved and ended frames with the reports' own times")
    func burstTap() throws {
        let replay = try TraceReplay(path: SharedTraces.path("egalax-empia-pcap-ts__1finger-tap.events"))
        let frames = try replay.remainingFrames()
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(frames.map(\.timestamp) == [
            Timestamp(seconds: 1_338_955_459, microseconds: 300_497),
            Timestamp(seconds: 1_338_955_459, microseconds: 300_527),
            Timestamp(seconds: 1_338_955_459, microseconds: 300_535),
        ])
        #expect(frames[2].contacts[0].location == frames[1].contacts[0].location)
        #expect(frames[0].contacts[0].location.y < frames[1].contacts[0].location.y)
    }

    @Test("The 2-slot Cypress touchpad reports a third finger only through BTN_TOOL_TRIPLETAP")
    func thirdFingerBeyondSlots() throws {
        let replay = try TraceReplay(path: SharedTraces.path("cypress-touchpad__3finger-tap.evemu"))
        _ = try replay.remainingFrames()
        #expect(replay.statistics.maximumSimultaneousContacts == 2)
        #expect(replay.statistics.maximumToolFingerCount == 3)
        #expect(replay.diagnostics.contains(.contactsBeyondSlots(fingers: 3, slots: 2)))
    }

    @Test("The ELAN screen's unadvertised ABS code 0x1d is ignored with one diagnostic")
    func unadvertisedCode() throws {
        let replay = try TraceReplay(path: SharedTraces.path("elan-cando-ts__1finger-drag-up-down.events"))
        let frames = try replay.remainingFrames()
        let unadvertised = replay.diagnostics.filter {
            if case .unadvertisedCode = $0 { return true } else { return false }
        }
        #expect(unadvertised == [.unadvertisedCode(type: .absolute, code: 0x1d)])
        #expect(!replay.reader.deviceDescription.supports(AbsoluteAxis(rawValue: 0x1d)))
        // Frames where only 0x1d changed are dropped: fewer frames than reports.
        #expect(frames.count < replay.statistics.reportCount)
    }

    @Test("The eGalax single-touch screen's coordinates are read from ABS_Z and ABS_RX")
    func singleTouchOnQuirkAxes() throws {
        let replay = try TraceReplay(path: SharedTraces.path("egalax-usb-singletouch-ts__no-mt-2-touches.events"))
        let description = replay.reader.deviceDescription
        #expect(description.touchProtocol == .singleTouch)
        #expect(description.singleTouchPositionAxes == (.z, .rotationX))
        let frames = try replay.remainingFrames()
        let first = try #require(frames.first?.contacts.first)
        #expect(first.phase == .began)
        let expected = ScreenMapping().location(
            x: 1909, y: 2123, xAxis: try #require(description.axes[.z]), yAxis: try #require(description.axes[.rotationX]))
        #expect(first.location == expected)
        #expect(frames.filter { $0.contacts.contains { $0.phase == .moved } }.count > 100)
        #expect(Set(frames.flatMap(\.contacts).map(\.id)).count == 2)
    }

    @Test("Both protocol-A N-Trig recordings decode through libmtdev with stable identities")
    func protocolA() throws {
        let xt2 = try TraceReplay(path: SharedTraces.path("ntrig-dell-xt2-ts__typeA-3to4finger-hold-release.evemu"))
        let frames = try xt2.remainingFrames()
        #expect(xt2.reader.deviceDescription.touchProtocol == .anonymous)
        // Three fingers resting, a fourth added, three lifted together, then the last one.
        #expect(frames.first?.contacts.map(\.phase) == [.began, .began, .began])
        #expect(frames.map(\.contacts.count).max() == 4)
        #expect(xt2.statistics.contactCount == 4)
        #expect(frames.last?.contacts.map(\.phase) == [.ended])

        let drag = try TraceReplay(path: SharedTraces.path("ntrig-multitouch-ts__typeA-1finger-drag-diagonal.events"))
        let dragFrames = try drag.remainingFrames()
        let began = try #require(dragFrames.first?.contacts.first)
        let ended = try #require(dragFrames.last?.contacts.first)
        #expect(drag.statistics.contactCount == 1)
        #expect(ended.phase == .ended && ended.id == began.id)
        // Top-left to bottom-right.
        #expect(ended.location.x > began.location.x && ended.location.y > began.location.y)
    }

    @Test("The 3M session ends with two fingers down, which the end of the trace cancels")
    func touchesDownAtTheEnd() throws {
        let replay = try TraceReplay(
            path: SharedTraces.path("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu"))
        let frames = try replay.remainingFrames()
        #expect(frames.last?.contacts.map(\.phase) == [.cancelled, .cancelled])
        #expect(frames.last?.timestamp == replay.statistics.lastEventTime)
    }

    @Test("The Cintiq's TOUCH_MAJOR, in surface units, becomes a radius in points")
    func radiusInSurfaceUnits() throws {
        let replay = try TraceReplay(path: SharedTraces.path("wacom-cintiq13hd-ts__1finger-short-drag.evemu"))
        let frames = try replay.remainingFrames()
        #expect(frames[0].contacts[0].majorRadius == 0)  // no TOUCH_MAJOR sent yet
        let contact = frames[1].contacts[0]
        let pointsPerUnit = ((1280.0 / 2938) * (800.0 / 1653)).squareRoot()
        #expect(abs(contact.majorRadius - 127.0 / 2 * pointsPerUnit) < 1e-9)
        #expect(abs(contact.majorRadiusTolerance - pointsPerUnit / 2) < 1e-9)
    }
}
