/// Everything validation found: the study if it is valid, its errors, and warnings (only looked
/// for in an otherwise valid study).
package struct StudyValidationReport: Sendable, Hashable {
    /// The study, when there are no errors.
    package var study: StudyDefinition?
    /// The errors, sorted by position.
    package var errors: [StudyDiagnostic]
    /// The warnings, sorted by position.
    package var warnings: [StudyDiagnostic]

    /// Creates a report.
    package init(study: StudyDefinition?, errors: [StudyDiagnostic], warnings: [StudyDiagnostic]) {
        self.study = study
        self.errors = errors
        self.warnings = warnings
    }
}
