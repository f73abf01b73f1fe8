import Foundation
import Tactile
import Testing

@testable import TactileInput

/// Replay equals the kernel's path (issue 25): two small inputs played into uinput devices under Linux 6.1 with
/// udev's libinput rules (`Tests/Live/capture-kernel-path.sh`), with what the kernel passed on (`tactile record`)
/// and what libinput reported (`libinput debug-events`) committed beside them in `Fixtures/KernelPath`.
@Suite("Replay equals the kernel's path: repeated values and libmtdev's default fuzz, against VM captures")
struct KernelPathTests {
    /// One frame's touch changes: how many began, moved, ended (or were cancelled), and the positions of those
    /// that began or moved, in device units, sorted.
    struct Changes: Equatable, CustomStringConvertible {
        var began = 0, moved = 0, ended = 0
        var positions: [[Int]] = []
        var description: String { "+\(began) ~\(moved) -\(ended) \(positions)" }
    }

    /// Tactile's frames of a trace as changes, positions in device units (the screen is the device's range).
    static func tactile(_ name: String) throws -> [Changes] {
        let reader = try TraceReader(path: Fixtures.path("KernelPath/" + name))
        let x = reader.deviceDescription.axes[.multitouchPositionX]!
        let y = reader.deviceDescription.axes[.multitouchPositionY]!
        let mapping = ScreenMapping(screenSize: Size(width: x.span, height: y.span))
        let replay = try TraceReplay(reader: reader, configuration: MultitouchDecoder.Configuration(mapping: mapping))
        return try replay.remainingFrames().compactMap { frame in
            var changes = Changes()
            for contact in frame.contacts {
                switch contact.phase {
                case .began: changes.began += 1
                case .moved: changes.moved += 1
                case .ended, .cancelled: changes.ended += 1
                case .stationary: continue
                }
                if contact.phase == .began || contact.phase == .moved {
                    changes.positions.append([Int(contact.location.x.rounded()) + Int(x.minimum),
                                              Int(contact.location.y.rounded()) + Int(y.minimum)])
                }
            }
            changes.positions.sort { $0.lexicographicallyPrecedes($1) }
            return changes.began + changes.moved + changes.ended > 0 ? changes : nil
        }
    }

    /// libinput's TOUCH_* events of `libinput debug-events`, one entry per TOUCH_FRAME; positions are its
    /// millimetres, which are device units for a device without a resolution.
    static func libinput(_ name: String) throws -> [Changes] {
        let text = try String(contentsOfFile: Fixtures.path("KernelPath/" + name), encoding: .utf8)
        var frames: [Changes] = []
        var current = Changes()
        for line in text.split(separator: "\n") {
            guard let kind = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first,
                kind.hasPrefix("TOUCH_")
            else { continue }
            switch kind {
            case "TOUCH_FRAME":
                current.positions.sort { $0.lexicographicallyPrecedes($1) }
                if current != Changes() { frames.append(current) }
                current = Changes()
                continue
            case "TOUCH_DOWN": current.began += 1
            case "TOUCH_MOTION": current.moved += 1
            case "TOUCH_UP", "TOUCH_CANCEL": current.ended += 1
            default: continue
            }
            if let open = line.lastIndex(of: "("), let close = line.range(of: "mm)", options: .backwards) {
                let numbers = line[line.index(after: open)..<close.lowerBound].split(separator: "/")
                    .compactMap { Double($0) }.map { Int($0.rounded()) }
                if numbers.count == 2 { current.positions.append(numbers) }
            }
        }
        return frames
    }

    @Test("Repeated absolute values are dropped as the kernel drops them: the recording replays as what the kernel passed on, and as libinput saw it")
    func repeatedValues() throws {
        let input = try Self.tactile("repeats.evemu")
        let kernel = try Self.tactile("repeats.kernel.evemu")
        let libinput = try Self.libinput("repeats.libinput.txt")
        #expect(input == kernel, "the recording with repeats against what the kernel passed on")
        #expect(input == libinput, "Tactile \(input) against libinput \(libinput)")
        // Not vacuous: the recording repeats values, and had they moved the touch there would be more motions.
        let text = try String(contentsOfFile: Fixtures.path("KernelPath/repeats.evemu"), encoding: .utf8)
        let played = text.split(separator: "\n").filter { $0.hasPrefix("E:") }.count
        let passed = try String(contentsOfFile: Fixtures.path("KernelPath/repeats.kernel.evemu"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("E:") }.count
        #expect(passed < played, "the kernel passed on \(passed) of \(played) events")
    }

    @Test("A kernel repeat is dropped per slot: a repeated X no longer undoes the jitter filter; another slot's equal X is no repeat")
    func repeatRule() throws {
        // The repeats fixture's device: MT positions 0…4095 with fuzz 16, so the jitter filter's margin is 8.
        let description = try TraceReader(path: Fixtures.path("KernelPath/repeats.evemu")).deviceDescription
        var decoder = try MultitouchDecoder(
            description: description, configuration: .init(mapping: ScreenMapping(screenSize: Size(width: 4096, height: 4096))))
        var time = Timestamp(seconds: 1)
        var frames: [TouchFrame] = []
        func report(_ values: [(AbsoluteAxis, Int32)]) {
            for (axis, value) in values { frames += decoder.handle(InputEvent(timestamp: time, axis, value)).frames }
            frames += decoder.handle(InputEvent(timestamp: time, .report)).frames
            time = time + .milliseconds(8)
        }
        // Slot 1's X equals slot 0's: a value of its own slot (0 before), not a repeat.
        report([(.multitouchTrackingID, 1), (.multitouchPositionX, 1000), (.multitouchPositionY, 1000),
                (.multitouchSlot, 1), (.multitouchTrackingID, 2), (.multitouchPositionX, 1000), (.multitouchPositionY, 2000)])
        #expect(frames.last?.contacts.map(\.location) == [Point(x: 1000, y: 1000), Point(x: 1000, y: 2000)])
        // Slot 0 moves 20 to the right: beyond the margin, so the filtered X becomes 1012.
        report([(.multitouchSlot, 0), (.multitouchPositionX, 1020)])
        #expect(frames.count == 2)
        // The same X again with Y 6 off: the kernel drops the X, so the filtered X stays and Y alone is within the
        // margin: no frame. (Taken as a new value, the raw X would put the point outside the margin: a motion.)
        report([(.multitouchPositionX, 1020), (.multitouchPositionY, 1006)])
        #expect(frames.count == 2, "\(frames.last.map { "\($0)" } ?? "")")
        // A report of nothing but repeats changes nothing either.
        report([(.multitouchPositionX, 1020), (.multitouchPositionY, 1006)])
        #expect(frames.count == 2)
    }

    @Test("A protocol-A device that reports no fuzz gets libmtdev's default (range / 250), as under libinput: the jitter is swallowed, the real move is not")
    func protocolADefaultFuzz() throws {
        let input = try Self.tactile("protocol-a-jitter.evemu")
        let kernel = try Self.tactile("protocol-a-jitter.kernel.evemu")
        let libinput = try Self.libinput("protocol-a-jitter.libinput.txt")
        #expect(input == kernel)
        let motions = input.reduce(0) { $0 + $1.moved }
        let libinputMotions = libinput.reduce(0) { $0 + $1.moved }
        #expect(motions == libinputMotions, "Tactile \(motions) motions, libinput \(libinputMotions)")
        #expect(input.map { [$0.began, $0.moved, $0.ended] } == libinput.map { [$0.began, $0.moved, $0.ended] })
        // Not vacuous: 42 reports with two moving contacts each; the fuzz leaves only the real move.
        #expect(motions < 2 * 20, "\(motions) motions")
        let description = try TraceReader(path: Fixtures.path("KernelPath/protocol-a-jitter.evemu")).deviceDescription
        #expect(ProtocolAConverter.defaultFuzz(for: .multitouchPositionX, description.axes[.multitouchPositionX]!) == 16)
        #expect(ProtocolAConverter.defaultFuzz(for: .multitouchOrientation, AxisInfo(minimum: -90, maximum: 90)) == 18)
        #expect(ProtocolAConverter.defaultFuzz(for: .multitouchTouchMajor, AxisInfo(minimum: 0, maximum: 255)) == 2)
        #expect(ProtocolAConverter.defaultFuzz(for: .multitouchPressure, AxisInfo(minimum: 0, maximum: 255)) == 0)
    }

    @Test("tactile record --backend libinput writes what libinput delivered: its replay has libinput's touch changes, positions included",
          arguments: ["repeats", "protocol-a-jitter"])
    func libinputRecording(_ name: String) throws {
        let recorded = try Self.tactile(name + ".libinput-record.evemu")
        let libinput = try Self.libinput(name + ".libinput.txt")
        #expect(!libinput.isEmpty)
        #expect(recorded == libinput, "replayed \(recorded) against libinput \(libinput)")
    }
}
