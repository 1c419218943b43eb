import Foundation
import Storage
import TestSupport
import Testing

@testable import Report

/// The participant view: every session over the days with its quality and reaction-time score,
/// rendered by real headless Chromium.
@Suite(.tags(.chromium))
struct ParticipantReportTests {
    @Test func showsEverySessionWithItsScore() async throws {
        let fixture = try ReportFixture("report-participant")
        try fixture.recording(day: 1, session: 1, run: 1, seconds: 12, dropouts: 0, start: 1_790_000_000)
        try fixture.recording(
            day: 1, session: 2, run: 2, seconds: 20, dropouts: 0, paradigm: "reactionTime", start: 1_790_000_100, latencies: [300, 320, 340])
        try fixture.recording(
            day: 2, session: 2, run: 3, seconds: 20, dropouts: 0, paradigm: "reactionTime", start: 1_790_090_000, latencies: [250, 270, nil])
        let html = try await ReportBuilder(store: fixture.store).participantReport(participant: ReportFixture.participant)
        let page = try HeadlessChromium.render(try fixture.file(html), width: 420, height: 1200)
        #expect(page.console.isEmpty, "\(page.console)")
        #expect(page.dom.contains("<h3>Signal quality per session</h3>") && page.dom.contains("<h3>Reaction-time score over the days</h3>"))
        let table = try #require(page.dom.components(separatedBy: "<table class=\"sessions\">").last?.components(separatedBy: "</table>").first)
        let rows = table.components(separatedBy: "<tr>").dropFirst(2).map { $0 }
        #expect(rows.count == 3)
        #expect(rows[1].contains(">320 ms<") && rows[2].contains(">260 ms<"), "the session scores (medians of correct trials) in order")
        #expect(rows[0].contains(">12.0 s<") && rows[1].contains(">3<"), "duration and trial count")
        #expect(page.dom.contains("data-field=\"sessions-with-eeg\">3</dd>"))
        for part in ReportFixture.name.split(separator: " ") { #expect(!html.contains(part)) }
        let png = try #require(page.screenshot)
        #expect(HeadlessChromium.pngSize(png)?.width == 420, "a phone-wide rendering")
    }

    @Test func aParticipantWithoutRecordingsIsMissing() async throws {
        let fixture = try ReportFixture("report-nobody")
        await #expect(throws: ReportError.missing(path: "recordings of participant \(ReportFixture.participant)")) {
            try await ReportBuilder(store: fixture.store).participantReport(participant: ReportFixture.participant)
        }
    }
}
