/// Everything validation found: the study if it is valid, its errors, and warnings (only looked
/// for in an otherwise valid study).
public struct StudyValidationReport: Sendable, Hashable {
    /// The study, when there are no errors.
    public var study: StudyDefinition?
    /// The errors, sorted by position.
    public var errors: [StudyDiagnostic]
    /// The warnings, sorted by position.
    public var warnings: [StudyDiagnostic]

    /// Creates a report.
    public init(study: StudyDefinition?, errors: [StudyDiagnostic], warnings: [StudyDiagnostic]) {
        self.study = study
        self.errors = errors
        self.warnings = warnings
    }
}
