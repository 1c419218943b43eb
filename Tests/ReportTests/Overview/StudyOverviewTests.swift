import Testing

@testable import Report

/// The study overview page: what it takes from the server (folder and file names, problem details)
/// is escaped, each row carries its counts, and it speaks German from the same word tables.
struct StudyOverviewTests {
    static func overview() -> StudyOverview {
        StudyOverview(
            study: "reaction-time", dayCount: 3,
            participants: [
                OverviewParticipant(
                    id: "P1", days: [.done, .missing, .incomplete], sessions: [OverviewSession(day: 1, session: 1, good: 3, medium: 1, bad: 0)],
                    reactionTimeMs: 312.5)
            ],
            recordings: 2, weeks: [.init(label: "2026-W48", items: 3)],
            problems: [OverviewProblem(remote: "P2/<script>alert(1)</script>.h5", reason: "checksum", detail: "12 bytes & more")])
    }

    @Test func escapesWhatComesFromTheServerAndCountsEachRow() {
        let html = Self.overview().html
        #expect(!html.contains("<script>") && html.contains("P2/&lt;script&gt;alert(1)&lt;/script&gt;.h5") && html.contains("12 bytes &amp; more"))
        #expect(html.contains("data-participant=\"P1\" data-done=\"1\" data-incomplete=\"1\" data-missing=\"1\""))
        #expect(html.contains("<td class=\"num q-medium\">75 %</td>") && html.contains(">312 ms<"))
        #expect(html.contains("<html lang=\"en\">") && !html.contains("Z</footer>"), "no moment of its own")
    }

    @Test func theOverviewInGerman() {
        var overview = Self.overview()
        overview.locale = "de"
        let html = overview.html
        #expect(html.contains("<html lang=\"de\">") && html.contains("<h1>Studienübersicht · reaction-time</h1>"))
        #expect(html.contains("<h2>Teilnehmende und Studientage</h2>") && html.contains("title=\"fehlt\""))
        #expect(!html.contains("Participants and study days"))
    }
}
