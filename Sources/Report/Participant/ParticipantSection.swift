import Foundation

/// The participant view: every session over the days, with the share of good signal per session and
/// the reaction-time score trend, then a table of the sessions (and links to each block's section
/// when the page holds them), in the words of the participant's language.
struct ParticipantSection {
    var participant: String
    var rows: [SessionRow]
    var words = ReportWords.englishWords
    /// The study days completed of the days so far, when the caller knows the schedule.
    var completion: StudyCompletion?

    var html: String {
        var out = "<section class=\"participant\">"
        out += "<dl class=\"meta\">"
        let studies = Array(Set(rows.compactMap(\.study))).sorted()
        // Each field's anchor is its English name, whatever the language shown.
        let english = ReportWords.englishWords
        let words = words
        var items: [(ReportText, String)] = [
            (.participant, participant), (.study, studies.isEmpty ? "–" : studies.joined(separator: ", ")),
            (.sessionsWithEEG, "\(rows.count)"), (.blocks, "\(rows.reduce(0) { $0 + $1.blocks })"),
            (.signalRecorded, words.duration(rows.reduce(0) { $0 + $1.seconds })),
            (
                .firstLast,
                [rows.compactMap(\.start).min(), rows.compactMap(\.start).max()].map { $0.map(words.time) ?? "–" }.joined(separator: " – ")
            ),
        ]
        if let completion {
            items.append((.daysCompleted, words(.daysCompletedValue, completion.daysCompleted, completion.daysSoFar, completion.days)))
        }
        out += items.map {
            "<div><dt>\(HTML.escape(words($0.0)))</dt><dd data-field=\"\(HTML.escape(SessionSection.anchor(english($0.0))))\">\(HTML.escape($0.1))</dd></div>"
        }.joined()
        out += "</dl>"
        out += qualityFigure
        out += reactionTimeFigure
        out += table
        return out + "</section>"
    }

    /// A short label for a session on an axis: `d3 s7`.
    static func label(_ row: SessionRow) -> String {
        "d\(row.day.map(String.init) ?? "?") s\(row.session.map(String.init) ?? "?")"
    }

    private var ticks: [Double]? {
        rows.count <= 16 ? rows.indices.map { Double($0 + 1) } : nil
    }

    private func xLabel(_ x: Double) -> String {
        let i = Int(x.rounded()) - 1
        return rows.indices.contains(i) ? Self.label(rows[i]) : ""
    }

    /// A stacked bar per session: the shares of windows graded good, medium and bad.
    private var qualityFigure: String {
        let frame = ChartFrame(height: 210, x: 0.5...(Double(max(1, rows.count)) + 0.5), y: 0...1)
        var out = frame.open(label: words(.qualityTitle))
        out += frame.axes(xFormat: xLabel, yFormat: { HTML.percent($0) }, xTicks: ticks)
        let width = min(48, frame.plotWidth / Double(max(1, rows.count)) * 0.6)
        for (i, row) in rows.enumerated() {
            var base = 0.0
            let x = frame.px(Double(i + 1)) - width / 2
            for (share, color) in [
                (row.goodFraction, ChartPalette.good), (row.mediumFraction, ChartPalette.medium), (row.badFraction, ChartPalette.bad),
            ] {
                guard share.isFinite, share > 0, let top = frame.py(base + share), let bottom = frame.py(base) else { continue }
                out +=
                    "<rect x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(top))\" width=\"\(HTML.coordinate(width))\" height=\"\(HTML.coordinate(bottom - top))\" fill=\"\(color)\"><title>\(HTML.escape(Self.label(row))): \(HTML.percent(share))</title></rect>"
                base += share
            }
        }
        out +=
            "</svg>"
            + ChartPalette.legend([(words(.good), ChartPalette.good), (words(.medium), ChartPalette.medium), (words(.bad), ChartPalette.bad)])
        return
            "<h3>\(HTML.escape(words(.qualityTitle)))</h3><figure class=\"fig-sessions\">\(out)<figcaption>\(HTML.escape(words(.qualityCaption)))</figcaption></figure>"
    }

    private var reactionTimeFigure: String {
        let scored = rows.enumerated().filter { $0.element.reactionTimeMs != nil }
        guard !scored.isEmpty else { return "" }
        let values = scored.compactMap(\.element.reactionTimeMs)
        let hi = (values.max() ?? 500) * 1.15, lo = max(0, (values.min() ?? 0) * 0.85)
        let points = scored.map { (x: Double($0.offset + 1), y: $0.element.reactionTimeMs ?? .nan) }
        let chart = LineChart(
            frame: ChartFrame(height: 200, x: 0.5...(Double(max(1, rows.count)) + 0.5), y: lo...max(hi, lo + 1)),
            series: [.init(name: words(.scoreSeries), color: ChartPalette.color(0), points: points, dots: true)],
            label: words(.scoreLabel),
            xFormat: xLabel, yFormat: { words.decimal(ChartFrame.tickLabel($0)) + " ms" }, xTicks: ticks)
        return
            "<h3>\(HTML.escape(words(.scoreTitle)))</h3><figure class=\"fig-scores\">\(chart.svg)<figcaption>\(HTML.escape(words(.scoreCaption)))</figcaption></figure>"
    }

    private var table: String {
        // Numeric columns right-aligned: day, session, blocks, duration, good signal, trials, score.
        let numeric: Set<Int> = [1, 2, 4, 5, 6, 8, 9]
        let columns = words(.sessionColumns).components(separatedBy: "|").enumerated().map { i, name in
            "<th\(numeric.contains(i) ? " class=\"num\"" : "")>\(HTML.escape(name))</th>"
        }
        var out =
            "<h3>\(HTML.escape(words(.sessions)))</h3><div class=\"scroll\"><table class=\"sessions\"><thead><tr>\(columns.joined())</tr></thead><tbody>"
        for row in rows {
            out +=
                "<tr><td>\(HTML.escape(row.start.map(words.time) ?? "–"))</td><td class=\"num\">\(row.day.map(String.init) ?? "–")</td><td class=\"num\">\(row.session.map(String.init) ?? "–")</td>"
            out +=
                "<td>\(HTML.escape(row.paradigms.joined(separator: ", ")))</td><td class=\"num\">\(row.blocks)\(row.incomplete > 0 ? " (\(HTML.escape(words(.incomplete, row.incomplete))))" : "")</td>"
            out +=
                "<td class=\"num\">\(HTML.escape(words.duration(row.seconds)))</td><td class=\"num\">\(HTML.percent(row.goodFraction))</td><td data-quality=\"\(row.qualityOriginText)\">\(HTML.escape(row.verdict(in: words)))</td>"
            out +=
                "<td class=\"num\">\(row.trials > 0 ? String(row.trials) : "–")</td><td class=\"num\">\(row.reactionTimeMs.map { words.number($0, 0) + " ms" } ?? "–")</td></tr>"
        }
        return out + "</tbody></table></div>"
    }
}
