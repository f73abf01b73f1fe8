import Foundation

/// A run of `tactile port` over files and directories: which files, where their ports go, and the writing — all
/// files are read and ported before any is written, so a file that does not parse leaves every output untouched.
///
/// The run writes only its output: the ported copies under the output directory (`-o`), or the input files
/// themselves (`--in-place`). It follows no symbolic link (an input given as one is an error; one met in a
/// directory is skipped and listed), refuses an output directory inside an input directory or around an input
/// (a second run would port its own output, or write over its input), and never writes through a link in the
/// output directory.
public struct PortRun {
    /// Where the ported files go.
    public enum Output: Equatable, Sendable {
        /// Nowhere: report (and diff) only.
        case none
        /// Over the input files.
        case inPlace
        /// Under a directory: a file input as its name, a directory input's files at their paths in it.
        case directory(String)
    }

    /// One input file, ported.
    public struct File: Sendable {
        /// The path as the run names it in messages (the input as given, then the path inside it).
        public var path: String
        /// Where its port is written, if anywhere.
        public var destination: String?
        /// The file's text.
        public var original: String
        /// The port.
        public var ported: PortedSource
    }

    /// An input or output the run refuses, or a file it cannot read or write.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What went wrong and where (`App/Canvas.swift: …`, or the compiler-style `file:line:column: error: …`).
        public var description: String
    }

    /// The largest file a run reads by default, in bytes: 1 MiB.
    ///
    /// Hand-written Swift files, however large their project, stay well under it (the largest of the corpus is
    /// 17 KiB); a larger file is generated code or not source at all, and parsing it costs seconds per MiB in an
    /// optimized build and tens of seconds in a debug one.
    public static let defaultMaximumFileSize = 1 << 20

    /// The largest file the run reads, in bytes (``defaultMaximumFileSize`` unless set): a larger one stops the run
    /// before anything is parsed or written (`file: error: N bytes, more than tactile port reads (limit M bytes)`).
    public var maximumFileSize = defaultMaximumFileSize

    /// The files and directories to port.
    public var inputs: [String]
    /// Where the ports go.
    public var output: Output
    /// The names the ported code uses.
    public var names: PortNames

    /// A run over `inputs`.
    public init(inputs: [String], output: Output = .none, names: PortNames = .uikit) {
        self.inputs = inputs
        self.output = output
        self.names = names
    }

    /// The files found, each ported, and the entries skipped (symbolic links, hidden files and folders inside an
    /// input directory), each with its reason.
    ///
    /// - Throws: ``Failure`` for an input that is missing, a link, unreadable or not UTF-8, an output that could
    ///   write outside itself or over an input, or every file that is not valid Swift (all of them, each
    ///   `file:line:column: error: …`).
    public func port() throws(Failure) -> (files: [File], skipped: [String]) {
        var sources: [(path: String, real: String, destination: String?)] = []
        var skipped: [String] = []
        let fileManager = FileManager.default
        var realInputDirectories: [String] = []
        for input in inputs {
            guard let attributes = try? fileManager.attributesOfItem(atPath: input) else {
                throw Failure(description: "\(input): no such file or directory")
            }
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                throw Failure(
                    description: "\(input): is a symbolic link; tactile port follows none (name the file it points to)")
            }
            let real = canonical(input)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                realInputDirectories.append(real)
                for relative in try swiftFiles(in: input, skipped: &skipped) {
                    let destination: String? =
                        switch output {
                        case .none: nil
                        case .inPlace: real + "/" + relative
                        case .directory(let directory): canonical(directory) + "/" + relative
                        }
                    sources.append(
                        (
                            input.hasSuffix("/") ? input + relative : input + "/" + relative, real + "/" + relative,
                            destination
                        ))
                }
            } else {
                let destination: String? =
                    switch output {
                    case .none: nil
                    case .inPlace: real
                    case .directory(let directory): canonical(directory) + "/" + (input as NSString).lastPathComponent
                    }
                sources.append((input, real, destination))
            }
        }
        try checkOutput(sources: sources, inputDirectories: realInputDirectories)

        var texts: [String] = []
        for source in sources { texts.append(try read(source.path)) }
        let porter = Porter(names: names, context: PortContext(sources: texts))
        var files: [File] = []
        var errors: [String] = []
        for (source, text) in zip(sources, texts) {
            do {
                files.append(
                    File(
                        path: source.path, destination: source.destination, original: text,
                        ported: try porter.port(text, fileName: source.path)))
            } catch {
                errors.append(error.description)
            }
        }
        if !errors.isEmpty {
            throw Failure(
                description: errors.joined(separator: "\n")
                    + "\nnothing written: \(errors.count) file(s) are not valid Swift")
        }
        return (files, skipped)
    }

    /// Writes the ported files to their destinations: under ``Output/directory(_:)`` every file, in place only
    /// the changed ones (a second run writes nothing). Each file is written to a temporary file beside it and
    /// renamed, so a reader never sees half a file.
    ///
    /// - Returns: The paths written.
    public func write(_ files: [File]) throws(Failure) -> [String] {
        var written: [String] = []
        if case .directory(let directory) = output {
            try makeDirectory(directory)
        }
        for file in files {
            guard let destination = file.destination else { continue }
            if output == .inPlace && !file.ported.changed { continue }
            if case .directory(let directory) = output {
                try makeDirectories(for: destination, inside: canonical(directory))
            }
            try refuseLink(destination)
            let temporary = destination + ".tactile-port-\(getpid())"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(file.ported.text.utf8)) else {
                throw Failure(description: "\(destination): cannot write")
            }
            guard rename(temporary, destination) == 0 else {
                unlink(temporary)
                throw Failure(description: "\(destination): cannot write (\(String(cString: strerror(errno))))")
            }
            written.append(destination)
        }
        return written
    }

    // MARK: Inputs

    private func swiftFiles(in directory: String, skipped: inout [String]) throws(Failure) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws(Failure) {
            let path = relative.isEmpty ? directory : directory + "/" + relative
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw Failure(description: "\(path): cannot read the directory")
            }
            for entry in entries.sorted() {
                let child = relative.isEmpty ? entry : relative + "/" + entry
                let full = directory + "/" + child
                let type = (try? FileManager.default.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
                if entry.hasPrefix(".") {
                    skipped.append("\(full): hidden, skipped")
                } else if type == .typeSymbolicLink {
                    skipped.append("\(full): symbolic link, skipped (tactile port follows none)")
                } else if type == .typeDirectory {
                    try walk(child)
                } else if entry.hasSuffix(".swift"), type == .typeRegular {
                    found.append(child)
                }
            }
        }
        try walk("")
        return found
    }

    private func read(_ path: String) throws(Failure) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(description: "\(path): cannot read")
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileSize + 1) ?? Data() else {
            throw Failure(description: "\(path): cannot read")
        }
        guard data.count <= maximumFileSize else {
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            let bytes = size.map { "\($0) bytes" } ?? "more than \(maximumFileSize) bytes"
            throw Failure(
                description: "\(path): error: \(bytes), more than tactile port reads (limit \(maximumFileSize) "
                    + "bytes): hand-written Swift is smaller; nothing written")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(description: "\(path): not UTF-8 text")
        }
        return text
    }

    // MARK: Outputs

    private func checkOutput(
        sources: [(path: String, real: String, destination: String?)], inputDirectories: [String]
    ) throws(Failure) {
        if case .directory(let directory) = output {
            let real = canonical(directory)
            for input in inputDirectories where real == input || real.hasPrefix(input + "/") {
                throw Failure(
                    description: "\(directory): the output directory is inside the input directory \(input); "
                        + "a second run would port its own output: choose a directory outside it")
            }
            for source in sources where source.real.hasPrefix(real + "/") {
                throw Failure(
                    description: "\(source.path): an input inside the output directory \(directory); "
                        + "its port could overwrite it: choose another output directory")
            }
        }
        var seen: [String: String] = [:]
        for source in sources {
            guard let destination = source.destination else { continue }
            if let other = seen[destination] {
                throw Failure(
                    description:
                        "\(source.path) and \(other) would both be written to \(destination): port them separately")
            }
            seen[destination] = source.path
        }
    }

    private func makeDirectory(_ path: String) throws(Failure) {
        if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType {
            guard type == .typeDirectory else {
                throw Failure(description: "\(path): the output must be a directory (not a file or a symbolic link)")
            }
        } else if (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) == nil {
            throw Failure(description: "\(path): cannot create the output directory")
        }
    }

    /// Creates the folders between the output directory and a file, refusing any that is a link (it could lead
    /// out of the output).
    private func makeDirectories(for file: String, inside root: String) throws(Failure) {
        let folders = (String(file.dropFirst(root.count + 1)) as NSString).deletingLastPathComponent
        var path = root
        for component in folders.split(separator: "/") {
            path += "/" + component
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if type == nil {
                guard
                    (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)) != nil
                else {
                    throw Failure(description: "\(path): cannot create the directory")
                }
            } else if type != .typeDirectory {
                throw Failure(
                    description: "\(path): in the output but not a directory (a symbolic link is not followed)")
            }
        }
    }

    private func refuseLink(_ path: String) throws(Failure) {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if let type, type != .typeRegular {
            throw Failure(
                description: "\(path): exists and is not a regular file (a symbolic link is not written through)")
        }
    }
}

/// The absolute path with `.`, `..` and symbolic links resolved (of the longest existing prefix; the rest is
/// appended as written, its `.` and `..` resolved).
func canonical(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var existing = absolute
    var rest: [String] = []
    var resolved = realpath(existing, nil)
    while resolved == nil, existing != "/" {
        rest.insert((existing as NSString).lastPathComponent, at: 0)
        existing = (existing as NSString).deletingLastPathComponent
        resolved = realpath(existing, nil)
    }
    guard let resolved else { return absolute }
    var components = String(cString: resolved).split(separator: "/").map(String.init)
    free(resolved)
    for component in rest {
        switch component {
        case ".", "": continue
        case "..": if !components.isEmpty { components.removeLast() }
        default: components.append(component)
        }
    }
    return "/" + components.joined(separator: "/")
}

extension PortRun.File {
    /// The report of this file: each rewrite as `path:line: what, why`, then each API it could not port as
    /// `path:line:column: warning: api: message` (the compiler's format, so editors jump to it).
    public var reportLines: [String] {
        ported.rewrites.map { "\(path):\($0.line): \($0.what), \($0.why)" }
            + ported.warnings.map { "\(path):\($0.line):\($0.column): warning: \($0.api): \($0.message)" }
    }

    /// The unified diff of the port (empty when it changes nothing), named `a/path` and `b/path` as `git diff` does.
    public var diff: String {
        unifiedDiff(from: original, to: ported.text, oldName: "a/" + path, newName: "b/" + path)
    }
}

extension PortRun {
    /// The last line of a run's report: files, rewrites, warnings, and what was written.
    public static func summary(files: [File], written: [String]?) -> String {
        let rewrites = files.reduce(0) { $0 + $1.ported.rewrites.count }
        let warnings = files.reduce(0) { $0 + $1.ported.warnings.count }
        let changed = files.filter(\.ported.changed).count
        let writing = written.map { "\($0.count) file(s) written" } ?? "nothing written (--in-place or -o DIR writes)"
        return
            "\(files.count) file(s), \(rewrites) rewrite(s) in \(changed), \(warnings) not ported (warnings); "
                + "\(writing)"
    }
}
