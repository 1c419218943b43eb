import Storage

/// Reaction-time latency per trial: a dot per trial coloured by outcome (misses, which have no
/// latency, as crosses along the top), and the block's median of correct trials as a dashed line.
/// The axis spans −300 ms … 3 s at most; a latency beyond it is drawn on the edge as a hollow dot.
struct TrialChart {
    var table: TrialTable
    /// The language of its labels.
    var words = ReportWords.englishWords

    static let colors = ["correct": ChartPalette.good, "anticipation": ChartPalette.medium, "wrongKey": "#8a6fb3", "miss": ChartPalette.bad]

    var svg: String {
        let latencies = table.trials.compactMap(\.latencyMs)
        // Early keys can be seconds before the stimulus; the axis stops at −300 ms (and 3 s) and
        // points beyond it sit on its edge (their value is in the table and the tooltip).
        let hi = min(3000, max(500, (latencies.max() ?? 500) * 1.1))
        let lo = max(-300, min(0, (latencies.min() ?? 0) * 1.1))
        let n = max(1, table.trials.count)
        let frame = ChartFrame(height: 220, x: 0.5...(Double(n) + 0.5), y: lo...hi)
        var out = frame.open(label: words(.trialsLabel))
        let words = words
        let ticks = n <= 20 ? (1...n).map(Double.init) : ChartFrame.ticks(1...Double(n), count: 10).filter { $0 >= 1 }
        out += frame.axes(xFormat: { String(Int($0)) }, yFormat: { words.decimal(ChartFrame.tickLabel($0)) + " ms" }, xTicks: ticks)
        if let median = table.medianCorrectLatencyMs, let y = frame.py(median) {
            out +=
                "<line x1=\"\(HTML.coordinate(frame.left))\" x2=\"\(HTML.coordinate(frame.left + frame.plotWidth))\" y1=\"\(HTML.coordinate(y))\" y2=\"\(HTML.coordinate(y))\" stroke=\"#1d2430\" stroke-dasharray=\"5 3\"/>"
            out +=
                "<text x=\"\(HTML.coordinate(frame.left + frame.plotWidth - 4))\" y=\"\(HTML.coordinate(y - 4))\" text-anchor=\"end\">\(HTML.escape(words(.medianLine, words.number(median, 0))))</text>"
        }
        for trial in table.trials {
            let x = HTML.coordinate(frame.px(Double(trial.trial)))
            let color = Self.colors[trial.outcome.rawValue] ?? "#6b6b6b"
            if let latency = trial.latencyMs, let y = frame.py(latency) {
                let beyond = !frame.y.contains(latency)
                out +=
                    "<circle cx=\"\(x)\" cy=\"\(HTML.coordinate(y))\" r=\"4\" \(beyond ? "fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"2\"" : "fill=\"\(color)\"")><title>\(HTML.escape(words(.trialPoint, trial.trial, words.number(latency, 0), words.outcome(trial.outcome))))</title></circle>"
            } else {
                let y = frame.top + 8
                out +=
                    "<path d=\"M\(x) \(HTML.coordinate(y))m-4 -4l8 8m0 -8l-8 8\" stroke=\"\(color)\" stroke-width=\"2\"><title>\(HTML.escape(words(.trialMiss, trial.trial, words.outcome(trial.outcome))))</title></path>"
            }
        }
        return out + "</svg>"
    }
}
