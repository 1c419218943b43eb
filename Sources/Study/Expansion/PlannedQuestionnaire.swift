/// A questionnaire run.
public struct PlannedQuestionnaire: Sendable, Hashable {
    /// Where the item is.
    public var position: ItemPosition
    /// The session's name.
    public var sessionName: String
    /// The session.
    public var session: Session
    /// The questionnaire's name.
    public var questionnaireName: String
    /// The questionnaire.
    public var questionnaire: Questionnaire
}
