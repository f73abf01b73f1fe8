import Foundation

/// A log-log plot of one scaling table as a standalone SVG: the measured cost per size (dots joined by a line)
/// and a dashed reference line of slope 1 (linear growth) through the first point, with decade ticks and
/// labels on both axes. Hand-written SVG, no dependency.
struct LogLogPlot {
    /// The title above the plot.
    var title: String
    /// The label under the x axis (the size).
    var xLabel: String
    /// The label beside the y axis (the cost).
    var yLabel: String
    /// The measured points: size, cost (both > 0).
    var points: [(x: Double, y: Double)]
    /// What the reference line is, in the legend.
    var referenceLabel = "linear (slope 1)"

    private let width = 640.0, height = 440.0
    private let left = 90.0, right = 24.0, top = 48.0, bottom = 64.0

    /// The SVG document.
    func svg() -> String {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let first = points.first, let xMin = xs.min(), let xMax = xs.max(), let yMin0 = ys.min(),
            let yMax0 = ys.max()
        else { return "" }
        // The reference line through the first point, slope 1, over the x range.
        let reference = [(x: xMin, y: first.y * xMin / first.x), (x: xMax, y: first.y * xMax / first.x)]
        let yMin = min(yMin0, reference[0].y, reference[1].y), yMax = max(yMax0, reference[0].y, reference[1].y)
        let xRange = decades(xMin, xMax), yRange = decades(yMin, yMax)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ x: Double) -> Double { left + (log10(x) - xRange.lower) / (xRange.upper - xRange.lower) * plotWidth }
        func py(_ y: Double) -> Double { top + (yRange.upper - log10(y)) / (yRange.upper - yRange.lower) * plotHeight }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(width / 2))" y="24" text-anchor="middle" font-size="14" font-weight="bold">\(escape(title))</text>

            """
        // Grid and ticks: every decade labelled, 2–9 as minor grid lines.
        for value in gridValues(yRange) {
            let y = py(value.value)
            out += line(left, y, width - right, y, stroke: value.isDecade ? "#bbb" : "#eee")
            guard value.isDecade else { continue }
            out += line(left - 5, y, left, y, stroke: "black")
            out += "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(label(value.value))</text>\n"
        }
        for value in gridValues(xRange) {
            let x = px(value.value)
            out += line(x, top, x, height - bottom, stroke: value.isDecade ? "#bbb" : "#eee")
            guard value.isDecade else { continue }
            out += line(x, height - bottom, x, height - bottom + 5, stroke: "black")
            out += "<text x=\"\(f(x))\" y=\"\(f(height - bottom + 19))\" text-anchor=\"middle\">\(label(value.value))</text>\n"
        }
        // Axes and their labels.
        out += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"black\"/>\n"
        out += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 18))\" text-anchor=\"middle\">\(escape(xLabel)) (log scale)</text>\n"
        out += "<text x=\"18\" y=\"\(f(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(f(top + plotHeight / 2)))\">\(escape(yLabel)) (log scale)</text>\n"
        // Reference line, then the measurement.
        out += line(px(reference[0].x), py(reference[0].y), px(reference[1].x), py(reference[1].y), stroke: "#888", extra: "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"")
        let path = points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
        out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>\n"
        for point in points {
            out += "<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3.5\" fill=\"#c0392b\"><title>\(label(point.x)): \(String(format: "%.3g", point.y))</title></circle>\n"
        }
        // Legend, top left inside the plot.
        let lx = left + 12, ly = top + 16
        out += "<rect x=\"\(f(lx - 6))\" y=\"\(f(ly - 12))\" width=\"190\" height=\"40\" fill=\"white\" stroke=\"#ccc\"/>\n"
        out += line(lx, ly - 4, lx + 24, ly - 4, stroke: "#c0392b", extra: "stroke-width=\"2\"")
        out += "<text x=\"\(f(lx + 30))\" y=\"\(f(ly))\">measured</text>\n"
        out += line(lx, ly + 14, lx + 24, ly + 14, stroke: "#888", extra: "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"")
        out += "<text x=\"\(f(lx + 30))\" y=\"\(f(ly + 18))\">\(escape(referenceLabel))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// One `<line>` element from (x1, y1) to (x2, y2), in pixels.
    private func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, extra: String = ""
    ) -> String {
        let attributes = extra.isEmpty ? "" : " " + extra
        return "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(stroke)\"\(attributes)/>\n"
    }

    /// The grid lines of an axis spanning the decades `range`: 1–9 × each power of ten inside it.
    private func gridValues(_ range: (lower: Double, upper: Double)) -> [(value: Double, isDecade: Bool)] {
        var values: [(value: Double, isDecade: Bool)] = []
        for decade in Int(range.lower)...Int(range.upper) {
            for multiple in 1...9 {
                let value = Double(multiple) * pow(10, Double(decade))
                let exponent = log10(value)
                guard exponent >= range.lower - 1e-9, exponent <= range.upper + 1e-9 else { continue }
                values.append((value, multiple == 1))
            }
        }
        return values
    }

    /// The whole decades (as exponents) that hold `low...high`.
    private func decades(_ low: Double, _ high: Double) -> (lower: Double, upper: Double) {
        let lower = floor(log10(low)), upper = ceil(log10(high))
        return (lower, upper > lower ? upper : lower + 1)
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A tick label: plain numbers from 0.001 to 100k, powers of ten beyond.
    private func label(_ value: Double) -> String {
        if value >= 1, value < 1e6, value == value.rounded() {
            let integer = Int(value)
            return integer >= 1000 && integer % 1000 == 0 ? "\(integer / 1000)k" : "\(integer)"
        }
        if value >= 0.001, value < 1 { return String(format: "%g", value) }
        return "1e\(Int(log10(value).rounded()))"
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
