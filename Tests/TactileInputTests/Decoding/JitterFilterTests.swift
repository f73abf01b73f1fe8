import Foundation
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// A model of libinput 1.22's fallback touch path for protocol B (`src/evdev-fallback.c`: slot states, dirty
/// flags, `fallback_filter_defuzz_touch` with `evdev_hysteresis` from `src/evdev.h`), written from libinput's
/// source independently of the decoder: per `SYN_REPORT`, each dirty slot gives a down (new tracking id), a
/// motion at the raw point unless the hysteresis keeps it at its center, or an up. The same model, run by
/// `Tests/Live/compare-libinput.py`, equals what `libinput debug-events` reported through a real kernel.
private struct LibinputModel {
    struct Frame: Equatable, CustomStringConvertible {
        var downs = 0, motions = 0, ups = 0
        /// Positions of downs and motions, in device units, sorted.
        var positions: [[Int32]] = []
        var description: String { "down \(downs) motion \(motions) up \(ups) at \(positions)" }
    }

    enum State { case none, begin, update, end }
    struct Slot {
        var state = State.none
        var dirty = false
        var point: [Int32] = [0, 0]
        var center: [Int32] = [0, 0]
    }

    var margin: (Double, Double)
    var slots: [Int32: Slot] = [:]
    var current: Int32 = 0
    var frames: [Frame] = []
    var swallowed = 0

    /// The last value the kernel passed on per slot and `ABS_MT_*` code: libinput reads what the kernel's input core
    /// passes on, which drops a value equal to the last one (`input_handle_abs_event`); tracking ids start at −1.
    var kernelValues: [Int32: [UInt16: Int32]] = [:]

    mutating func handle(_ event: InputEvent) {
        if event.type == .absolute, event.code >= 0x30, event.code <= 0x3d {
            let last = kernelValues[current]?[event.code] ?? (event.code == AbsoluteAxis.multitouchTrackingID.rawValue ? -1 : 0)
            if last == event.value { return }
            kernelValues[current, default: [:]][event.code] = event.value
        }
        var slot = slots[current] ?? Slot()
        defer { if !(event.type == .synchronization) { slots[current] = slot } }
        switch (event.type, event.code) {
        case (.absolute, AbsoluteAxis.multitouchSlot.rawValue):
            current = event.value
            slot = slots[current] ?? Slot()
        case (.absolute, AbsoluteAxis.multitouchTrackingID.rawValue):
            slot.state = event.value >= 0 ? .begin : .end
            slot.dirty = true
        case (.absolute, AbsoluteAxis.multitouchPositionX.rawValue):
            slot.point[0] = event.value
            slot.dirty = true
        case (.absolute, AbsoluteAxis.multitouchPositionY.rawValue):
            slot.point[1] = event.value
            slot.dirty = true
        case (.synchronization, 0):
            report()
        default:
            break
        }
    }

    mutating func report() {
        var frame = Frame()
        for index in slots.keys.sorted() {
            var s = slots[index]!
            guard s.dirty else { continue }
            s.dirty = false
            switch s.state {
            case .begin:
                s.center = s.point
                s.state = .update
                frame.downs += 1
                frame.positions.append(s.point)
            case .update:
                let raw = s.point
                let filtered = Self.hysteresis(raw, s.center, margin)
                s.point = filtered
                if filtered == s.center {
                    swallowed += 1
                } else {
                    s.center = filtered
                    frame.motions += 1
                    frame.positions.append(raw)
                }
            case .end:
                s.state = .none
                frame.ups += 1
            case .none:
                break
            }
            slots[index] = s
        }
        if frame.downs + frame.motions + frame.ups > 0 {
            frame.positions.sort { ($0[0], $0[1]) < ($1[0], $1[1]) }
            frames.append(frame)
        }
    }

    /// `evdev_hysteresis`, from its C source: the center of the margin ellipse dragged along by the finger.
    static func hysteresis(_ point: [Int32], _ center: [Int32], _ margin: (Double, Double)) -> [Int32] {
        let (a, b) = margin
        if a == 0 || b == 0 { return point }
        let dx = Double(point[0] - center[0]), dy = Double(point[1] - center[1])
        let normalized = (dx * dx / (a * a) + dy * dy / (b * b)).squareRoot()
        if normalized < 1 { return center }
        let marginDistance = (dx * dx + dy * dy).squareRoot() / normalized
        var lagX = 0.0, lagY = marginDistance
        if dx != 0 {
            let gradient = dy / dx
            lagX = marginDistance / (gradient * gradient + 1).squareRoot()
            lagY = ((marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
        }
        let x = dx >= 0 ? Double(point[0]) - lagX : Double(point[0]) + lagX
        let y = dy >= 0 ? Double(point[1]) - lagY : Double(point[1]) + lagY
        return [Int32(x.rounded(.towardZero)), Int32(y.rounded(.towardZero))]
    }
}

/// Tactile's frames in the model's terms: device units (the screen is the device's span, so a point is a unit
/// from the axis minimum), per frame the touches that began, moved or ended.
private func tactileFrames(_ frames: [TouchFrame], xMinimum: Int32, yMinimum: Int32) -> [LibinputModel.Frame] {
    frames.compactMap { frame in
        var result = LibinputModel.Frame()
        for contact in frame.contacts {
            let position = [Int32(contact.location.x.rounded()) + xMinimum, Int32(contact.location.y.rounded()) + yMinimum]
            switch contact.phase {
            case .began: result.downs += 1; result.positions.append(position)
            case .moved: result.motions += 1; result.positions.append(position)
            case .ended, .cancelled: result.ups += 1
            case .stationary: break
            }
        }
        guard result.downs + result.motions + result.ups > 0 else { return nil }
        result.positions.sort { ($0[0], $0[1]) < ($1[0], $1[1]) }
        return result
    }
}

/// A recording's text with the fuzz of `ABS_MT_POSITION_X/Y` moved into `# udev:` comments and set to 0 in the
/// description, as libinput's udev rule does on a live system and `tactile record` then writes.
private func asRecordedUnderLibinputRules(_ path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines: [String] = []
    var comments: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let fields = line.split(separator: " ")
        if fields.first == "A:", fields.count >= 5, ["35", "36"].contains(fields[1]), fields[4] != "0" {
            comments.append("# udev: LIBINPUT_FUZZ_\(fields[1])=\(fields[4])")
            var changed = fields.map(String.init)
            changed[4] = "0"
            lines.append(changed.joined(separator: " "))
        } else {
            lines.append(String(line))
        }
    }
    let firstEvent = lines.firstIndex { $0.hasPrefix("E:") } ?? lines.count
    lines.insert(contentsOf: comments, at: firstEvent)
    return lines.joined(separator: "\n")
}

@Suite("The jitter filter")
struct JitterFilterTests {
    /// The protocol-B recordings whose multitouch positions have a fuzz, with that fuzz.
    static let fuzzed: [(file: String, fuzz: Int32)] = [
        ("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu", 15),
        ("wacom-dth2242-ts__session-taps-to-10-fingers.evemu", 4),
        ("wetab-egalax-ts__1finger-taps-x11.evemu", 31),
        ("wacom-cintiq13hd-ts__1finger-short-drag.evemu", 4),
    ]

    static func mapping(for path: String, filter: JitterFilter) throws -> (ScreenMapping, AxisInfo, AxisInfo) {
        let axes = try TraceReader(path: path).deviceDescription.axes
        let x = try #require(axes[.multitouchPositionX]), y = try #require(axes[.multitouchPositionY])
        return (ScreenMapping(screenSize: Size(width: x.span, height: y.span), jitterFilter: filter), x, y)
    }

    @Test("On the fuzzed recordings, touches move as libinput's model of them does: same frames, same positions, same count of motions held back")
    func matchesLibinputModel() throws {
        for recording in Self.fuzzed {
            let path = SharedTraces.path(recording.file)
            let (mapping, x, y) = try Self.mapping(for: path, filter: .automatic)
            #expect(x.fuzz == recording.fuzz && y.fuzz == recording.fuzz)
            let fuzz = recording.fuzz
            let replay = try TraceReplay(path: path, configuration: .init(mapping: mapping))
            let frames = try replay.remainingFrames()
            var model = LibinputModel(margin: (Double(fuzz / 2), Double(fuzz / 2)))
            let reader = try TraceReader(path: path)
            while let event = try reader.nextEvent() { model.handle(event) }
            // The trace's end cancels touches still down (the 3M ends with two); libinput has no such frame.
            var ours = tactileFrames(frames, xMinimum: x.minimum, yMinimum: y.minimum)
            if replay.statistics.lastEventTime == frames.last?.timestamp,
                frames.last?.contacts.allSatisfy({ $0.phase == .cancelled || $0.phase == .stationary }) == true
            {
                ours.removeLast()
            }
            #expect(ours.count == model.frames.count, "\(recording.file)")
            let difference = zip(ours, model.frames).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(difference == nil, "\(recording.file): frame \(difference?.offset ?? -1): \(String(describing: difference?.element))")
            #expect(replay.statistics.filteredMotionCount == model.swallowed, "\(recording.file)")
            print("\(recording.file): fuzz \(fuzz), \(model.swallowed) motions held back, \(ours.count) frames equal")
        }
    }

    @Test("The filter holds back motions on every fuzzed recording, and none with the filter off")
    func countsMotions() throws {
        var held: [String: Int] = [:]
        // The Cintiq's 5-frame drag never moves less than its margin (2 units): nothing to hold back there.
        for recording in Self.fuzzed.prefix(3) {
            let path = SharedTraces.path(recording.file)
            func moves(_ filter: JitterFilter) throws -> (moves: Int, held: Int) {
                let (mapping, _, _) = try Self.mapping(for: path, filter: filter)
                let replay = try TraceReplay(path: path, configuration: .init(mapping: mapping))
                let count = try replay.remainingFrames().reduce(0) { $0 + $1.contacts.filter { $0.phase == .moved }.count }
                return (count, replay.statistics.filteredMotionCount)
            }
            let off = try moves(.off), automatic = try moves(.automatic), wider = try moves(.fuzz(recording.fuzz * 4))
            #expect(off.held == 0)
            #expect(automatic.held > 0, "\(recording.file)")
            #expect(automatic.moves < off.moves, "\(recording.file)")
            #expect(wider.moves < automatic.moves, "\(recording.file): a wider margin holds back more")
            held[recording.file] = automatic.held
        }
        // The 3M session: libinput's hysteresis (margin 7) swallowed 341 of its motions (issue 14, libinput 1.22
        // on a real kernel).
        #expect(held["3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu"] == 341)
    }

    @Test("A recording made under libinput's udev rules (kernel fuzz 0, LIBINPUT_FUZZ_* saved) replays as the original: one policy")
    func sameWhateverUdevDid() throws {
        for file in Self.fuzzed.map(\.file) + ["ntrig-dell-xt2-ts__typeA-3to4finger-hold-release.evemu"] {
            let path = SharedTraces.path(file)
            let moved = Fixtures.temporaryFile(try asRecordedUnderLibinputRules(path), name: "udev.evemu")
            let original = try TraceReplay(path: path).remainingFrames()
            let underRules = try TraceReplay(path: moved)
            #expect(underRules.reader.deviceDescription.axes[.multitouchPositionX]?.fuzz == 0)
            #expect(try underRules.remainingFrames() == original, "\(file)")
            // Without the saved fuzz, the same events would be filtered differently (or not at all).
            let withoutUdev = try String(contentsOfFile: moved, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# udev:") }
                .joined(separator: "\n")
            let bare = try TraceReplay(path: Fixtures.temporaryFile(withoutUdev, name: "bare.evemu")).remainingFrames()
            if file.hasPrefix("wacom-cintiq") { continue }
            #expect(bare != original, "\(file)")
        }
    }

    @Test("Protocol A: the N-Trig XT2 keeps its smoothing whatever udev did: 2 motions from its evemu and from a capture under libinput's rules")
    func protocolASmoothing() throws {
        let path = SharedTraces.path("ntrig-dell-xt2-ts__typeA-3to4finger-hold-release.evemu")
        func motions(_ replay: TraceReplay) throws -> Int {
            try replay.remainingFrames().reduce(0) { $0 + $1.contacts.filter { $0.phase == .moved }.count }
        }
        let rules = try asRecordedUnderLibinputRules(path)
        let underRules = Fixtures.temporaryFile(rules, name: "xt2.evemu")
        let fromEvemu = try motions(TraceReplay(path: path))
        #expect(fromEvemu <= 2)
        #expect(try motions(TraceReplay(path: underRules)) == fromEvemu)
        // Without the saved fuzz (a capture on a libinput system, as Tactile read it before), the device reports no
        // fuzz, so libmtdev gets its default, range / 250 (38 × 28 units), as libinput's libmtdev does under the
        // rules (issue 25; before it, libmtdev got 0 and the jitter came through: 18 motions; now 13). The default
        // is smaller than the saved fuzz (75 × 78), so it smooths less than the recording's own.
        let bare = rules.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# udev:") }
        let barePath = Fixtures.temporaryFile(bare.joined(separator: "\n"), name: "bare.evemu")
        let bareMotions = try motions(TraceReplay(path: barePath))
        let unsmoothed = try motions(TraceReplay(path: barePath, configuration: .init(mapping: ScreenMapping(jitterFilter: .off))))
        #expect(bareMotions > fromEvemu && bareMotions < 18, "\(bareMotions) motions")
        #expect(unsmoothed == bareMotions, "the default fuzz is libmtdev's, not the jitter filter's")
        // The jitter filter off leaves libmtdev's smoothing as it is: only the hysteresis goes.
        let off = try motions(TraceReplay(path: path, configuration: .init(mapping: ScreenMapping(jitterFilter: .off))))
        #expect(off >= fromEvemu && off <= 2)
    }

    @Test("libinput's hysteresis: inside the ellipse the center stays; outside it is dragged to the edge, truncated toward zero")
    func hysteresisFunction() {
        let inside = hysteresis((106, 103), center: (100, 100), margin: (7, 7))
        #expect(inside.x == 100 && inside.y == 100)
        let right = hysteresis((120, 100), center: (100, 100), margin: (7, 7))
        #expect(right.x == 113 && right.y == 100)
        let left = hysteresis((80, 100), center: (100, 100), margin: (7, 7))
        #expect(left.x == 87 && left.y == 100)
        let up = hysteresis((100, 80), center: (100, 100), margin: (7, 3))
        #expect(up.x == 100 && up.y == 83)
        // A diagonal: the lag is the margin along the finger's direction (7/√2 ≈ 4.95 on each axis).
        let diagonal = hysteresis((120, 120), center: (100, 100), margin: (7, 7))
        #expect(diagonal.x == 115 && diagonal.y == 115)
        let none = hysteresis((101, 100), center: (100, 100), margin: (0, 7))
        #expect(none.x == 101 && none.y == 100)
        let extreme = hysteresis((Int32.max, Int32.min), center: (Int32.min, Int32.max), margin: (7, 7))
        #expect(extreme.x > 0 && extreme.y < 0)
    }
}
