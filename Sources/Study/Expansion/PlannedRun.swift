/// What the runner does for the item that is due: everything it needs, resolved from the study,
/// so `run` does not look anything up by name itself.
package enum PlannedRun: Sendable, Hashable {
    /// Ask a questionnaire.
    case questionnaire(PlannedQuestionnaire)
    /// Record the next block of a recording session.
    case recording(PlannedRecording)

    /// Where the item is in the protocol.
    package var position: ItemPosition {
        switch self {
        case .questionnaire(let plan): plan.position
        case .recording(let plan): plan.position
        }
    }
}
