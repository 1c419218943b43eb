/// Why a study could not be loaded.
package enum StudyLoadError: Error, Sendable, CustomStringConvertible {
    /// There is no study file at the path.
    case missing(path: String)
    /// The study file has errors.
    case invalid(StudyValidationFailure)

    /// A message for the terminal.
    package var description: String {
        switch self {
        case .missing(let path): "\(path): no study file here (expected Studies/<name>/\(StudyLoader.fileName))"
        case .invalid(let failure): failure.description
        }
    }
}
