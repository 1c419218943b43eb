import Foundation

/// The plot area of a chart and the mapping from data to SVG coordinates, with the axes, grid and
/// tick labels every chart of the report shares. Charts are drawn in a fixed `viewBox` and scale to
/// the page width (CSS `width:100%`), so they stay sharp on a phone and in print.
struct ChartFrame {
    /// The whole chart in SVG units.
    var width: Double = 900
    var height: Double = 200
    /// Space for the tick labels.
    var left: Double = 56
    var right: Double = 24
    var top: Double = 10
    var bottom: Double = 26
    /// The data ranges shown.
    var x: ClosedRange<Double>
    var y: ClosedRange<Double>
    /// Whether y is drawn on a log10 scale (values ≤ 0 are left out).
    var logY = false

    var plotWidth: Double { width - left - right }
    var plotHeight: Double { height - top - bottom }

    /// The SVG x of a data x (clamped to the plot).
    func px(_ value: Double) -> Double {
        let span = x.upperBound - x.lowerBound
        let f = span > 0 ? (value - x.lowerBound) / span : 0
        return left + min(1, max(0, f)) * plotWidth
    }

    /// The SVG y of a data y (clamped), or `nil` when it cannot be drawn (NaN, or ≤ 0 on a log scale).
    func py(_ value: Double) -> Double? {
        guard value.isFinite, !logY || value > 0 else { return nil }
        let v = logY ? log10(value) : value
        let lo = logY ? log10(y.lowerBound) : y.lowerBound
        let hi = logY ? log10(y.upperBound) : y.upperBound
        let f = hi > lo ? (v - lo) / (hi - lo) : 0.5
        return top + (1 - min(1, max(0, f))) * plotHeight
    }

    /// The opening `<svg>` tag with an accessible label (escaped here).
    func open(label: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-label=\"\(HTML.escape(label))\">"
    }

    /// Grid lines and tick labels; `xFormat` turns an x tick into its label.
    func axes(xFormat: (Double) -> String, yFormat: ((Double) -> String)? = nil, xTicks: [Double]? = nil) -> String {
        var out =
            "<rect x=\"\(HTML.coordinate(left))\" y=\"\(HTML.coordinate(top))\" width=\"\(HTML.coordinate(plotWidth))\" height=\"\(HTML.coordinate(plotHeight))\" fill=\"#fbfcfe\" stroke=\"#d8dde5\"/>"
        for t in yTicks() {
            guard let y = py(t) else { continue }
            out +=
                "<line x1=\"\(HTML.coordinate(left))\" x2=\"\(HTML.coordinate(left + plotWidth))\" y1=\"\(HTML.coordinate(y))\" y2=\"\(HTML.coordinate(y))\" stroke=\"#e8ebf0\"/>"
            let label = yFormat?(t) ?? Self.tickLabel(t)
            out += "<text x=\"\(HTML.coordinate(left - 5))\" y=\"\(HTML.coordinate(y + 4))\" text-anchor=\"end\">\(HTML.escape(label))</text>"
        }
        for t in xTicks ?? Self.ticks(x, count: 8) {
            let x = px(t)
            out +=
                "<line x1=\"\(HTML.coordinate(x))\" x2=\"\(HTML.coordinate(x))\" y1=\"\(HTML.coordinate(top))\" y2=\"\(HTML.coordinate(top + plotHeight))\" stroke=\"#eef0f4\"/>"
            out += "<text x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(height - 8))\" text-anchor=\"middle\">\(HTML.escape(xFormat(t)))</text>"
        }
        return out
    }

    /// The y ticks: decades on a log scale, else about five round numbers.
    func yTicks() -> [Double] {
        if logY {
            let lo = Int(floor(log10(y.lowerBound))), hi = Int(ceil(log10(y.upperBound)))
            guard hi >= lo, hi - lo < 40 else { return [] }
            return (lo...hi).map { pow(10, Double($0)) }.filter { y.contains($0) }
        }
        return Self.ticks(y, count: 5)
    }

    /// Round tick values (1, 2, 5 × 10ⁿ steps) inside `range`, about `count` of them.
    static func ticks(_ range: ClosedRange<Double>, count: Int) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite, count > 0 else { return [range.lowerBound] }
        let raw = span / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var t = ceil(range.lowerBound / step) * step
        var out: [Double] = []
        while t <= range.upperBound + step * 1e-9, out.count < 50 {
            out.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return out
    }

    /// Ticks for a time axis in seconds: round numbers under two minutes, else steps a clock reads
    /// well (10, 15 or 30 s, 1, 2, 5, 10, 15 or 30 min, 1, 2 or 4 h), about `count` of them.
    static func timeTicks(_ range: ClosedRange<Double>, count: Int = 8) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span >= 120 else { return ticks(range, count: count) }
        let raw = span / Double(count)
        let step = [10.0, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400].first { $0 >= raw } ?? raw
        var t = ceil(range.lowerBound / step) * step
        var out: [Double] = []
        while t <= range.upperBound + 1e-9, out.count < 50 {
            out.append(t)
            t += step
        }
        return out
    }

    /// A compact label for a tick value.
    static func tickLabel(_ value: Double) -> String {
        if value == 0 { return "0" }
        let a = abs(value)
        if a >= 10000 || a < 0.001 { return String(format: "%.0e", value) }
        if a >= 10 || value == value.rounded() { return String(format: "%.0f", value) }
        if a >= 1 { return String(format: "%.1f", value) }
        return String(format: "%g", (value * 1000).rounded() / 1000)
    }

    /// A time label for seconds from the start: `42 s` under two minutes, else `m:ss` or `h:mm:ss`.
    static func timeLabel(_ seconds: Double, span: Double) -> String {
        if span < 120 { return String(format: "%g s", (seconds * 10).rounded() / 10) }
        let total = Int(seconds.rounded())
        if total >= 3600 { return String(format: "%d:%02d:%02d", total / 3600, (total % 3600) / 60, total % 60) }
        return String(format: "%d:%02d", total / 60, total % 60)
    }

    /// A path through `points` that breaks where a value is missing (NaN), and where the series
    /// skips time (two points more than twice the series' usual step apart: rows a series does not
    /// have, e.g. across a gap), so a gap is never bridged by a straight line.
    func path(_ points: [(x: Double, y: Double)]) -> String {
        let steps = zip(points, points.dropFirst()).map { $1.x - $0.x }.filter { $0.isFinite && $0 > 0 }.sorted()
        let longest = steps.isEmpty ? Double.infinity : 2 * steps[steps.count / 2]
        var d = ""
        var pen = false
        var lastX = -Double.infinity
        for p in points {
            guard p.x.isFinite, let y = py(p.y) else {
                pen = false
                continue
            }
            if p.x - lastX > longest { pen = false }
            d += (pen ? "L" : "M") + HTML.coordinate(px(p.x)) + " " + HTML.coordinate(y)
            pen = true
            lastX = p.x
        }
        return d
    }
}
