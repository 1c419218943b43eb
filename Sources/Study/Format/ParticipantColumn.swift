/// A `participants.tsv` column filled from one questionnaire answer (`$.dataset.participantColumns`):
/// e.g. `age` from question `age` of questionnaire `initial`. A participant who answered the
/// questionnaire more than once contributes the first answer; one who skipped it has `n/a`.
/// Free-text, date and instruction questions cannot be columns: a shared table holds no free text or
/// dates (a birth date identifies a person).
package struct ParticipantColumn: Sendable, Hashable, Codable {
    /// The column name (`[a-z][a-z0-9_]*`, not `participant_id`).
    package var column: String
    /// The questionnaire's name in `$.questionnaires`.
    package var questionnaire: String
    /// The question's `id` in that questionnaire.
    package var question: String
    /// What the column holds, for `participants.json` (default: the question's text).
    package var description: String?

    /// Creates a column.
    package init(column: String, questionnaire: String, question: String, description: String? = nil) {
        self.column = column
        self.questionnaire = questionnaire
        self.question = question
        self.description = description
    }

    /// The question kinds a column may take its values from.
    package static let allowedKinds: Set<QuestionKind> = [.singleChoice, .multipleChoice, .likert, .slider, .numeric]
}
