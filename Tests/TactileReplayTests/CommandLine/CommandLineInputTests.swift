import Foundation
import TactileTestSupport
import Testing

/// Runs a shell command line with the built `tactile` as `$TACTILE` (real processes and real pipes).
func shell(_ command: String) throws -> Tactile.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = Package.root
    var environment = ProcessInfo.processInfo.environment
    environment["TACTILE"] = Tactile.executable.path
    process.environment = environment
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Tactile.Result(
        status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
        errors: String(decoding: errorData, as: UTF8.self))
}

/// Items 2, 3, 4 and the binary-trace error of item 7 of issue 15: descriptions, the progress bar, pipes.
@Suite("The tactile command's inputs and outputs", .serialized)
struct CommandLineInputTests {
    @Test("synth writes to standard output without -o, and replay - reads it: the log equals the file's")
    func pipes() throws {
        func spooled() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("tactile-input-") })
        }
        let before = try spooled()
        let file = temporaryDirectory().appendingPathComponent("pan.evemu").path
        #expect(try Tactile.run(["synth", "pan", "--seed", "4", "-o", file]).status == 0)
        let expected = try Tactile.run(["replay", file])
        #expect(expected.status == 0 && expected.outputLines.count > 5)
        let piped = try shell(#""$TACTILE" synth pan --seed 4 | "$TACTILE" replay -"#)
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.outputLines == expected.outputLines)
        let stdin = try shell(#""$TACTILE" synth pan --seed 4 | "$TACTILE" replay /dev/stdin --json"#)
        let json = try Tactile.run(["replay", file, "--json"])
        #expect(stdin.status == 0 && stdin.outputLines == json.outputLines)
        // The bytes on stdout are the file's.
        let bytes = try shell(#""$TACTILE" synth pan --seed 4 | cmp - "\#(file)""#)
        #expect(bytes.status == 0, "\(bytes.output)")
        // An error in piped input names <stdin> and the line.
        let broken = try shell(#"printf 'N: x\nE: 0.1 0003 zz 1\n' | "$TACTILE" replay -"#)
        #expect(broken.status != 0)
        #expect(broken.errorLines.last?.hasPrefix("<stdin>") == true, "\(broken.errors)")
        // Binary data through a pipe is refused as from a file, naming the input.
        let binary = try shell(#"head -c 2000 "$TACTILE" | "$TACTILE" replay -"#)
        // (An ELF executable: 7F 'E' 'L' 'F', class, byte order, version, then the zero OS ABI byte at offset 7.)
        #expect(binary.status == 1)
        #expect(binary.errorLines == ["<stdin>: not a text trace (a NUL byte at offset 7); expected an evemu recording or a libinput record file"], "\(binary.errors)")
        // The temporary copies are gone.
        let leftovers = try spooled().subtracting(before)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("An events file without its description: the error names --description, which replays it")
    func explicitDescription() throws {
        let alone = temporaryDirectory().appendingPathComponent("tap.events").path
        try FileManager.default.copyItem(atPath: SharedTraces.path("wacom-isdv4-e6-ts__1finger-tap.events"), toPath: alone)
        expectOneLineError(
            try Tactile.run(["replay", alone]),
            "\(alone): no device description (no N: line); give the matching .desc file with --description FILE")
        let given = try Tactile.run(["replay", alone, "--description", SharedTraces.path("wacom-isdv4-e6-ts.desc")])
        let beside = try Tactile.run(["replay", SharedTraces.path("wacom-isdv4-e6-ts__1finger-tap.events")])
        #expect(given.status == 0 && !given.outputLines.isEmpty)
        #expect(given.outputLines == beside.outputLines)
        expectOneLineError(
            try Tactile.run(["replay", alone, "--description", "/nonexistent.desc"]), "/nonexistent.desc: no such file")
    }

    @Test("A binary file as a trace fails with one short line and none of its bytes")
    func binaryTrace() throws {
        let path = temporaryDirectory().appendingPathComponent("photo.evemu").path
        var bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        bytes.append(Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 37) }))
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try Tactile.run(["replay", path])
        expectOneLineError(result, "\(path): not a text trace (a NUL byte at offset 8); expected an evemu recording or a libinput record file")
        #expect(result.errorLines.count == 1 && result.output.isEmpty)
        // Invalid UTF-8 without a NUL byte, given as YAML.
        let yaml = temporaryDirectory().appendingPathComponent("x.yml").path
        try Data([0x23, 0x20, 0xFF, 0xFE, 0x41, 0x0A]).write(to: URL(fileURLWithPath: yaml))
        expectOneLineError(
            try Tactile.run(["render", yaml, "-o", "/dev/null"]),
            "\(yaml): not a text trace (not UTF-8 in its first 4 KB); expected an evemu recording or a libinput record file")
    }

    /// A trace of two long presses 1.5 s apart (2.5 s in all), written from `Traces/long-press.evemu`.
    static func twoLongPresses() throws -> String {
        let lines = try String(contentsOfFile: Package.path("Traces/long-press.evemu"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let events = lines.filter { $0.hasPrefix("E: ") }
        let shifted = events.map { line -> String in
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            let time = Double(fields[1])! + 1.5
            return "E: \(String(format: "%.6f", time)) \(fields[2])"
        }
        return temporaryFile((lines + shifted).joined(separator: "\n") + "\n", name: "two-long-presses.evemu")
    }

    /// The lines a terminal shows for a byte stream: after a carriage return the line is drawn again, and
    /// `ESC [2K` erases it.
    static func visibleLines(_ stream: String) -> [String] {
        stream.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
                    .replacingOccurrences(of: "\u{1B}[2K", with: "")
            }
            .filter { !$0.isEmpty }
    }

    @Test("--realtime on a terminal: a bar that fits, shown only after a second, cleared before every log line")
    func progressBar() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: /usr/bin/script (util-linux) is needed for a pseudo-terminal")
            return
        }
        let trace = try Self.twoLongPresses()
        let plain = try Tactile.run(["replay", trace])
        #expect(plain.status == 0 && plain.outputLines.count > 20)
        let terminal = try shell(#"script -qec 'stty cols 50 rows 20; "$TACTILE" replay \#(trace) --realtime' /dev/null"#)
        #expect(terminal.status == 0)
        let bars = terminal.output.split(separator: "\r").filter { $0.contains("%  ") }
        #expect(!bars.isEmpty, "a 2.5 s replay shows a bar")
        for bar in bars {
            let text = bar.replacingOccurrences(of: "\u{1B}[2K", with: "").split(separator: "\n").first.map(String.init) ?? ""
            #expect(text.count < 50, "\(text)")
        }
        // What the terminal shows is the log, line for line, with no bar left in it.
        #expect(Self.visibleLines(terminal.output) == plain.outputLines)
        // A trace shorter than a second (0.85 s) shows no bar, however late a busy machine makes its replay end.
        let short = try shell(#"script -qec 'nice -n 19 "$TACTILE" replay Traces/pan.evemu --realtime' /dev/null"#)
        #expect(short.status == 0 && !short.output.contains("%  ") && short.output.contains("began{#1}"))
    }
}
