import Foundation
import Storage
import Study
import TestSupport
import Testing

/// `report --participant UUID --study FOLDER`: the participant view's line of study days completed
/// of the days so far, from the participant's progress through the study.
@Suite(.tags(.process))
struct ReportCompletionCLITests {
    static let study = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures/valid/minimal.json")

    @Test func theParticipantViewShowsTheStudyDaysCompleted() throws {
        let dir = try TemporaryDirectory("cli-report-completion")
        let (data, item) = try ExportCommandTests.record(in: dir, seconds: 6, dropouts: 0)
        let participant = try #require(UUID(uuidString: String(item.prefix { $0 != "/" })))
        // Day 1 of 2 done in full 30 h ago; its window has closed, day 2 is due: 1 of 1 day so far.
        let definition = try StudyLoader.load(folder: Self.study)
        let schedule = StudySchedule(study: definition)
        let start = Date().addingTimeInterval(-30 * 3600)
        var progress = schedule.enroll(participant: participant, at: start)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: start)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: start)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 1, in: progress, at: start)
        try ProgressStore(dataFolder: data).save(progress)

        let with = dir.path("with.html")
        let made = try CLI.run(["report", "--data", data.path, "--participant", participant.uuidString, "--study", Self.study.path, "--out", with.path])
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOf: with, encoding: .utf8)
        #expect(html.contains("Study days completed</dt>") && html.contains(">1 of 1 so far (2 in the study)</dd>"), "\(html.prefix(3000))")

        let without = dir.path("without.html")
        #expect(try CLI.run(["report", "--data", data.path, "--participant", participant.uuidString, "--out", without.path]).status == 0)
        #expect(!(try String(contentsOf: without, encoding: .utf8)).contains("Study days completed"))

        progress.locale = "de"
        try ProgressStore(dataFolder: data).save(progress)
        let german = dir.path("de.html")
        #expect(
            try CLI.run(["report", "--data", data.path, "--participant", participant.uuidString, "--study", Self.study.path, "--out", german.path])
                .status == 0)
        let deHTML = try String(contentsOf: german, encoding: .utf8)
        #expect(deHTML.contains("Geschaffte Studientage</dt>") && deHTML.contains(">1 von 1 bisher (2 in der Studie)</dd>"))

        // Another participant's progress: 66, one line; --study alone: 64.
        try ProgressStore(dataFolder: data).save(schedule.enroll(participant: UUID(), at: start))
        let other = try CLI.run(
            ["report", "--data", data.path, "--participant", participant.uuidString, "--study", Self.study.path, "--out", dir.path("o.html").path])
        #expect(other.status == 66 && other.stderr.contains("is not enrolled in minimal"), "\(other.stderr)")
        #expect(try CLI.run(["report", "--data", data.path, "--study", Self.study.path]).status == 64)
    }
}
