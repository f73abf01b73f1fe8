import Tactile

/// Draws a replay as one SVG picture (`tactile render`): the scene's views with their names, each touch's
/// path in its own colour (a filled dot where it began, a ring where it ended, a cross where it was
/// cancelled), and below them a timeline: a bar per touch for its life, then a row per view or control with a
/// mark for each delivery (▲ began, · moved, ▼ ended, × cancelled) and the control events by name, then a row
/// per gesture recognizer of the scene (tree order) showing its state over time: a thin grey line while
/// `possible`, a yellow band while it waits for others to fail, a light green band while `began`, a green band
/// while `changed`, a labelled tick at `began` and at each final state (blue `recognized`/`ended`, red
/// `failed`, orange `cancelled`), a ◆ above the row for each action sent and a small ring below it for each
/// of its timers that came due. Touches a recognizer held back are hollow amber marks on their view's row (△
/// began withheld, ▽ ended withheld), discarded ones a grey ⊘. Continuous recognizers show their values
/// (``ReplayRecording/recognizerValues``): at `began` and `ended` after the label, and while `changed` wherever
/// the row has room — a pan's translation and velocity, a pinch's scale, a rotation's angle. Labels never
/// overlap: those at one instant are joined, and one that would cover another is left out (its tick stays).
/// The time axis is padded by 3 % at both ends. Marks within a pixel of the previous identical one are left out,
/// so a 28-second ten-finger session stays a few hundred kilobytes. The output is plain text, deterministic for
/// a given input.
public struct SVGRenderer {
    /// The picture's width in pixels; the screen is scaled to fit it. Default 960.
    public var width: Double = 960
    /// Colours for touches, used in turn.
    public static let palette = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324"]

    /// Creates a renderer.
    public init(width: Double = 960) { self.width = width }

    /// The SVG document for a recording of a replay through `instance`.
    @preconcurrency @MainActor
    public func render(_ recording: ReplayRecording, scene instance: SceneInstance, title: String) -> String {
        let screen = instance.scene.screen.screenSize
        let scale = width / max(screen.width, 1)
        let margin = 16.0
        let screenHeight = screen.height * scale
        let rows = timelineRows(recording, recognizers: Self.recognizerNames(in: instance.window))
        let rowHeight = 18.0
        let timelineTop = margin + 28 + screenHeight + 24
        let labelWidth = 130.0
        let height = timelineTop + 24 + Double(rows.count) * rowHeight + 32 + margin
        var svg = SVGDocument(width: width + 2 * margin, height: height)
        svg.text(title, x: margin, y: margin + 12, size: 13, weight: "bold")

        // The screen and the views.
        let origin = Point(x: margin, y: margin + 24)
        func place(_ p: Point) -> Point { Point(x: origin.x + p.x * scale, y: origin.y + p.y * scale) }
        svg.rect(x: origin.x, y: origin.y, width: screen.width * scale, height: screenHeight, fill: "#fafafa", stroke: "#888")
        let screenCorners = [
            origin, Point(x: origin.x + screen.width * scale, y: origin.y),
            Point(x: origin.x + screen.width * scale, y: origin.y + screenHeight), Point(x: origin.x, y: origin.y + screenHeight),
        ]
        svg.beginClip(screenCorners)
        drawViews(instance.window, in: &svg, place: place)
        svg.endClip()

        // Touch paths.
        for (number, touch) in recording.touches.enumerated() {
            let colour = Self.palette[number % Self.palette.count]
            // Points less than a pixel from the last one kept change nothing in the picture.
            var points: [Point] = []
            for (index, sample) in touch.samples.enumerated() {
                let point = place(sample.location)
                if let last = points.last, index < touch.samples.count - 1, abs(point.x - last.x) + abs(point.y - last.y) < 1 {
                    continue
                }
                points.append(point)
            }
            if points.count > 1 { svg.polyline(points, stroke: colour, width: 2) }
            if let first = points.first {
                svg.circle(center: first, radius: 5, fill: colour, stroke: "none")
                svg.text("\(touch.id)", x: first.x + 7, y: first.y - 7, size: 11, fill: colour)
            }
            if let last = points.last {
                switch touch.end {
                case .ended: svg.circle(center: last, radius: 6, fill: "none", stroke: colour, width: 2)
                case .cancelled: svg.cross(at: last, size: 6, stroke: colour)
                case .began, .moved, .stationary, nil: break
                }
            }
        }

        // The timeline.
        // The axis runs a little before 0 and past the end, so that marks at either end stay clear of the edges.
        let end = max(recording.endTime.seconds, 0.001)
        let pad = max(end * 0.03, 0.005)
        let left = margin + labelWidth, right = width + margin - 8
        func x(_ time: Timestamp) -> Double {
            left + (right - left) * (min(max(time.seconds, -pad), end + pad) + pad) / (end + 2 * pad)
        }
        let values = Dictionary(grouping: recording.recognizerValues, by: \.recognizer)
        svg.text("timeline (s)", x: margin, y: timelineTop - 6, size: 11, weight: "bold")
        let step = Self.tickStep(for: end)
        var tick = 0.0
        while tick <= end + 1e-9 {
            let tx = x(Timestamp(seconds: tick))
            svg.line(from: Point(x: tx, y: timelineTop), to: Point(x: tx, y: height - margin), stroke: "#ddd")
            svg.text(Self.format(tick), x: tx - 8, y: timelineTop - 6, size: 10, fill: "#666")
            tick += step
        }
        for (row, content) in rows.enumerated() {
            let y = timelineTop + 14 + Double(row) * rowHeight
            switch content {
            case .touch(let number, let touch):
                let colour = Self.palette[number % Self.palette.count]
                svg.text("touch \(touch.id)", x: margin, y: y + 4, size: 11, fill: colour)
                svg.rect(x: x(touch.began), y: y - 5, width: max(2, x(touch.last) - x(touch.began)), height: 10, fill: colour, stroke: "none")
            case .target(let name, let deliveries):
                svg.text(name, x: margin, y: y + 4, size: 11)
                // Marks closer than a pixel and a half to the last one of the same symbol add nothing to the
                // picture (a 28 s session has thousands of moves): they are left out. Labels at one instant are
                // joined into one ("touchDown + touchUpInside"); a label that would overlap the one before leaves
                // a short tick above the row instead, so that ticks never cross text; a label that would run past
                // the right edge is drawn to the left of its tick.
                var lastSymbolX: [String: Double] = [:]
                var labels: [(x: Double, text: String)] = []
                for delivery in deliveries {
                    guard let mark = Self.timelineMark(for: delivery) else { continue }
                    let mx = x(delivery.time)
                    switch mark {
                    case .symbol(let symbol, let colour):
                        if let previous = lastSymbolX[symbol], abs(mx - previous) < 1.5 { continue }
                        lastSymbolX[symbol] = mx
                        svg.text(symbol, x: mx - 4, y: y + 4, size: 11, fill: colour)
                    case .label(let label):
                        if let last = labels.last, abs(last.x - mx) < 1 {
                            if !last.text.hasSuffix(label) { labels[labels.count - 1].text += " + " + label }
                        } else {
                            labels.append((mx, label))
                        }
                    }
                }
                var labelEnd = -Double.infinity
                var lastLabel = ""
                for (mx, label) in labels {
                    let labelWidth = Double(label.count) * 6
                    let start = mx + 3 + labelWidth > right + 8 ? mx - 3 - labelWidth : mx + 3
                    // A label that repeats the one before (a drag's touchDragInside after touchDragInside) or
                    // would overlap it leaves only its tick.
                    guard label != lastLabel, start > labelEnd + 4, mx > labelEnd || start > labelEnd else {
                        svg.line(from: Point(x: mx, y: y - 7), to: Point(x: mx, y: y - 3), stroke: "#333")
                        continue
                    }
                    svg.line(from: Point(x: mx, y: y - 6), to: Point(x: mx, y: y + 6), stroke: "#333")
                    svg.text(label, x: start, y: y + 4, size: 10, fill: "#333")
                    labelEnd = start + labelWidth
                    lastLabel = label
                }
            case .recognizer(let name, let deliveries):
                svg.text(name, x: margin, y: y + 4, size: 11, fill: "#555", weight: "bold")
                svg.line(from: Point(x: left, y: y), to: Point(x: right, y: y), stroke: "#ccc")
                for band in Self.stateBands(deliveries, end: recording.endTime) {
                    guard let colour = band.colour else { continue }
                    svg.rect(x: x(band.start), y: y - 5, width: max(2, x(band.end) - x(band.start)), height: 10,
                             fill: colour, stroke: "none")
                }
                // State labels first (with the values at began and ended), then the values while changing, in
                // the room left: each label claims its span of the row, and a label that would overlap one
                // already drawn is left out (its tick stays).
                let rowValues = values[name] ?? []
                var taken: [ClosedRange<Double>] = []
                func place(_ text: String, at mx: Double, charWidth: Double) -> Double? {
                    let labelWidth = Double(text.count) * charWidth
                    let start = mx + 3 + labelWidth > right + 8 ? mx - 3 - labelWidth : mx + 3
                    let span = (start - 4)...(start + labelWidth + 4)
                    guard !taken.contains(where: { $0.overlaps(span) }) else { return nil }
                    taken.append(span)
                    return start
                }
                var lastActionX = -Double.infinity
                var valueIndex = 0
                for delivery in deliveries {
                    let mx = x(delivery.time)
                    switch delivery.kind {
                    case .action:
                        guard mx - lastActionX >= 3 else { continue }
                        lastActionX = mx
                        svg.text("◆", x: mx - 4, y: y - 5, size: 9, fill: "#1d4ed8")
                    case .deadline:
                        svg.circle(center: Point(x: mx, y: y + 8), radius: 2.5, fill: "none", stroke: "#666")
                    case .recognizerState(_, _, let to, _):
                        guard let (label, colour) = Self.stateLabel(to) else { continue }
                        svg.line(from: Point(x: mx, y: y - 7), to: Point(x: mx, y: y + 7), stroke: colour)
                        var text = label
                        if to == .began || to == .ended {
                            while valueIndex < rowValues.count, rowValues[valueIndex].time < delivery.time { valueIndex += 1 }
                            if valueIndex < rowValues.count, rowValues[valueIndex].time == delivery.time,
                                rowValues[valueIndex].state == to
                            {
                                text += " " + rowValues[valueIndex].text
                            }
                        }
                        if let start = place(text, at: mx, charWidth: 6) {
                            svg.text(text, x: start, y: y + 4, size: 10, fill: colour)
                        } else if text != label, let start = place(label, at: mx, charWidth: 6) {
                            svg.text(label, x: start, y: y + 4, size: 10, fill: colour)
                        }
                    case .touches, .forwarded, .dropped, .controlEvent, .touchIgnored, .inputDiagnostic, .arena, .scroll:
                        continue
                    }
                }
                for value in rowValues where value.state == .changed {
                    let mx = x(value.time)
                    guard let start = place(value.text, at: mx, charWidth: 5.4) else { continue }
                    svg.line(from: Point(x: mx, y: y - 4), to: Point(x: mx, y: y + 4), stroke: "#166534")
                    svg.text(value.text, x: start, y: y + 3.5, size: 9, fill: "#14532d")
                }
            }
        }
        svg.text(
            "● touch-down   ○ lift   ✕ cancelled   ▲ began   · moved   ▼ ended   × cancelled (delivered to the row's view)   △ ▽ withheld   ⊘ discarded",
            x: margin, y: height - margin - 14, size: 10, fill: "#666")
        svg.text(
            "recognizers: — possible   ▬ waiting (yellow)   ▬ began (light green)   ▬ changed (green)   ◆ action   ∘ timer   "
                + "values: pan Δ translation, v velocity (pt, pt/s); pinch ×scale; rotation angle",
            x: margin, y: height - margin, size: 10, fill: "#666")
        return svg.finish()
    }

    /// One row of the timeline.
    enum Row {
        case touch(Int, ReplayRecording.TouchTrack)
        case target(String, [Delivery])
        /// A recognizer's state changes, actions and waits, in order.
        case recognizer(String, [Delivery])
    }

    /// A stretch of time a recognizer spent in one state; `colour` is `nil` for `possible` and final states.
    struct StateBand: Equatable {
        var start: Timestamp
        var end: Timestamp
        var colour: String?
    }

    /// A mark on a target's row.
    enum Mark {
        case symbol(String, colour: String)
        case label(String)
    }

    /// The rows: touches first, then each target in order of its first delivery, then one row per recognizer
    /// (`recognizers` in order, then any other recognizer the log names, in order of appearance).
    func timelineRows(_ recording: ReplayRecording, recognizers: [String] = []) -> [Row] {
        var rows = recording.touches.enumerated().map { Row.touch($0.offset, $0.element) }
        var order: [String] = []
        var byTarget: [String: [Delivery]] = [:]
        var recognizerOrder = recognizers
        var byRecognizer: [String: [Delivery]] = [:]
        for delivery in recording.deliveries {
            if case .deadline(let owner) = delivery.kind, recognizers.contains(owner) {
                byRecognizer[owner, default: []].append(delivery)
                continue
            }
            if let recognizer = Self.recognizer(of: delivery) {
                if !recognizerOrder.contains(recognizer) { recognizerOrder.append(recognizer) }
                byRecognizer[recognizer, default: []].append(delivery)
            }
            guard let target = Self.target(of: delivery) else { continue }
            if byTarget[target] == nil { order.append(target) }
            byTarget[target, default: []].append(delivery)
        }
        rows += order.map { Row.target($0, byTarget[$0] ?? []) }
        rows += recognizerOrder.map { Row.recognizer($0, byRecognizer[$0] ?? []) }
        return rows
    }

    /// The log names of the recognizers on `root`'s subviews, depth first in tree order.
    @MainActor static func recognizerNames(in root: View) -> [String] {
        root.subviews.flatMap { view in view.gestureRecognizers.map(\.logName) + recognizerNames(in: view) }
    }

    /// The recognizer row a delivery belongs to: state changes, actions and waits.
    static func recognizer(of delivery: Delivery) -> String? {
        switch delivery.kind {
        case .recognizerState(let recognizer, _, _, _), .action(let recognizer, _): recognizer
        case .arena(.waits(let recognizer, _, _)): recognizer
        case .touches, .forwarded, .dropped, .controlEvent, .touchIgnored, .deadline, .inputDiagnostic, .arena,
            .scroll:
            nil
        }
    }

    /// The stretches of time a recognizer spent in each state, from its row's deliveries, up to `end`.
    static func stateBands(_ deliveries: [Delivery], end: Timestamp) -> [StateBand] {
        var bands: [StateBand] = []
        var current = StateBand(start: .zero, end: end, colour: nil)
        func enter(_ colour: String?, at time: Timestamp) {
            current.end = time
            if current.colour != nil && current.end > current.start { bands.append(current) }
            current = StateBand(start: time, end: end, colour: colour)
        }
        for delivery in deliveries {
            switch delivery.kind {
            case .arena(.waits): enter("#fde68a", at: delivery.time)
            case .recognizerState(_, _, let to, _):
                switch to {
                case .began: enter("#bbf7d0", at: delivery.time)
                case .changed: if current.colour != "#4ade80" { enter("#4ade80", at: delivery.time) }
                case .possible, .recognized, .ended, .cancelled, .failed: enter(nil, at: delivery.time)
                }
            case .touches, .forwarded, .dropped, .controlEvent, .touchIgnored, .deadline, .inputDiagnostic, .action, .arena,
                .scroll:
                continue
            }
        }
        enter(nil, at: end)
        return bands
    }

    /// The label and colour of the tick for entering `state`, or `nil` for states shown only as bands.
    static func stateLabel(_ state: Delivery.RecognizerState) -> (String, String)? {
        switch state {
        case .began: ("began", "#15803d")
        case .recognized: ("recognized", "#1d4ed8")
        case .ended: ("ended", "#1d4ed8")
        case .cancelled: ("cancelled", "#c2410c")
        case .failed: ("failed", "#b91c1c")
        case .possible, .changed: nil
        }
    }

    /// The row a delivery belongs to: the view that received it, the control that sent an event, or the
    /// owner of a deadline; forwarded calls, drops and diagnostics have no row.
    static func target(of delivery: Delivery) -> String? {
        switch delivery.kind {
        case .touches(_, let responder, _): responder
        case .controlEvent(let control, _): control
        case .deadline(let owner): owner
        case .arena(.withheld(_, let view, _, _)), .arena(.discarded(let view, _, _)): view
        case .forwarded, .dropped, .touchIgnored, .inputDiagnostic, .recognizerState, .action, .arena, .scroll: nil
        }
    }

    /// The mark for a delivery on its row.
    static func timelineMark(for delivery: Delivery) -> Mark? {
        switch delivery.kind {
        case .touches(let phase, _, _):
            switch phase {
            case .began: .symbol("▲", colour: "#000")
            case .moved: .symbol("·", colour: "#000")
            case .stationary: nil
            case .ended: .symbol("▼", colour: "#000")
            case .cancelled: .symbol("×", colour: "#000")
            }
        case .controlEvent(_, let event): .label("\(event)")
        case .deadline: .label("timer")
        // Touches a recognizer held back (delaysTouchesBegan/Ended, a scroll view's content delay), and ones it
        // discarded: hollow marks in amber, grey.
        case .arena(.withheld(let phase, _, _, _)): .symbol(phase == .began ? "△" : "▽", colour: "#d97706")
        case .arena(.discarded): .symbol("⊘", colour: "#6b7280")
        case .forwarded, .dropped, .touchIgnored, .inputDiagnostic, .recognizerState, .action, .arena, .scroll: nil
        }
    }

    /// A tick spacing giving five to twenty ticks.
    static func tickStep(for duration: Double) -> Double {
        for step in [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60] where duration / step <= 12 { return step }
        return 120
    }

    static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// Draws a view and its subviews (back to front) as outlines in window coordinates.
    @MainActor private func drawViews(_ root: View, in svg: inout SVGDocument, place: (Point) -> Point) {
        for view in root.subviews {
            let b = view.bounds
            let corners = [
                Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY),
            ].map { place(view.convert($0, to: nil)) }
            let fill = view is Control ? "#dbeafe" : (view.isHidden ? "none" : "#ffffff")
            svg.polygon(corners, fill: fill, stroke: view.isHidden ? "#bbb" : "#555", dashed: view.isHidden || !view.isUserInteractionEnabled)
            svg.text(view.logName, x: corners[0].x + 4, y: corners[0].y + 13, size: 11, fill: "#333")
            if view.clipsToBounds { svg.beginClip(corners) }
            drawViews(view, in: &svg, place: place)
            if view.clipsToBounds { svg.endClip() }
        }
    }
}

/// A minimal SVG writer with fixed number formatting (two decimals), so output is stable.
struct SVGDocument {
    private var body = ""
    private var clipCount = 0
    let width: Double
    let height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    static func number(_ value: Double) -> String {
        guard (value * 100).magnitude < JSONField.exactWholeNumbers else { return value.isFinite ? "\(value)" : "0" }
        let hundredths = Int64((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        return fraction == 0 ? "\(sign)\(magnitude / 100)" : "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func points(_ points: [Point]) -> String {
        points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String) {
        body += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>\n"
    }

    mutating func polygon(_ corners: [Point], fill: String, stroke: String, dashed: Bool) {
        body += "<polygon points=\"\(Self.points(corners))\" fill=\"\(fill)\" stroke=\"\(stroke)\""
            + (dashed ? " stroke-dasharray=\"4 3\"" : "") + "/>\n"
    }

    mutating func polyline(_ points: [Point], stroke: String, width: Double) {
        body += "<polyline points=\"\(Self.points(points))\" fill=\"none\" stroke=\"\(stroke)\" "
            + "stroke-width=\"\(Self.number(width))\" stroke-linejoin=\"round\" stroke-opacity=\"0.8\"/>\n"
    }

    mutating func circle(center: Point, radius: Double, fill: String, stroke: String, width: Double = 1) {
        body += "<circle cx=\"\(Self.number(center.x))\" cy=\"\(Self.number(center.y))\" r=\"\(Self.number(radius))\" "
            + "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\"/>\n"
    }

    mutating func cross(at center: Point, size: Double, stroke: String) {
        line(from: Point(x: center.x - size, y: center.y - size), to: Point(x: center.x + size, y: center.y + size), stroke: stroke)
        line(from: Point(x: center.x - size, y: center.y + size), to: Point(x: center.x + size, y: center.y - size), stroke: stroke)
    }

    mutating func line(from a: Point, to b: Point, stroke: String) {
        body += "<line x1=\"\(Self.number(a.x))\" y1=\"\(Self.number(a.y))\" x2=\"\(Self.number(b.x))\" "
            + "y2=\"\(Self.number(b.y))\" stroke=\"\(stroke)\"/>\n"
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double, fill: String = "#000", weight: String = "normal") {
        // The font family is set once on the document; default weight and colour are left out.
        body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\""
            + (weight == "normal" ? "" : " font-weight=\"\(weight)\"") + (fill == "#000" ? "" : " fill=\"\(fill)\"")
            + ">\(Self.escaped(text))</text>\n"
    }

    /// Clips what follows, until ``endClip()``, to a polygon.
    mutating func beginClip(_ corners: [Point]) {
        clipCount += 1
        body += "<clipPath id=\"clip\(clipCount)\"><polygon points=\"\(Self.points(corners))\"/></clipPath>\n"
        body += "<g clip-path=\"url(#clip\(clipCount))\">\n"
    }

    mutating func endClip() { body += "</g>\n" }

    func finish() -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
            + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"DejaVu Sans, sans-serif\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + body + "</svg>\n"
    }
}
