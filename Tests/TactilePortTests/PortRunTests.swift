import Foundation
import TactilePort
import Testing

/// A fresh temporary directory, removed after the test.
final class Sandbox {
    let root: String

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-port-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = path(relative)
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func link(_ relative: String, to target: String) {
        try? FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    /// Every file under the root with its contents, to prove a run wrote nothing.
    func snapshot() -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let entry = enumerator?.nextObject() as? String {
            files[entry] = read(entry) ?? "<dir or link>"
        }
        return files
    }
}

let uikitFile = "import UIKit\n\nclass Canvas: UIView {\n    @objc func tap(_ t: UITapGestureRecognizer) {}\n}\n"
let portedFile = "import TactileUIKit\n\nclass Canvas: UIView {\n    func tap(_ t: UITapGestureRecognizer) {}\n}\n"

@Suite struct PortRunTests {
    @Test func outputDirectoryMirrorsTheInputDirectory() throws {
        let box = Sandbox()
        box.write("App/Views/Canvas.swift", uikitFile)
        box.write("App/Model.swift", "struct Model {}\n")
        box.write("App/README.md", "not Swift")
        let run = PortRun(inputs: [box.path("App")], output: .directory(box.path("Out")))
        let (files, skipped) = try run.port()
        #expect(files.map(\.path) == [box.path("App/Model.swift"), box.path("App/Views/Canvas.swift")])
        #expect(skipped.isEmpty)
        let written = try run.write(files)
        #expect(written.count == 2)
        #expect(box.read("Out/Views/Canvas.swift") == portedFile)
        #expect(box.read("Out/Model.swift") == "struct Model {}\n")
        #expect(box.read("App/Views/Canvas.swift") == uikitFile)
    }

    @Test func withoutAnOutputNothingIsWritten() throws {
        let box = Sandbox()
        box.write("A.swift", uikitFile)
        let before = box.snapshot()
        let run = PortRun(inputs: [box.path("A.swift")])
        let (files, _) = try run.port()
        #expect(try run.write(files).isEmpty)
        #expect(box.snapshot() == before)
        #expect(files[0].ported.text == portedFile)
    }

    @Test func inPlaceWritesChangedFilesOnceAndASecondRunNothing() throws {
        let box = Sandbox()
        box.write("App/A.swift", uikitFile)
        box.write("App/B.swift", "struct B {}\n")
        let run = PortRun(inputs: [box.path("App")], output: .inPlace)
        #expect(try run.write(run.port().files).count == 1)
        #expect(box.read("App/A.swift") == portedFile)
        let second = try run.port().files
        #expect(second.allSatisfy { !$0.ported.changed && $0.ported.rewrites.isEmpty })
        #expect(try run.write(second).isEmpty)
    }

    @Test func oneInvalidFileStopsTheRunBeforeAnyWrite() throws {
        let box = Sandbox()
        box.write("App/A.swift", uikitFile)
        box.write("App/B.swift", "class B {\n    func f( {\n")
        let before = box.snapshot()
        for output in [PortRun.Output.inPlace, .directory(box.path("Out"))] {
            #expect {
                try PortRun(inputs: [box.path("App")], output: output).port()
            } throws: { error in
                let text = (error as? PortRun.Failure)?.description ?? ""
                return text.contains(box.path("App/B.swift") + ":2:") && text.contains("nothing written")
            }
        }
        #expect(box.snapshot() == before)
    }

    @Test func anOutputInsideTheInputIsRefused() throws {
        let box = Sandbox()
        box.write("App/A.swift", uikitFile)
        for output in ["App/Ported", "App", "App/../App/x"] {
            #expect(throws: PortRun.Failure.self) {
                try PortRun(inputs: [box.path("App")], output: .directory(box.path(output))).port()
            }
        }
        // Beside it is fine.
        _ = try PortRun(inputs: [box.path("App")], output: .directory(box.path("AppPorted"))).port()
    }

    @Test func anInputInsideTheOutputIsRefused() {
        let box = Sandbox()
        box.write("Work/App/A.swift", uikitFile)
        #expect(throws: PortRun.Failure.self) {
            try PortRun(inputs: [box.path("Work/App/A.swift")], output: .directory(box.path("Work"))).port()
        }
    }

    @Test func symbolicLinksAreNeitherFollowedNorWrittenThrough() throws {
        let box = Sandbox()
        box.write("Outside/Secret.swift", uikitFile)
        box.write("App/A.swift", uikitFile)
        box.link("App/Linked.swift", to: box.path("Outside/Secret.swift"))
        box.link("App/LinkedDir", to: box.path("Outside"))
        box.link("Given.swift", to: box.path("Outside/Secret.swift"))
        // A link given as an input: refused.
        #expect(throws: PortRun.Failure.self) {
            try PortRun(inputs: [box.path("Given.swift")], output: .inPlace).port()
        }
        // Links inside a directory: skipped, listed, never written through.
        let run = PortRun(inputs: [box.path("App")], output: .inPlace)
        let (files, skipped) = try run.port()
        #expect(files.map(\.path) == [box.path("App/A.swift")])
        #expect(skipped.count == 2 && skipped.allSatisfy { $0.contains("symbolic link, skipped") })
        _ = try run.write(files)
        #expect(box.read("Outside/Secret.swift") == uikitFile)
    }

    @Test func aLinkInTheOutputDirectoryIsNotWrittenThrough() throws {
        let box = Sandbox()
        box.write("App/Views/A.swift", uikitFile)
        box.write("Elsewhere/keep.txt", "x")
        try FileManager.default.createDirectory(atPath: box.path("Out"), withIntermediateDirectories: true)
        box.link("Out/Views", to: box.path("Elsewhere"))
        let run = PortRun(inputs: [box.path("App")], output: .directory(box.path("Out")))
        #expect(throws: PortRun.Failure.self) { try run.write(try run.port().files) }
        #expect(!FileManager.default.fileExists(atPath: box.path("Elsewhere/A.swift")))
        // A destination file that is a link: refused too.
        box.write("Target.swift", "keep\n")
        box.write("Single/A.swift", uikitFile)
        try FileManager.default.createDirectory(atPath: box.path("Out2"), withIntermediateDirectories: true)
        box.link("Out2/A.swift", to: box.path("Target.swift"))
        let single = PortRun(inputs: [box.path("Single/A.swift")], output: .directory(box.path("Out2")))
        #expect(throws: PortRun.Failure.self) { try single.write(try single.port().files) }
        #expect(box.read("Target.swift") == "keep\n")
    }

    @Test func twoInputsOfOneNameAreRefused() {
        let box = Sandbox()
        box.write("A/Same.swift", uikitFile)
        box.write("B/Same.swift", uikitFile)
        #expect(throws: PortRun.Failure.self) {
            try PortRun(
                inputs: [box.path("A/Same.swift"), box.path("B/Same.swift")], output: .directory(box.path("Out"))
            ).port()
        }
    }

    @Test func missingNonUTF8AndOversizedInputsAreErrors() throws {
        let box = Sandbox()
        #expect(throws: PortRun.Failure.self) { try PortRun(inputs: [box.path("Missing.swift")]).port() }
        _ = FileManager.default.createFile(atPath: box.path("Latin1.swift"), contents: Data([0x2F, 0x2F, 0xE9, 0x0A]))
        #expect(throws: PortRun.Failure.self) { try PortRun(inputs: [box.path("Latin1.swift")]).port() }
        box.write("Ten.swift", "let x = 1\n")  // 10 bytes
        var run = PortRun(inputs: [box.path("Ten.swift")])
        run.maximumFileSize = 10
        #expect(try run.port().files.count == 1)
        run.maximumFileSize = 9
        #expect(throws: PortRun.Failure.self) { try run.port() }
    }

    @Test func contextSpansTheFilesOfARun() throws {
        // The protocol in one file, its optional call in another: the call is ported.
        let box = Sandbox()
        box.write("App/Delegate.swift", "@objc protocol KnobDelegate {\n    @objc optional func knobMoved()\n}\n")
        box.write(
            "App/Knob.swift",
            "class Knob {\n    weak var delegate: KnobDelegate?\n    func f() { delegate?.knobMoved?() }\n}\n")
        let files = try PortRun(inputs: [box.path("App")]).port().files
        #expect(files[1].ported.text.contains("delegate?.knobMoved()"))
        #expect(files[0].ported.text.contains("extension KnobDelegate {\n    func knobMoved() {}\n}"))
    }

    @Test func reportLinesNameFileLineWhatAndWhy() throws {
        let box = Sandbox()
        box.write("A.swift", "import UIKit\nclass A {\n    func f() { UIView.animate(withDuration: 1) {} }\n}\n")
        let file = try PortRun(inputs: [box.path("A.swift")]).port().files[0]
        #expect(
            file.reportLines == [
                box.path("A.swift")
                    + ":1: import UIKit → import TactileUIKit, the UIKit-spelled module over Tactile (it "
                        + "re-exports Foundation, as UIKit does)",
                box.path("A.swift") + ":3:16: warning: UIView.animate: "
                    + (PortUnavailableAPI.table["UIView.animate"] ?? ""),
            ])
    }
}
