/// The log options of `tactile replay` and `tactile live` (`--explain`, `--json`, `--positions`, `--only`,
/// `--target`) as values: the format, and the printer they choose for a scene.
public struct ReplayLogOptions: Hashable, Sendable {
    /// `--explain`: a `why:` line after each entry (a `why` field in JSON).
    public var explain: Bool
    /// `--json`: JSON lines instead of text.
    public var json: Bool
    /// `--positions`: touch positions in text lines.
    public var positions: Bool
    /// `--only` values: kinds of entry, separated by commas (``ReplayLogFilter/allKinds``).
    public var kinds: [String]
    /// `--target` values: names of views, controls or recognizers, separated by commas.
    public var targets: [String]

    /// The options; the defaults print every entry as text.
    public init(
        explain: Bool = false, json: Bool = false, positions: Bool = false, kinds: [String] = [], targets: [String] = []
    ) {
        self.explain = explain
        self.json = json
        self.positions = positions
        self.kinds = kinds
        self.targets = targets
    }

    /// The chosen format.
    public var format: ReplayLogFormat { json ? .jsonLines(explain: explain) : explain ? .explain : .text }

    /// A printer for the chosen format and filter, for `instance`.
    ///
    /// - Throws: ``OptionError`` for an unknown kind, or a target that names nothing in the scene (listing the
    ///   names it has). Warns on stderr when `--only` or `--target` was given but names nothing.
    @preconcurrency @MainActor public func printer(instance: SceneInstance) throws(OptionError) -> ReplayLogPrinter {
        let names = ReplayLogFilter.parseTargets(targets)
        let known = ReplayLogFilter.targetNames(in: instance)
        if let unknown = names.sorted().first(where: { !known.contains($0) }) {
            throw OptionError(
                "--target: nothing in the scene is named \"\(unknown)\"; names: \(commaSeparated(known.sorted()))")
        }
        let chosenKinds: Set<String>
        do {
            chosenKinds = try ReplayLogFilter.parseKinds(kinds)
        } catch {
            throw OptionError("\(error)")
        }
        if !kinds.isEmpty, chosenKinds.isEmpty {
            StandardStreams.writeError(
                "warning: --only names no kind of entry, so every kind is printed; kinds: "
                    + "\(commaSeparated(ReplayLogFilter.allKinds))\n")
        }
        if !targets.isEmpty, names.isEmpty {
            StandardStreams.writeError("warning: --target names nothing, so entries about every name are printed\n")
        }
        let filter = ReplayLogFilter(kinds: chosenKinds, targets: names)
        return ReplayLogPrinter(format: format, filter: filter, showsPositions: positions, instance: instance)
    }
}

/// `items` separated by ", ", for messages and help texts. Not `joined(separator:)`: the tool builds its command
/// configurations on every run (the parser reads them all to find the subcommand), and the generic `joined` looked
/// up Array's `Collection` conformance at run time, a scan of the binary's 6,000 conformance records (≈ 300 k
/// instructions).
public func commaSeparated(_ items: [String]) -> String {
    var text = ""
    for (index, item) in items.enumerated() {
        if index > 0 { text += ", " }
        text += item
    }
    return text
}
