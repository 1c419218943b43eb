/// Resolves a due item into a ``PlannedRun``: the questionnaire to ask, or the block to record with
/// its trials drawn from `seed` and the preparations around it.
package struct StudyPlanner: Sendable {
    /// The study.
    package let study: StudyDefinition

    /// Creates a planner for `study`.
    package init(study: StudyDefinition) { self.study = study }

    /// The run for `due` (from ``StudySchedule/status(of:at:)``), or `nil` if the due item does not
    /// fit the study (which validation and the progress fingerprint rule out).
    package func plan(_ due: DueItem, seed: UInt64) -> PlannedRun? {
        guard let session = study.session(at: due.position) else { return nil }
        switch session.kind {
        case .questionnaire:
            guard let name = session.questionnaire, let questionnaire = study.questionnaires[name] else { return nil }
            return .questionnaire(
                PlannedQuestionnaire(
                    position: due.position, sessionName: due.sessionName, session: session, questionnaireName: name,
                    questionnaire: questionnaire))
        case .recording:
            let blocks = session.concreteBlocks
            let expander = SessionExpander(study: study)
            guard blocks.indices.contains(due.resumeBlock),
                let block = expander.expandBlock(due.resumeBlock, at: due.position, seed: seed)
            else { return nil }
            return .recording(
                PlannedRecording(
                    position: due.position, sessionName: due.sessionName, session: session, block: block,
                    blockCount: blocks.count,
                    preparation: session.preparation.flatMap { study.preparations[$0] } ?? [],
                    checkUp: session.betweenBlocks.flatMap { study.preparations[$0] } ?? [],
                    blockDurationMinutes: expander.blockDurationMinutes(of: blocks[due.resumeBlock])))
        }
    }
}
