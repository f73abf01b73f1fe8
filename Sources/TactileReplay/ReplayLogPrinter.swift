import Tactile
import TactileInput

/// Which log entries `tactile replay`, `live` and `check` print: by kind of entry and by target.
///
/// A kind is one of the JSON `"type"` names (``allKinds``). A target matches an entry whose `target`, `from` or
/// `to` is that name, any responder of a merged forwarding chain, or (for arena decisions) any of the
/// recognizers it names. An empty set means "all".
public struct ReplayLogFilter: Hashable, Sendable {
    /// The kinds of entry printed; empty prints every kind.
    public var kinds: Set<String>
    /// The targets printed; empty prints every target (and entries without one, such as decoder diagnostics).
    public var targets: Set<String>

    /// Every kind of entry, as the JSON `"type"` names them.
    public static let allKinds: [String] = [
        "touches", "forwarded", "dropped", "controlEvent", "touchIgnored", "deadline", "input", "decoder",
        "recognizer", "action", "arena",
    ]

    /// A filter; the default prints everything.
    public init(kinds: Set<String> = [], targets: Set<String> = []) {
        self.kinds = kinds
        self.targets = targets
    }

    /// Parses `--only` values: kind names separated by commas (`touches,recognizer`).
    ///
    /// - Throws: ``ReplayLogFilterError`` naming the first unknown kind and listing the known ones.
    public static func parseKinds(_ values: [String]) throws(ReplayLogFilterError) -> Set<String> {
        var kinds: Set<String> = []
        for value in values {
            for name in value.split(separator: ",").map({ String($0).trimmingSpaces }) where !name.isEmpty {
                guard Self.allKinds.contains(name) else { throw ReplayLogFilterError(unknownKind: name) }
                kinds.insert(name)
            }
        }
        return kinds
    }

    /// Whether an entry of `kinds` (a merged chain has several) about `names` is printed.
    func admits(kinds entryKinds: [String], names: [String]) -> Bool {
        (kinds.isEmpty || entryKinds.contains(where: kinds.contains))
            && (targets.isEmpty || names.contains(where: targets.contains))
    }
}

/// An `--only` value that names no kind of entry.
public struct ReplayLogFilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The unknown name.
    public var unknownKind: String
    public var description: String {
        "--only: unknown kind of entry \"\(unknownKind)\" (known: \(ReplayLogFilter.allKinds.joined(separator: ", ")))"
    }
}

/// Turns replay events into the printed log: the format, the filter, touch positions, and forwarding chains
/// merged into one entry.
///
/// - **Forwarding chains.** When a view does not handle touches, its default method passes them to its next
///   responder, and so on up to the application, where they are dropped (spec §4.7, §4.8). The core logs each hop
///   (`photo: moved{#1}`, `photo → window`, `window → application`, `application: … dropped`); the printer
///   joins the hops of one call into the entry that started it:
///   `0.008s photo: moved{#1} → window → application (dropped at the end of the responder chain)`. In JSON the
///   `touches` entry gains `"forwardedTo"` (the responders, in order) and `"dropped"`. Hops that do not follow
///   their call directly are printed on their own, as before.
/// - **Positions.** Touch entries (`touches`, `forwarded`, `dropped`) carry each touch's position in window
///   points and in the coordinates of the entry's view (the target, or `from` for a forwarded hop). JSON always
///   has them (`"locations"`, `"viewLocations"`); text shows them with ``showsPositions``
///   (`began{#1@(120.0,340.5) view@(20.0,40.5)}`, one decimal), off by default so that the text log stays
///   short and diffs of recorded corpora do not change with sub-point jitter.
///
/// Because a chain is complete only when the next entry arrives, ``lines(for:)`` may hold an entry back;
/// ``flush()`` returns it (call it at the end, and after each input frame when printing live).
/// Not `Sendable`: it reads the scene's views.
public final class ReplayLogPrinter {
    /// The line format.
    public let format: ReplayLogFormat
    /// Which entries are printed.
    public var filter: ReplayLogFilter
    /// Whether text lines show positions (JSON always has them).
    public var showsPositions: Bool
    /// Whether JSON output starts with the schema line (``schemaLine``). Default `true`.
    public var writesSchemaLine = true

    /// The JSON log's schema version: 2 added positions, merged forwarding chains and this line.
    public static let schemaVersion = 2
    /// The first line of JSON output: `{"type":"schema","name":"tactile-delivery-log","version":2}`.
    public static var schemaLine: String {
        #"{"type":"schema","name":"tactile-delivery-log","version":\#(schemaVersion)}"#
    }

    private let instance: SceneInstance?
    private var locations: [TouchContact.ID: Point] = [:]
    private var pending: Chain?
    private var wroteSchema = false

    /// A touches entry and the hops that followed it.
    private struct Chain {
        var delivery: Delivery
        var phase: TouchPhase
        var responder: String
        var touches: [TouchContact.ID]
        var locations: [Point?]
        var forwardedTo: [String] = []
        var dropped = false
        var last: String { forwardedTo.last ?? responder }
    }

    /// A printer.
    ///
    /// - Parameters:
    ///   - format: text, text with `why:` lines, or JSON lines.
    ///   - filter: which entries are printed (default: all).
    ///   - showsPositions: whether text lines show positions (JSON always has them).
    ///   - instance: the scene whose views give view coordinates (without it, entries have window positions only).
    public init(
        format: ReplayLogFormat, filter: ReplayLogFilter = ReplayLogFilter(), showsPositions: Bool = false,
        instance: SceneInstance? = nil
    ) {
        self.format = format
        self.filter = filter
        self.showsPositions = showsPositions
        self.instance = instance
    }

    /// The lines to print for `event` (possibly none yet: see ``flush()``).
    public func lines(for event: ReplayEvent) -> [String] {
        var out = schemaIfNeeded()
        switch event {
        case .frame(let frame):
            out += flush()
            for contact in frame.contacts where contact.location.x.isFinite && contact.location.y.isFinite {
                locations[contact.id] = contact.location
            }
        case .decoder:
            out += flush()
            out += render(event: event, kinds: ["decoder"], names: [], extra: [], chain: nil)
        case .delivery(let delivery):
            if var chain = pending, chain.delivery.time == delivery.time {
                switch delivery.kind {
                case .forwarded(let phase, let from, let to, let touches)
                where phase == chain.phase && from == chain.last && touches == chain.touches:
                    chain.forwardedTo.append(to)
                    pending = chain
                    return out
                case .dropped(let phase, let responder, let touches)
                where phase == chain.phase && responder == chain.last && touches == chain.touches:
                    chain.dropped = true
                    pending = nil
                    return out + render(chain)
                default: break
                }
            }
            out += flush()
            if case .touches(let phase, let responder, let touches) = delivery.kind {
                pending = Chain(
                    delivery: delivery, phase: phase, responder: responder, touches: touches,
                    locations: touches.map { locations[$0] })
            } else {
                out += render(delivery)
            }
        }
        return out
    }

    /// The entry held back, if any (a chain is complete only when the next entry arrives).
    public func flush() -> [String] {
        guard let chain = pending else { return [] }
        pending = nil
        return schemaIfNeeded() + render(chain)
    }

    private func schemaIfNeeded() -> [String] {
        guard case .jsonLines = format, writesSchemaLine, !wroteSchema else { return [] }
        wroteSchema = true
        return [Self.schemaLine]
    }

    // MARK: Rendering

    private func render(_ chain: Chain) -> [String] {
        var kinds = ["touches"]
        if !chain.forwardedTo.isEmpty { kinds.append("forwarded") }
        if chain.dropped { kinds.append("dropped") }
        let view = self.view(named: chain.responder)
        let extra = positionFields(chain.locations, view: view)
            + (chain.forwardedTo.isEmpty && !chain.dropped
                ? [] : [("forwardedTo", JSONField.strings(chain.forwardedTo)), ("dropped", .bool(chain.dropped))])
        return render(
            event: .delivery(chain.delivery), kinds: kinds, names: [chain.responder] + chain.forwardedTo, extra: extra,
            chain: chain)
    }

    private func render(_ delivery: Delivery) -> [String] {
        let (kind, names) = Self.kindAndNames(delivery.kind)
        var extra: [(String, JSONField)] = []
        switch delivery.kind {
        case .forwarded(_, let from, _, let touches), .dropped(_, let from, let touches):
            extra = positionFields(touches.map { locations[$0] }, view: view(named: from))
        default: break
        }
        return render(event: .delivery(delivery), kinds: [kind], names: names, extra: extra, chain: nil)
    }

    private func render(
        event: ReplayEvent, kinds: [String], names: [String], extra: [(String, JSONField)], chain: Chain?
    ) -> [String] {
        guard filter.admits(kinds: kinds, names: names) else { return [] }
        switch format {
        case .jsonLines(let explain):
            guard var fields = ReplayLogFormat.jsonFields(for: event, explain: false) else { return [] }
            fields += extra
            if explain, let why = explanation(event, chain: chain) { fields.append(("why", .string(why))) }
            return [JSONField.object(fields)]
        case .text, .explain:
            guard var line = ReplayLogFormat.textLine(for: event) else { return [] }
            if case .delivery(let delivery) = event { line = text(delivery, chain: chain) }
            guard format == .explain, let why = explanation(event, chain: chain) else { return [line] }
            return [line, "    why: \(why)"]
        }
    }

    private func explanation(_ event: ReplayEvent, chain: Chain?) -> String? {
        switch event {
        case .frame: return nil
        case .decoder: return "the evdev decoder repaired or filtered the raw input (§1.2)"
        case .delivery(let delivery):
            guard let chain, !chain.forwardedTo.isEmpty else { return delivery.explanation }
            var why = delivery.explanation + "; \(chain.responder) does not handle the touches itself, so its default "
                + "method passes them up the responder chain to \(chain.forwardedTo.joined(separator: ", then ")) (§4.7)"
            if chain.dropped { why += ", and the end of the chain drops them (§4.8)" }
            return why
        }
    }

    /// The text of a delivery, with positions when asked and the chain it started.
    private func text(_ delivery: Delivery, chain: Chain?) -> String {
        let time = delivery.time
        switch delivery.kind {
        case .touches(let phase, let responder, let touches):
            var line = "\(time) \(responder): \(phase)\(touchList(touches, chain?.locations, view: responder))"
            if let chain {
                for next in chain.forwardedTo { line += " → \(next)" }
                if chain.dropped { line += " (dropped at the end of the responder chain)" }
            }
            return line
        case .forwarded(let phase, let from, let to, let touches) where showsPositions:
            return "\(time) \(from) → \(to): \(phase)\(touchList(touches, nil, view: from)) (forwarded)"
        case .dropped(let phase, let responder, let touches) where showsPositions:
            return "\(time) \(responder): \(phase)\(touchList(touches, nil, view: responder)) "
                + "dropped at the end of the responder chain"
        default:
            return delivery.description
        }
    }

    /// `{#1,#2}`, or with positions `{#1@(120.0,340.5) view@(20.0,40.5), #2@…}`.
    private func touchList(_ touches: [TouchContact.ID], _ known: [Point?]?, view name: String) -> String {
        guard showsPositions else { return "{" + touches.map(\.description).joined(separator: ",") + "}" }
        let view = self.view(named: name)
        let parts = touches.enumerated().map { index, id in
            guard let point = known?[index] ?? locations[id] else { return id.description }
            var part = "\(id)@\(Self.text(point))"
            if let view { part += " view@\(Self.text(view.convert(point, from: nil)))" }
            return part
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private static func text(_ point: Point) -> String {
        "(\(oneDecimal(point.x)),\(oneDecimal(point.y)))"
    }

    /// One decimal, rounded half away from zero (`120.0`, `-3.5`).
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let tenths = (value * 10).rounded()
        let magnitude = Int64(min(abs(tenths), 9e17))
        return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }

    private func positionFields(_ points: [Point?], view: View?) -> [(String, JSONField)] {
        guard points.allSatisfy({ $0 != nil }) else { return [] }
        let known = points.compactMap { $0 }
        var fields: [(String, JSONField)] = [("locations", .points(known))]
        if let view { fields.append(("viewLocations", .points(known.map { view.convert($0, from: nil) }))) }
        return fields
    }

    private func view(named name: String) -> View? {
        guard let instance else { return nil }
        if let view = instance.views[name] { return view }
        return instance.window.logName == name ? instance.window : nil
    }

    /// An entry's kind (its JSON type) and the names a `--target` can match.
    static func kindAndNames(_ kind: Delivery.Kind) -> (String, [String]) {
        switch kind {
        case .touches(_, let responder, _): ("touches", [responder])
        case .forwarded(_, let from, let to, _): ("forwarded", [from, to])
        case .dropped(_, let responder, _): ("dropped", [responder])
        case .controlEvent(let control, _): ("controlEvent", [control])
        case .touchIgnored: ("touchIgnored", [])
        case .deadline(let owner): ("deadline", [owner])
        case .inputDiagnostic: ("input", [])
        case .recognizerState(let recognizer, _, _, _): ("recognizer", [recognizer])
        case .action(let recognizer, _): ("action", [recognizer])
        case .arena(let decision): ("arena", arenaNames(decision))
        }
    }

    private static func arenaNames(_ decision: Delivery.ArenaDecision) -> [String] {
        switch decision {
        case .waits(let recognizer, let others, _): [recognizer] + others
        case .withheld(_, let view, _, let recognizers): [view] + recognizers
        case .discarded(let view, _, let recognizer), .joinedRecognized(let view, _, let recognizer),
            .contentTouchesRefused(let view, _, let recognizer):
            [view, recognizer]
        case .ignored(let recognizer, _, _), .coerced(let recognizer, _, _, _): [recognizer]
        case .requirementCycleIgnored(let dependent, let required, _): [dependent, required]
        }
    }
}

@available(*, unavailable)
extension ReplayLogPrinter: Sendable {}

extension String {
    fileprivate var trimmingSpaces: String {
        var result = Substring(self)
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
