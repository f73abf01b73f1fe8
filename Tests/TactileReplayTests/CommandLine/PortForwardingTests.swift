import Foundation
import TactileReplay
import Testing

/// `tactile port …` runs the `tactile-port` executable git-style: beside `tactile` first, then on PATH, with the
/// arguments, output and exit status passed through; a clear error naming what to build when it is nowhere. The
/// tool here is a stand-in script, so that these tests need no swift-syntax.
@Suite("tactile port runs tactile-port", .serialized)
struct PortForwardingTests {
    /// A temporary folder with a copy of the built `tactile`, removed after the test.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-forward-\(UUID().uuidString)")
        var tactile: URL { url.appendingPathComponent("bin/tactile") }

        init() throws {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("bin"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Tactile.executable, to: tactile)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// An executable shell script at `relative` that prints `tag`, its arguments one a line and a line on stderr,
        /// and exits with `status`.
        func script(_ relative: String, tag: String, status: Int32) throws {
            let path = url.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text =
                "#!/bin/sh\necho \(tag)\nfor a in \"$@\"; do echo \"[$a]\"; done\n"
                + "echo \"to stderr\" >&2\nexit \(status)\n"
            try Data(text.utf8).write(to: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path.path)
        }
    }

    @Test("the tool beside tactile runs with the arguments as given; its output and status are the command's")
    func besideTactile() throws {
        let folder = try Folder()
        try folder.script("bin/tactile-port", tag: "beside", status: 3)
        try folder.script("path/tactile-port", tag: "on-path", status: 0)
        let result = try Tactile.run(
            ["port", "A File.swift", "--diff", "-o", "out", "--help"],
            environment: ["PATH": folder.url.appendingPathComponent("path").path + ":/usr/bin:/bin"],
            executable: folder.tactile)
        #expect(result.status == 3)
        #expect(result.outputLines == ["beside", "[A File.swift]", "[--diff]", "[-o]", "[out]", "[--help]"])
        #expect(result.errorLines == ["to stderr"])
    }

    @Test("without one beside tactile, the first on PATH runs; `tactile help port` is its --help")
    func onPath() throws {
        let folder = try Folder()
        try folder.script("first/tactile-port", tag: "first", status: 0)
        try folder.script("second/tactile-port", tag: "second", status: 0)
        let path = [
            "/nonexistent", folder.url.appendingPathComponent("first").path,
            folder.url.appendingPathComponent("second").path, "/usr/bin", "/bin",
        ].joined(separator: ":")
        let result = try Tactile.run(["port", "x.swift"], environment: ["PATH": path], executable: folder.tactile)
        #expect(result.status == 0)
        #expect(result.outputLines == ["first", "[x.swift]"])
        let help = try Tactile.run(["help", "port"], environment: ["PATH": path], executable: folder.tactile)
        #expect(help.outputLines == ["first", "[--help]"])
    }

    @Test("with no tactile-port anywhere: one line naming what is missing and how to build it, status 1")
    func missing() throws {
        let folder = try Folder()
        let result = try Tactile.run(
            ["port", "x.swift"], environment: ["PATH": "/nonexistent"], executable: folder.tactile)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorLines == [CompanionTool.port.missingMessage(besides: folder.tactile.path)])
        #expect(result.errors.contains("found neither beside \(folder.tactile.path) nor on PATH"))
        #expect(result.errors.contains("build it with `swift build --product tactile-port`"))
    }

    @Test("tactile help lists port")
    func listed() throws {
        let result = try Tactile.run(["help"])
        #expect(result.outputLines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("port ") })
    }

    @Test("a file, a directory or a non-executable file named tactile-port is not the tool")
    func locateSkipsWhatIsNotAnExecutableFile() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("dir/tactile-port"), withIntermediateDirectories: true)
        try folder.script("plain/tactile-port", tag: "plain", status: 0)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: folder.url.appendingPathComponent("plain/tactile-port").path)
        try folder.script("good/tactile-port", tag: "good", status: 0)
        let root = folder.url.path
        let tool = CompanionTool.port
        #expect(
            tool.locate(besides: folder.tactile.path, searchPath: "\(root)/dir:\(root)/plain:\(root)/good")
                == "\(root)/good/tactile-port")
        #expect(tool.locate(besides: folder.tactile.path, searchPath: "\(root)/dir:\(root)/plain") == nil)
        #expect(tool.locate(besides: nil, searchPath: nil) == nil)
        try folder.script("bin/tactile-port", tag: "beside", status: 0)
        #expect(tool.locate(besides: folder.tactile.path, searchPath: "\(root)/good") == "\(root)/bin/tactile-port")
    }

    @Test(
        "`port …` and `help port` are forwarded, nothing else is",
        arguments: [
            (["port", "a.swift", "--diff"], ["a.swift", "--diff"]), (["port"], []), (["help", "port"], ["--help"]),
            (["help", "port", "x"], ["--help"]), (["help"], nil), (["help", "replay"], nil), (["replay", "port"], nil),
            (["ports"], nil), ([], nil),
        ] as [([String], [String]?)])
    func forwardedArguments(_ arguments: [String], _ forwarded: [String]?) {
        #expect(CompanionTool.port.forwardedArguments(arguments) == forwarded)
    }
}
