/// One questionnaire item. Kind-specific fields are `nil` unless the kind uses them (the validator
/// rejects fields a kind does not take).
public struct Question: Sendable, Hashable, Codable {
    /// The answer's key in the stored answers; unique within its questionnaire.
    public var id: String
    /// The item kind.
    public var kind: QuestionKind
    /// The heading.
    public var title: LocalizedText?
    /// The question or instruction text.
    public var text: LocalizedText?
    /// Whether the participant may skip it.
    public var optional: Bool
    /// Choices of single- and multiple-choice items.
    public var choices: [Choice]?
    /// Lower bound of likert, slider and numeric items.
    public var minimum: Double?
    /// Upper bound of likert, slider and numeric items.
    public var maximum: Double?
    /// Slider step.
    public var step: Double?
    /// Label of the lower end of a scale.
    public var minimumLabel: LocalizedText?
    /// Label of the upper end of a scale.
    public var maximumLabel: LocalizedText?
    /// Numeric items: whether only integers are accepted.
    public var integer: Bool?
    /// Numeric items: the unit shown after the field.
    public var unit: LocalizedText?
    /// Text items: the longest accepted answer.
    public var maxLength: Int?
    /// Multiple choice: the fewest selections.
    public var minSelections: Int?
    /// Multiple choice: the most selections.
    public var maxSelections: Int?
    /// Date items: the earliest accepted date, as `YYYY-MM-DD` or relative to today (`-100y`, `-30d`).
    public var earliest: String?
    /// Date items: the latest accepted date, in the same forms.
    public var latest: String?

    /// Creates a question of `kind` with only the common fields set.
    public init(id: String, kind: QuestionKind, title: LocalizedText? = nil, text: LocalizedText? = nil, optional: Bool = false) {
        self.id = id
        self.kind = kind
        self.title = title
        self.text = text
        self.optional = optional
    }
}
