/// A list of questions answered in one questionnaire session.
public struct Questionnaire: Sendable, Hashable, Codable {
    /// The title.
    public var title: LocalizedText
    /// An introduction shown first.
    public var text: LocalizedText?
    /// The questions in order.
    public var questions: [Question]

    /// Creates a questionnaire.
    public init(title: LocalizedText, text: LocalizedText? = nil, questions: [Question]) {
        self.title = title
        self.text = text
        self.questions = questions
    }
}
