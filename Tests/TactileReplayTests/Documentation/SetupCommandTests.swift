import Foundation
import TactileTestSupport
import Testing

/// What a new machine needs, as the README's two commands install it (issue 34): the Debian packages that the
/// package's system libraries name as providers in `Package.swift`, and those of the tools the tests run. `.ci/run`
/// runs the README's own lines (`.ci/readme-setup.sh`), in a fresh Debian 12 root among other places, so these lines
/// are the one list of set-up.
nonisolated enum SetupRequirements {
    /// A `systemLibrary` target of `Package.swift`: its Debian providers, and whether only tests use it (its sources
    /// are under `Tests/`).
    struct SystemLibrary: Equatable {
        var name: String
        var aptPackages: [String]
        var testOnly: Bool
        var usesPkgConfig: Bool
    }

    /// The `systemLibrary` targets of a `Package.swift` text.
    static func systemLibraries(inManifest manifest: String) -> [SystemLibrary] {
        manifest.matches(of: /\.systemLibrary\(((?:[^()]|\([^()]*(?:\([^()]*\))?[^()]*\))*)\)/).map { match in
            let body = String(match.1)
            let name = body.firstMatch(of: /name: *"([^"]+)"/).map { String($0.1) } ?? "?"
            let packages = body.firstMatch(of: /\.apt\(\[([^\]]*)\]\)/).map {
                $0.1.matches(of: /"([^"]+)"/).map { String($0.1) }
            } ?? []
            let testOnly = body.firstMatch(of: /path: *"Tests\//) != nil
            return SystemLibrary(name: name, aptPackages: packages, testOnly: testOnly, usesPkgConfig: body.contains("pkgConfig:"))
        }
    }

    /// The first line of the first ```` ```sh ```` block after the README paragraph that begins with `anchor`
    /// ("Run the main job", "Run the tests"): the rule `.ci/readme-setup.sh` follows.
    static func command(after anchor: String, inReadme readme: String) -> String? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(anchor) }),
              let fence = lines[start...].firstIndex(of: "```sh"), fence + 1 < lines.endIndex else { return nil }
        return String(lines[fence + 1])
    }

    /// The packages of every `apt-get install` in a command line (its options left out).
    static func aptPackages(inCommand command: String) -> [String] {
        command.split(separator: "&&").flatMap { part -> [String] in
            let words = part.split(separator: " ").map(String.init)
            guard words.count >= 2, words[0] == "apt-get", words[1] == "install" else { return [] }
            return words.dropFirst(2).filter { !$0.hasPrefix("-") }
        }
    }

    /// A program the tests run and where a Debian machine gets it: a package the README's test command must install,
    /// or nil for one in an `Essential: yes` package, which every Debian has.
    struct Tool {
        var name: String
        var packages: [String]?
        var note: String
    }

    /// Every program the tests launch, by the name `launchedTools` finds it under.
    static let tools: [Tool] = [
        Tool(name: "xmllint", packages: ["libxml2-utils"], note: "validates check's JUnit reports (CheckReportTests)"),
        Tool(name: "libexec/libinput", packages: ["libinput-tools"],
             note: "libinput's analysis tools, beside tactile analyze (AnalyzeLibinputComparisonTests)"),
        Tool(name: "python3", packages: ["python3-libevdev", "python3-yaml"],
             note: "runs libinput's analysis tools, which import libevdev and yaml (both bring python3)"),
        Tool(name: "sh", packages: nil, note: "dash"),
        Tool(name: "script", packages: nil, note: "bsdutils: a pseudo-terminal for the progress bar"),
        Tool(name: "cmp", packages: nil, note: "diffutils"),
        Tool(name: "diff", packages: nil, note: "diffutils: tactile port's diffs against diff -u (UnifiedDiffTests)"),
        Tool(name: "timeout", packages: nil, note: "coreutils"),
        Tool(name: "head", packages: nil, note: "coreutils"),
        Tool(name: "printf", packages: nil, note: "coreutils (and the shell's builtin)"),
        Tool(name: "echo", packages: nil, note: "the shell's builtin: stand-in workers (CorpusCheckWorkersTests)"),
        Tool(name: "exec", packages: nil, note: "the shell's builtin: a stand-in worker becomes sleep (coreutils)"),
        Tool(name: "exit", packages: nil, note: "the shell's builtin: a stand-in worker that fails"),
        Tool(name: "stty", packages: nil, note: "coreutils"),
        Tool(name: "nice", packages: nil, note: "coreutils"),
        Tool(name: "cat", packages: nil, note: "coreutils: a pipe into tactile replay - (NewcomerMessagesTests)"),
        Tool(name: "bash", packages: nil, note: "Essential: runs the generated completion script (CompletionScriptTests)"),
    ]

    /// The packages the README's main command must install: every provider of a system library the products use,
    /// and pkg-config, through which SwiftPM finds them.
    static func mainPackages(libraries: [SystemLibrary]) -> Set<String> {
        let products = libraries.filter { !$0.testOnly }
        return Set(products.flatMap(\.aptPackages)).union(products.contains(where: \.usesPkgConfig) ? ["pkg-config"] : [])
    }

    /// The packages the README's test command must install: the main command's, the test-only system libraries'
    /// and the tools'.
    static func testPackages(libraries: [SystemLibrary]) -> Set<String> {
        Set(libraries.flatMap(\.aptPackages)).union(libraries.contains(where: \.usesPkgConfig) ? ["pkg-config"] : [])
            .union(tools.flatMap { $0.packages ?? [] })
    }

    /// What is wrong with a README's set-up lines against a manifest: one sentence per missing or unneeded package,
    /// or a missing command. Empty when the lines install exactly what the build and the tests need.
    static func problems(readme: String, manifest: String) -> [String] {
        let libraries = systemLibraries(inManifest: manifest)
        var problems: [String] = []
        for (anchor, required) in [("Run the main job", mainPackages(libraries: libraries)),
                                   ("Run the tests", testPackages(libraries: libraries))] {
            guard let command = command(after: anchor, inReadme: readme) else {
                problems.append("README.md has no ```sh block after \"\(anchor)\"")
                continue
            }
            let installed = Set(aptPackages(inCommand: command))
            for package in required.subtracting(installed).sorted() {
                problems.append("\"\(anchor)\" does not install \(package), which \(reason(for: package, libraries: libraries))")
            }
            for package in installed.subtracting(required).sorted() {
                problems.append("\"\(anchor)\" installs \(package), which neither Package.swift's system libraries nor the tests' tools need")
            }
        }
        return problems
    }

    static func reason(for package: String, libraries: [SystemLibrary]) -> String {
        if let library = libraries.first(where: { $0.aptPackages.contains(package) }) {
            return "Package.swift's \(library.name) names as its provider\(library.testOnly ? " (test-only)" : "")"
        }
        if let tool = tools.first(where: { $0.packages?.contains(package) == true }) {
            return "the tests need for \(tool.name): \(tool.note)"
        }
        return "SwiftPM needs to find the system libraries (pkgConfig:)"
    }

    /// The programs a test source launches: absolute paths to executables in string literals (`"/usr/bin/xmllint"`,
    /// `"/usr/libexec/libinput"` as `libexec/libinput`), and the commands of the command lines given to `shell(…)`,
    /// with `script -c`'s and `nice`'s commands looked into. `$TACTILE` and interpolated paths are not programs of
    /// the machine (the tool under test, or a path the first rule finds).
    static func launchedTools(inSource source: String) -> Set<String> {
        var tools: Set<String> = []
        for match in source.matches(of: /"(?:\/usr)?\/(?:s?bin\/([A-Za-z0-9_.+-]+)|(libexec\/[A-Za-z0-9_.+-]+))"/) {
            tools.insert(String(match.1 ?? match.2!))
        }
        for match in source.matches(of: /[^A-Za-z]shell\(#?"(.*)"#?\)/) {
            tools.formUnion(commands(inShellLine: String(match.1)))
        }
        return tools
    }

    /// The command names of a shell command line: the first word of each pipeline element (`|`, `;`, `&&`).
    static func commands(inShellLine line: String) -> Set<String> {
        var result: Set<String> = []
        for segment in shellSegments(line) {
            var words = segment[...]
            if words.first == "nice" {
                result.insert("nice")
                words = words.dropFirst()
                if words.first == "-n" { words = words.dropFirst(2) }
            }
            guard let command = words.first, !command.hasPrefix("$"), !command.hasPrefix("\\") else { continue }
            if command.contains("/") && !command.hasPrefix("/") { continue }  // one of the package's own scripts
            result.insert(command.hasPrefix("/") ? String(command.split(separator: "/").last!) : command)
            if command == "script", let option = words.firstIndex(where: { $0.hasPrefix("-") && $0.hasSuffix("c") }),
               option + 1 < words.endIndex {
                result.formUnion(commands(inShellLine: words[option + 1]))
            }
        }
        return result
    }

    /// A command line split into pipeline elements, each as words with quotes removed.
    static func shellSegments(_ line: String) -> [[String]] {
        var segments: [[String]] = [[]]
        var word: String?
        var quote: Character?
        var characters = line.makeIterator()
        var pending: Character?
        func endWord() {
            if let finished = word { segments[segments.count - 1].append(finished) }
            word = nil
        }
        while let character = pending ?? characters.next() {
            pending = nil
            if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                word = word ?? ""
            case " ", "\t":
                endWord()
            case "|", ";":
                endWord()
                segments.append([])
            case "&":
                endWord()
                if let next = characters.next(), next != "&" { pending = next }
                segments.append([])
            default:
                word = (word ?? "") + String(character)
            }
        }
        endWord()
        return segments.filter { !$0.isEmpty }
    }
}

@Suite("The README's set-up commands install what the build and the tests need")
struct SetupCommandTests {
    nonisolated static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: Package.path(relative), encoding: .utf8)
    }

    @Test("Package.swift's system libraries are read with their providers and which are test-only")
    func manifestParsing() throws {
        let libraries = SetupRequirements.systemLibraries(inManifest: try Self.read("Package.swift"))
        #expect(libraries.map(\.name) == ["CLibevdev", "CMtdev", "CLibinput", "CWaylandClient", "CTactileAPI", "CEvemu"])
        #expect(libraries.first { $0.name == "CLibinput" }?.aptPackages == ["libinput-dev", "libudev-dev"])
        #expect(libraries.filter(\.testOnly).map(\.name) == ["CEvemu"])
        // The C API's own header (Sources/CTactileAPI) is a system library with nothing to install.
        #expect(libraries.first { $0.name == "CTactileAPI" }.map { $0.aptPackages.isEmpty && !$0.usesPkgConfig } == true)
        #expect(libraries.filter { !$0.aptPackages.isEmpty }.allSatisfy { $0.usesPkgConfig })
    }

    @Test("The README's main and test commands install exactly what Package.swift and the tests' tools need")
    func readmeCommands() throws {
        let problems = SetupRequirements.problems(readme: try Self.read("README.md"), manifest: try Self.read("Package.swift"))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Every package the lines must install, with the line it belongs to.
    nonisolated static var requiredPackages: [(anchor: String, package: String)] {
        guard let manifest = try? read("Package.swift") else { return [] }
        let libraries = SetupRequirements.systemLibraries(inManifest: manifest)
        return SetupRequirements.mainPackages(libraries: libraries).sorted().map { ("Run the main job", $0) }
            + SetupRequirements.testPackages(libraries: libraries).sorted().map { ("Run the tests", $0) }
    }

    @Test("A README whose command lacks one required package fails, naming it", arguments: requiredPackages.map { "\($0.anchor): \($0.package)" })
    func plantedOmission(_ planted: String) throws {
        let anchor = String(planted.prefix { $0 != ":" }), package = String(planted.split(separator: " ").last!)
        let readme = try Self.read("README.md")
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix(anchor) })
        let command = try #require(lines[start...].firstIndex(of: "```sh")) + 1
        #expect(lines[command].contains(" \(package) ") || lines[command].hasSuffix(" \(package)"))
        lines[command] = lines[command].replacingOccurrences(of: " \(package) ", with: " ")
        let problems = SetupRequirements.problems(readme: lines.joined(separator: "\n"), manifest: try Self.read("Package.swift"))
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("\"\(anchor)\" does not install \(package), which ") == true, "\(problems)")
    }

    @Test("A package neither Package.swift nor a tool needs fails too; a missing command block fails")
    func plantedExtraAndMissingBlock() throws {
        let readme = try Self.read("README.md"), manifest = try Self.read("Package.swift")
        let extra = readme.replacingOccurrences(of: "libxml2-utils && Tests/run-tests.sh", with: "libxml2-utils evemu-tools && Tests/run-tests.sh")
        #expect(SetupRequirements.problems(readme: extra, manifest: manifest)
            == ["\"Run the tests\" installs evemu-tools, which neither Package.swift's system libraries nor the tests' tools need"])
        let noBlock = readme.replacingOccurrences(of: "Run the main job", with: "Run the primary job")
        #expect(SetupRequirements.problems(readme: noBlock, manifest: manifest) == ["README.md has no ```sh block after \"Run the main job\""])
        // A new system library in the manifest is required at once.
        let grown = manifest.replacingOccurrences(
            of: "providers: [.apt([\"libwayland-dev\"])]", with: "providers: [.apt([\"libwayland-dev\", \"libxkbcommon-dev\"])]")
        #expect(SetupRequirements.problems(readme: readme, manifest: grown).sorted() == [
            "\"Run the main job\" does not install libxkbcommon-dev, which Package.swift's CWaylandClient names as its provider",
            "\"Run the tests\" does not install libxkbcommon-dev, which Package.swift's CWaylandClient names as its provider",
        ])
    }

    @Test("Every program a test launches has a row in the tool table, and every row is a program a test launches")
    func toolTable() throws {
        let root = Package.root.appendingPathComponent("Tests")
        var launched: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" && file.lastPathComponent != "SetupCommandTests.swift" {
            for tool in SetupRequirements.launchedTools(inSource: try String(contentsOf: file, encoding: .utf8)) {
                launched[tool, default: []].insert(file.lastPathComponent)
            }
        }
        let table = Set(SetupRequirements.tools.map(\.name))
        for (tool, files) in launched.sorted(by: { $0.key < $1.key }) where !table.contains(tool) {
            Issue.record("\(files.sorted().joined(separator: ", ")) launch \(tool), which SetupRequirements.tools does not map to a Debian package")
        }
        #expect(table.subtracting(launched.keys).isEmpty, "rows for programs no test launches: \(table.subtracting(launched.keys).sorted())")
    }

    @Test("The scan finds the programs of absolute paths and of shell command lines, not the tool under test")
    func toolScan() {
        let source = ##"""
            static let lint = "/usr/bin/xmllint"
            let folder = "/usr/libexec/libinput"
            let a = try shell(#""$TACTILE" synth pan | cmp - "\#(file)""#)
            let b = try shell(#"script -qec 'nice -n 19 "$TACTILE" replay x; stty cols 5' /dev/null"#)
            let c = try shell("\(Self.lint) --noout x && gzip -d y")
            let d = try shell(".ci/readme-setup.sh main")
            """##
        #expect(SetupRequirements.launchedTools(inSource: source)
            == ["xmllint", "libexec/libinput", "cmp", "script", "nice", "stty", "gzip"])
    }

    @Test(".ci/readme-setup.sh, which .ci/run runs, reads the same two lines, their apt-get parts and the main job's log")
    func ciReadsTheSameLines() throws {
        let readme = try Self.read("README.md")
        for (argument, anchor) in [("main", "Run the main job"), ("tests", "Run the tests")] {
            let command = try #require(SetupRequirements.command(after: anchor, inReadme: readme))
            let result = try shell(".ci/readme-setup.sh \(argument)")
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output == command + "\n")
            let install = try shell(".ci/readme-setup.sh install \(argument)")
            let aptParts = command.components(separatedBy: " && ").filter { $0.hasPrefix("apt-get ") }
            #expect(aptParts.count == 2)
            #expect(install.output == aptParts.joined(separator: " && ") + "\n")
        }
        // The log .ci/fresh-root.sh compares the fresh machine's output with is what the main job prints.
        let log = try shell(".ci/readme-setup.sh log")
        let replay = try Tactile.run(["replay", "Traces/tap.evemu", "--scene", "Traces/scenes/button-list.json"])
        #expect(log.status == 0 && replay.status == 0)
        #expect(log.output == replay.output)
        // A README without the block is an error that says what is missing.
        let missing = try shell(".ci/readme-setup.sh tests '\(TestScratch.file("# Tactile\n", name: "README.md"))'")
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("error: ") && missing.errors.hasSuffix("README.md: no ```sh block after \"Run the tests\"\n"), "\(missing.errors)")
    }
}

extension SetupCommandTests {
    /// The other set-up lines users copy: each builds TactileInput, so each installs the README main command's
    /// packages.
    nonisolated static let otherSetupFiles = [
        "Sources/TactileReplay/TactileReplay.docc/GettingStartedWithTheTool.md",
        "Examples/PhotoViewer/README.md",
    ]

    @Test("The set-up lines of the articles and the photo viewer install the main command's packages", arguments: otherSetupFiles)
    func otherSetupLines(file: String) throws {
        let required = SetupRequirements.mainPackages(libraries: SetupRequirements.systemLibraries(inManifest: try Self.read("Package.swift")))
        let text = try Self.read(file)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("apt-get ") }
        #expect(!lines.isEmpty, "\(file) has no apt-get line")
        for line in lines {
            let missing = required.subtracting(SetupRequirements.aptPackages(inCommand: String(line)))
            #expect(missing.isEmpty, "\(file): `\(line)` does not install \(missing.sorted())")
        }
    }
}

/// A copied `tactile`'s run-time packages, as the README lists them, against what the binary loads
/// (`.ci/run` runs the same script on the tool it built).
@Suite("The README's run-time packages are what tactile loads", .serialized)
struct RuntimePackagesTests {
    static func check(readme: String) throws -> Tactile.Result {
        let file = TestScratch.file(readme, name: "README.md")
        return try shell(".ci/runtime-packages.sh '\(Tactile.executable.path)' '\(file)'")
    }

    @Test("ldd of the built tactile passes against README.md's list")
    func realList() throws {
        let result = try shell(".ci/runtime-packages.sh '\(Tactile.executable.path)'")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("  libinput10: libinput.so.10"), "\(result.output)")
    }

    @Test("A list without libinput10 fails naming it and what it brought; an unneeded package fails; no list fails")
    func plantedLists() throws {
        let readme = try SetupCommandTests.read("README.md")
        let list = "`libevdev2 libmtdev1 libinput10 libudev1 libwayland-client0 libc6 libgcc-s1 libstdc++6`"
        #expect(readme.contains(list), "the README's list changed: update this test")

        let omitted = try Self.check(readme: readme.replacingOccurrences(of: list, with: list.replacingOccurrences(of: " libinput10", with: "")))
        #expect(omitted.status == 1)
        #expect(omitted.errors.contains("loads libinput.so.10 from libinput10, which README.md's run-time list"), "\(omitted.errors)")
        #expect(omitted.errors.contains("from libwacom9,"), "\(omitted.errors)")

        let extra = try Self.check(readme: readme.replacingOccurrences(of: list, with: list.replacingOccurrences(of: "`libevdev2", with: "`libsdl2-2.0-0 libevdev2")))
        #expect(extra.status == 1)
        #expect(extra.errors == "error: README.md's run-time list names libsdl2-2.0-0, which owns none of the libraries \(Tactile.executable.path) loads\n")

        let none = try Self.check(readme: readme.replacing(/at run time it needs these\s+Debian packages/, with: "at run time it needs"))
        #expect(none.status == 1)
        #expect(none.errors.contains("no `…` list of packages after \"at run time it needs these Debian packages\""), "\(none.errors)")
    }
}
