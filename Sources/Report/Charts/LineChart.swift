/// Lines over a shared x axis (time, frequency or session), one per named series, with optional
/// timeline overlay, dots and a horizontal reference line.
struct LineChart {
    /// A named series of points; NaN values break the line.
    struct Series {
        var name: String
        var color: String
        var points: [(x: Double, y: Double)]
        /// Draw a dot at each point (for sparse series such as one value per session).
        var dots = false
    }

    var frame: ChartFrame
    var series: [Series]
    var label: String
    var xFormat: (Double) -> String
    var yFormat: ((Double) -> String)?
    var overlay: TimelineOverlay?
    /// Shaded vertical spans with a caption (the frequency bands of a spectrum).
    var spans: [(from: Double, to: Double, caption: String)] = []
    /// Explicit x ticks (sessions), else round numbers.
    var xTicks: [Double]?

    var svg: String {
        var out = frame.open(label: label)
        out += frame.axes(xFormat: xFormat, yFormat: yFormat, xTicks: xTicks)
        for (i, span) in spans.enumerated() where span.to > frame.x.lowerBound && span.from < frame.x.upperBound {
            let x0 = frame.px(span.from), x1 = frame.px(span.to)
            if i % 2 == 0 {
                out +=
                    "<rect x=\"\(HTML.coordinate(x0))\" y=\"\(HTML.coordinate(frame.top))\" width=\"\(HTML.coordinate(x1 - x0))\" height=\"\(HTML.coordinate(frame.plotHeight))\" fill=\"#eef3fa\"/>"
            }
            out +=
                "<text x=\"\(HTML.coordinate((x0 + x1) / 2))\" y=\"\(HTML.coordinate(frame.top + 12))\" text-anchor=\"middle\">\(HTML.escape(span.caption))</text>"
        }
        if let overlay { out += overlay.svg(in: frame) }
        for s in series {
            out += "<path d=\"\(frame.path(s.points))\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"1.6\" stroke-linejoin=\"round\"/>"
            if s.dots {
                for p in s.points {
                    guard let y = frame.py(p.y) else { continue }
                    out += "<circle cx=\"\(HTML.coordinate(frame.px(p.x)))\" cy=\"\(HTML.coordinate(y))\" r=\"3.5\" fill=\"\(s.color)\"/>"
                }
            }
        }
        return out + "</svg>"
    }

    /// Every series' points reduced to at most `bins` averages, for long recordings (NaN kept where a
    /// bin has no value).
    static func averaged(_ points: [(x: Double, y: Double)], bins: Int, span: ClosedRange<Double>) -> [(x: Double, y: Double)] {
        guard points.count > bins, bins > 0 else { return points }
        let width = (span.upperBound - span.lowerBound) / Double(bins)
        guard width > 0 else { return points }
        var sums = [Double](repeating: 0, count: bins), counts = [Int](repeating: 0, count: bins), seen = [Bool](repeating: false, count: bins)
        for p in points {
            let b = min(bins - 1, max(0, Int((p.x - span.lowerBound) / width)))
            seen[b] = true
            if p.y.isFinite { sums[b] += p.y; counts[b] += 1 }
        }
        return (0..<bins).compactMap { b in
            guard seen[b] else { return nil }
            return (span.lowerBound + (Double(b) + 0.5) * width, counts[b] > 0 ? sums[b] / Double(counts[b]) : .nan)
        }
    }
}
