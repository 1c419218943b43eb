/// A questionnaire run.
package struct PlannedQuestionnaire: Sendable, Hashable {
    /// Where the item is.
    package var position: ItemPosition
    /// The session's name.
    package var sessionName: String
    /// The session.
    package var session: Session
    /// The questionnaire's name.
    package var questionnaireName: String
    /// The questionnaire.
    package var questionnaire: Questionnaire
}
