/// An uploaded item `collect` kept out of the dataset because a person has to look at it. Listed on
/// standard error and in `--json`; `collect` then exits 1, while everything else is collected.
public struct CollectionProblem: Sendable, Codable, Equatable {
    /// What is wrong.
    public enum Reason: String, Sendable, Codable {
        /// The download does not match the manifest's size or SHA-256, also when tried again (a
        /// corrupt or truncated file on the server).
        case checksum
        /// The item (or its manifest) does not decrypt with the keys here: sealed to a foreign key.
        case foreignKey = "foreign-key"
        /// Not a recording or record of ours: unreadable, or its manifest does not describe it.
        case notOurs = "not-ours"
        /// A recording or manifest of another study.
        case otherStudy = "other-study"
        /// Collected before and changed on the server since; the dataset keeps the first version.
        case changed
        /// It was collected but could not be added to the dataset.
        case export
    }

    /// The file on the server, `<participant folder>/<item name>`.
    public var remote: String
    /// What is wrong.
    public var reason: Reason
    /// One line saying what was found.
    public var detail: String

    /// A problem.
    public init(remote: String, reason: Reason, detail: String) {
        self.remote = remote
        self.reason = reason
        self.detail = detail
    }
}
