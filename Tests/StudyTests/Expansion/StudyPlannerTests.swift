import Foundation
import Storage
import Testing

@testable import Study

struct StudyPlannerTests {
    let study: StudyDefinition
    let schedule: StudySchedule
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        schedule = StudySchedule(study: study)
    }

    private func due(_ progress: StudyProgress) throws -> DueItem {
        guard case .due(let item) = schedule.status(of: progress, at: t0) else {
            throw PlannerTestError.nothingDue
        }
        return item
    }

    enum PlannerTestError: Error { case nothingDue }

    @Test func aQuestionnaireItemPlansItsQuestionnaire() throws {
        let progress = schedule.enroll(participant: UUID(), at: t0)
        let plan = try #require(StudyPlanner(study: study).plan(try due(progress), seed: 1))
        guard case .questionnaire(let questionnaire) = plan else {
            Issue.record("expected a questionnaire, got \(plan)")
            return
        }
        #expect(questionnaire.questionnaireName == "initial")
        #expect(questionnaire.position == ItemPosition(day: 0, item: 0))
    }

    @Test func aRecordingItemPlansTheResumedBlockWithItsPreparations() throws {
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 1), block: 0, in: progress, at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 2), block: 0, in: progress, at: t0)
        let item = try due(progress)
        let plan = try #require(StudyPlanner(study: study).plan(item, seed: 9))
        guard case .recording(let recording) = plan else {
            Issue.record("expected a recording, got \(plan)")
            return
        }
        #expect(recording.sessionName == "rest")
        #expect(recording.block.index == 1)
        #expect(recording.blockCount == 3)
        #expect(recording.block == SessionExpander(study: study).expandBlock(1, at: item.position, seed: 9))
        #expect(recording.preparation.map(\.id) == ["connect", "putOn", "noise", "fitFront", "fitBack", "ready"])
        #expect(recording.checkUp.map(\.id) == ["checkAll"])
        #expect(recording.blockDurationMinutes == 3)
        #expect(recording.session.paradigm?.title == "rest")
    }
}
