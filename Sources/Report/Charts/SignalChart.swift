/// The signal excerpt: one lane per channel, each scaled to its own range, drawn from min/max pairs
/// per pixel column so spikes survive the reduction; lost samples break the line.
struct SignalChart {
    /// Per channel the values (µV, NaN where lost) and its name.
    var channels: [(name: String, values: [Double])]
    /// The excerpt's start in seconds and the sampling rate.
    var start: Double
    var samplingRate: Double
    /// The language of its labels.
    var words = ReportWords.englishWords

    var svg: String {
        let lane = 74.0
        let count = max(1, channels.count)
        let seconds = Double(channels.first?.values.count ?? 0) / samplingRate
        var frame = ChartFrame(height: lane * Double(count) + 30, x: start...(start + max(seconds, 1 / samplingRate)), y: 0...1)
        frame.left = 80
        var out = frame.open(label: words(.excerptLabel, words.number(seconds, 0), words.number(start, 0)))
        out +=
            "<rect x=\"\(HTML.coordinate(frame.left))\" y=\"\(HTML.coordinate(frame.top))\" width=\"\(HTML.coordinate(frame.plotWidth))\" height=\"\(HTML.coordinate(frame.plotHeight))\" fill=\"#fbfcfe\" stroke=\"#d8dde5\"/>"
        for t in ChartFrame.ticks(frame.x, count: 10) {
            let x = frame.px(t)
            out +=
                "<line x1=\"\(HTML.coordinate(x))\" x2=\"\(HTML.coordinate(x))\" y1=\"\(HTML.coordinate(frame.top))\" y2=\"\(HTML.coordinate(frame.top + frame.plotHeight))\" stroke=\"#eef0f4\"/>"
            out +=
                "<text x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(frame.height - 8))\" text-anchor=\"middle\">\(HTML.escape(words.decimal(ChartFrame.timeLabel(t, span: 0))))</text>"
        }
        for (i, channel) in channels.enumerated() {
            let finite = channel.values.filter(\.isFinite)
            let lo = finite.min() ?? -1, hi = finite.max() ?? 1
            let pad = max(1e-9, (hi - lo) * 0.05)
            let top = frame.top + Double(i) * lane
            var laneFrame = frame
            laneFrame.top = top + 4
            laneFrame.bottom = frame.height - top - lane + 4
            laneFrame.y = (lo - pad)...(hi + pad)
            if i > 0 {
                out +=
                    "<line x1=\"\(HTML.coordinate(frame.left))\" x2=\"\(HTML.coordinate(frame.left + frame.plotWidth))\" y1=\"\(HTML.coordinate(top))\" y2=\"\(HTML.coordinate(top))\" stroke=\"#d8dde5\"/>"
            }
            out +=
                "<text x=\"\(HTML.coordinate(frame.left - 6))\" y=\"\(HTML.coordinate(top + lane / 2))\" text-anchor=\"end\" style=\"font-weight:600;fill:#1d2430\">\(HTML.escape(channel.name))</text>"
            out +=
                "<text x=\"\(HTML.coordinate(frame.left - 6))\" y=\"\(HTML.coordinate(top + lane / 2 + 13))\" text-anchor=\"end\">\(HTML.escape(words.number(hi - lo, 0))) µV</text>"
            out +=
                "<path d=\"\(laneFrame.path(Self.reduce(channel.values, start: start, rate: samplingRate, columns: 700)))\" fill=\"none\" stroke=\"\(ChartPalette.color(i))\" stroke-width=\"1\" stroke-linejoin=\"round\"/>"
        }
        return out + "</svg>"
    }

    /// `values` reduced to a min and a max per column (in time order), NaN where a column has no
    /// value; short series are returned whole.
    static func reduce(_ values: [Double], start: Double, rate: Double, columns: Int) -> [(x: Double, y: Double)] {
        if values.count <= columns * 2 {
            return values.enumerated().map { (start + Double($0.offset) / rate, $0.element) }
        }
        var out: [(x: Double, y: Double)] = []
        let per = Double(values.count) / Double(columns)
        for c in 0..<columns {
            let from = Int(Double(c) * per), to = min(values.count, Int(Double(c + 1) * per))
            var lo = Double.infinity, hi = -Double.infinity, loAt = from, hiAt = from
            var missing = false
            for k in from..<to {
                let v = values[k]
                if v.isNaN { missing = true; continue }
                if v < lo { lo = v; loAt = k }
                if v > hi { hi = v; hiAt = k }
            }
            if lo > hi {
                out.append((start + Double(from) / rate, .nan))
                continue
            }
            let first = min(loAt, hiAt), second = max(loAt, hiAt)
            out.append((start + Double(first) / rate, values[first]))
            out.append((start + Double(second) / rate, values[second]))
            if missing { out.append((start + Double(to - 1) / rate, .nan)) }
        }
        return out
    }
}
