/// Signal quality over time as a strip per channel: each column the worst grade in its time bin
/// (green good, amber medium, red bad, grey not judged), so a short bad stretch is never averaged
/// away.
struct GradeStrip {
    /// Per row (time in seconds of signal) the grade of each channel (1, 2, 4; NaN while warming up).
    var rows: DigestSeries<Float>
    var channels: [String]
    var duration: Double
    var overlay: TimelineOverlay
    /// The language of its labels.
    var words = ReportWords.englishWords

    var svg: String {
        let lane = 22.0
        var frame = ChartFrame(height: lane * Double(max(1, channels.count)) + 36, x: 0...max(duration, 0.001), y: 0...1)
        frame.left = 64
        var out = frame.open(label: words(.gradeLabel))
        let words = words
        out += frame.axes(xFormat: { words.decimal(ChartFrame.timeLabel($0, span: duration)) }, yFormat: { _ in "" }, xTicks: ChartFrame.timeTicks(frame.x))
        let columns = 300
        let binSeconds = max(duration / Double(columns), 0.5)
        let bins = max(1, Int((duration / binSeconds).rounded(.up)))
        for (c, name) in channels.enumerated() {
            let y = frame.top + Double(c) * lane + 2
            out +=
                "<text x=\"\(HTML.coordinate(frame.left - 6))\" y=\"\(HTML.coordinate(y + lane / 2 + 2))\" text-anchor=\"end\" style=\"font-weight:600;fill:#1d2430\">\(HTML.escape(name))</text>"
            var worst = [Double](repeating: .nan, count: bins)
            for r in rows.indices where c < rows.width {
                // The grade covers the window ending at `time`; it is drawn where that window ends.
                let b = min(bins - 1, max(0, Int((rows.times[r] - 0.25) / binSeconds)))
                let g = rows.value(r, c)
                if g.isFinite, !(worst[b] >= g) { worst[b] = g }
            }
            var b = 0
            while b < bins {
                // Runs of equal colour as one rectangle: fewer elements, no hairlines between them.
                var e = b + 1
                while e < bins, worst[e] == worst[b] || (worst[e].isNaN && worst[b].isNaN) { e += 1 }
                let color =
                    worst[b] == 1 ? ChartPalette.good : worst[b] == 2 ? ChartPalette.medium : worst[b] == 4 ? ChartPalette.bad : ChartPalette.none
                let x0 = frame.px(Double(b) * binSeconds), x1 = frame.px(Double(e) * binSeconds)
                out +=
                    "<rect x=\"\(HTML.coordinate(x0))\" y=\"\(HTML.coordinate(y))\" width=\"\(HTML.coordinate(max(0.5, x1 - x0)))\" height=\"\(HTML.coordinate(lane - 4))\" fill=\"\(color)\"/>"
                b = e
            }
        }
        out += overlay.svg(in: frame)
        return out + "</svg>"
    }
}
