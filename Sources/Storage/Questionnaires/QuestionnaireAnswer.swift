/// A question's identifier, its type and the participant's answer, in questionnaire order.
package struct QuestionnaireAnswer: Sendable, Equatable, Codable {
    /// The question's identifier in the study file.
    package var id: String
    /// The question type (`single-choice`, `likert`, `date`, `numeric`, `text`…), so a reader knows how
    /// to interpret the value.
    package var type: String
    /// The answer.
    package var value: AnswerValue

    /// Creates an answer.
    package init(id: String, type: String, value: AnswerValue) {
        self.id = id
        self.type = type
        self.value = value
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = try c.decode(String.self, forKey: .type)
        let raw = try c.decode(AnswerValue.self, forKey: .value)
        if type == "date", case .text(let s) = raw { value = .date(s) } else { value = raw }
    }
}
