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

    /// `--locale de` (or a participant who enrolled in German) reads the status in German: no
    /// English word but the session's id.
    @Test func theStatusSpeaksTheParticipantsLanguage() throws {
        let data = try TemporaryDirectory("status-de")
        let study = try StudyLoader.load(folder: studyFolder)
        let schedule = StudySchedule(study: study)
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: t0.addingTimeInterval(600))
        try ProgressStore(dataFolder: data.url).save(progress)
        let bin = try #require(ProjectPaths.executable)
        let german = try ProcessRunner.run(
            bin, ["status", studyFolder.path, "--data", data.url.path, "--now", "2027-01-15T09:00:00Z", "--locale", "de"], environment: ["TZ": "UTC"])
        #expect(german.status == 0, "\(german.stderr)")
        let expected = """
            Minimale Studie — teilnehmende Person \(progress.participant.uuidString)
            Fortschritt: 1 von 3 Sitzungen abgeschlossen, 0 übersprungen
            jetzt fällig: Tag 1, Sitzung 2 'rest' (Rest), Block 2 von 2
            Tag 1 endet am 2027-01-15 20:00 (GMT, UTC+00:00); offene Sitzungen gelten dann als übersprungen
            danach: Tag 2, Sitzung 1 'rest' (Rest), ab 2027-01-15 20:00 (GMT, UTC+00:00)
            Serie: 0 Studientage in Folge geschafft

            """
        #expect(german.stdout == expected)
        // Enrolled in German: the same without --locale.
        progress.locale = "de"
        try ProgressStore(dataFolder: data.url).save(progress)
        #expect(try run(data.url, now: "2027-01-15T09:00:00Z").stdout == expected)
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

    /// The streak counts study days with every session completed, in a row up to now; a day whose
    /// window closed with a session open ends it. `next` is the session after the due one.
    @Test func showsTheStreakAndWhatIsDueNext() throws {
        let data = try TemporaryDirectory("status-streak")
        let study = try StudyLoader.load(folder: studyFolder)
        let schedule = StudySchedule(study: study)
        struct Summary: Decodable {
            struct Next: Decodable { var day: Int; var item: Int; var session: String; var opensAt: String? }
            var streak: Int
            var daysCompleted: Int
            var daysSoFar: Int
            var next: Next?
        }
        func summary(at now: String) throws -> Summary {
            let result = try run(data.url, now: now, json: true)
            #expect(result.status == 0, "\(result.stderr)")
            return try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
        }
        // Day 1 done in full: a streak of 1 while waiting for day 2, whose session is next.
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 1, in: progress, at: t0)
        try ProgressStore(dataFolder: data.url).save(progress)
        var waiting = try summary(at: "2027-01-15T10:00:00Z")
        #expect((waiting.streak, waiting.daysCompleted, waiting.daysSoFar) == (1, 1, 1))
        #expect(waiting.next?.day == 2 && waiting.next?.item == 1 && waiting.next?.session == "rest")
        #expect(waiting.next?.opensAt == "2027-01-15T20:00:00Z")
        let text = try run(data.url, now: "2027-01-15T10:00:00Z")
        #expect(text.stdout.contains("next: day 2, session 1 'rest' (Rest), from 2027-01-15 20:00 (GMT, UTC+00:00)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("streak: 1 study days completed in a row\n"), "\(text.stdout)")
        // Day 2 under way: it neither ends nor extends the streak; nothing follows its session.
        waiting = try summary(at: "2027-01-16T10:00:00Z")
        #expect((waiting.streak, waiting.daysCompleted, waiting.daysSoFar) == (1, 1, 1))
        #expect(waiting.next == nil)
        // Day 2 done: 2 in a row.
        let t1 = t0.addingTimeInterval(26 * 3600)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 1, item: 0), block: 0, in: progress, at: t1)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 1, item: 0), block: 1, in: progress, at: t1)
        try ProgressStore(dataFolder: data.url).save(progress)
        let finished = try summary(at: "2027-01-16T11:00:00Z")
        #expect((finished.streak, finished.daysCompleted, finished.daysSoFar) == (2, 2, 2))

        // A missed session: day 1's window closes with "rest" open, so day 1 is not completed and
        // ends the streak; day 2 done afterwards starts a new one. In German, too.
        var missed = schedule.enroll(participant: UUID(), at: t0)
        missed = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: missed, at: t0)
        missed.locale = "de"
        try ProgressStore(dataFolder: data.url).save(missed)
        let afterMiss = try summary(at: "2027-01-16T09:00:00Z")
        #expect((afterMiss.streak, afterMiss.daysCompleted, afterMiss.daysSoFar) == (0, 0, 1))
        let german = try run(data.url, now: "2027-01-15T09:00:00Z")
        #expect(german.stdout.contains("danach: Tag 2, Sitzung 1 'rest' (Rest), ab 2027-01-15 20:00 (GMT, UTC+00:00)\n"), "\(german.stdout)")
        #expect(german.stdout.contains("Serie: 0 Studientage in Folge geschafft\n"), "\(german.stdout)")
        missed = try schedule.recording(.complete, of: ItemPosition(day: 1, item: 0), block: 0, in: missed, at: t1)
        missed = try schedule.recording(.complete, of: ItemPosition(day: 1, item: 0), block: 1, in: missed, at: t1)
        try ProgressStore(dataFolder: data.url).save(missed)
        let recovered = try summary(at: "2027-01-16T11:00:00Z")
        #expect((recovered.streak, recovered.daysCompleted, recovered.daysSoFar) == (1, 1, 2))
    }
}
