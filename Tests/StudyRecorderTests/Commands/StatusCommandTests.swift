import Foundation
import Storage
import Study
import TestSupport
import Testing

/// `study-recorder status`: what is due and when the next day opens, from `<data>/progress/<id>.json`.
@Suite(.tags(.process))
struct StatusCommandTests {
    let studyFolder = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures/valid/minimal.json")
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    private func run(_ data: URL, now: String, json: Bool = false, zone: String = "UTC") throws -> ProcessResult {
        let bin = try #require(ProjectPaths.executable)
        return try ProcessRunner.run(
            bin, ["status", studyFolder.path, "--data", data.path, "--now", now] + (json ? ["--json"] : []), environment: ["TZ": zone])
    }

    @Test func withoutProgressItSaysNotEnrolled() throws {
        let data = try TemporaryDirectory("status")
        let result = try run(data.url, now: "2027-01-15T08:00:00Z")
        #expect(result.status == 0)
        #expect(result.stdout.contains("not enrolled"))
    }

    @Test func showsTheDueBlockAndWhenTheDayCloses() throws {
        let data = try TemporaryDirectory("status")
        let study = try StudyLoader.load(folder: studyFolder)
        let schedule = StudySchedule(study: study)
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: t0.addingTimeInterval(600))
        try ProgressStore(dataFolder: data.url).save(progress)

        let due = try run(data.url, now: "2027-01-15T09:00:00Z")
        #expect(due.status == 0, "\(due.stderr)")
        #expect(due.stdout.contains("due now: day 1, session 2 'rest' (Rest), block 2 of 2"))
        #expect(due.stdout.contains("day 1 closes at 2027-01-15 20:00 ("))

        let later = try run(data.url, now: "2027-01-16T09:00:00Z")
        #expect(later.stdout.contains("due now: day 2, session 1 'rest'"))
        #expect(
            later.stdout.contains("skipped: day 1, session 2 'rest' at 2027-01-15 20:00 (") && later.stdout.contains("UTC+00:00) (dayWindowClosed)"))
        #expect(later.stdout.contains("1 of 3 sessions completed, 1 skipped"))

        let json = try run(data.url, now: "2027-01-16T09:00:00Z", json: true)
        struct Summary: Decodable {
            struct Due: Decodable { var day: Int; var item: Int; var session: String; var block: Int; var blocks: Int }
            struct Skipped: Decodable { var day: Int; var item: Int; var at: String? }
            var state: String
            var due: Due?
            var completed: Int
            var skipped: Int
            var skippedItems: [Skipped]
        }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(json.stdout.utf8))
        #expect(summary.state == "due")
        #expect(summary.due?.day == 2)
        #expect(summary.due?.block == 1)
        #expect(summary.due?.blocks == 2)
        #expect(summary.completed == 1)
        #expect(summary.skippedItems.first?.at == "2027-01-15T20:00:00Z")
    }

    @Test func aFinishedDayShowsWhenTheNextOpens() throws {
        let data = try TemporaryDirectory("status")
        let study = try StudyLoader.load(folder: studyFolder)
        let schedule = StudySchedule(study: study)
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 1, in: progress, at: t0)
        try ProgressStore(dataFolder: data.url).save(progress)
        let result = try run(data.url, now: "2027-01-15T10:00:00Z")
        #expect(result.stdout.contains("day 1 is done; day 2 opens at 2027-01-15 20:00 ("), "\(result.stdout)")
        // A participant reads the time where they live, with the zone named; JSON stays UTC.
        let berlin = try run(data.url, now: "2027-01-15T10:00:00Z", zone: "Europe/Berlin")
        #expect(berlin.stdout.contains("day 2 opens at 2027-01-15 21:00 (Europe/Berlin, UTC+01:00)"), "\(berlin.stdout)")
        let json = try run(data.url, now: "2027-01-15T10:00:00Z", json: true, zone: "Europe/Berlin")
        #expect(json.stdout.contains("2027-01-15T20:00:00Z"), "\(json.stdout)")
    }
}
