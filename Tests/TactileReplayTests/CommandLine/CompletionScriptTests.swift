import Foundation
import TactileTestSupport
import Testing

/// The command tree as `tactile --experimental-dump-help` describes it (swift-argument-parser's `ToolInfoV0`): each
/// command's arguments with their names, value names, help and completion kinds.
struct ToolDump {
    struct Argument {
        /// `option`, `flag` or `positional`.
        var kind: String
        /// `--scene`, `-o`, …; empty for a positional.
        var names: [String]
        var valueName: String
        var abstract: String
        var discussion: String
        /// The completion kind's name (`file`, `directory`, `list`, `shellCommand`, `custom`), or `nil`.
        var completion: String?
        /// The extensions of a `file` completion.
        var extensions: [String]
        var isHidden: Bool

        /// The longest name (`--output` for `-o, --output`), or the value name of a positional.
        var label: String { names.max { $0.count < $1.count } ?? valueName }
    }

    struct Command {
        var name: String
        var arguments: [Argument]
        var subcommands: [Command]
        var discussion: String
        var abstract: String

        /// The `--long` names of its options and flags.
        var optionNames: Set<String> { Set(arguments.flatMap { $0.names.filter { $0.hasPrefix("--") } }) }
    }

    var root: Command

    func command(named name: String) -> Command? { root.subcommands.first { $0.name == name } }

    /// swift-argument-parser's own arguments, which every command has.
    static let builtIn: Set<String> = ["--help", "--version", "-h"]

    static func load() throws -> ToolDump {
        let result = try Tactile.run(["--experimental-dump-help"])
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
            let command = object["command"] as? [String: Any]
        else { throw DumpError.unreadable(result.errors) }
        return ToolDump(root: Self.command(command))
    }

    enum DumpError: Error { case unreadable(String) }

    private static func command(_ object: [String: Any]) -> Command {
        let arguments = (object["arguments"] as? [[String: Any]] ?? []).map { argument -> Argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String == "long" ? "--" : name["kind"] as? String == "short" ? "-" : "-") + text
            }
            let completion = argument["completionKind"] as? [String: Any]
            let kind = completion?.keys.first
            let extensions = ((completion?["file"] as? [String: Any])?["extensions"] as? [String]) ?? []
            return Argument(
                kind: argument["kind"] as? String ?? "", names: names, valueName: argument["valueName"] as? String ?? "",
                abstract: argument["abstract"] as? String ?? "", discussion: argument["discussion"] as? String ?? "",
                completion: kind, extensions: extensions,
                isHidden: argument["shouldDisplay"] as? Bool == false)
        }
        return Command(
            name: object["commandName"] as? String ?? "", arguments: arguments,
            subcommands: (object["subcommands"] as? [[String: Any]] ?? []).map(command),
            discussion: object["discussion"] as? String ?? "", abstract: object["abstract"] as? String ?? "")
    }
}

/// Shell users' conventions (issue 34): the completion scripts swift-argument-parser writes
/// (`tactile --generate-completion-script bash|zsh|fish`) complete file names where a file is taken, folders
/// where a folder is, and `analyze`'s report names.
@Suite("Completion scripts", .serialized)
struct CompletionScriptTests {
    /// Arguments whose help names a file, folder or trace but that take something else, and why.
    static let notFiles: [String: String] = [
        "--record-device": "a device of a libinput record file: its number or part of its name",
        "--shard": "I/N: which part of the corpus",
        "report": "analyze's first operand: a report name (a list completion), the trace when given alone",
    ]

    /// Whether help text names a path: a file, folder, directory, trace or path.
    static func namesAPath(_ text: String) -> Bool {
        text.contains(/(?i)\b(files?|folders?|director(y|ies)|traces?|paths?)\b/)
    }

    @Test("Every argument that takes a file or a folder completes file names or folders (from the command tree)")
    func everyPathHasACompletion() throws {
        let tool = try ToolDump.load()
        var checked = 0
        for command in tool.root.subcommands where command.name != "help" {
            for argument in command.arguments where argument.kind != "flag" {
                guard !ToolDump.builtIn.contains(argument.label), Self.notFiles[argument.label] == nil else { continue }
                let text = argument.abstract + " " + argument.valueName
                guard Self.namesAPath(text) else { continue }
                checked += 1
                #expect(
                    argument.completion == "file" || argument.completion == "directory",
                    "tactile \(command.name) \(argument.label) takes a path (\"\(argument.abstract)\") but completes \(argument.completion ?? "nothing")")
            }
        }
        #expect(checked >= 20, "the walk found the file arguments")
        // The exceptions are still arguments of the tool (a renamed one must leave the list).
        let labels = Set(tool.root.subcommands.flatMap { $0.arguments.map(\.label) })
        #expect(Set(Self.notFiles.keys).isSubset(of: labels))
    }

    @Test("The completion kinds the issue names", arguments: [
        ("replay", "trace", "file", ["evemu", "events", "yml", "yaml"]),
        ("replay", "--scene", "file", ["json"]),
        ("replay", "--description", "file", ["desc"]),
        ("render", "trace", "file", ["evemu", "events", "yml", "yaml"]),
        ("render", "--output", "file", ["svg"]),
        ("check", "traces", "file", ["evemu", "events", "yml", "yaml"]),
        ("check", "--expected", "directory", []),
        ("check", "--junit", "file", ["xml"]),
        ("check", "--scene", "file", ["json"]),
        ("live", "--scene", "file", ["json"]),
        ("synth", "--output", "file", []),
        ("synth", "--device", "file", ["desc", "evemu", "events", "yml", "yaml"]),
        ("record", "--output", "file", []),
        ("analyze", "report", "list", []),
        ("analyze", "trace", "file", ["evemu", "events", "yml", "yaml"]),
        ("analyze", "--svg", "file", ["svg"]),
        ("analyze", "--description", "file", ["desc"]),
    ] as [(String, String, String, [String])])
    func kinds(command: String, label: String, kind: String, extensions: [String]) throws {
        let tool = try ToolDump.load()
        let argument = try #require(tool.command(named: command)?.arguments.first { $0.label == label })
        #expect(argument.completion == kind)
        #expect(argument.extensions == extensions)
    }

    /// A folder with one file of each kind the tool reads or writes, and a subfolder.
    static func folder() throws -> URL {
        let folder = temporaryDirectory().appendingPathComponent("completion")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["a.json", "b.evemu", "c.yml", "d.txt", "e.svg", "f.desc", "g.xml", "h.events"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        return folder
    }

    @Test("bash: the script completes what each argument takes", arguments: [
        (["replay", ""], ["b.evemu", "c.yml", "h.events", "sub"]),
        (["replay", "--scene", ""], ["a.json", "sub"]),
        (["replay", "x", "--description", ""], ["f.desc", "sub"]),
        (["render", "x", "-o", ""], ["e.svg", "sub"]),
        (["check", "x", "--expected", ""], ["sub"]),
        (["check", "x", "--junit", ""], ["g.xml", "sub"]),
        (["check", ""], ["b.evemu", "c.yml", "h.events", "sub"]),
        (["synth", "tap", "-o", ""], ["a.json", "b.evemu", "c.yml", "d.txt", "e.svg", "f.desc", "g.xml", "h.events", "sub"]),
        (["analyze", ""], ["per-slot-delta", "summary", "touch-down-state"]),
        (["analyze", "p"], ["per-slot-delta"]),
        (["analyze", "summary", ""], ["b.evemu", "c.yml", "h.events", "sub"]),
        (["analyze", "x", "--svg", ""], ["e.svg", "sub"]),
    ] as [([String], [String])])
    func bash(words: [String], expected: [String]) throws {
        let folder = try Self.folder()
        let script = folder.deletingLastPathComponent().appendingPathComponent("tactile.bash").path
        let generated = try Tactile.run(["--generate-completion-script", "bash"])
        try generated.output.write(toFile: script, atomically: true, encoding: .utf8)
        // What bash passes a completion function: the words, the cursor's word, the command, the current and the
        // previous word.
        let quoted = (["tactile"] + words).map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            cd '\(folder.path)' && source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _tactile tactile "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try shell("bash -c \(Self.singleQuoted(driver))")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.outputLines.sorted() == expected.sorted(), "tactile \(words.joined(separator: " "))")
    }

    static func singleQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    @Test("zsh and fish: each file argument's completion is in the script, with its extensions or as folders")
    func zshAndFish() throws {
        let tool = try ToolDump.load()
        let zsh = try Tactile.run(["--generate-completion-script", "zsh"]).output
        let fish = try Tactile.run(["--generate-completion-script", "fish"]).output
        var checked = 0
        for command in tool.root.subcommands where command.name != "help" {
            let start = try #require(zsh.range(of: "_tactile_\(command.name)() {"))
            let body = zsh[start.upperBound...]
            let function = String(body[..<(body.range(of: "\n}\n")?.lowerBound ?? body.endIndex)])
            let positionals = command.arguments.filter { $0.kind == "positional" }.map(\.valueName)
            for argument in command.arguments where !argument.isHidden && (argument.completion == "file" || argument.completion == "directory") {
                let position = (positionals.firstIndex(of: argument.valueName) ?? 0) + 1
                let long = argument.names.first { $0.hasPrefix("--") }
                let zshLine = function.split(separator: "\n").first { line in
                    if let long { return line.contains("\(long)[") || line.contains(",\(long)}") || line.contains("{\(long),") }
                    return line.contains("':\(argument.valueName):") || line.contains("'*:\(argument.valueName):")
                }
                let fishLine = fish.split(separator: "\n").first { line in
                    if let long { return line.contains(" \(long.dropFirst(2))' -l '\(long.dropFirst(2))'") && line.contains("\"tactile \(command.name)\" ") }
                    return line.contains("positional \"tactile \(command.name)\" -eq \(position)'")
                        || line.contains("positional \"tactile \(command.name)\" -ge \(position)'")
                }
                let zshText = try #require(zshLine.map(String.init), "zsh: tactile \(command.name) \(argument.label)")
                let fishText = try #require(fishLine.map(String.init), "fish: tactile \(command.name) \(argument.label)")
                if argument.completion == "directory" {
                    #expect(zshText.hasSuffix(":_files -/'"), "\(zshText)")
                    #expect(fishText.contains("__tactile_complete_directories"), "\(fishText)")
                } else if argument.extensions.isEmpty {
                    #expect(zshText.hasSuffix(":_files'"), "\(zshText)")
                } else {
                    let globs = argument.extensions.map { "*.\($0)" }.joined(separator: " ")
                    #expect(zshText.contains("_files -g '\\''\(globs)'\\''"), "\(zshText)")
                    let fishExtensions = argument.extensions.count == 1
                        ? "*.\\'\(argument.extensions[0])\\'"
                        : "set -l exts " + argument.extensions.map { "\\'\($0)\\'" }.joined(separator: " ")
                    #expect(fishText.contains(fishExtensions), "\(fishText)")
                }
                checked += 1
            }
        }
        #expect(checked >= 20)
        #expect(zsh.contains("local -ar _report=('summary' 'per-slot-delta' 'touch-down-state')"))
        #expect(fish.contains("\"tactile analyze\" -eq 1' -fka 'summary per-slot-delta touch-down-state'"))
    }
}
