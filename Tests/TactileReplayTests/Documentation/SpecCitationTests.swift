import Foundation
import Testing

/// The semantics reference (`Sources/Tactile/Tactile.docc/UIKitSemantics.md`) and what cites it: every "§N.M" in
/// the sources, tests, documentation and `tactile replay --explain` output must name something the reference has.
@Suite("Spec citations resolve in the in-repo reference")
struct SpecCitationTests {
    /// The reference, relative to the package root.
    static let referencePath = "Sources/Tactile/Tactile.docc/UIKitSemantics.md"

    /// What the reference defines: its sections (`## N.`), subsections (`### N.M`), the numbered items and
    /// "**Step k**" paragraphs of each (`N.M.k`, `9.k` for the open questions, "§4.2 step 0") and the scenarios of
    /// §7 (`S1`…).
    struct Reference {
        var sections: Set<String> = []
        var items: [String: Set<Int>] = [:]
        var scenarios: Set<Int> = []

        init(text: String) {
            var current: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                // Swift's regexes are slow: only the lines that can match are tried.
                guard line.hasPrefix("#") || line.hasPrefix("**") || line.first?.isNumber == true else { continue }
                if let match = line.wholeMatch(of: /## (\d+)\. .*/) {
                    current = String(match.1)
                    sections.insert(current!)
                } else if let match = line.wholeMatch(of: /### (\d+\.\d+) .*/) {
                    current = String(match.1)
                    sections.insert(current!)
                } else if let match = line.prefixMatch(of: #/(\d+)\. /#) ?? line.prefixMatch(of: #/\*\*Step (\d+) /#),
                    let current
                {
                    // A numbered item, or a "**Step k —**" paragraph (§4.2's pipeline).
                    items[current, default: []].insert(Int(match.1)!)
                } else if let match = line.prefixMatch(of: #/\*\*S(\d+) /#), current == "7" {
                    scenarios.insert(Int(match.1)!)
                }
            }
        }

        /// Why `citation` does not resolve, or nil when it does.
        func problem(with citation: Citation) -> String? {
            let parts = citation.number.split(separator: ".").map(String.init)
            if sections.contains(citation.number) {
                if let item = citation.item, items[citation.number]?.contains(item) != true {
                    return "§\(citation.number) has no numbered rule or step \(item)"
                }
            } else if parts.count == 3 || (parts.count == 2 && !sections.contains(citation.number)) {
                // §1.2.3 is item 3 of §1.2; §9.10 is open question 10 of §9.
                let parent = parts.dropLast().joined(separator: ".")
                guard sections.contains(parent), let item = Int(parts.last!), items[parent]?.contains(item) == true else {
                    return "no §\(citation.number) in the reference"
                }
            } else {
                return "no §\(citation.number) in the reference"
            }
            for scenario in citation.scenarios where !scenarios.contains(scenario) {
                return "§7 has no scenario S\(scenario)"
            }
            return nil
        }
    }

    /// One "§…" citation: the number, an item ("rule 3", "step 2") and scenarios ("§7 S4, S9").
    struct Citation: Hashable {
        var number: String
        var item: Int?
        var scenarios: [Int]
    }

    /// The citations in `text`.
    static func citations(in text: String) -> [Citation] {
        guard text.contains("§") else { return [] }
        return text.matches(of: /§ ?(\d+(?:\.\d+)*)(?: (?:rule|step) (\d+))?((?:(?:,| and)? S\d+)*)/).map { match in
            let scenarios = String(match.3).matches(of: /S(\d+)/).map { Int($0.1)! }
            return Citation(number: String(match.1), item: match.2.map { Int($0)! }, scenarios: scenarios)
        }
    }

    /// Every file of the package that may cite the reference: Swift sources, Markdown and golden logs under
    /// `Sources/`, `Tests/`, `Examples/`, `Benchmarks/`, `Fuzz/`, and the top-level Markdown files.
    static func citingFiles() throws -> [String] {
        var files: [String] = try FileManager.default.contentsOfDirectory(atPath: Package.path(""))
            .filter { $0.hasSuffix(".md") }
        for folder in ["Sources", "Tests", "Examples", "Benchmarks", "Fuzz"] {
            guard let walker = FileManager.default.enumerator(atPath: Package.path(folder)) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".build") || $0 == "livevm" }) { continue }
                if relative.hasSuffix(".swift") || relative.hasSuffix(".md") || relative.hasSuffix(".log") {
                    files.append("\(folder)/\(relative)")
                }
            }
        }
        return files.sorted()
    }

    static let reference: Reference = {
        let text = (try? String(contentsOfFile: Package.path(referencePath), encoding: .utf8)) ?? ""
        return Reference(text: text)
    }()

    @Test("The reference has the sections the code is built on")
    func referenceParsed() {
        #expect(Self.reference.sections.isSuperset(of: ["0", "1", "5", "9", "1.2", "4.2", "5.12", "6.7"]))
        #expect(Self.reference.items["1.2"] == Set(1...6))
        #expect(Self.reference.items["4.2"]?.isSuperset(of: 0...6) == true)
        #expect(Self.reference.items["9"]?.count == 14)
        #expect(Self.reference.scenarios == Set(1...12))
    }

    @Test("Every § cited in the sources, tests and documentation exists in the reference")
    func filesCiteExistingSections() throws {
        var count = 0
        for file in try Self.citingFiles() {
            let text = try String(contentsOfFile: Package.path(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for citation in Self.citations(in: String(line)) {
                    count += 1
                    if let problem = Self.reference.problem(with: citation) {
                        Issue.record("\(file):\(index + 1): \(problem) (\(Self.referencePath))")
                    }
                }
            }
        }
        // The sources and tests cite it hundreds of times: a scan that finds few has stopped reading them.
        #expect(count > 400, "only \(count) citations found")
    }

    @Test("Every § in tactile replay --explain output exists in the reference")
    func explanationsCiteExistingSections() throws {
        let traces = try FileManager.default.contentsOfDirectory(atPath: Package.path("Traces"))
            .filter { $0.hasSuffix(".evemu") }.sorted()
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Package.path("Traces/scenes"))
            .filter { $0.hasSuffix(".json") }.sorted()
        var cited: Set<Citation> = []
        for trace in traces {
            for scene in [nil] + scenes {
                let arguments = ["replay", "Traces/\(trace)", "--explain"] + (scene.map { ["--scene", "Traces/scenes/\($0)"] } ?? [])
                let result = try Tactile.run(arguments)
                #expect(result.status == 0, "tactile \(arguments.joined(separator: " ")): \(result.errors)")
                for line in result.outputLines {
                    for citation in Self.citations(in: line) where !cited.contains(citation) {
                        cited.insert(citation)
                        if let problem = Self.reference.problem(with: citation) {
                            Issue.record("tactile \(arguments.joined(separator: " ")): \(problem): \(line)")
                        }
                    }
                }
            }
        }
        #expect(cited.count >= 10, "the explanations cite only \(cited.count) distinct sections")
    }
}
