/// Everything validation found: the study if it is valid, its errors, and warnings (only looked
/// for in an otherwise valid study).
public struct StudyValidationReport: Sendable, Hashable {
    /// The study, when there are no errors.
    public var study: StudyDefinition?
    /// The errors, sorted by position.
    public var errors: [StudyValidationError]
    /// The warnings, sorted by position.
    public var warnings: [StudyValidationWarning]

    /// Creates a report.
    public init(study: StudyDefinition?, errors: [StudyValidationError], warnings: [StudyValidationWarning]) {
        self.study = study
        self.errors = errors
        self.warnings = warnings
    }
}
