import DataSources
import Foundation
import Processing
import Storage

/// The session view of one recording as an HTML `<section>`: metadata, the QA verdict with its
/// reasons, a signal excerpt per channel, quality and band power over time with events and gaps,
/// the Welch spectrum, the per-channel table and, for a reaction-time block, the latency per trial.
/// Every text taken from the file is escaped.
struct SessionSection {
    var digest: RecordingDigest

    var html: String {
        let d = digest
        var out = "<section class=\"recording\" id=\"recording-\(HTML.escape(Self.anchor(d.name)))\">"
        let heading = [d.paradigm ?? "recording", d.day.map { "day \($0)" }, d.session.map { "session \($0)" }, d.run.map { "run \($0)" }]
            .compactMap { $0 }.joined(separator: " · ")
        out += "<h2>\(HTML.escape(heading))</h2>"
        out += metadata
        out += verdict
        out += figure(
            "Signal excerpt",
            caption:
                "\(HTML.number(Double(d.excerpt.first?.count ?? 0) / d.samplingRate, 1)) s from the middle of the recording, each channel on its own scale (the range is given under its name); breaks are lost samples.",
            SignalChart(channels: zip(d.channels, d.excerpt).map { ($0, $1) }, start: d.excerptStart, samplingRate: d.samplingRate).svg, id: "excerpt"
        )
        let overlay = d.overlay
        out += figure(
            "Signal quality over time",
            caption: "Grade of each 2 s window (updated every 0.5 s; the worst grade in each column is shown).",
            GradeStrip(rows: d.grades, channels: d.channels, duration: d.durationSeconds, overlay: overlay).svg
                + ChartPalette.legend(
                    [("good", ChartPalette.good), ("medium", ChartPalette.medium), ("bad", ChartPalette.bad), ("not judged", ChartPalette.none)]
                        + overlay.legend),
            id: "quality")
        out += bandPowerFigure(overlay: overlay)
        out += spectrumFigure
        out += channelTable
        if let trials = d.trials { out += Self.trialsBlock(trials) }
        out += eventsTable
        return out + "</section>"
    }

    private var metadata: String {
        let d = digest
        var rows: [(String, String)] = [
            ("Study", d.study ?? "–"), ("Paradigm", d.paradigm ?? "–"),
            ("Day / session / run", [d.day, d.session, d.run].map { $0.map(String.init) ?? "–" }.joined(separator: " / ")),
            ("Start (UTC)", d.startTime.map(HTML.time) ?? "–"),
            ("Duration", HTML.duration(d.durationSeconds) + (d.outcome.isComplete ? "" : " (incomplete)")),
            ("Device", d.device + (d.serial.map { " · \($0)" } ?? "")),
            ("Sampling rate", "\(HTML.number(d.samplingRate, d.samplingRate == d.samplingRate.rounded() ? 0 : 2)) Hz"),
            ("Channels", d.channels.joined(separator: ", ")),
            (
                "Lost samples",
                d.gapSamples == 0
                    ? "none"
                    : "\(d.gapSamples) in \(d.gaps.count) gap\(d.gaps.count == 1 ? "" : "s") (\(HTML.number(Double(d.gapSamples) / d.samplingRate, 2)) s)"
            ),
            ("Mains", d.mains.map { "\(HTML.number($0, 0)) Hz" } ?? "detected"),
            ("Participant", d.participant ?? "–"),
            ("File", (d.name as NSString).lastPathComponent),
        ]
        // Whether the verdict's windows were read from the recording or recomputed (and why).
        rows.append(("Quality windows", d.qualityOrigin.kind == .stored ? "read from the recording" : "recomputed: \(d.qualityOrigin.reason)"))
        if let firmware = d.firmware { rows.insert(("Firmware", firmware), at: 6) }
        return "<dl class=\"meta\">"
            + rows.map { "<div><dt>\(HTML.escape($0.0))</dt><dd data-field=\"\(HTML.escape(Self.anchor($0.0)))\">\(HTML.escape($0.1))</dd></div>" }
            .joined() + "</dl>"
    }

    private var verdict: String {
        let v = digest.verdict
        let cls = v == nil ? "unknown" : v == .passed ? "passed" : "failed"
        var out =
            "<h3>Quality verdict</h3><div class=\"verdict-box\"><span class=\"verdict \(cls)\">\(HTML.escape(v?.rawValue ?? "too short to judge"))</span>"
        out += "<ul class=\"reasons\">"
        for reason in VerdictReasons(summary: digest.summary, channels: digest.channels).reasons {
            out += "<li\(reason.triggered ? " class=\"triggered\"" : "")>\(HTML.escape(reason.text))</li>"
        }
        return out + "</ul></div>"
    }

    private func bandPowerFigure(overlay: TimelineOverlay) -> String {
        let d = digest
        guard !d.bandPower.isEmpty else { return "" }
        let span = 0...max(d.durationSeconds, 0.001)
        var series: [LineChart.Series] = []
        for (k, band) in d.bands.enumerated() {
            let points = d.bandPower.indices.map { (x: d.bandPower.times[$0], y: d.bandPower.value($0, k)) }
            series.append(.init(name: band.name, color: ChartPalette.color(k), points: LineChart.averaged(points, bins: 600, span: span)))
        }
        let peak = d.bandPower.values.lazy.filter(\.isFinite).max() ?? 1
        let chart = LineChart(
            frame: ChartFrame(height: 220, x: span, y: 0...min(1, max(0.05, peak * 1.1))), series: series, label: "Relative band power over time",
            xFormat: { ChartFrame.timeLabel($0, span: span.upperBound) }, yFormat: { HTML.percent($0) }, overlay: overlay,
            xTicks: ChartFrame.timeTicks(span))
        let legend = ChartPalette.legend(
            d.bands.enumerated().map { ("\($1.name) \(HTML.number($1.low, 0))–\(HTML.number($1.high, 0)) Hz", ChartPalette.color($0)) }
                + overlay.legend)
        return figure(
            "Band power over time",
            caption:
                "Relative band power (share of 1–45 Hz power) over the last 4 s, every second, averaged over the channels not graded bad; breaks where no channel could be used.",
            chart.svg + legend, id: "bandpower")
    }

    private var spectrumFigure: String {
        let d = digest
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
            let why = d.includesBadWindows ? "No gap-free 2 s segment" : "No 2 s segment free of gaps and of windows graded bad or off the head"
            return figure("Spectrum", caption: "\(why): the spectrum cannot be estimated.", "", id: "spectrum")
        }
        lo = max(lo, hi * 1e-7)
        var frame = ChartFrame(height: 240, x: 0...top, y: pow(10, floor(log10(lo)))...pow(10, ceil(log10(hi))))
        frame.logY = true
        let chart = LineChart(
            frame: frame, series: series, label: "Welch power spectral density per channel", xFormat: { ChartFrame.tickLabel($0) + " Hz" },
            yFormat: { ChartFrame.tickLabel($0) }, spans: d.bands.map { ($0.low, $0.high, $0.name) })
        let used = d.segmentsUsed.first ?? 0
        let total = used + (d.segmentsSkipped.first ?? 0)
        let leftOut = d.includesBadWindows ? "gaps left out" : "gaps, bad and off-head windows left out"
        return figure(
            "Spectrum",
            caption:
                "Welch PSD in µV²/Hz (log scale) of the whole recording: 2 s Hann segments, 50 % overlap, \(leftOut) (\(used) of \(total) segments on the first channel); bands shaded.",
            chart.svg + ChartPalette.legend(series.map { ($0.name, $0.color) }), id: "spectrum")
    }

    private var channelTable: String {
        let d = digest
        let n = Double(d.summary.windowCount)
        var out =
            "<h3>Per channel</h3><div class=\"scroll\"><table class=\"channels\"><thead><tr><th>channel</th><th class=\"num\">good</th><th class=\"num\">medium</th><th class=\"num\">bad</th>"
        for band in d.bands where !d.wholeBandPowers.isEmpty { out += "<th class=\"num\">\(HTML.escape(band.name)) (%)</th>" }
        if !d.wholeBandPowers.isEmpty { out += "<th class=\"num\">segments</th>" }
        out += "</tr></thead><tbody>"
        for (c, name) in d.channels.enumerated() {
            let counts = c < d.summary.gradeCounts.count ? d.summary.gradeCounts[c] : [0, 0, 0]
            out +=
                "<tr><td>\(HTML.escape(name))</td>" + counts.map { "<td class=\"num\">\(HTML.percent(n > 0 ? Double($0) / n : .nan))</td>" }.joined()
            if c < d.wholeBandPowers.count {
                let p = d.wholeBandPowers[c]
                out += p.relative.map { "<td class=\"num\">\(p.invalidReason == nil ? HTML.percent($0) : "–")</td>" }.joined()
                let used = c < d.segmentsUsed.count ? d.segmentsUsed[c] : 0
                out += "<td class=\"num\">\(used) of \(used + (c < d.segmentsSkipped.count ? d.segmentsSkipped[c] : 0))</td>"
            }
            out += "</tr>"
        }
        out += "</tbody></table></div>"
        if !d.wholeBandPowers.isEmpty {
            out +=
                "<p class=\"note\">Grades: share of 2 s windows. Bands: relative power of the whole recording (Welch, share of 1–45 Hz\(d.includesBadWindows ? "" : "; bad and off-head windows left out")).</p>"
        }
        return out
    }

    /// The reaction-time part: the chart and the table of trials.
    static func trialsBlock(_ table: TrialTable) -> String {
        var out = "<h3>Reaction time per trial</h3>"
        let correct = table.trials.filter { $0.outcome == .correct }.count
        out +=
            "<p>\(table.trials.count) trials, \(correct) correct; block median \(HTML.escape(table.medianCorrectLatencyMs.map { HTML.number($0, 0) + " ms" } ?? "–")), session median so far \(HTML.escape(table.sessionMedianLatencyMs.map { HTML.number($0, 0) + " ms" } ?? "–")).</p>"
        out += "<figure class=\"fig-trials\">" + TrialChart(table: table).svg
        out += ChartPalette.legend(["correct", "anticipation", "wrongKey", "miss"].map { ($0, TrialChart.colors[$0] ?? "") }) + "</figure>"
        out +=
            "<div class=\"scroll\"><table class=\"trials\"><thead><tr><th class=\"num\">trial</th><th>outcome</th><th class=\"num\">latency (ms)</th><th>key</th></tr></thead><tbody>"
        for t in table.trials {
            out +=
                "<tr><td class=\"num\">\(t.trial)</td><td>\(HTML.escape(t.outcome.rawValue))</td><td class=\"num\">\(t.latencyMs.map { HTML.number($0, 1) } ?? "–")</td><td>\(HTML.escape(t.response ?? "–"))</td></tr>"
        }
        return out + "</tbody></table></div>"
    }

    private var eventsTable: String {
        let d = digest
        guard !d.events.isEmpty else { return "" }
        let limit = 200
        var out =
            "<h3>Events</h3><div class=\"scroll\"><table class=\"events\"><thead><tr><th class=\"num\">time (s)</th><th class=\"num\">sample</th><th class=\"num\">code</th><th>label</th></tr></thead><tbody>"
        for e in d.events.prefix(limit) {
            out +=
                "<tr><td class=\"num\">\(HTML.number(Double(e.sample) / d.samplingRate, 2))</td><td class=\"num\">\(e.sample)</td><td class=\"num\">\(e.code)</td><td>\(HTML.escape(e.label))</td></tr>"
        }
        out += "</tbody></table></div>"
        if d.events.count > limit {
            out += "<p class=\"note\">… and \(d.events.count - limit) more events (see `study-recorder export --format csv`).</p>"
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
