/// The kinds of questionnaire items, and the keys each one takes besides the common ones.
package enum QuestionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Text only, nothing to answer.
    case instruction
    /// Free text up to `maxLength` characters.
    case text
    /// Exactly one of `choices`.
    case singleChoice
    /// Between `minSelections` and `maxSelections` of `choices`.
    case multipleChoice
    /// An integer scale `minimum...maximum` with labelled ends.
    case likert
    /// A continuous scale `minimum...maximum` in steps of `step`.
    case slider
    /// A calendar date between `earliest` and `latest`.
    case date
    /// A number in `minimum...maximum` (integers only if `integer`).
    case numeric

    /// The keys allowed for this kind besides `id`, `kind`, `title`, `text`, `optional`.
    package var specificKeys: Set<String> {
        switch self {
        case .instruction: []
        case .text: ["maxLength"]
        case .singleChoice: ["choices"]
        case .multipleChoice: ["choices", "minSelections", "maxSelections"]
        case .likert: ["minimum", "maximum", "minimumLabel", "maximumLabel"]
        case .slider: ["minimum", "maximum", "step", "minimumLabel", "maximumLabel"]
        case .date: ["earliest", "latest"]
        case .numeric: ["minimum", "maximum", "integer", "unit"]
        }
    }

    /// The keys this kind requires.
    package var requiredKeys: Set<String> {
        switch self {
        case .instruction, .text, .date: []
        case .singleChoice, .multipleChoice: ["choices"]
        case .likert, .slider, .numeric: ["minimum", "maximum"]
        }
    }
}
