/// One questionnaire item. Kind-specific fields are `nil` unless the kind uses them (the validator
/// rejects fields a kind does not take).
package struct Question: Sendable, Hashable, Codable {
    /// The answer's key in the stored answers; unique within its questionnaire.
    package var id: String
    /// The item kind.
    package var kind: QuestionKind
    /// The heading.
    package var title: LocalizedText?
    /// The question or instruction text.
    package var text: LocalizedText?
    /// Whether the participant may skip it.
    package var optional: Bool
    /// Choices of single- and multiple-choice items.
    package var choices: [Choice]?
    /// Lower bound of likert, slider and numeric items.
    package var minimum: Double?
    /// Upper bound of likert, slider and numeric items.
    package var maximum: Double?
    /// Slider step.
    package var step: Double?
    /// Label of the lower end of a scale.
    package var minimumLabel: LocalizedText?
    /// Label of the upper end of a scale.
    package var maximumLabel: LocalizedText?
    /// Numeric items: whether only integers are accepted.
    package var integer: Bool?
    /// Numeric items: the unit shown after the field.
    package var unit: LocalizedText?
    /// Text items: the longest accepted answer.
    package var maxLength: Int?
    /// Multiple choice: the fewest selections.
    package var minSelections: Int?
    /// Multiple choice: the most selections.
    package var maxSelections: Int?
    /// Date items: the earliest accepted date, as `YYYY-MM-DD` or relative to today (`-100y`, `-30d`).
    package var earliest: String?
    /// Date items: the latest accepted date, in the same forms.
    package var latest: String?

    /// Creates a question of `kind` with only the common fields set.
    package init(id: String, kind: QuestionKind, title: LocalizedText? = nil, text: LocalizedText? = nil, optional: Bool = false) {
        self.id = id
        self.kind = kind
        self.title = title
        self.text = text
        self.optional = optional
    }
}
