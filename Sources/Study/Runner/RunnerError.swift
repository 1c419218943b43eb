/// Why a study could not be run or a participant enrolled.
public enum RunnerError: Error, Sendable, Equatable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case .notEnrolled(let study): "nobody is enrolled in \(study) in this data folder; run `study-recorder enroll` first"
        case .alreadyEnrolled(let study, let participant): "participant \(participant) is already enrolled in \(study) in this data folder"
        case .consentDeclined: "consent was not given; nothing was stored"
        case .signatureMissing: "a name is needed as the signature"
        case .interrupted(let why): "interrupted (\(why)); what was recorded is stored as incomplete and will be resumed"
        }
    }
}
