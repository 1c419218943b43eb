/// A study file that did not validate: the `Error` side of ``StudyValidator/validate(text:file:)``,
/// holding all its error ``StudyDiagnostic``s (the diagnostic itself is the one type for errors and warnings).
public struct StudyValidationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors, sorted by position.
    public var errors: [StudyDiagnostic]

    /// Creates a failure.
    public init(errors: [StudyDiagnostic]) { self.errors = errors }

    /// The errors, one per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
