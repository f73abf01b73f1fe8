import Foundation
import Tactile
import Testing

@testable import TactileInput

/// The reading path under hostile input, from ``LineReader``'s documented behaviour: lines end at `\n` (a
/// trailing `\r` removed), any byte is kept, a line longer than the cap is an error naming it, a file ending in
/// the middle of a line gives that line (and errors about it say so), and pipes read like files however the
/// bytes arrive.
@Suite("Reading lines")
struct LineReaderTests {
    static func lines(of path: String) throws -> [String] {
        let reader = try LineReader(path: path)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        return lines
    }

    @Test("Lines of every length across several reads come back whole, in order, CRLF or LF")
    func linesSplitAcrossReads() throws {
        var expected: [String] = []
        var text = ""
        var length = 0
        while text.utf8.count < 4 * LineReader.chunkSize + 123 {
            let line = String(repeating: String(UnicodeScalar(UInt8(65 + length % 26))), count: length)
            expected.append(line)
            text += line + (length % 3 == 0 ? "\r\n" : "\n")
            length = (length * 7 + 13) % 5000
        }
        #expect(try Self.lines(of: Fixtures.temporaryFile(text, name: "split.txt")) == expected)
    }

    @Test("A line of exactly the cap is read; one byte more is an error naming the line and quoting its start")
    func lineLongerThanTheCap() throws {
        let atCap = String(repeating: "x", count: LineReader.maximumLineLength)
        #expect(try Self.lines(of: Fixtures.temporaryFile("first\n" + atCap + "\nlast\n", name: "cap.txt"))
            == ["first", atCap, "last"])
        let reader = try LineReader(path: Fixtures.temporaryFile("first\n\u{1b}" + atCap + "\nlast\n", name: "over.txt"))
        #expect(try reader.nextLine() == "first")
        let error = #expect(throws: TraceError.self) { _ = try reader.nextLine() }
        #expect(error?.line == 2)
        #expect(error?.reason.hasPrefix("line longer than \(LineReader.maximumLineLength) bytes (starts '\\u{1b}xxx") == true)
    }

    @Test("NUL bytes are kept in their line; an evemu line with one is an error naming the line")
    func nulBytes() throws {
        #expect(try Self.lines(of: Fixtures.temporaryFile("a\u{0}b\n\u{0}\n\n", name: "nul.txt")) == ["a\u{0}b", "\u{0}", ""])
        let path = Fixtures.temporaryFile(
            "N: x\nI: 0018 0000 0000 0000\nB: 00 0b 00 00 00 00 00 00 00\nA: 35 0 100 0 0 0\nA: 36 0 100 0 0 0\n"
                + "A: 39 0 65535 0 0 0\nE: 0.000001 0003 0039 0001\nE: 0.0\u{0}0001 0000 0000 0000\n",
            name: "nul.evemu")
        let reader = try EvemuReader(path: path)
        #expect(try reader.nextEvent() != nil)
        let error = #expect(throws: TraceError.self) { _ = try reader.nextEvent() }
        #expect(error?.line == 8)
    }

    @Test("A file truncated in the middle of a line gives the partial line, and errors about it say so")
    func truncatedMidLine() throws {
        let reader = try LineReader(path: Fixtures.temporaryFile("one\ntwo\nthr", name: "cut.txt"))
        #expect(try reader.nextLine() == "one")
        #expect(!reader.lastLineWasUnterminated)
        #expect(try reader.nextLine() == "two")
        #expect(try reader.nextLine() == "thr")
        #expect(reader.lastLineWasUnterminated)
        #expect(reader.error("bad").description.hasSuffix("bad (the file ends in the middle of this line)"))
        #expect(try reader.nextLine() == nil)
        #expect(try reader.nextLine() == nil)
    }

    @Test("A missing file, a directory: the documented one-line errors")
    func unreadable() throws {
        #expect(throws: TraceError(file: "/nonexistent/x.txt", reason: "no such file")) {
            _ = try LineReader(path: "/nonexistent/x.txt")
        }
        #expect(throws: TraceError(file: "/", reason: "is a directory")) { _ = try LineReader(path: "/") }
    }

    @Test("A FIFO delivering one byte at a time reads like the file it carries")
    func fifoOneByteAtATime() throws {
        let text = "# EVEMU 1.3\nfirst line\r\n\nE: 0.000001 0003 0035 0100\n" + String(repeating: "y", count: 300) + "\nend"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("trace.fifo").path
        try #require(mkfifo(path, 0o600) == 0)
        let bytes = Array(text.utf8)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            for byte in bytes {
                var byte = byte
                _ = write(descriptor, &byte, 1)
                if byte == 0x0a { usleep(1000) }
            }
            close(descriptor)
        }
        writer.start()
        #expect(try Self.lines(of: path) == ["# EVEMU 1.3", "first line", "", "E: 0.000001 0003 0035 0100",
                                             String(repeating: "y", count: 300), "end"])
    }
}
