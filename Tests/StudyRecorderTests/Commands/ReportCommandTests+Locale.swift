import Foundation
import Storage
import Study
import TestSupport
import Testing

/// `report --participant` speaks the participant's language: the locale they enrolled in (from the
/// progress file), unless `--locale` says otherwise.
@Suite(.tags(.process))
struct ReportLocaleCLITests {
    @Test func theParticipantViewFollowsTheEnrolledLocale() throws {
        let dir = try TemporaryDirectory("cli-report-de")
        let (data, item) = try ExportCommandTests.record(in: dir, seconds: 6, dropouts: 0)
        let participant = try #require(UUID(uuidString: String(item.prefix { $0 != "/" })))
        let study = try StudyLoader.load(folder: URL(fileURLWithPath: RunCommandTests.reaction))
        var progress = StudySchedule(study: study).enroll(participant: participant, at: Date())
        progress.locale = "de"
        try ProgressStore(dataFolder: data).save(progress)

        let german = dir.path("de.html")
        let made = try CLI.run(["report", "--data", data.path, "--participant", participant.uuidString, "--out", german.path])
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOf: german, encoding: .utf8)
        #expect(html.contains("<html lang=\"de\">") && html.contains("Bericht für Teilnehmende") && html.contains("Sitzungen mit EEG"))
        #expect(!html.contains("Sessions with EEG"))

        let english = dir.path("en.html")
        #expect(
            try CLI.run(["report", "--data", data.path, "--participant", participant.uuidString, "--out", english.path, "--locale", "en"]).status == 0
        )
        #expect(try String(contentsOf: english, encoding: .utf8).contains("Sessions with EEG"))
    }
}
