import Foundation
import Storage
import Testing

@testable import Study

/// The minimal study: day 1 = mood (questionnaire) + rest (2 blocks), day 2 = rest; 12 h window.
struct StudyScheduleTests {
    let study: StudyDefinition
    let schedule: StudySchedule
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let participant = UUID(uuidString: "6A1F0C39-7E4B-4B7A-9C55-2D1E3F4A5B6C")!
    let mood = ItemPosition(day: 0, item: 0)
    let rest1 = ItemPosition(day: 0, item: 1)
    let rest2 = ItemPosition(day: 1, item: 0)

    init() throws {
        study = try StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "m").get()
        schedule = StudySchedule(study: study)
    }

    private func hours(_ h: Double) -> Date { t0.addingTimeInterval(h * 3600) }

    private func due(_ status: ScheduleStatus) -> DueItem? {
        if case .due(let item) = status { return item }
        return nil
    }

    @Test func aFreshParticipantStartsAtTheFirstItemWithNoWindowOpen() {
        let progress = schedule.enroll(participant: participant, at: t0)
        let item = due(schedule.status(of: progress, at: t0))
        #expect(item == DueItem(position: mood, sessionName: "mood", resumeBlock: 0, runCount: 1, windowClosesAt: nil))
    }

    @Test func theFirstCompletedItemOpensTheDayWindow() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        #expect(progress.dayOpenedAt == hours(1))
        let item = due(schedule.status(of: progress, at: hours(1)))
        #expect(item?.position == rest1)
        #expect(item?.resumeBlock == 0)
        #expect(item?.runCount == 2)
        #expect(item?.windowClosesAt == hours(13))
    }

    @Test func anIncompleteBlockIsDueAgainAndDoesNotOpenTheWindow() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        progress = try schedule.recording(.incomplete(reason: "disconnected"), of: rest1, block: 1, in: progress, at: hours(3), file: "b.h5")
        let item = due(schedule.status(of: progress, at: hours(3)))
        #expect(item?.position == rest1)
        #expect(item?.resumeBlock == 1)
        #expect(progress.item(at: rest1)?.state == .inProgress)
        #expect(
            progress.item(at: rest1)?.runs.last
                == BlockRecord(block: 1, outcome: .incomplete(reason: "disconnected"), finishedAt: hours(3), file: "b.h5"))
        // An incomplete first run of a day does not open its window either.
        var fresh = schedule.enroll(participant: participant, at: t0)
        fresh = try schedule.recording(.incomplete(reason: "interrupted"), of: mood, block: 0, in: fresh, at: hours(1))
        #expect(fresh.dayOpenedAt == nil)
        #expect(fresh.item(at: mood)?.state == .pending)
    }

    @Test func onlyTheDueBlockCanBeRecorded() throws {
        let progress = schedule.enroll(participant: participant, at: t0)
        #expect(throws: ScheduleError.self) { try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: t0) }
        let afterMood = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: t0)
        #expect(throws: ScheduleError.self) { try schedule.recording(.complete, of: rest1, block: 1, in: afterMood, at: t0) }
    }

    @Test func aFinishedDayWaitsUntilItsWindowEnds() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        progress = try schedule.recording(.complete, of: rest1, block: 1, in: progress, at: hours(3))
        #expect(schedule.status(of: progress, at: hours(3)) == .waiting(nextDayOpensAt: hours(13), day: 1))
        #expect(schedule.status(of: progress, at: hours(12.99)) == .waiting(nextDayOpensAt: hours(13), day: 1))
        let next = due(schedule.status(of: progress, at: hours(13)))
        #expect(next?.position == rest2)
        #expect(next?.windowClosesAt == nil)
        #expect(schedule.advanced(progress, to: hours(13)).items.filter { $0.state == .skipped }.isEmpty)
    }

    @Test func missedSessionsAreRecordedAsSkippedAtTheWindowEndNeverCompleted() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        let later = schedule.advanced(progress, to: hours(30))
        let rest = try #require(later.item(at: rest1))
        #expect(rest.state == .skipped)
        #expect(rest.skippedAt == hours(13))
        #expect(rest.skipReason == "dayWindowClosed")
        #expect(rest.completedAt == nil)
        #expect(rest.runs.count == 1)
        #expect(later.currentDay == 1)
        #expect(later.events.contains(ProgressEvent(kind: .itemSkipped, time: hours(13), day: 0, position: rest1, detail: "dayWindowClosed")))
        #expect(due(schedule.status(of: progress, at: hours(30)))?.position == rest2)
    }

    @Test func aDayThatWasNeverStartedWaitsForTheParticipant() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        #expect(due(schedule.status(of: progress, at: hours(24 * 100)))?.position == mood)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        progress = try schedule.recording(.complete, of: rest1, block: 1, in: progress, at: hours(3))
        #expect(due(schedule.status(of: progress, at: hours(24 * 100)))?.position == rest2)
    }

    @Test func theStudyFinishesAfterTheLastItemOfTheLastDay() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        // Day 2 starts after day 1's window; rest1's second block is skipped.
        progress = try schedule.recording(.complete, of: rest2, block: 0, in: progress, at: hours(20))
        progress = try schedule.recording(.complete, of: rest2, block: 1, in: progress, at: hours(21))
        #expect(schedule.status(of: progress, at: hours(21)) == .finished(completed: 2, skipped: 1))
        #expect(progress.events.last?.kind == .studyFinished)
        let muchLater = schedule.advanced(progress, to: hours(24 * 10))
        #expect(muchLater.events.filter { $0.kind == .studyFinished }.count == 1)
        #expect(muchLater.currentDay == 2)
        #expect(throws: ScheduleError.self) { try schedule.recording(.complete, of: rest2, block: 0, in: progress, at: hours(22)) }
    }

    @Test func theLastDaysWindowClosingFinishesTheStudy() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        progress = try schedule.recording(.complete, of: rest2, block: 0, in: progress, at: hours(20))
        #expect(schedule.status(of: progress, at: hours(32)) == .finished(completed: 1, skipped: 2))
    }

    @Test func skippingOnPurposeMovesToTheNextItem() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.skipping(mood, in: progress, at: hours(1), reason: "declined")
        #expect(progress.item(at: mood)?.state == .skipped)
        #expect(due(schedule.status(of: progress, at: hours(1)))?.position == rest1)
        progress = try schedule.skipping(rest1, in: progress, at: hours(2), reason: "no headband")
        // Nothing completed, so no window opened: day 2 is available at once.
        #expect(due(schedule.status(of: progress, at: hours(2)))?.position == rest2)
    }

    @Test func aBlockStartedBeforeTheWindowClosedStillCounts() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        // Block 2 started at 12:55 after opening and ended at 13:05, after the window closed at 13:00.
        #expect(throws: ScheduleError.self) { try schedule.recording(.complete, of: rest1, block: 1, in: progress, at: hours(13.1)) }
        progress = try schedule.recording(.complete, of: rest1, block: 1, in: progress, at: hours(13.1), startedAt: hours(12.9))
        #expect(progress.item(at: rest1)?.state == .completed)
        #expect(due(schedule.status(of: progress, at: hours(13.1)))?.position == rest2)
    }

    @Test func theClockIsInjected() throws {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        progress = try schedule.recording(.complete, of: rest1, block: 0, in: progress, at: hours(2))
        progress = try schedule.recording(.complete, of: rest1, block: 1, in: progress, at: hours(3))
        #expect(due(schedule.status(of: progress, clock: FixedStudyClock(hours(14))))?.position == rest2)
    }

    @Test func progressOfAnotherProtocolIsRefused() throws {
        let progress = schedule.enroll(participant: participant, at: t0)
        try schedule.check(progress)
        var changed = study
        changed.days[1].sessions.append("mood")
        #expect(throws: ScheduleError.protocolChanged) { try StudySchedule(study: changed).check(progress) }
        var other = progress
        other.studyID = "other"
        #expect(throws: ScheduleError.otherStudy(expected: "minimal", found: "other")) { try schedule.check(other) }
    }

    @Test func theDayWindowComesFromTheSettings() throws {
        var short = study
        short.settings.dayWindowHours = 1
        let schedule = StudySchedule(study: short)
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: mood, block: 0, in: progress, at: hours(1))
        #expect(due(schedule.status(of: progress, at: hours(1.5)))?.windowClosesAt == hours(2))
        #expect(due(schedule.status(of: progress, at: hours(2)))?.position == rest2)
    }
}
