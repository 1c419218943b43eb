import DataSources
import Foundation
import Processing
import Storage

/// The session view of one recording as an HTML `<section>`: metadata, the QA verdict with its
/// reasons, a signal excerpt per channel, quality and band power over time with events and gaps,
/// the Welch spectrum, the per-channel table and, for a reaction-time block, the latency per trial.
/// Every text taken from the file is escaped; every other text and number is in `words`' language
/// (each metadata field's `data-field` anchor stays its English name).
struct SessionSection {
    var digest: RecordingDigest
    var words = ReportWords.englishWords

    var html: String {
        let d = digest, words = words
        var out = "<section class=\"recording\" id=\"recording-\(HTML.escape(Self.anchor(d.name)))\">"
        let heading = [
            d.paradigm ?? words(.recording), d.day.map { words(.dayN, $0) }, d.session.map { words(.sessionN, $0) }, d.run.map { words(.runN, $0) },
        ]
        .compactMap { $0 }.joined(separator: " · ")
        out += "<h2>\(HTML.escape(heading))</h2>"
        out += metadata
        out += verdict
        out += figure(
            words(.excerptTitle),
            caption: words(.excerptCaption, words.number(Double(d.excerpt.first?.count ?? 0) / d.samplingRate, 1)),
            SignalChart(channels: zip(d.channels, d.excerpt).map { ($0, $1) }, start: d.excerptStart, samplingRate: d.samplingRate, words: words).svg,
            id: "excerpt"
        )
        let overlay = d.overlay
        out += figure(
            words(.gradeTitle),
            caption: words(.gradeCaption, words.number(0.5, 1)),
            GradeStrip(rows: d.grades, channels: d.channels, duration: d.durationSeconds, overlay: overlay, words: words).svg
                + ChartPalette.legend(
                    [
                        (words(.good), ChartPalette.good), (words(.medium), ChartPalette.medium), (words(.bad), ChartPalette.bad),
                        (words(.notJudged), ChartPalette.none),
                    ]
                        + overlay.legend(in: words)),
            id: "quality")
        out += bandPowerFigure(overlay: overlay)
        out += heartRateFigure(overlay: overlay)
        out += spectrumFigure
        out += channelTable
        if let trials = d.trials { out += Self.trialsBlock(trials, words: words) }
        out += eventsTable
        return out + "</section>"
    }

    private var metadata: String {
        let d = digest, words = words
        var duration = words.duration(d.durationSeconds)
        if !d.outcome.isComplete {
            duration = d.outcome.reason.map { words(.durationIncompleteBecause, duration, words.endReason($0)) } ?? words(.durationIncomplete, duration)
        }
        var rows: [(ReportText, String)] = [
            (.study, d.study ?? "–"), (.paradigm, d.paradigm ?? "–"),
            (.daySessionRun, [d.day, d.session, d.run].map { $0.map(String.init) ?? "–" }.joined(separator: " / ")),
            (.start, d.startTime.map(words.time) ?? "–"),
            (.duration, duration),
            (.device, d.device + (d.serial.map { " · \($0)" } ?? "")),
            (.samplingRate, "\(words.number(d.samplingRate, d.samplingRate == d.samplingRate.rounded() ? 0 : 2)) Hz"),
            (.channels, d.channels.joined(separator: ", ")),
            (
                .lostSamples,
                // The EEG's first; other streams' losses after it, each named.
                (d.gapSamples == 0
                    ? words(.none)
                    : words(d.gaps.count == 1 ? .gapsOne : .gapsMany, d.gapSamples, d.gaps.count, words.number(Double(d.gapSamples) / d.samplingRate, 2)))
                    + d.streamLosses.map { "; \($0.stream) " + words($0.gaps == 1 ? .streamGapsOne : .streamGapsMany, $0.samples, $0.gaps) }.joined()
            ),
            (.mains, d.mains.map { "\(words.number($0, 0)) Hz" } ?? words(.mainsDetected)),
            (.participant, d.participant ?? "–"),
            (.file, (d.name as NSString).lastPathComponent),
        ]
        if let firmware = d.firmware { rows.insert((.firmware, firmware), at: 6) }
        // Each field's anchor is its English name, whatever the language shown.
        let english = ReportWords.englishWords
        // Whether the verdict's windows were read from the recording or recomputed, and why: page
        // metadata (`data-quality`, `data-quality-reason`), not a caption to translate.
        let origin = d.qualityOrigin
        return "<dl class=\"meta\" data-quality=\"\(origin.kind.rawValue)\" data-quality-reason=\"\(HTML.escape(origin.reason))\">"
            + rows.map {
                "<div><dt>\(HTML.escape(words($0.0)))</dt><dd data-field=\"\(HTML.escape(Self.anchor(english($0.0))))\">\(HTML.escape($0.1))</dd></div>"
            }
            .joined() + "</dl>"
    }

    private var verdict: String {
        let v = digest.verdict
        let cls = v == nil ? "unknown" : v == .passed ? "passed" : "failed"
        var out =
            "<h3>\(HTML.escape(words(.verdictTitle)))</h3><div class=\"verdict-box\"><span class=\"verdict \(cls)\">\(HTML.escape(words.verdict(v)))</span>"
        out += "<ul class=\"reasons\">"
        for reason in VerdictReasons(summary: digest.summary, channels: digest.channels, words: words).reasons {
            out += "<li\(reason.triggered ? " class=\"triggered\"" : "")>\(HTML.escape(reason.text))</li>"
        }
        return out + "</ul></div>"
    }

    private func bandPowerFigure(overlay: TimelineOverlay) -> String {
        let d = digest, words = words
        guard !d.bandPower.isEmpty else { return "" }
        let span = 0...max(d.durationSeconds, 0.001)
        var series: [LineChart.Series] = []
        for (k, band) in d.bands.enumerated() {
            let points = d.bandPower.indices.map { (x: d.bandPower.times[$0], y: d.bandPower.value($0, k)) }
            series.append(.init(name: band.name, color: ChartPalette.color(k), points: LineChart.averaged(points, bins: 600, span: span)))
        }
        let peak = d.bandPower.values.lazy.filter(\.isFinite).max() ?? 1
        let chart = LineChart(
            frame: ChartFrame(height: 220, x: span, y: 0...min(1, max(0.05, peak * 1.1))), series: series, label: words(.bandPowerLabel),
            xFormat: { words.decimal(ChartFrame.timeLabel($0, span: span.upperBound)) }, yFormat: { words.percent($0) }, overlay: overlay,
            xTicks: ChartFrame.timeTicks(span))
        let legend = ChartPalette.legend(
            d.bands.enumerated().map { ("\($1.name) \(words.number($1.low, 0))–\(words.number($1.high, 0)) Hz", ChartPalette.color($0)) }
                + overlay.legend(in: words))
        return figure(words(.bandPowerTitle), caption: words(.bandPowerCaption), chart.svg + legend, id: "bandpower")
    }

    /// Heart rate over time from the stored beats, with the block's mean and RMSSD and the optics
    /// found flat or saturated (``HeartRateDigest``).
    private func heartRateFigure(overlay: TimelineOverlay) -> String {
        let d = digest, words = words
        guard let h = d.heartRate else { return "" }
        let bad =
            h.badChannels.isEmpty ? "" : words(.heartRateBadChannels, h.badChannels.map { "\($0.label) \($0.condition.word)" }.joined(separator: ", "))
        guard let channel = h.channel, !h.points.isEmpty else {
            return figure(words(.heartRateTitle), caption: words(.heartRateNone, h.stream) + bad, "", id: "heartrate")
        }
        let span = 0...max(d.durationSeconds, 0.001)
        let low = max(30, (h.points.map(\.y).min() ?? 60) - 10), high = min(220, (h.points.map(\.y).max() ?? 100) + 10)
        let chart = LineChart(
            frame: ChartFrame(height: 180, x: span, y: low...max(low + 10, high)),
            series: [.init(name: words(.heartRateLabel), color: ChartPalette.color(0), points: h.points)], label: words(.heartRateLabel),
            xFormat: { words.decimal(ChartFrame.timeLabel($0, span: span.upperBound)) }, yFormat: { words.number($0, 0) }, overlay: overlay,
            xTicks: ChartFrame.timeTicks(span))
        let caption = words(
            .heartRateCaption, h.stream, channel, h.accepted, h.beats, h.meanBPM.map { words.number($0, 1) } ?? "–",
            h.rmssd.map { words.number($0, 1) } ?? "–", words.percent(h.usableShare), bad)
        return figure(words(.heartRateTitle), caption: caption, chart.svg, id: "heartrate")
    }

    private var spectrumFigure: String {
        let d = digest, words = words
        guard !d.spectra.isEmpty else { return "" }
        let top = min(d.samplingRate / 2, 60)
        var lo = Double.infinity, hi = 0.0
        var series: [LineChart.Series] = []
        for (c, spectrum) in d.spectra.enumerated() where spectrum.segmentCount > 0 {
            var points: [(x: Double, y: Double)] = []
            for (k, p) in spectrum.density.enumerated() {
                let f = spectrum.frequency(ofBin: k)
                guard f >= 0.5, f <= top else { continue }
                points.append((f, p))
                if p > 0, p.isFinite { lo = min(lo, p); hi = max(hi, p) }
            }
            series.append(.init(name: c < d.channels.count ? d.channels[c] : "\(c + 1)", color: ChartPalette.color(c), points: points))
        }
        guard hi > 0, lo.isFinite else {
            let why = words(d.includesBadWindows ? .spectrumNoGapFree : .spectrumNoClean)
            return figure(words(.spectrumTitle), caption: words(.spectrumMissing, why), "", id: "spectrum")
        }
        lo = max(lo, hi * 1e-7)
        var frame = ChartFrame(height: 240, x: 0...top, y: pow(10, floor(log10(lo)))...pow(10, ceil(log10(hi))))
        frame.logY = true
        let chart = LineChart(
            frame: frame, series: series, label: words(.spectrumLabel), xFormat: { words.decimal(ChartFrame.tickLabel($0)) + " Hz" },
            yFormat: { words.decimal(ChartFrame.tickLabel($0)) }, spans: d.bands.map { ($0.low, $0.high, $0.name) })
        let used = d.segmentsUsed.first ?? 0
        let total = used + (d.segmentsSkipped.first ?? 0)
        let leftOut = words(d.includesBadWindows ? .leftOutGaps : .leftOutAll)
        return figure(
            words(.spectrumTitle), caption: words(.spectrumCaption, leftOut, used, total),
            chart.svg + ChartPalette.legend(series.map { ($0.name, $0.color) }), id: "spectrum")
    }

    private var channelTable: String {
        let d = digest, words = words
        let n = Double(d.summary.windowCount)
        let headers = words.columns(.channelColumns).enumerated().map { "<th\($0.offset > 0 ? " class=\"num\"" : "")>\(HTML.escape($0.element))</th>" }
        var out =
            "<h3>\(HTML.escape(words(.perChannelTitle)))</h3><div class=\"scroll\"><table class=\"channels\"><thead><tr>\(headers.joined())"
        for band in d.bands where !d.wholeBandPowers.isEmpty { out += "<th class=\"num\">\(HTML.escape(band.name)) (%)</th>" }
        if !d.wholeBandPowers.isEmpty { out += "<th class=\"num\">\(HTML.escape(words(.segments)))</th>" }
        out += "</tr></thead><tbody>"
        for (c, name) in d.channels.enumerated() {
            let counts = c < d.summary.gradeCounts.count ? d.summary.gradeCounts[c] : [0, 0, 0]
            out +=
                "<tr><td>\(HTML.escape(name))</td>" + counts.map { "<td class=\"num\">\(words.percent(n > 0 ? Double($0) / n : .nan))</td>" }.joined()
            if c < d.wholeBandPowers.count {
                let p = d.wholeBandPowers[c]
                out += p.relative.map { "<td class=\"num\">\(p.invalidReason == nil ? words.percent($0) : "–")</td>" }.joined()
                let used = c < d.segmentsUsed.count ? d.segmentsUsed[c] : 0
                out += "<td class=\"num\">\(HTML.escape(words(.usedOf, used, used + (c < d.segmentsSkipped.count ? d.segmentsSkipped[c] : 0))))</td>"
            }
            out += "</tr>"
        }
        out += "</tbody></table></div>"
        if !d.wholeBandPowers.isEmpty {
            out += "<p class=\"note\">\(HTML.escape(words(.channelNote, d.includesBadWindows ? "" : words(.channelNoteLeftOut))))</p>"
        }
        return out
    }

    /// The reaction-time part: the chart and the table of trials, in `words`' language.
    static func trialsBlock(_ table: TrialTable, words: ReportWords = .englishWords) -> String {
        var out = "<h3>\(HTML.escape(words(.trialsTitle)))</h3>"
        let correct = table.trials.filter { $0.outcome == .correct }.count
        let ms = { (value: Double?) in value.map { words.number($0, 0) + " ms" } ?? "–" }
        out +=
            "<p>\(HTML.escape(words(.trialsSummary, table.trials.count, correct, ms(table.medianCorrectLatencyMs), ms(table.sessionMedianLatencyMs))))</p>"
        out += "<figure class=\"fig-trials\">" + TrialChart(table: table, words: words).svg
        let outcomes: [ReactionTimeOutcome] = [.correct, .anticipation, .wrongKey, .miss]
        out += ChartPalette.legend(outcomes.map { (words.outcome($0), TrialChart.colors[$0.rawValue] ?? "") }) + "</figure>"
        let numeric: Set<Int> = [0, 2]
        let headers = words.columns(.trialsColumns).enumerated().map {
            "<th\(numeric.contains($0.offset) ? " class=\"num\"" : "")>\(HTML.escape($0.element))</th>"
        }
        out += "<div class=\"scroll\"><table class=\"trials\"><thead><tr>\(headers.joined())</tr></thead><tbody>"
        for t in table.trials {
            out +=
                "<tr><td class=\"num\">\(t.trial)</td><td>\(HTML.escape(words.outcome(t.outcome)))</td><td class=\"num\">\(t.latencyMs.map { words.number($0, 1) } ?? "–")</td><td>\(HTML.escape(t.response.map(words.key) ?? "–"))</td></tr>"
        }
        return out + "</tbody></table></div>"
    }

    private var eventsTable: String {
        let d = digest, words = words
        guard !d.events.isEmpty else { return "" }
        let limit = 200
        let headers = words.columns(.eventsColumns).enumerated().map { "<th\($0.offset < 3 ? " class=\"num\"" : "")>\(HTML.escape($0.element))</th>" }
        var out =
            "<h3>\(HTML.escape(words(.eventsTitle)))</h3><div class=\"scroll\"><table class=\"events\"><thead><tr>\(headers.joined())</tr></thead><tbody>"
        for e in d.events.prefix(limit) {
            out +=
                "<tr><td class=\"num\">\(words.number(Double(e.sample) / d.samplingRate, 2))</td><td class=\"num\">\(e.sample)</td><td class=\"num\">\(e.code)</td><td>\(HTML.escape(words.eventLabel(e)))</td></tr>"
        }
        out += "</tbody></table></div>"
        if d.events.count > limit {
            out += "<p class=\"note\">\(HTML.escape(words(.moreEvents, d.events.count - limit)))</p>"
        }
        return out
    }

    private func figure(_ title: String, caption: String, _ content: String, id: String) -> String {
        "<h3>\(HTML.escape(title))</h3><figure class=\"fig-\(id)\">\(content)<figcaption>\(HTML.escape(caption))</figcaption></figure>"
    }

    /// `text` reduced to `[a-z0-9-]` for ids.
    static func anchor(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII ? $0 : "-" })
    }
}
