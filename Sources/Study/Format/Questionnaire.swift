/// A list of questions answered in one questionnaire session.
package struct Questionnaire: Sendable, Hashable, Codable {
    /// The title.
    package var title: LocalizedText
    /// An introduction shown first.
    package var text: LocalizedText?
    /// The questions in order.
    package var questions: [Question]

    /// Creates a questionnaire.
    package init(title: LocalizedText, text: LocalizedText? = nil, questions: [Question]) {
        self.title = title
        self.text = text
        self.questions = questions
    }
}
