import Foundation
import Storage
import Study
import TestSupport
import Testing

/// `report` speaks the participant's language, in the participant view and the session view alike:
/// the locale they enrolled in (from the progress file), unless `--locale` says otherwise.
@Suite(.tags(.process))
struct ReportLocaleCLITests {
    /// A 6 s recording in a data folder whose participant enrolled in the reaction-time study in German.
    static func recordingOfAGermanParticipant(in dir: TemporaryDirectory) throws -> (data: URL, item: String, participant: UUID) {
        let (data, item) = try ExportCommandTests.record(in: dir, seconds: 6, dropouts: 0)
        let participant = try #require(UUID(uuidString: String(item.prefix { $0 != "/" })))
        let study = try StudyLoader.load(folder: URL(fileURLWithPath: RunCommandTests.reaction))
        var progress = StudySchedule(study: study).enroll(participant: participant, at: Date())
        progress.locale = "de"
        try ProgressStore(dataFolder: data).save(progress)
        return (data, item, participant)
    }

    @Test func theParticipantViewFollowsTheEnrolledLocale() throws {
        let dir = try TemporaryDirectory("cli-report-de")
        let (data, _, participant) = try Self.recordingOfAGermanParticipant(in: dir)

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

    @Test func theSessionViewFollowsTheEnrolledLocale() throws {
        let dir = try TemporaryDirectory("cli-report-session-de")
        let (data, item, _) = try Self.recordingOfAGermanParticipant(in: dir)

        let german = dir.path("session-de.html")
        let made = try CLI.run(["report", "--data", data.path, item, "--out", german.path])
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOf: german, encoding: .utf8)
        #expect(html.contains("<html lang=\"de\">") && html.contains("Sitzungsbericht") && html.contains("<h3>Qualitätsurteil</h3>"))
        #expect(!html.contains("Quality verdict") && !html.contains("Session report"))

        let english = dir.path("session-en.html")
        #expect(try CLI.run(["report", "--data", data.path, item, "--out", english.path, "--locale", "en"]).status == 0)
        #expect(try String(contentsOf: english, encoding: .utf8).contains("<h3>Quality verdict</h3>"))
    }

    /// `run`'s post-session report is in the language the session ran in.
    @Test func thePostSessionReportIsInTheSessionsLanguage() async throws {
        let dir = try TemporaryDirectory("cli-report-run-de")
        let study = try ReportCommandTests.reportingStudy(in: dir)
        let data = dir.path("data")
        let bin = try CLI.binary()
        let enrolled = try await ProcessRunner.runDetached(
            bin, ["enroll", study.path, "--data", data.path, "--name", "Ida", "--auto", "--locale", "de"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        let run = try await ProcessRunner.runDetached(bin, ["run", study.path, "--data", data.path, "--auto", "--json", "--seed", "11", "--speed", "8"])
        try #require(run.status == 0, "\(run.stderr)")
        struct Report: Decodable { var report: String? }
        let path = try #require(try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)).report)
        let html = try String(contentsOf: data.appendingPathComponent(path), encoding: .utf8)
        #expect(html.contains("<html lang=\"de\">") && html.contains("<h3>Reaktionszeit je Durchgang</h3>"))
        #expect(!html.contains("Reaction time per trial"))
    }
}
