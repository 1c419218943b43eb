/// A study file that did not validate, with all its errors.
public struct StudyValidationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors, sorted by position.
    public var errors: [StudyValidationError]

    /// Creates a failure.
    public init(errors: [StudyValidationError]) { self.errors = errors }

    /// The errors, one per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
