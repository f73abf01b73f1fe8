import Tactile
import TactileInput

extension TraceAnalysis {
    /// The analysis as an SVG picture, 960 pixels wide: the touch-down state (a bar per slot while it is down,
    /// as `touch-down-state`) above each slot's motion per report (the length of its delta in device units, as
    /// `per-slot-delta`, one line per contact in the slot's colour), on one time axis.
    public func svg(title: String) -> String {
        let width = 960.0
        let left = 70.0
        let right = 20.0
        let top = 40.0
        let laneHeight = 16.0
        let slots = shownSlotCount
        let chartTop = top + Double(slots) * laneHeight + 40
        let chartHeight = 220.0
        var document = SVGDocument(width: width, height: chartTop + chartHeight + 50)
        document.text(title, x: left, y: 20, size: 14, weight: "bold")
        let times = deltaRows.map(\.time.nanoseconds) + downStateRows.map(\.time.nanoseconds)
        guard let first = times.min(), let last = times.max() else {
            document.text("no contacts", x: left, y: top + 20, size: 12)
            return document.finish()
        }
        let span = Double(max(last - first, 1))
        func x(_ time: Timestamp) -> Double { left + Double(time.nanoseconds - first) / span * (width - left - right) }

        // Touch-down state.
        for slot in 0..<slots {
            let y = top + Double(slot) * laneHeight
            document.text("slot \(slot)", x: 8, y: y + laneHeight - 4, size: 11)
            document.line(
                from: Point(x: left, y: y + laneHeight), to: Point(x: width - right, y: y + laneHeight), stroke: "#ddd")
        }
        var downSince: [Int: Timestamp] = [:]
        let end = Timestamp(nanoseconds: last)
        func bar(_ slot: Int, from: Timestamp, to: Timestamp) {
            let colour = SVGRenderer.palette[slot % SVGRenderer.palette.count]
            document.rect(
                x: x(from), y: top + Double(slot) * laneHeight + 3, width: max(1, x(to) - x(from)),
                height: laneHeight - 6, fill: colour, stroke: "none")
        }
        for row in downStateRows {
            let down = Set(row.down)
            for (slot, since) in downSince where !down.contains(slot) {
                bar(slot, from: since, to: row.time)
                downSince[slot] = nil
            }
            for slot in row.down where downSince[slot] == nil { downSince[slot] = row.time }
        }
        for (slot, since) in downSince.sorted(by: { $0.key < $1.key }) { bar(slot, from: since, to: end) }

        // Motion per report.
        var largest = 1.0
        for row in deltaRows {
            for entry in row.entries {
                if case .moved(let dx, let dy, _, _) = entry.change {
                    largest = max(largest, (Double(dx) * Double(dx) + Double(dy) * Double(dy)).squareRoot())
                }
            }
        }
        func y(_ length: Double) -> Double { chartTop + chartHeight - length / largest * chartHeight }
        document.line(
            from: Point(x: left, y: chartTop + chartHeight), to: Point(x: width - right, y: chartTop + chartHeight),
            stroke: "#888")
        document.line(from: Point(x: left, y: chartTop), to: Point(x: left, y: chartTop + chartHeight), stroke: "#888")
        document.text("\(Int(largest.rounded()))", x: 8, y: chartTop + 4, size: 11)
        document.text("0", x: 8, y: chartTop + chartHeight + 4, size: 11)
        document.text("delta per report (device units)", x: left, y: chartTop - 8, size: 11)
        var lines: [Int: [Point]] = [:]
        func flush(_ slot: Int) {
            guard let points = lines[slot], !points.isEmpty else { return }
            let colour = SVGRenderer.palette[slot % SVGRenderer.palette.count]
            if points.count == 1 {
                document.circle(center: points[0], radius: 2, fill: colour, stroke: "none")
            } else {
                document.polyline(points, stroke: colour, width: 1.5)
            }
            lines[slot] = nil
        }
        for row in deltaRows {
            for entry in row.entries {
                switch entry.change {
                case .began:
                    flush(entry.slot)
                    lines[entry.slot] = [Point(x: x(row.time), y: y(0))]
                case .moved(let dx, let dy, _, _):
                    let length = (Double(dx) * Double(dx) + Double(dy) * Double(dy)).squareRoot()
                    lines[entry.slot, default: []].append(Point(x: x(row.time), y: y(length)))
                case .ended:
                    flush(entry.slot)
                }
            }
        }
        for slot in lines.keys.sorted() { flush(slot) }

        // Time axis.
        let seconds = span / 1e9
        let step = SVGRenderer.tickStep(for: seconds)
        var tick = 0.0
        while tick <= seconds + 1e-9 {
            let tx = left + tick / seconds * (width - left - right)
            document.line(
                from: Point(x: tx, y: chartTop + chartHeight), to: Point(x: tx, y: chartTop + chartHeight + 5),
                stroke: "#888")
            document.text(SVGRenderer.format(tick), x: tx - 10, y: chartTop + chartHeight + 18, size: 10)
            tick += step
        }
        document.text(
            "seconds from \(Self.clock(Timestamp(nanoseconds: first)))", x: left, y: chartTop + chartHeight + 36,
            size: 11)
        return document.finish()
    }
}
