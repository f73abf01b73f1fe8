import Foundation
import TactileTestSupport
import Testing

/// The real recordings and hostile inputs are part of the repository (`Traces/recordings/`, `Traces/reliability/`):
/// every file has its provenance and its upstream licence beside it, and every file the documents name is there.
@Suite("The recordings in the repository")
struct RecordingsProvenanceTests {
    /// The recording and description files named in the first column of `SOURCES.md`'s tables.
    static func filesNamedInSources() throws -> Set<String> {
        let text = try String(contentsOf: Recordings.directory.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let firstColumn = line.dropFirst(2).prefix { $0 != "|" }
            let quoted = firstColumn.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            names.formUnion(quoted.filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".events") || $0.hasSuffix(".desc") })
        }
        return names
    }

    @Test("Every recording in Traces/recordings is listed in SOURCES.md, and every listed file is there")
    func sourcesListEveryFile() throws {
        let listed = try Self.filesNamedInSources()
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Recordings.directory.path)
            .filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".events") || $0.hasSuffix(".desc") })
        #expect(present.count == 49, "Traces/recordings holds \(present.count) recordings and descriptions, not 49")
        #expect(present.subtracting(listed).sorted() == [], "files without provenance in SOURCES.md")
        #expect(listed.subtracting(present).sorted() == [], "files SOURCES.md names that are missing")
    }

    @Test("Each upstream licence's text is beside the recordings", arguments: [
        ("LGPL-3.0.txt", "GNU LESSER GENERAL PUBLIC LICENSE"), ("GPL-3.0.txt", "Version 3, 29 June 2007"),
        ("GPL-2.0.txt", "Version 2, June 1991"), ("MIT-evemu-devices.txt", "Copyright © 2012-2013 Red Hat, Inc."),
    ])
    func licenceTexts(file: String, words: String) throws {
        let path = Recordings.directory.appendingPathComponent("LICENSES").appendingPathComponent(file)
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.contains(words), "\(path.path) is not the licence it is named after")
    }

    @Test("Every file the reliability table names is in Traces/reliability")
    func reliabilityFilesPresent() throws {
        let text = try String(contentsOf: HostileInputs.directory.appendingPathComponent("README.md"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let firstColumn = line.dropFirst(2).prefix { $0 != "|" }
            let quoted = firstColumn.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            // `crash-seconds-overflow-trap.evemu`, `.yml`: a suffix alone names the same base with another extension.
            var base = ""
            for name in quoted {
                if name.hasPrefix(".") { names.insert(base + name) } else {
                    names.insert(name)
                    base = (name as NSString).deletingPathExtension
                }
            }
        }
        // The large ones are written by `make-large-inputs.sh` (too big to keep); every other file is kept.
        let script = try String(contentsOf: HostileInputs.directory.appendingPathComponent("make-large-inputs.sh"), encoding: .utf8)
        let kept = names.filter { $0 != "make-large-inputs.sh" && !script.contains($0) }
        #expect(kept.count >= 10, "the table names \(kept.count) kept files")
        for name in kept.sorted() {
            #expect(FileManager.default.fileExists(atPath: HostileInputs.path(name)), "\(name) is missing from Traces/reliability")
        }
    }

    @Test("Nothing in the package points into a shared folder beside the checkout")
    func noSharedFolder() throws {
        let root = Recordings.packageDirectory
        let needles = ["..", "shared"].joined(separator: "/")  // spelled so that this file does not match itself
        var offenders: [String] = []
        for folder in ["Sources", "Tests", "Examples", "Benchmarks", "Fuzz", "Traces", ".ci"] {
            guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".build") || $0 == "recordings" }) { continue }
                let path = root.appendingPathComponent(folder).appendingPathComponent(relative)
                guard ["swift", "sh", "py", "md", "log", "json", "yml", "txt", ""].contains(path.pathExtension),
                    let text = try? String(contentsOf: path, encoding: .utf8), text.contains(needles)
                else { continue }
                offenders.append("\(folder)/\(relative)")
            }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where name.hasSuffix(".md") {
            if let text = try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8), text.contains(needles) {
                offenders.append(name)
            }
        }
        #expect(offenders == [], "these files mention \(needles): everything the package needs is in the repository")
    }
}
