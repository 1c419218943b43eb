import Storage

/// The study overview `collect` keeps in a dataset: participants × study days (done, incomplete,
/// missing, not yet), the signal quality of each session as its recordings stored it, items
/// collected per week, each participant's reaction-time score and the problems that need a person.
/// One self-contained page like every report (inline CSS and SVG, no script, nothing from the
/// network, ``HTMLPage``); it names participants only by their UUID, and holds no moment of its
/// own, so the same data give the same bytes (`collect` rewrites it only when they change).
///
/// ```swift
/// let overview = StudyOverview(study: "reaction-time", dayCount: 5, participants: rows, recordings: 12, weeks: weeks, problems: [])
/// try overview.html.write(to: url, atomically: true, encoding: .utf8)
/// ```
package struct StudyOverview: Sendable {
    /// Items collected in one ISO week.
    package struct Week: Sendable, Equatable {
        /// The week, `2026-W48`.
        package var label: String
        /// Items made in it.
        package var items: Int

        /// A week's count.
        package init(label: String, items: Int) {
            self.label = label
            self.items = items
        }
    }

    /// The study's id.
    package var study: String
    /// The number of days in the study's protocol.
    package var dayCount: Int
    /// One row per participant, in UUID order.
    package var participants: [OverviewParticipant]
    /// Recordings collected, demonstration data not counted.
    package var recordings: Int
    /// Recordings collected that are demonstration data (a scripted participant, a simulated or
    /// replayed signal), counted apart from ``recordings``.
    package var demonstrationRecordings = 0
    /// Items collected per week, oldest first, weeks without items included.
    package var weeks: [Week]
    /// What needs a person (as `collect --json` lists it).
    package var problems: [OverviewProblem]
    /// The page's language (`en`, `de`; default English).
    package var locale = "en"
    /// Who is keeping to the study and who needs a look: the summary line and the table of
    /// participants, flagged first; without it, neither.
    package var monitoring: StudyMonitoring?

    /// An overview of these figures.
    package init(study: String, dayCount: Int, participants: [OverviewParticipant], recordings: Int, weeks: [Week], problems: [OverviewProblem]) {
        self.study = study
        self.dayCount = dayCount
        self.participants = participants
        self.recordings = recordings
        self.weeks = weeks
        self.problems = problems
    }

    /// The whole page.
    package var html: String {
        let words = ReportWords(locale: locale)
        let title = words(.overviewTitle, study)
        var body = "<main><header class=\"report\"><h1>\(HTML.escape(title))</h1>"
        let subtitle = words(
            .overviewSubtitle, words.counted(participants.count, .participantsOne, .participantsMany),
            words.counted(dayCount, .studyDaysOne, .studyDaysMany), words.counted(recordings, .recordingsCollectedOne, .recordingsCollectedMany))
        body += "<p>\(HTML.escape(subtitle))</p>"
        if demonstrationRecordings > 0 {
            body += "<p class=\"demonstration\">\(HTML.escape(words(.overviewDemonstration, words.counted(demonstrationRecordings, .recordingsOne, .recordingsMany))))</p>"
        }
        body += "</header>"
        body += "<section class=\"overview\">"
        body += monitoringSection(words) + daysTable(words) + qualityTable(words) + uploadsFigure(words) + problemsList(words)
        body += "</section><footer>\(HTML.escape(words(.overviewFooter, ProductVersion.current)))</footer></main>"
        return HTMLPage(title: title, body: body, language: words.language).html
    }

    private static let marks: [OverviewDayState: String] = [.done: "✓", .incomplete: "◐", .missing: "✗", .open: "·"]

    private static func word(_ state: OverviewDayState, _ words: ReportWords) -> String {
        switch state {
        case .done: words(.dayDone)
        case .incomplete: words(.dayIncomplete)
        case .missing: words(.dayMissing)
        case .open: words(.dayOpen)
        }
    }

    /// The study's two numbers and one row per participant, flagged participants first: enrolment,
    /// last upload, sessions, quality, loss, the headband, and each flag in words.
    private func monitoringSection(_ words: ReportWords) -> String {
        guard let monitoring else { return "" }
        let s = monitoring.summary
        var out = "<h2>\(HTML.escape(words(.monitoringTitle)))</h2>"
        let quality = s.medianGoodSignal.map(words.percent) ?? words(.monitoringNoQuality)
        out +=
            "<p class=\"summary\" data-completion=\"\(s.completion.map { HTML.number($0, 3) } ?? "")\" data-median-good=\"\(s.medianGoodSignal.map { HTML.number($0, 3) } ?? "")\" data-flagged=\"\(s.flagged)\">"
            + HTML.escape(
                words(
                    .monitoringSummary, s.asOf, s.sessionsCompleted, s.sessionsDue, s.completion.map(words.percent) ?? "–", quality, s.flagged,
                    s.participants)) + "</p>"
        if s.scriptedItems + s.simulatedItems > 0 {
            out += "<p class=\"note\">\(HTML.escape(words(.monitoringApart, s.scriptedItems, s.simulatedItems)))</p>"
        }
        let columns = words.columns(.monitoringColumns)
        out += "<div class=\"scroll\"><table class=\"monitoring\"><thead><tr>"
        out += columns.enumerated().map { $0.offset <= 1 ? "<th>\(HTML.escape($0.element))</th>" : "<th class=\"num\">\(HTML.escape($0.element))</th>" }.joined()
        out += "</tr></thead><tbody>"
        for p in monitoring.participants {
            let flags = p.flags.map { Self.words(for: $0, words) }
            out += "<tr data-participant=\"\(HTML.escape(p.participant))\" data-flags=\"\(p.flags.map(\.kind.rawValue).joined(separator: " "))\"\(p.flags.isEmpty ? "" : " class=\"flagged\"")>"
            out += "<td class=\"id\">\(HTML.escape(p.participant))\(p.isDemo ? " (\(HTML.escape(words(.monitoringDemo))))" : "")</td>"
            out += "<td class=\"flags\">\(HTML.escape(flags.isEmpty ? words(.monitoringNone) : flags.joined(separator: "; ")))</td>"
            var cells: [String] = []
            cells.append(p.enrolled ?? "–")
            cells.append(p.lastUpload.map { String($0.prefix(10)) + (p.daysSinceUpload.map { " (\($0) d)" } ?? "") } ?? "–")
            cells.append("\(p.sessionsCompleted)/\(p.sessionsDue)")
            cells.append("\(p.sessionsMissed) (\(p.missedInARow))")
            cells.append(p.goodSignal.map(words.percent) ?? "–")
            cells.append(p.lostShare.map { words.number(p.lostSeconds, 0) + " s, " + words.percent($0) } ?? "–")
            cells.append("\(p.reconnects)")
            cells.append(
                p.batteryStart.map { words.number($0, 0) + " % → " + (p.batteryEnd.map { words.number($0, 0) + " %" } ?? "–") } ?? "–")
            cells.append(p.devices.isEmpty ? "–" : p.devices.joined(separator: ", "))
            out += cells.map { "<td class=\"num\">\(HTML.escape($0))</td>" }.joined() + "</tr>"
        }
        out += "</tbody></table></div>"
        return out + "<p class=\"note\">\(HTML.escape(words(.monitoringCaption)))</p>"
    }

    /// A flag in words: the figure and the threshold it crossed.
    private static func words(for flag: OverviewFlag, _ words: ReportWords) -> String {
        switch flag.kind {
        case .noUpload: words(.flagNoUpload, words.number(flag.value, 0), words.number(flag.threshold, 0))
        case .missedSessions: words(.flagMissedSessions, Int(flag.value), Int(flag.threshold))
        case .lowQuality: words(.flagLowQuality, words.percent(flag.value / 100), words.percent(flag.threshold / 100))
        case .highLoss: words(.flagHighLoss, words.percent(flag.value / 100), words.percent(flag.threshold / 100))
        case .failingHeadband: words(.flagFailingHeadband, Int(flag.value), Int(flag.threshold))
        }
    }

    /// Participants × days, with each row's counts and score.
    private func daysTable(_ words: ReportWords) -> String {
        let columns = words.columns(.overviewColumns)
        var out = "<h2>\(HTML.escape(words(.overviewDaysTitle)))</h2><div class=\"scroll\"><table class=\"days\"><thead><tr>"
        out += "<th>\(HTML.escape(columns.first ?? ""))</th>"
        out += (0..<dayCount).map { "<th class=\"day\">\(HTML.escape(words(.dayColumn, $0 + 1)))</th>" }.joined()
        out += columns.dropFirst().map { "<th class=\"num\">\(HTML.escape($0))</th>" }.joined() + "</tr></thead><tbody>"
        for p in participants {
            let counts = [OverviewDayState.done, .incomplete, .missing].map { p.count($0) }
            out +=
                "<tr data-participant=\"\(HTML.escape(p.id))\" data-done=\"\(counts[0])\" data-incomplete=\"\(counts[1])\" data-missing=\"\(counts[2])\"><td class=\"id\">\(HTML.escape(p.id))</td>"
            for state in p.days {
                let name = Self.word(state, words)
                out += "<td class=\"day \(state.rawValue)\" title=\"\(HTML.escape(name))\">\(Self.marks[state] ?? "")</td>"
            }
            out += counts.map { "<td class=\"num\">\($0)</td>" }.joined()
            out += "<td class=\"num\">\(HTML.escape(p.reactionTimeMs.map { words.number($0, 0) + " ms" } ?? "–"))</td></tr>"
        }
        out += "</tbody></table></div>"
        return out + "<p class=\"note\">\(HTML.escape(words(.overviewDaysCaption)))</p>"
    }

    /// Participants × sessions: the share of windows graded good.
    private func qualityTable(_ words: ReportWords) -> String {
        struct Key: Hashable, Comparable {
            var day: Int, session: Int
            static func < (a: Key, b: Key) -> Bool { (a.day, a.session) < (b.day, b.session) }
        }
        let keys = Set(participants.flatMap { $0.sessions.map { Key(day: $0.day, session: $0.session) } }).sorted()
        guard !keys.isEmpty else { return "" }
        var out = "<h2>\(HTML.escape(words(.overviewQualityTitle)))</h2><div class=\"scroll\"><table class=\"quality\"><thead><tr>"
        out += "<th>\(HTML.escape(words.columns(.overviewColumns).first ?? ""))</th>"
        out += keys.map { "<th class=\"num\">\(HTML.escape(words(.sessionColumn, $0.day, $0.session)))</th>" }.joined() + "</tr></thead><tbody>"
        for p in participants {
            let byKey = Dictionary(p.sessions.map { (Key(day: $0.day, session: $0.session), $0) }, uniquingKeysWith: { a, _ in a })
            out += "<tr><td class=\"id\">\(HTML.escape(p.id))</td>"
            for key in keys {
                guard let share = byKey[key]?.goodFraction else {
                    out += "<td class=\"num\">–</td>"
                    continue
                }
                let grade = share >= 0.8 ? "good" : share >= 0.5 ? "medium" : "bad"
                out += "<td class=\"num q-\(grade)\">\(words.percent(share))</td>"
            }
            out += "</tr>"
        }
        out += "</tbody></table></div>"
        return out + "<p class=\"note\">\(HTML.escape(words(.overviewQualityCaption)))</p>"
    }

    /// Items per week as bars.
    private func uploadsFigure(_ words: ReportWords) -> String {
        guard !weeks.isEmpty else { return "" }
        let peak = Double(weeks.map(\.items).max() ?? 1)
        let frame = ChartFrame(height: 200, x: 0.5...(Double(weeks.count) + 0.5), y: 0...max(1, peak * 1.1))
        let weeks = weeks
        let ticks = weeks.count <= 16 ? weeks.indices.map { Double($0 + 1) } : ChartFrame.ticks(1...Double(weeks.count), count: 8).filter { $0 >= 1 }
        var svg = frame.open(label: words(.uploadsLabel))
        svg += frame.axes(
            xFormat: { x in
                let i = Int(x.rounded()) - 1
                return weeks.indices.contains(i) ? weeks[i].label : ""
            }, yFormat: { $0 == $0.rounded() ? String(Int($0)) : "" }, xTicks: ticks)
        let width = min(40, frame.plotWidth / Double(weeks.count) * 0.7)
        for (i, week) in weeks.enumerated() where week.items > 0 {
            guard let top = frame.py(Double(week.items)), let bottom = frame.py(0) else { continue }
            svg +=
                "<rect x=\"\(HTML.coordinate(frame.px(Double(i + 1)) - width / 2))\" y=\"\(HTML.coordinate(top))\" width=\"\(HTML.coordinate(width))\" height=\"\(HTML.coordinate(bottom - top))\" fill=\"\(ChartPalette.color(0))\"><title>\(HTML.escape(week.label)): \(week.items)</title></rect>"
        }
        svg += "</svg>"
        return
            "<h2>\(HTML.escape(words(.uploadsTitle)))</h2><figure class=\"fig-uploads\">\(svg)<figcaption>\(HTML.escape(words(.uploadsCaption)))</figcaption></figure>"
    }

    /// The problems, one line each.
    private func problemsList(_ words: ReportWords) -> String {
        var out = "<h2>\(HTML.escape(words(.problemsTitle)))</h2>"
        guard !problems.isEmpty else { return out + "<p class=\"note\">\(HTML.escape(words(.problemsNone)))</p>" }
        out += "<ul class=\"problems\">"
        for p in problems {
            out +=
                "<li data-remote=\"\(HTML.escape(p.remote))\"><code>\(HTML.escape(p.remote))</code> <strong>\(HTML.escape(p.reason))</strong>: \(HTML.escape(p.detail))</li>"
        }
        return out + "</ul>"
    }
}
