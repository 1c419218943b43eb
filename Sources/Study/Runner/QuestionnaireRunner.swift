import DataSources
import Foundation
import Storage

/// Runs a questionnaire session: introduces it, asks its questions, stores the answers as one
/// questionnaire record and advances the participant's progress past it.
struct QuestionnaireRunner {
    let study: StudyDefinition
    let store: DataStore
    let interface: any ParticipantInterface
    let options: RunnerOptions
    let afterStore: (@Sendable (CatalogItem) async throws -> CatalogItem)?

    private var schedule: StudySchedule { StudySchedule(study: study) }
    private var progressStore: ProgressStore { ProgressStore(dataFolder: store.root) }
    private var locale: String { options.locale ?? study.defaultLocale }
    private var introduce: SessionIntroduction { SessionIntroduction(study: study, locale: locale, interface: interface) }

    func run(
        _ plan: PlannedQuestionnaire, due: DueItem, participant: String, values base: PlaceholderValues,
        progress: inout StudyProgress, report: inout RunReport
    ) async throws {
        let started = options.clock.now
        var values = base
        let session = study.sessions[due.sessionName]
        values.sessionTitle = session.map { study.render($0.title, locale: locale, values: base.dictionary) }
        values.blockMinutes = PlaceholderValues.questionnaireMinutes(plan.questionnaire)
        values.remainingMinutes = values.blockMinutes
        let names = values.dictionary
        await introduce(session, due: due, values: names)
        let title = study.render(plan.questionnaire.title, locale: locale, values: names)
        await interface.show(plan.questionnaire.text.map { study.render($0, locale: locale, values: names) } ?? "", title: title)
        let answers = try await QuestionAsker(study: study, locale: locale, values: names, interface: interface, automatic: options.automatic)
            .ask(plan.questionnaire.questions)
        let run = try await store.allocateRun(participant: participant)
        var record = QuestionnaireRecord(
            title: plan.questionnaireName, study: study.id, studyVersion: ProtocolFingerprint.of(study), participant: participant,
            day: due.position.dayNumber, session: due.position.sessionNumber, run: run, locale: locale, started: started, finished: options.clock.now,
            answers: answers)
        record.provenance = options.provenance(interface: interface)
        var item = try QuestionnaireStore.store(record, in: store)
        if let afterStore { item = try await afterStore(item) }
        report.stored.append(item)
        progress = try schedule.recording(
            .complete, of: due.position, block: due.resumeBlock, in: progress, at: options.clock.now, startedAt: started, file: item.path)
        try progressStore.save(progress)
    }
}
