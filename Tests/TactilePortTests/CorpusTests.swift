import Foundation
import TactilePort
import Testing

/// The corpus of real UIKit touch code (Corpus/, each piece with its SOURCE.md and LICENSE) and its ports, committed
/// in Tests/TactilePortCorpusTests: the tool must produce exactly the committed ports today, and porting a port
/// must change nothing.
@Suite struct CorpusTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = tests.appendingPathComponent("TactilePortTests/Corpus").path
    static let ported = tests.appendingPathComponent("TactilePortCorpusTests").path
    static let regenerate = "tactile port Tests/TactilePortTests/Corpus -o Tests/TactilePortCorpusTests"

    static var pieces: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
            .filter { FileManager.default.fileExists(atPath: corpus + "/" + $0 + "/SOURCE.md") }.sorted()
    }

    @Test func atLeastTwelvePiecesEachWithProvenanceAndLicence() throws {
        #expect(Self.pieces.count >= 12)
        let readme = try String(contentsOfFile: Self.corpus + "/README.md", encoding: .utf8)
        for piece in Self.pieces {
            let source = try String(contentsOfFile: Self.corpus + "/\(piece)/SOURCE.md", encoding: .utf8)
            #expect(source.contains("- repository: https://github.com/") && source.contains("- commit: "), "\(piece)")
            let licence = try String(contentsOfFile: Self.corpus + "/\(piece)/LICENSE", encoding: .utf8)
            #expect(licence.contains("Permission is hereby granted"), "\(piece): not an MIT licence text")
            #expect(readme.contains("| \(piece) |"), "\(piece) is not in the corpus table")
        }
    }

    @Test func theCommittedPortsAreWhatTheToolMakesToday() throws {
        let (files, skipped) = try PortRun(inputs: [Self.corpus]).port()
        #expect(skipped.isEmpty)
        #expect(files.count >= 12)
        for file in files {
            let relative = String(file.path.dropFirst(Self.corpus.count + 1))
            let committed = try String(contentsOfFile: Self.ported + "/" + relative, encoding: .utf8)
            #expect(
                file.ported.text == committed,
                "\(relative): regenerate with `\(Self.regenerate)`"
            )
            #expect(file.ported.changed, "\(relative): the port changed nothing")
        }
    }

    @Test func portingThePortsChangesNothing() throws {
        let (files, _) = try PortRun(inputs: [Self.ported]).port()
        #expect(files.count >= 12)
        for file in files {
            #expect(!file.ported.changed && file.ported.rewrites.isEmpty, "\(file.path): \(file.ported.rewrites)")
        }
    }
}
