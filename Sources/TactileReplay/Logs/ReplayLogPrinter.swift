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
        "recognizer", "action", "arena", "scroll",
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

    /// Parses `--target` values: names separated by commas (`button,pan`), empty pieces skipped.
    public static func parseTargets(_ values: [String]) -> Set<String> {
        Set(values.flatMap { $0.split(separator: ",").map(String.init) })
    }

    /// The names log entries about `instance` can be about: the scene's views and recognizers, each scroll view's
    /// pan (`NAME.pan`), and the window and application that touches are forwarded to.
    @preconcurrency @MainActor public static func targetNames(in instance: SceneInstance) -> Set<String> {
        var names = Set(instance.views.keys).union(instance.recognizers.keys)
        for (name, view) in instance.views where view is ScrollView { names.insert(name + ".pan") }
        names.insert(instance.window.logName)
        names.insert(instance.application.logName)
        return names
    }

    /// Whether every entry is printed (no kinds and no targets chosen).
    var admitsEverything: Bool { kinds.isEmpty && targets.isEmpty }

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
/// On the main actor: it reads the scene's views.
@preconcurrency @MainActor
public final class ReplayLogPrinter {
    /// The line format.
    public let format: ReplayLogFormat
    /// Which entries are printed.
    public var filter: ReplayLogFilter {
        get { options.filter }
        set { options.filter = newValue }
    }
    /// Whether text lines show positions (JSON always has them). Set it before the first event: a text printer
    /// without positions does not record them.
    public var showsPositions: Bool {
        get { options.showsPositions }
        set { options.showsPositions = newValue }
    }
    /// Whether JSON output starts with the schema line (``schemaLine``). Default `true`.
    public var writesSchemaLine: Bool {
        get { options.writesSchemaLine }
        set { options.writesSchemaLine = newValue }
    }

    /// The JSON log's schema version: 2 added positions, merged forwarding chains and this line.
    public static let schemaVersion = 2
    /// The first line of JSON output: `{"type":"schema","name":"tactile-delivery-log","version":2}`.
    public static var schemaLine: String {
        #"{"type":"schema","name":"tactile-delivery-log","version":\#(schemaVersion)}"#
    }

    /// The settings behind the public properties, in a private stored property: the compiler sees every access
    /// to it and checks none at run time, where a public stored property read once per entry was a dynamic
    /// exclusivity check per entry.
    private var options: Options

    private struct Options {
        var filter: ReplayLogFilter
        var showsPositions: Bool
        var writesSchemaLine = true
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
        options = Options(filter: filter, showsPositions: showsPositions)
        self.instance = instance
    }

    /// The lines to print for `event` (possibly none yet: see ``flush()``).
    public func lines(for event: ReplayEvent) -> [String] {
        var buffer = LogBuffer(recordingLineEnds: true)
        write(event, to: &buffer)
        return buffer.lines
    }

    /// The entry held back, if any (a chain is complete only when the next entry arrives).
    public func flush() -> [String] {
        var buffer = LogBuffer(recordingLineEnds: true)
        flush(to: &buffer)
        return buffer.lines
    }

    /// Appends the lines for `event` to `output`, each ending in `"\n"` (possibly none yet: see
    /// ``flush(to:)``). The same lines as ``lines(for:)``, without a `String` per line.
    public func write(_ event: ReplayEvent, to output: inout LogBuffer) {
        writeSchemaIfNeeded(to: &output)
        if explains { noteForCancellation(event) }
        switch event {
        case .frame(let frame):
            flush(to: &output)
            guard needsPositions else { return }
            for contact in frame.contacts where contact.location.x.isFinite && contact.location.y.isFinite {
                locations[contact.id] = contact.location
            }
        case .decoder:
            flush(to: &output)
            render(event: event, kinds: ["decoder"], names: [], extra: [], chain: nil, to: &output)
        case .delivery(let delivery):
            if pending?.delivery.time == delivery.time, extend(pending: delivery, to: &output) { return }
            flush(to: &output)
            if case .touches = delivery.kind {
                startChain(event)
            } else {
                render(delivery, to: &output)
            }
        }
    }

    /// Holds a touches entry back as the start of a chain. (Apart from ``write(_:to:)``, which then only borrows
    /// its delivery: a delivery printed at once is not copied.)
    private func startChain(_ event: ReplayEvent) {
        guard case .delivery(let delivery) = event, case .touches(let phase, let responder, let touches) = delivery.kind
        else { return }
        // Positions are looked up only when they are printed (JSON, or text with positions).
        pending = Chain(
            delivery: delivery, phase: phase, responder: responder, touches: touches,
            locations: needsPositions ? touches.map { locations[$0] } : [])
    }

    /// Whether entries carry touch positions: JSON always, text with ``showsPositions``.
    private var needsPositions: Bool {
        if case .jsonLines = format { return true }
        return showsPositions
    }

    /// Joins `delivery` to the pending chain when it is the chain's next hop (edited in place: no copy of the
    /// chain or its arrays); `false` when it is not.
    private func extend(pending delivery: Delivery, to output: inout LogBuffer) -> Bool {
        switch delivery.kind {
        case .forwarded(let phase, let from, let to, let touches)
        where phase == pending!.phase && from == pending!.last && touches == pending!.touches:
            // Moved out and back (no copy of the chain or its arrays), so no access to `pending` spans a call:
            // the compiler then checks none of its accesses at run time.
            var chain = pending.take()!
            chain.forwardedTo.append(to)
            pending = chain
            return true
        case .dropped(let phase, let responder, let touches)
        where phase == pending!.phase && responder == pending!.last && touches == pending!.touches:
            var chain = pending.take()!
            chain.dropped = true
            render(chain, to: &output)
            return true
        default:
            return false
        }
    }

    /// Appends the entry held back, if any, to `output` (a chain is complete only when the next entry arrives).
    public func flush(to output: inout LogBuffer) {
        guard let chain = pending.take() else { return }
        writeSchemaIfNeeded(to: &output)
        render(chain, to: &output)
    }

    private func writeSchemaIfNeeded(to output: inout LogBuffer) {
        guard case .jsonLines = format, writesSchemaLine, !wroteSchema else { return }
        wroteSchema = true
        output.writeLine(Self.schemaLine)
    }

    // MARK: Rendering

    private func render(_ chain: Chain, to output: inout LogBuffer) {
        if plainText {
            writeText(chain.delivery, chain: chain, to: &output)
            output.endLine()
            return
        }
        render(
            event: .delivery(chain.delivery),
            kinds: ["touches"] + (chain.forwardedTo.isEmpty ? [] : ["forwarded"]) + (chain.dropped ? ["dropped"] : []),
            names: [chain.responder] + chain.forwardedTo,
            extra: positionFields(chain.locations, view: view(named: chain.responder))
                + (chain.forwardedTo.isEmpty && !chain.dropped
                    ? [] : [("forwardedTo", JSONField.strings(chain.forwardedTo)), ("dropped", .bool(chain.dropped))]),
            chain: chain, to: &output)
    }

    private func render(_ delivery: Delivery, to output: inout LogBuffer) {
        if plainText {
            writeText(delivery, chain: nil, to: &output)
            output.endLine()
            return
        }
        render(
            event: .delivery(delivery), kinds: [Self.kindAndNames(delivery.kind).0],
            names: Self.kindAndNames(delivery.kind).1,
            extra: {
                switch delivery.kind {
                case .forwarded(_, let from, _, let touches), .dropped(_, let from, let touches):
                    positionFields(touches.map { locations[$0] }, view: view(named: from))
                default: []
                }
            }(),
            chain: nil, to: &output)
    }

    /// Whether a delivery is written as a plain text line, straight from the `Delivery` (no `ReplayEvent`,
    /// no filter): text without `why:` lines, every entry printed. The same line as
    /// ``render(event:kinds:names:extra:chain:to:)``.
    private var plainText: Bool {
        guard case .text = format else { return false }
        return filter.admitsEverything
    }

    /// Writes an entry's lines when the filter admits it. The kinds, names and JSON fields are worked out only
    /// when needed: not at all for an unfiltered text log.
    private func render(
        event: ReplayEvent, kinds: @autoclosure () -> [String], names: @autoclosure () -> [String],
        extra: @autoclosure () -> [(String, JSONField)], chain: Chain?, to output: inout LogBuffer
    ) {
        guard filter.admitsEverything || filter.admits(kinds: kinds(), names: names()) else { return }
        switch format {
        case .jsonLines(let explain):
            guard var fields = ReplayLogFormat.jsonFields(for: event, explain: false) else { return }
            fields += extra()
            if explain, let why = explanation(event, chain: chain) { fields.append(("why", .string(why))) }
            JSONField.writeObject(fields, to: &output)
            output.endLine()
        case .text, .explain:
            switch event {
            case .frame: return
            case .delivery(let delivery): writeText(delivery, chain: chain, to: &output)
            case .decoder: output.write(ReplayLogFormat.textLine(for: event) ?? "")
            }
            output.endLine()
            guard format == .explain, let why = explanation(event, chain: chain) else { return }
            output.write("    why: ")
            output.writeLine(why)
        }
    }

    private func explanation(_ event: ReplayEvent, chain: Chain?) -> String? {
        switch event {
        case .frame: return nil
        case .decoder: return "the evdev decoder repaired or filtered the raw input (spec §1.2)"
        case .delivery(let delivery):
            let explanation = cancellationCause(delivery) ?? delivery.explanation
            guard let chain, !chain.forwardedTo.isEmpty else { return explanation }
            var why = explanation + "; \(chain.responder) does not handle the touches itself, so its default "
                + "method passes them up the responder chain to \(chain.forwardedTo.joined(separator: ", then ")) (spec §4.7)"
            if chain.dropped { why += ", and the end of the chain drops them (spec §4.8)" }
            return why
        }
    }

    /// What the arena acted on when touches were cancelled in a view, from the entries before it at the same
    /// time (``CancellationContext``): the recognizers that began or recognized and cancel touches in views
    /// (spec §5.7; a scroll view's pan, spec §4.6), else the input that ended the touch (spec §1.2); `nil` for
    /// other entries.
    private func cancellationCause(_ delivery: Delivery) -> String? {
        guard case .touches(.cancelled, _, _) = delivery.kind else { return nil }
        let context = cancellation.time == delivery.time ? cancellation : CancellationContext()
        var cancelling: [(name: String, state: Delivery.RecognizerState, scrolls: Bool)] = []
        for (name, state) in context.committed {
            if let recognizer = instance?.recognizers[name] {
                if recognizer.cancelsTouchesInView { cancelling.append((name, state, false)) }
            } else if name.hasSuffix(".pan"), let scrollView = instance?.views[String(name.dropLast(4))] as? ScrollView {
                if scrollView.panGestureRecognizer.cancelsTouchesInView { cancelling.append((name, state, true)) }
            }
        }
        if let first = cancelling.first {
            if first.scrolls {
                return "\(first.name) began scrolling: a scroll view's pan cancels the content touches it let through "
                    + "or held back (spec §4.6, §5.7)"
            }
            let names = cancelling.map(\.name)
            let which = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let verb = cancelling.allSatisfy { $0.state == .began } ? "began" : cancelling.count == 1 ? "\(first.state)" : "recognized"
            return "\(which) \(verb), and cancelsTouchesInView is true: the touches \(names.count == 1 ? "it" : "they") received are "
                + "cancelled in their views (spec §5.7)"
        }
        if let cause = context.inputCause {
            return "the input ended the touch without a lift: \(cause) (spec §1.2)"
        }
        if context.frameCancelled {
            return "the input reported the touch cancelled (a palm, or a contact the device lost) (spec §1.2, §2.2)"
        }
        return "the input ended (the trace, or the device) with the touch in progress or held back, so it is cancelled (spec §1.2)"
    }

    /// What happened at one time before a cancellation, for ``cancellationCause(_:)``: recorded only when the
    /// format explains.
    private struct CancellationContext {
        var time: Timestamp?
        /// Recognizers that began or recognized, in order.
        var committed: [(name: String, state: Delivery.RecognizerState)] = []
        /// A decoder diagnostic about ending touches (`SYN_DROPPED`, a palm, the end of the trace).
        var inputCause: String?
        /// Whether the input's frame cancelled contacts itself.
        var frameCancelled = false
    }

    private var cancellation = CancellationContext()

    /// Whether the format has `why:` lines or fields.
    private var explains: Bool {
        switch format {
        case .explain, .jsonLines(explain: true): true
        case .text, .jsonLines(explain: false): false
        }
    }

    /// Records what a cancellation at this time may be explained by.
    private func noteForCancellation(_ event: ReplayEvent) {
        func at(_ time: Timestamp) {
            if cancellation.time != time { cancellation = CancellationContext(time: time) }
        }
        switch event {
        case .frame(let frame):
            if frame.contacts.contains(where: { $0.phase == .cancelled }) {
                at(frame.timestamp)
                cancellation.frameCancelled = true
            }
        case .decoder(let time, let diagnostic):
            switch diagnostic {
            case .eventsDropped, .palmRejected, .traceEndedWithTouchesDown:
                at(time)
                cancellation.inputCause = "\(diagnostic)"
            default:
                break
            }
        case .delivery(let delivery):
            if case .recognizerState(let name, _, let to, _) = delivery.kind, to == .began || to == .recognized {
                at(delivery.time)
                cancellation.committed.append((name, to))
            }
        }
    }

    /// The text of a delivery (`Delivery.description`, written by ``Delivery/write(to:touchList:)`` straight into
    /// the buffer), with positions when asked and the chain it started.
    private func writeText(_ delivery: Delivery, chain: Chain?, to output: inout LogBuffer) {
        if showsPositions {
            delivery.write(to: &output) { output, touches, responder in
                output.write(self.touchList(touches, chain?.locations, view: responder))
            }
        } else {
            delivery.write(to: &output)
        }
        if let chain { Delivery.writeChain(forwardedTo: chain.forwardedTo, dropped: chain.dropped, to: &output) }
    }

    /// With positions: `{#1@(120.0,340.5) view@(20.0,40.5), #2@…}`.
    private func touchList(_ touches: [TouchContact.ID], _ known: [Point?]?, view name: String) -> String {
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

    /// One decimal, rounded half away from zero (`120.0`, `-3.5`). A value whose tenths reach 2⁵³ (≈ 9.0e14 and
    /// up) is written as Swift writes it, the shortest text that reads back to it (`1e+308`), never `inf`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite, (value * 10).magnitude < JSONField.exactWholeNumbers else { return "\(value)" }
        let tenths = (value * 10).rounded()
        let magnitude = Int64(tenths.magnitude)
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
        case .scroll(let scrollView, _): ("scroll", [scrollView])
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

extension String {
    fileprivate var trimmingSpaces: String {
        var result = Substring(self)
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
