import Foundation
import Testing

/// `ARCHITECTURE.md` against the tree: every path it names exists, every type it names is declared in `Sources/`,
/// its module table is `Package.swift`'s targets and their dependencies, its folder table is the core's numbered
/// folders in order and covers their files, and the files it says hold unsafe code outside `8-Unchecked/` are the
/// ones that do. Each failure names the line of the map and the stale name.
@Suite("ARCHITECTURE.md matches the tree")
struct ArchitectureMapTests {
    /// The map, one entry per line (numbered from 1).
    static let lines: [String] = {
        let text = (try? String(contentsOfFile: Package.path("ARCHITECTURE.md"), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\n")
    }()

    /// Every file of the package under `folder` (relative to the root), as relative paths.
    static func files(under folder: String) -> [String] {
        let root = Package.path(folder)
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.map { folder + "/" + $0 }
    }

    static let sourceFiles = files(under: "Sources")
    static let testFiles = files(under: "Tests")
    /// The modules' folders in `Sources/`.
    static let moduleFolders = Set(sourceFiles.map { String($0.split(separator: "/")[1]) }).sorted()
    /// The test targets' folders in `Tests/`.
    static let testFolders = Set(testFiles.map { String($0.split(separator: "/")[1]) }).sorted()
    /// Every file a path in the map may name.
    static let all = sourceFiles + testFiles + files(under: ".ci") + files(under: "Docs") + files(under: "Scripts")
        + ["ARCHITECTURE.md", "README.md", "CHANGELOG.md", "Package.swift"]
    static let allPaths = Set(all)
    static let allNames = Set(all.map { String($0.split(separator: "/").last ?? "") })

    /// The Swift text of `Sources/`, one string per file.
    static let swiftSources: [String] = sourceFiles.filter { $0.hasSuffix(".swift") }.compactMap {
        try? String(contentsOfFile: Package.path($0), encoding: .utf8)
    }

    /// The names declared in `Sources/` after one of `keywords` (`struct Name`, `func name`): a word scan, fast
    /// enough to read every source file in a fraction of a second.
    static func declared(after keywords: Set<Substring>) -> Set<String> {
        var names: Set<String> = []
        for text in swiftSources {
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            for (word, next) in zip(words, words.dropFirst()) where keywords.contains(word) {
                names.insert(String(next))
            }
        }
        return names
    }

    /// Names of the types declared in `Sources/` (nested ones too, by their own name).
    static let declaredTypes = declared(after: ["class", "struct", "enum", "protocol", "actor", "typealias"])

    /// Names of the members declared in `Sources/`: functions, properties, cases.
    static let declaredMembers = declared(after: ["func", "var", "let", "case"])

    /// One target of `Package.swift`.
    struct Target {
        var name: String
        var kind: String
        var path: String?
        var dependencies: Set<String>
    }

    /// The targets of `Package.swift`, read from its text.
    static let targets: [Target] = {
        let text = (try? String(contentsOfFile: Package.path("Package.swift"), encoding: .utf8)) ?? ""
        let starts = text.matches(of: /\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([\w-]+)"/)
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
            let body = text[start.range.upperBound..<end]
            var dependencies: Set<String> = []
            if let list = body.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/) {
                let products = list.1.matches(of: /\.product\(name:\s*"(\w+)"[^)]*\)/)
                dependencies.formUnion(products.map { String($0.1) })
                let targets = list.1.replacing(/\.product\([^)]*\)/, with: "")
                dependencies.formUnion(targets.matches(of: /"([\w-]+)"/).map { String($0.1) })
            }
            let path = body.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.1) }
            return Target(name: String(start.2), kind: String(start.1), path: path, dependencies: dependencies)
        }
    }()

    /// The targets of the libraries, the tool and libtactile: those whose sources are in `Sources/`.
    static var moduleTargets: [Target] {
        targets.filter { $0.kind != "testTarget" && !($0.path ?? "").hasPrefix("Tests/") }
    }

    /// The backticked words of a line.
    static func backticked(_ line: String) -> [String] {
        line.matches(of: /`([^`]+)`/).map { String($0.1) }
    }

    /// The words of a line that name files: backticked in prose and tables, bare in the code blocks.
    static func pathWords(_ line: String, inCode: Bool) -> [String] {
        let words = inCode ? line.matches(of: /[\w+.*-]+(?:\/[\w+.*-]+)*\.(?:swift|md|sh)\b/).map { String($0.0) }
            : backticked(line)
        return words.filter(isPath)
    }

    static func isPath(_ word: String) -> Bool {
        guard !word.contains(" "), !word.hasPrefix("../") else { return false }
        return word.hasSuffix("/") || [".swift", ".md", ".sh", ".h", ".c"].contains { word.hasSuffix($0) }
    }

    /// Whether `pattern` (a path, perhaps with `*`) names a file or folder of the package: from the root, from
    /// `Sources/Tactile/`, from any module's folder, or (a bare name) anywhere in `Sources/` or `Tests/`.
    static func exists(_ pattern: String, in folder: String? = nil) -> Bool {
        let bare = pattern.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let prefixes: [String] = folder.map { [$0 + "/"] }
            ?? ["", "Sources/Tactile/"] + moduleFolders.map { "Sources/\($0)/" } + testFolders.map { "Tests/\($0)/" }
        let glob = bare.contains("*")
        for prefix in prefixes {
            let path = prefix + bare
            if glob ? all.contains(where: { matches($0, path) }) : allPaths.contains(path) { return true }
        }
        if folder == nil, !bare.contains("/") {
            return glob ? allNames.contains { matches($0, bare) } : allNames.contains(bare)
        }
        return false
    }

    /// `fnmatch`-style: `*` matches any run of characters except `/`.
    static func matches(_ path: String, _ pattern: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: pattern).replacingOccurrences(of: "\\*", with: "[^/]*")
        return path.range(of: "^" + escaped + "$", options: .regularExpression) != nil
    }

    @Test("Every path the map names exists")
    func paths() {
        var inCode = false
        var folderOfRow: [String] = []
        for (index, line) in Self.lines.enumerated() {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            // A row of the folder table: its files are in its folders (placeholders `XName.swift` in each).
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            folderOfRow = []
            if line.hasPrefix("| `"), cells.count > 2 {
                let folders = Self.backticked(cells[1]).filter { $0.hasSuffix("/") }
                if let first = folders.first {
                    let parent = first.split(separator: "/").first.map(String.init) ?? ""
                    folderOfRow = ["Sources/Tactile/" + first.dropLast()]
                        + folders.dropFirst().map { "Sources/Tactile/\(parent)/" + $0.dropLast() }
                }
            }
            for word in Self.pathWords(line, inCode: inCode) {
                if !folderOfRow.isEmpty, cells.count > 2, cells[2].contains("`\(word)`") {
                    if word.hasPrefix("X") {
                        for folder in folderOfRow {
                            let name = String(folder.split(separator: "/").last!)
                            let file = name + word.dropFirst()
                            #expect(Self.exists(file, in: folder), "ARCHITECTURE.md:\(index + 1): no \(folder)/\(file)")
                        }
                    } else {
                        #expect(folderOfRow.contains { Self.exists(word, in: $0) },
                                "ARCHITECTURE.md:\(index + 1): `\(word)` is not in \(folderOfRow)")
                    }
                    continue
                }
                #expect(Self.exists(word), "ARCHITECTURE.md:\(index + 1): `\(word)` names no file or folder")
            }
            // `File.swift` (+`Part`, `+Other`): File+Part.swift beside it; `Type` (+`Part`): a file Type+Part.swift.
            for match in line.matches(of: /`([\w-]+?)(?:\.swift)?` \(\+`(\w+)`((?:, `\+\w+`)*)\)/) {
                let parts = [String(match.2)] + match.3.matches(of: /`\+(\w+)`/).map { String($0.1) }
                for part in parts {
                    let file = "\(match.1)+\(part).swift"
                    let found = folderOfRow.isEmpty
                        ? Self.exists(file) : folderOfRow.contains { Self.exists(file, in: $0) }
                    #expect(found, "ARCHITECTURE.md:\(index + 1): no file \(file) for `+\(part)`")
                }
            }
        }
    }

    /// Names the map uses for what is not a type of ours: products of other packages, and former names it cites.
    static let otherNames: Set<String> = [
        "RealModule", "PropertyBased", "ArgumentParser", "Yams", "UnsafeBufferPointer", "SwiftSyntax", "SwiftParser",
        "SwiftParserDiagnostics",
    ]
    static let formerNames: Set<String> = ["TouchDelivery"]

    @Test("Every type and member the map names is declared in Sources/")
    func types() {
        let modules = Set(Self.targets.map(\.name))
        for (index, line) in Self.lines.enumerated() {
            // (+`Part`: a file's part, checked as a file by `paths()`.
            let parts = Set(line.matches(of: /\+`(\w+)`/).map { String($0.1) })
            for word in Self.backticked(line) where !Self.isPath(word) && !parts.contains(word) {
                // `Type`, `Type.member`, `Type.method(_:label:)`, `method(_:)`.
                guard let match = word.wholeMatch(of: /([A-Za-z_]\w*)((?:\.\w+)*)(\([\w:]*\))?/) else { continue }
                let head = String(match.1)
                let rest = match.2.split(separator: ".").map(String.init)
                if head.first!.isUppercase {
                    if Self.formerNames.contains(head) {
                        #expect(!Self.declaredTypes.contains(head),
                                "ARCHITECTURE.md:\(index + 1): `\(head)` is cited as a former name but is declared")
                        continue
                    }
                    let known = Self.declaredTypes.contains(head) || modules.contains(head)
                    #expect(known || Self.otherNames.contains(head),
                            "ARCHITECTURE.md:\(index + 1): `\(word)`: no type \(head) in Sources/")
                    for member in rest {
                        #expect(Self.declaredTypes.contains(member) || Self.declaredMembers.contains(member),
                                "ARCHITECTURE.md:\(index + 1): `\(word)`: nothing named \(member) in Sources/")
                    }
                } else if match.3 != nil, rest.isEmpty {
                    // A method named alone, with its argument labels: declared somewhere.
                    #expect(Self.declaredMembers.contains(head),
                            "ARCHITECTURE.md:\(index + 1): `\(word)`: no func \(head) in Sources/")
                }
            }
        }
    }

    /// The rows of the markdown table that follows the line starting with `header`: its cells, and line numbers.
    static func table(after header: String) -> [(line: Int, cells: [String])] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].enumerated().prefix { $0.element.hasPrefix("|") }.map { offset, line in
            (start + 3 + offset, line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    @Test("The module table is Package.swift's targets and their dependencies")
    func modules() {
        let rows = Self.table(after: "| module | depends on |")
        #expect(!rows.isEmpty, "ARCHITECTURE.md has no module table (| module | depends on | owns |)")
        var listed: Set<String> = []
        for row in rows {
            let names = Self.backticked(row.cells[0])
            listed.formUnion(names)
            for name in names {
                guard let target = Self.targets.first(where: { $0.name == name }) else {
                    Issue.record("ARCHITECTURE.md:\(row.line): `\(name)` is not a target of Package.swift")
                    continue
                }
                if row.cells[1].hasPrefix("(system librar") {
                    #expect(target.kind == "systemLibrary",
                            "ARCHITECTURE.md:\(row.line): `\(name)` is not a system library")
                } else {
                    let dependencies = Set(Self.backticked(row.cells[1]))
                    #expect(dependencies == target.dependencies,
                            """
                            ARCHITECTURE.md:\(row.line): `\(name)` depends on \(target.dependencies.sorted()) in \
                            Package.swift, the map says \(dependencies.sorted())
                            """)
                }
            }
        }
        let modules = Set(Self.moduleTargets.map(\.name))
        for missing in modules.subtracting(listed).sorted() {
            Issue.record("ARCHITECTURE.md: the module table lacks `\(missing)`, a target of Package.swift")
        }
        // …and every folder of Sources/ is a module of the table.
        for folder in Set(Self.moduleFolders).subtracting(listed).sorted() {
            Issue.record("ARCHITECTURE.md: the module table lacks Sources/\(folder)")
        }
    }

    @Test("The folder table is the core's numbered folders, in order, and covers their files")
    func folders() throws {
        let rows = Self.table(after: "| folder | file | owns |")
        let numbered = rows.compactMap { row -> (line: Int, folder: String, cells: [String])? in
            guard let first = Self.backticked(row.cells[0]).first, first.first!.isNumber,
                  first.split(separator: "/").count == 1 else { return nil }
            return (row.line, String(first.dropLast()), row.cells)
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Package.path("Sources/Tactile"))
            .filter { $0.first!.isNumber }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        #expect(numbered.map(\.folder) == onDisk,
                "ARCHITECTURE.md's folder table lists \(numbered.map(\.folder)), Sources/Tactile has \(onDisk)")
        // Each row names every Swift file directly in its folder, unless it ends its list with "…".
        for row in numbered where !row.cells[1].contains("…") {
            let patterns = Self.backticked(row.cells[1])
            var expanded = patterns
            for match in row.cells[1].matches(of: /`([\w-]+)\.swift` \(\+`(\w+)`((?:, `\+\w+`)*)\)/) {
                expanded.append("\(match.1)+\(match.2).swift")
                expanded += match.3.matches(of: /`\+(\w+)`/).map { "\(match.1)+\($0.1).swift" }
            }
            let folder = Package.path("Sources/Tactile/\(row.folder)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            for file in files.sorted() where !expanded.contains(where: { Self.matches(file, $0) }) {
                Issue.record("ARCHITECTURE.md:\(row.line): the \(row.folder)/ row does not name \(file)")
            }
        }
    }

    @Test("The files with unsafe code outside 8-Unchecked/ are the ones the map names")
    func unsafeCode() throws {
        guard let index = Self.lines.firstIndex(where: { $0.hasPrefix("Unsafe code:") }) else {
            Issue.record("ARCHITECTURE.md has no paragraph starting \"Unsafe code:\"")
            return
        }
        let paragraph = Self.lines[index...].prefix { !$0.isEmpty }.joined(separator: "\n")
        let named = Set(Self.backticked(paragraph).filter { $0.hasSuffix(".swift") })
        var found: Set<String> = []
        for file in Self.sourceFiles where file.hasPrefix("Sources/Tactile/") && file.hasSuffix(".swift")
            && !file.hasPrefix("Sources/Tactile/8-Unchecked/") {
            let text = try String(contentsOfFile: Package.path(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains(/\b[uU]nsafe/) }) {
                found.insert(String(file.dropFirst("Sources/Tactile/".count)))
            }
        }
        for file in found.subtracting(named).sorted() {
            Issue.record("ARCHITECTURE.md:\(index + 1): \(file) has unsafe code but the paragraph does not name it")
        }
        for file in named.subtracting(found).sorted() {
            Issue.record("ARCHITECTURE.md:\(index + 1): `\(file)` is named as unsafe but has no unsafe code")
        }
    }
}
