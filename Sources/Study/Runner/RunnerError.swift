public import DataSources

/// Why a study could not be run or a participant enrolled.
package enum RunnerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `run` before `enroll`.
    case notEnrolled(study: String)
    /// `enroll` for a study the data folder already has a participant for.
    case alreadyEnrolled(study: String, participant: String)
    /// The participant did not type the agreement.
    case consentDeclined
    /// A name (signature) is required to enroll.
    case signatureMissing
    /// A run was interrupted (Ctrl-C, device lost, low battery): what was recorded is stored as
    /// incomplete, and the same block is due next time.
    case interrupted(String)
    /// The source could not start (no Bluetooth, headband not found, not a supported model, an
    /// unreadable replay): nothing was recorded, and the session is due again.
    case sourceFailed(DataSourceError)

    package var description: String { description(in: RuntimeStrings(locale: "en")) }

    /// The message in the participant's language.
    package func description(in strings: RuntimeStrings) -> String {
        switch self {
        case .notEnrolled(let study): strings(.errorNotEnrolled, study)
        case .alreadyEnrolled(let study, let participant): strings(.errorAlreadyEnrolled, study, participant)
        case .consentDeclined: strings(.errorConsentDeclined)
        case .signatureMissing: strings(.errorSignatureMissing)
        case .interrupted(let why): strings(.errorInterrupted, strings.reason(why))
        case .sourceFailed(let error): strings(.errorSourceFailed, "\(error)")
        }
    }
}
