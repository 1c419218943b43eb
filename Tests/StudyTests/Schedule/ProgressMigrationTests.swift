import Foundation
import Storage
import Testing

@testable import Study

/// Moving progress to a changed protocol: what the participant has touched keeps its position,
/// session and run count; additions at the end and changes to what they have not begun are
/// applied; anything else is refused with one reason per line. The minimal study: day 1 = mood +
/// rest (2 blocks), day 2 = rest.
struct ProgressMigrationTests {
    let study: StudyDefinition
    let schedule: StudySchedule
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let participant = UUID(uuidString: "6A1F0C39-7E4B-4B7A-9C55-2D1E3F4A5B6C")!

    init() throws {
        study = try StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "m").get()
        schedule = StudySchedule(study: study)
    }

    /// Progress with day 1's mood done and the first rest block recorded.
    func begun() throws -> StudyProgress {
        var progress = schedule.enroll(participant: participant, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0.addingTimeInterval(60))
        return try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: t0.addingTimeInterval(120))
    }

    @Test func anUnchangedProtocolNeedsNothing() throws {
        #expect(ProgressMigration.migrate(try begun(), to: study, at: t0) == .unchanged)
    }

    @Test func addedDaysAndItemsAtTheEndOfAnOpenDayAreAppliedAndTheProgressKept() throws {
        let progress = try begun()
        var changed = study
        changed.days[0].sessions.append("mood")
        changed.days.append(changed.days[1])
        guard case .migrated(let migrated, let changes) = ProgressMigration.migrate(progress, to: changed, at: t0) else {
            Issue.record("not migrated")
            return
        }
        try StudySchedule(study: changed).check(migrated)
        #expect(migrated.items.count == 5)
        #expect(Array(migrated.items.prefix(2)) == Array(progress.items.prefix(2)))
        #expect(migrated.item(at: ItemPosition(day: 0, item: 2))?.state == .pending)
        #expect(changes.count == 2, "\(changes)")
        #expect(migrated.events.last?.kind == .migrated)
        // The participant goes on where they were: the second rest block is due.
        let status = StudySchedule(study: changed).status(of: migrated, at: t0.addingTimeInterval(180))
        guard case .due(let item) = status else {
            Issue.record("\(status)")
            return
        }
        #expect(item.position == ItemPosition(day: 0, item: 1) && item.resumeBlock == 1)
    }

    @Test func anItemNotBegunMayChangeOneBegunMayNot() throws {
        let progress = try begun()
        var later = study
        later.days[1].sessions = ["mood"]
        guard case .migrated = ProgressMigration.migrate(progress, to: later, at: t0) else {
            Issue.record("day 2 was not begun: its item may change")
            return
        }
        var swapped = study
        swapped.days[0].sessions = ["rest", "mood"]
        guard case .refused(let reasons) = ProgressMigration.migrate(progress, to: swapped, at: t0) else {
            Issue.record("begun items moved: must be refused")
            return
        }
        #expect(reasons.count == 2, "\(reasons)")
        #expect(reasons.map(\.description).allSatisfy { $0.contains("but the new protocol has") }, "\(reasons)")
    }

    @Test func anItemAddedToADayThatIsOverIsRefused() throws {
        var progress = try begun()
        progress = schedule.advanced(progress, to: t0.addingTimeInterval(13 * 3600))
        #expect(progress.currentDay == 1)
        var changed = study
        changed.days[0].sessions.append("mood")
        guard case .refused(let reasons) = ProgressMigration.migrate(progress, to: changed, at: t0) else {
            Issue.record("must be refused")
            return
        }
        #expect(reasons == [.addedToPastDay(ItemPosition(day: 0, item: 2), session: "mood")])
        #expect(reasons[0].description == "day 1, item 3 (mood) is new, on a day that is over for this participant; it could never be done")
    }
}
