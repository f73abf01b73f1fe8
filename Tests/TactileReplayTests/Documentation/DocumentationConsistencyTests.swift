import Foundation
import TactileGestures
import Testing

@testable import TactileReplay

/// The README and the DocC articles against reality: lists, counts, options, exit statuses and example outputs
/// that would otherwise drift from the code.
@Suite("Documentation matches the code", .serialized)
struct DocumentationConsistencyTests {
    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: Package.path(relative), encoding: .utf8)
    }

    /// The backticked words of a list such as "`tap`, `double-tap` (note), `pan` or `palm`", from `anchor` on.
    static func backtickedList(in text: String, from anchor: String) -> [String]? {
        guard let start = text.range(of: anchor)?.lowerBound else { return nil }
        var words: [String] = []
        var rest = text[start...]
        while let match = rest.prefixMatch(of: /`([a-z][a-z-]*)`/) {
            words.append(String(match.1))
            rest = rest[match.range.upperBound...]
            // Between two items: a comma, "and" or "or", and perhaps a parenthesized note; anything else ends it.
            guard let gap = rest.prefixMatch(of: /(?:\s*\([^)`]*\))?(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)/) else { break }
            rest = rest[gap.range.upperBound...]
        }
        return words
    }

    @Test("Every list of tactile synth's gestures is the synthesizer's list", arguments: [
        "README.md", "Sources/TactileReplay/TactileReplay.docc/RecordingAndReplayingTraces.md",
    ])
    func synthGestures(file: String) throws {
        let listed = Self.backtickedList(in: try Self.read(file), from: "`tap`, `double-tap`")
        #expect(listed == SynthesizedGesture.allCases.map(\.rawValue), "\(file) lists other gestures than `tactile synth` makes")
    }

    /// The DocC catalogs in `Sources/*/*.docc`.
    static func catalogs() throws -> Set<String> {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Package.path("Sources"))
        return Set(modules.filter { FileManager.default.fileExists(atPath: Package.path("Sources/\($0)/\($0).docc")) })
    }

    @Test("README, .spi.yml and .ci/run name the DocC catalogs that exist")
    func catalogList() throws {
        let catalogs = try Self.catalogs()
        #expect(catalogs.count >= 4)
        let readme = try Self.read("README.md")
        let documentation = readme[readme.range(of: "## Documentation")!.upperBound...].prefix { $0 != "#" }
        let linked = Set(documentation.matches(of: /\(Sources\/(\w+)\/(\w+)\.docc\)/).map { String($0.1) })
        #expect(linked == catalogs, "README's Documentation section links other catalogs")
        let spi = try Self.read(".spi.yml")
        let spiTargets = spi.firstMatch(of: /documentation_targets: \[([^\]]*)\]/).map {
            Set($0.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        #expect(spiTargets == catalogs, ".spi.yml's documentation_targets")
        let ci = try Self.read(".ci/run")
        let command = ci[ci.range(of: "swift package generate-documentation")!.lowerBound...].prefix { $0 != ">" }
        let built = Set(command.matches(of: /--target (\w+)/).map { String($0.1) })
        #expect(built == catalogs, ".ci/run builds other catalogs")
    }

    @Test("Each tactile command's options in README's table are the command's options")
    func commandOptions() throws {
        let dump = try Tactile.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any]
        let subcommands = (json?["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? []
        let readme = try Self.read("README.md")
        var checked = 0
        for command in subcommands {
            guard let name = command["commandName"] as? String, name != "help" else { continue }
            guard let row = readme.split(separator: "\n").first(where: { $0.hasPrefix("| `tactile \(name)") }) else {
                Issue.record("README's command table has no row for tactile \(name)")
                continue
            }
            let usage = String(row.dropFirst(2).prefix { $0 != "|" })
            var spellings: Set<String> = []
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard argument["kind"] as? String != "positional", argument["shouldDisplay"] as? Bool != false else { continue }
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                    guard let value = entry["name"] as? String else { return nil }
                    return (entry["kind"] as? String == "long" ? "--" : "-") + value
                }
                guard !names.contains("--help"), !names.contains("--version") else { continue }
                spellings.formUnion(names)
                #expect(names.contains { row.contains("\($0) ") || row.contains("\($0)]") || row.contains("\($0)`") },
                        "README's row for tactile \(name) does not mention \(names.joined(separator: "/"))")
            }
            for option in usage.matches(of: /(?:^|[\s\[(])(--?[a-z][a-z-]*)/).map({ String($0.1) }) {
                #expect(spellings.contains(option), "README's tactile \(name) row names \(option), which it does not take")
            }
            checked += 1
        }
        #expect(checked == 9)
    }

    @Test("The exit statuses in README's table are what the tool returns for its examples")
    func exitStatuses() throws {
        let readme = try Self.read("README.md")
        var status = 0
        var checked = 0
        for line in readme.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /\| *(\d+)? *\|[^|]*\| *`tactile ([^`]*)` *\|/) else { continue }
            if let code = match.1 { status = Int(code)! }
            let arguments = String(match.2).matches(of: /'[^']*'|\S+/).map {
                String($0.output).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            }
            let result = try Tactile.run(arguments)
            #expect(Int(result.status) == status, "tactile \(match.2) exits with \(result.status), README says \(status)")
            checked += 1
        }
        #expect(checked >= 5)
        #expect(readme.contains("| 64 | a usage error"))
    }

    @Test("The documented exit statuses are also the DocC article's")
    func exitStatusesInDocC() throws {
        let article = try Self.read("Sources/TactileReplay/TactileReplay.docc/GettingStartedWithTheTool.md")
        #expect(article.contains("and 64 (`EX_USAGE`) for a command line the parser rejects"))
        // A usage error and an input error, each with the status the article gives it.
        #expect(try Tactile.run(["synth", "no-such-gesture"]).status == 64)
        #expect(try Tactile.run(["replay", "Traces/no-such-trace.evemu"]).status == 1)
    }

    @Test("README's quick-start log is what the main job prints")
    func quickStartLog() throws {
        let readme = try Self.read("README.md")
        let command = "tactile replay Traces/tap.evemu --scene Traces/scenes/button-list.json"
        #expect(readme.contains("swift run \(command)"), "the main job's command changed: update this test with it")
        let after = readme[readme.range(of: "The main job above, `\(command)`, prints this log")!.upperBound...]
        let block = after[after.range(of: "```\n")!.upperBound...]
        let documented = block[..<block.range(of: "```")!.lowerBound].split(separator: "\n").map(String.init)
        let result = try Tactile.run(command.split(separator: " ").dropFirst().map(String.init))
        #expect(result.status == 0)
        #expect(result.outputLines == documented)
    }

    @Test("README's --explain example is in the real explanation")
    func explainExample() throws {
        let readme = try Self.read("README.md")
        // "(`why: … first, …` for `TRACE` through `SCENE`)", perhaps with the line's end after the ellipsis.
        let quoted = try #require(readme.firstMatch(
            of: /\(`(why: [^`…]*)…([^`]*)` for `(Traces\/[^`]+)` through `(Traces\/scenes\/[^`]+)`\)/))
        let result = try Tactile.run(["replay", String(quoted.3), "--scene", String(quoted.4), "--explain"])
        let start = String(quoted.1).replacingOccurrences(of: "\n", with: " ")
        let end = String(quoted.2).replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        #expect(result.outputLines.contains { $0.contains(start) && $0.hasSuffix(end) },
                "no line of the explanation contains \"\(start)\" and ends with \"\(end)\"")
    }

    @Test("The check example's counts are what tactile check prints for the repository's traces")
    func checkExample() throws {
        let expected = temporaryDirectory().path
        let result = try Tactile.run(["check", "Traces", "Traces/recordings", "--expected", expected, "--accept"])
        let summary = try #require(result.errorLines.last { $0.contains(" traces: ") })
        // "55 traces: 0 unchanged, 0 changed, 47 new, 8 failed; 47 accepted into DIR (…)"
        let counts = try #require(summary.firstMatch(of: /^(\d+) traces: (\d+) unchanged, (\d+) changed, (\d+) new, (\d+) failed/))
        let article = try Self.read("Sources/TactileReplay/TactileReplay.docc/RegressionCorpora.md")
        let documented = try #require(article.firstMatch(of: /\n(\d+) traces: (\d+) unchanged, (\d+) changed, (\d+) new, (\d+) failed; (\d+) accepted into/))
        #expect([counts.1, counts.2, counts.3, counts.4, counts.5] == [documented.1, documented.2, documented.3, documented.4, documented.5])
        #expect(article.contains("The \(counts.5) that fail are the touchpad recordings"))
        let readme = try Self.read("README.md")
        #expect(readme.contains("replays the repository's \(counts.1) traces (the \(counts.5) touchpad recordings among them fail"))
    }

    @Test("The version is the one in TactileVersion: README's version row and untagged-version note, the CHANGELOG's newest entry")
    func version() throws {
        let version = TactileVersion.string
        let readme = try Self.read("README.md")
        // No release is tagged: the README pins a revision and names the version a tag would give.
        #expect(readme.contains(".package(url: \"https://github.com/OWNER/Tactile.git\", revision: \"COMMIT\")"))
        #expect(readme.contains("No release is tagged yet, so a version (from: \"\(version)\") cannot resolve"))
        #expect(readme.contains("| version | \(version),"))
        let changelog = try Self.read("CHANGELOG.md")
        #expect(changelog.firstMatch(of: /\n## \[([0-9.]+)\]/).map { String($0.1) } == version)
        let gettingStarted = try Self.read("Sources/Tactile/Tactile.docc/GettingStarted.md")
        #expect(gettingStarted.contains("so from: \"\(version)\" cannot resolve"))
        #expect(gettingStarted.contains(".package(url: \"https://github.com/OWNER/Tactile.git\", revision: \"COMMIT\")"))
    }

    @Test("README's golden-replay counts are the golden cases")
    func goldenCounts() throws {
        let readme = try Self.read("README.md")
        let synthesized = GoldenReplayTests.synthesized.count, real = GoldenReplayTests.shared.count
        #expect(readme.contains("| golden replays | \(synthesized + real) (\(synthesized) synthesized traces, \(real) real recordings)"))
    }

    @Test("README's dependency lines are the consumer package's, which CI builds")
    func consumerDependencies() throws {
        let readme = try Self.read("README.md")
        let section = readme[readme.range(of: "## Using it in your package")!.upperBound...]
        let snippet = section[..<section.range(of: "\n```\n")!.lowerBound]
        let consumer = try Self.read("Examples/Consumer/Package.swift")
        let products = snippet.matches(of: /\.product\(name: "\w+", package: "[\w-]+"\)/).map { String($0.output) }
        #expect(products.count == 4)
        for product in products { #expect(consumer.contains(product), "Examples/Consumer does not use \(product)") }
        for line in [".package(name: \"Tactile\", path: ", ".package(url: \"https://github.com/x-sheep/swift-property-based\", from: \"2.0.0\")"] {
            #expect(snippet.contains(line) && consumer.contains(line), "\(line) is not in both")
        }
        let manifest = try Self.read("Package.swift")
        #expect(manifest.contains(".package(url: \"https://github.com/x-sheep/swift-property-based\", from: \"2.0.0\")"),
                "the README's swift-property-based requirement is not the package's own")
    }
}
