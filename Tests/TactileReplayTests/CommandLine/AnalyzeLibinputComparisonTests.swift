import Foundation
import TactileTestSupport
import Testing

/// `tactile analyze` beside libinput's own analysis tools (`libinput analyze per-slot-delta` and
/// `touch-down-state`, libinput-tools 1.22) on the same `libinput record` files: six real recordings played into a
/// device under a real kernel while `libinput record` read it (`Traces/recordings/libinput-record/`, made by
/// `make-libinput-records.sh` there), and on the original evemu recordings they were played from.
///
/// The tools are Python scripts; they need `python3-libevdev` and `python3-yaml` (the README's test command and
/// `.ci/run` install them with `libinput-tools`). They run under `/usr/bin/python3`, Debian's, which has those
/// modules whatever `python3` is first on the `PATH`.
@Suite("tactile analyze beside libinput analyze", .serialized)
struct AnalyzeLibinputComparisonTests {
    static let folder = Recordings.directory.appendingPathComponent("libinput-record")
    static let toolFolder = "/usr/libexec/libinput"

    /// The protocol-B recordings: compared row by row.
    nonisolated static let slotted = [
        "atmel-maxtouch-ts__2finger-touch-release",
        "wacom-cintiq13hd-ts__1finger-short-drag",
        "ep0430m09-ts__2finger-pan-vertical",
        "quanta-optical-ts__1finger-long-press",
    ]

    /// What one slot showed in one report.
    enum Cell: Hashable, CustomStringConvertible {
        case began, ended, moved(dx: Int, dy: Int)
        var description: String {
            switch self {
            case .began: "began"
            case .ended: "ended"
            case .moved(let dx, let dy): "\(dx)/\(dy)"
            }
        }
    }

    /// A row: the report's time in microseconds, the time since the previous report in whole milliseconds, and the
    /// slots that changed.
    struct DeltaRow: Hashable, CustomStringConvertible {
        var microseconds: Int64
        var sincePreviousMilliseconds: Int64
        var cells: [Int: Cell]
        var description: String {
            "\(microseconds) +\(sincePreviousMilliseconds)ms " + cells.keys.sorted().map { "\($0):\(cells[$0]!)" }.joined(separator: " ")
        }
    }

    struct DownRow: Hashable, CustomStringConvertible {
        var microseconds: Int64
        var sincePreviousMilliseconds: Int64
        var down: [Int]
        var description: String { "\(microseconds) +\(sincePreviousMilliseconds)ms \(down)" }
    }

    /// Runs one of libinput's analysis tools.
    static func libinput(_ tool: String, _ file: URL, _ options: [String] = []) throws -> Tactile.Result {
        let script = "\(toolFolder)/libinput-analyze-\(tool)"
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
            Issue.record("libinput's analysis tools are missing: apt-get install libinput-tools python3-libevdev python3-yaml")
            return Tactile.Result(status: -1, output: "", errors: "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script] + options + [file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorReader = PipeDrain(errors.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        let result = Tactile.Result(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
        if result.errors.contains("No module named") {
            Issue.record("libinput's analysis tools cannot run: \(result.errors); apt-get install python3-libevdev python3-yaml")
        }
        return result
    }

    /// libinput's per-slot-delta rows. A slot it shows as changed with a delta of 0/0 was only selected by
    /// `ABS_MT_SLOT` (its pressure or size changed, or another slot's event came first): not a motion, so it is
    /// left out, and a row left with no change is dropped (Tactile shows motion only: the difference is tested in
    /// ``libinputMarksSelectedSlots()``).
    static func parseLibinputDeltas(_ text: String) -> [DeltaRow] {
        var rows: [DeltaRow] = []
        for line in text.split(separator: "\n") {
            guard let match = line.firstMatch(of: #/^ *(\d+)\.(\d{6}) +\+(\d+)ms .{3} \S+ (.*)$/#) else { continue }
            var cells: [Int: Cell] = [:]
            for (slot, cell) in match.4.split(separator: "|", omittingEmptySubsequences: false).enumerated() {
                let trimmed = cell.trimmingCharacters(in: .whitespaces)
                if trimmed == "+++++++" {
                    cells[slot] = .began
                } else if trimmed == "-------" {
                    cells[slot] = .ended
                } else if let delta = trimmed.firstMatch(of: #/([+-]\d+)/ *([+-]\d+)/#) {
                    let dx = Int(delta.1)!, dy = Int(delta.2)!
                    if dx != 0 || dy != 0 { cells[slot] = .moved(dx: dx, dy: dy) }
                }
            }
            if cells.isEmpty { continue }
            rows.append(DeltaRow(
                microseconds: Int64(match.1)! * 1_000_000 + Int64(match.2)!, sincePreviousMilliseconds: Int64(match.3)!,
                cells: cells))
        }
        return rows
    }

    static func parseLibinputDownStates(_ text: String) -> [DownRow] {
        var rows: [DownRow] = []
        for line in text.split(separator: "\n") {
            guard let match = line.firstMatch(of: #/^ *(\d+)\.(\d{6}) \| +\+(\d+)\.(\d{3})s \| (.*)$/#) else { continue }
            let down = match.5.split(separator: "|", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains("+") }.map(\.offset)
            rows.append(DownRow(
                microseconds: Int64(match.1)! * 1_000_000 + Int64(match.2)!,
                sincePreviousMilliseconds: Int64(match.3)! * 1000 + Int64(match.4)!, down: down))
        }
        return rows
    }

    /// Seconds with six decimals, as `tactile analyze --json` writes them, in microseconds.
    static func microseconds(_ value: Any?) -> Int64 {
        let number = value as? NSNumber
        return Int64(((number?.doubleValue ?? 0) * 1e6).rounded())
    }

    static func tactileJSON(_ arguments: [String]) throws -> [String: Any] {
        let result = try Tactile.run(["analyze"] + arguments + ["--json"])
        #expect(result.status == 0, "tactile analyze \(arguments): \(result.errors)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any] ?? [:]
    }

    static func tactileDeltas(_ arguments: [String]) throws -> [DeltaRow] {
        let json = try tactileJSON(["per-slot-delta"] + arguments)
        #expect(json["schema"] as? String == "tactile-analysis" && json["version"] as? Int == 1)
        return (json["rows"] as? [[String: Any]] ?? []).map { row in
            var cells: [Int: Cell] = [:]
            for entry in row["slots"] as? [[String: Any]] ?? [] {
                let slot = entry["slot"] as? Int ?? -1
                switch entry["state"] as? String {
                case "began": cells[slot] = .began
                case "ended": cells[slot] = .ended
                default: cells[slot] = .moved(dx: entry["dx"] as? Int ?? 0, dy: entry["dy"] as? Int ?? 0)
                }
            }
            // libinput truncates the time since the previous report to whole milliseconds: int(µs / 1000).
            return DeltaRow(
                microseconds: microseconds(row["t"]), sincePreviousMilliseconds: microseconds(row["sincePrevious"]) / 1000,
                cells: cells)
        }
    }

    static func tactileDownStates(_ arguments: [String]) throws -> [DownRow] {
        let json = try tactileJSON(["touch-down-state"] + arguments)
        return (json["rows"] as? [[String: Any]] ?? []).map { row in
            DownRow(
                microseconds: microseconds(row["t"]), sincePreviousMilliseconds: microseconds(row["sincePrevious"]) / 1000,
                down: row["down"] as? [Int] ?? [])
        }
    }

    @Test("per-slot-delta: every row, slot and delta is libinput's, on the same libinput record file", arguments: slotted)
    func perSlotDeltaMatchesLibinput(name: String) throws {
        let file = Self.folder.appendingPathComponent(name + ".yml")
        let theirs = try Self.libinput("per-slot-delta", file)
        #expect(theirs.status == 0, "\(theirs.errors)")
        let expected = Self.parseLibinputDeltas(theirs.output)
        let ours = try Self.tactileDeltas([file.path])
        #expect(expected.count > 3, "libinput printed \(expected.count) rows")
        #expect(ours.count == expected.count)
        for (index, (mine, libinput)) in zip(ours, expected).enumerated() where mine != libinput {
            Issue.record("row \(index): tactile \(mine), libinput \(libinput)")
            break
        }
    }

    @Test("touch-down-state: every row is libinput's, on the same libinput record file", arguments: slotted)
    func touchDownStateMatchesLibinput(name: String) throws {
        let file = Self.folder.appendingPathComponent(name + ".yml")
        let theirs = try Self.libinput("touch-down-state", file)
        #expect(theirs.status == 0, "\(theirs.errors)")
        let expected = Self.parseLibinputDownStates(theirs.output)
        let ours = try Self.tactileDownStates([file.path])
        #expect(expected.count >= 2)
        #expect(ours == expected)
    }

    /// `--use-mm` divides each delta by its axis's resolution and prints two decimals, as libinput's `--use-mm` (which
    /// takes the resolution of `ABS_X`/`ABS_Y`; Tactile that of the position axes it reads, the same on these
    /// devices). Of the six, only the Wacom Cintiq has a resolution; a device without one is refused.
    @Test("per-slot-delta --use-mm: the same millimetres as libinput's --use-mm")
    func millimetres() throws {
        let file = Self.folder.appendingPathComponent("wacom-cintiq13hd-ts__1finger-short-drag.yml")
        let theirs = try Self.libinput("per-slot-delta", file, ["--use-mm"])
        let expected = theirs.output.matches(of: #/([+-]\d+\.\d\d)/([+-]\d+\.\d\d)/#).map { "\($0.1)/\($0.2)" }
        let ours = try Tactile.run(["analyze", "per-slot-delta", file.path, "--use-mm"])
        #expect(ours.status == 0)
        let found = ours.output.matches(of: #/([+-]\d+\.\d\d)/ *([+-]\d+\.\d\d)/#).map { "\($0.1)/\($0.2)" }
        #expect(expected.count == 3)
        #expect(found == expected)
        let refused = try Tactile.run(["analyze", "per-slot-delta", "--use-mm", Self.folder.appendingPathComponent(Self.slotted[0] + ".yml").path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("no resolution"))
    }

    /// Played into a device, a recording keeps its events but not its times: evemu-play sleeps between reports, so
    /// the kernel's timestamps are the playback's (the Quanta long press took 1.81 s against 1.42 s recorded, under
    /// emulation). The rows are the same otherwise: the same slots begin, move by the same deltas and end, in the
    /// same order.
    @Test("The original evemu recording analyses as the libinput record of its playback, times aside", arguments: slotted)
    func originalMatchesPlayback(name: String) throws {
        let yaml = Self.folder.appendingPathComponent(name + ".yml").path
        var original = [Recordings.path(name + ".evemu")]
        if !FileManager.default.fileExists(atPath: original[0]) {
            let device = String(name.prefix { $0 != "_" })
            original = [Recordings.path(name + ".events"), "--description", Recordings.path(device + ".desc")]
        }
        #expect(try Self.tactileDeltas(original).map(\.cells) == Self.tactileDeltas([yaml]).map(\.cells))
        #expect(try Self.tactileDownStates(original).map(\.down) == Self.tactileDownStates([yaml]).map(\.down))
    }

    /// A hand-made `libinput record` file: two fingers down, the first moves, then a report selects the second slot
    /// and changes only its pressure, then both lift.
    static let pressureOnly = #"""
# libinput record
version: 1
ndevices: 1
libinput:
  version: "1.22.1"
  git: "unknown"
system:
  os: "debian:12"
  kernel: "6.1.0"
  dmi: "dmi:"
devices:
- node: /dev/input/event0
  evdev:
    # Name: Hand-made two-finger screen
    name: "Hand-made two-finger screen"
    id: [3, 1, 2, 0]
    codes:
      0: [0, 1, 2, 3] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 47, 53, 54, 57, 58] # EV_ABS
    absinfo:
      0: [0, 799, 0, 0, 0]
      1: [0, 479, 0, 0, 0]
      47: [0, 9, 0, 0, 0]
      53: [0, 799, 0, 0, 0]
      54: [0, 479, 0, 0, 0]
      57: [0, 65535, 0, 0, 0]
      58: [0, 255, 0, 0, 0]
    properties: [1]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
  quirks:
  events:
  - evdev:
    - [  0,      0,   3,  57,       1] # EV_ABS / ABS_MT_TRACKING_ID        1
    - [  0,      0,   3,  53,     100]
    - [  0,      0,   3,  54,     100]
    - [  0,      0,   3,  58,      40]
    - [  0,      0,   3,  47,       1]
    - [  0,      0,   3,  57,       2]
    - [  0,      0,   3,  53,     300]
    - [  0,      0,   3,  54,     300]
    - [  0,      0,   3,  58,      40]
    - [  0,      0,   1, 330,       1]
    - [  0,      0,   0,   0,       0]
  - evdev:
    - [  0,  10000,   3,  47,       0]
    - [  0,  10000,   3,  53,     104]
    - [  0,  10000,   0,   0,       0]
  - evdev:
    - [  0,  20000,   3,  47,       1]
    - [  0,  20000,   3,  58,      60]
    - [  0,  20000,   0,   0,       0]
  - evdev:
    - [  0,  30000,   3,  47,       0]
    - [  0,  30000,   3,  57,      -1]
    - [  0,  30000,   3,  47,       1]
    - [  0,  30000,   3,  57,      -1]
    - [  0,  30000,   1, 330,       0]
    - [  0,  30000,   0,   0,       0]
"""#

    /// libinput's per-slot-delta marks a slot as changed when `ABS_MT_SLOT` selects it, so a report that changed
    /// only a slot's pressure or size shows it as `+0/+0`; Tactile shows a slot when it began, ended or moved. The
    /// six recordings have no such report (libinput's rows are Tactile's, one for one), so a hand-made file
    /// shows the one difference: libinput's extra row, with a 0/0 delta, is the report that only selected slot 1.
    @Test("Where libinput shows +0/+0, the slot was selected but did not move")
    func libinputMarksSelectedSlots() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-analyze-\(getpid()).yml")
        try Self.pressureOnly.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let theirs = try Self.libinput("per-slot-delta", file)
        let lines = theirs.output.split(separator: "\n").filter { $0.firstMatch(of: #/^ *\d+\.\d{6} /#) != nil }
        #expect(lines.count == 4, "\(theirs.output)")
        #expect(lines.count > 2 && lines[2].hasPrefix(" 0.020000") && lines[2].contains("+0/  +0"), "\(lines)")
        let ours = try Self.tactileDeltas([file.path])
        #expect(ours.map(\.microseconds) == [0, 10_000, 30_000])
        #expect(ours == Self.parseLibinputDeltas(theirs.output))
        for name in Self.slotted {
            let recording = Self.folder.appendingPathComponent(name + ".yml")
            let rows = try Self.libinput("per-slot-delta", recording).output.split(separator: "\n")
                .filter { $0.firstMatch(of: #/^ *\d+\.\d{6} /#) != nil }
            #expect(rows.count == (try Self.tactileDeltas([recording.path]).count), "\(name)")
        }
    }

    /// Without `ABS_MT_SLOT`, libinput's tools take the single-touch path (`--use-st`): `touch-down-state` then
    /// stops with a Python error (libinput 1.22: `nslots` is never set), and `per-slot-delta` reads `ABS_X`/`ABS_Y`
    /// and the `BTN_TOOL_*` keys. Tactile analyses protocol A in libmtdev's slots (as libinput itself, and the
    /// decoder, read such a device) and single touch as slot 0 of `BTN_TOUCH` and the device's position axes; the
    /// eGalax controller reports its position in `ABS_Z`/`ABS_RX`, so libinput's tool sees no motion at all.
    @Test("Protocol A and single touch: libinput's tools take their single-touch path; Tactile's analysis is the original's",
          arguments: [("ntrig-multitouch-ts__typeA-2finger-touch-release", "ntrig-multitouch-ts"),
                      ("egalax-usb-singletouch-ts__no-mt-2-touches", "egalax-usb-singletouch-ts")])
    func withoutSlots(name: String, device: String) throws {
        let file = Self.folder.appendingPathComponent(name + ".yml")
        let downState = try Self.libinput("touch-down-state", file)
        #expect(downState.status != 0)
        #expect(downState.errors.contains("nslots"), "\(downState.errors)")
        let deltas = try Self.libinput("per-slot-delta", file)
        #expect(deltas.status == 0)
        #expect(deltas.output.contains("Warning: slot coordinates on FINGER/DOUBLETAP change may be incorrect"))
        if device.hasPrefix("egalax") {
            #expect(Self.parseLibinputDeltas(deltas.output).isEmpty)
        }
        let original = [Recordings.path(name + ".events"), "--description", Recordings.path(device + ".desc")]
        let ours = try Self.tactileDownStates([file.path])
        #expect(ours.count >= 3, "\(ours)")
        #expect(try Self.tactileDownStates(original).map(\.down) == ours.map(\.down))
        #expect(try Self.tactileDeltas(original).map(\.cells) == Self.tactileDeltas([file.path]).map(\.cells))
    }
}
