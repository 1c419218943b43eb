/// A study file that did not validate: the `Error` side of ``StudyValidator/validate(text:file:)``,
/// holding all its error ``StudyDiagnostic``s (the diagnostic itself is the one type for errors and warnings).
package struct StudyValidationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors, sorted by position.
    package var errors: [StudyDiagnostic]

    /// Creates a failure.
    package init(errors: [StudyDiagnostic]) { self.errors = errors }

    /// The errors, one per line.
    package var description: String { errors.map(\.description).joined(separator: "\n") }
}
